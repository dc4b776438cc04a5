// Entities keep their row as the API shows it (`row_json`, rendered at ingest), so a list page is
// a join of stored strings rather than parsing and formatting every value per request. And the
// sort indexes of attribute and count columns become partial, one per listed kind: an update of
// an agent row no longer maintains the indexes of every other kind's columns (a row carried 59).
// The shared indexes dropped here are the ones 001-005 era code created from the catalogue.

import { same } from './ddl.ts';

const sharedExpressionIndexes = [
  'entities_attr_framework_string',
  'entities_attr_language_string',
  'entities_attr_environment_string',
  'entities_attr_owner_string',
  'entities_count_aispm_model_dependencies',
  'entities_count_aispm_tools',
  'entities_count_aispm_mcp_server_dependencies',
  'entities_count_aispm_agent_dependencies',
  'entities_count_aispm_input_guardrails',
  'entities_count_aispm_output_guardrails',
  'entities_attr_provider_string',
  'entities_attr_model_family_string',
  'entities_attr_type_string',
  'entities_attr_hosting_string',
  'entities_attr_context_window_integer',
  'entities_count_aispm_agents',
  'entities_count_locations',
  'entities_count_agents',
  'entities_count_mcp_servers',
  'entities_attr_transport_string',
  'entities_attr_publisher_string',
  'entities_attr_authentication_string',
  'entities_count_aispm_mcp_prompts',
  'entities_count_aispm_mcp_resources',
  'entities_attr_hostname_string',
  'entities_attr_os_string',
  'entities_attr_cloud_provider_string',
  'entities_attr_criticality_integer',
  'entities_count_aispm_models',
  'entities_count_aispm_mcp_servers',
  'entities_attr_repository_string',
  'entities_attr_path_string',
  'entities_count_certs',
  'entities_count_secrets',
  'entities_attr_subject_string',
  'entities_attr_issuer_string',
  'entities_attr_not_after_string',
  'entities_attr_algorithm_string',
  'entities_attr_key_size_integer',
  'entities_attr_secret_type_string',
  'entities_attr_severity_string',
  'entities_attr_port_integer',
  'entities_attr_protocol_string',
  'entities_attr_grade_string',
  'entities_attr_operation_string',
  'entities_attr_cipher_string',
  'entities_attr_mode_string',
  'entities_attr_uri_string',
  'entities_attr_probe_string',
  'entities_attr_status_string',
  'entities_attr_pass_rate_number',
  'entities_attr_run_at_string',
];

export const up = same(
  ['alter table entities add column row_json text;', ...sharedExpressionIndexes.map((name) => `drop index if exists ${name};`)].join('\n'),
);
