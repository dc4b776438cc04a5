// The API's types, generated from its OpenAPI document by openapi-typescript. Do not edit:
// regenerate with `npm run client:types` (scripts/client-types.ts). CI fails when this file
// differs from what the service's document produces.
export interface paths {
    "/api/v1/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's token
         * @description The tenant, user, workspaces and scopes of the token the request carries, so a client holding only a token knows which tenant and workspaces its paths may name. Never the token itself.
         */
        get: operations["GetCurrentToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aispm-agents/tenants/{tenant_id}/workspaces/{workspace_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List AI agents
         * @description Lists the AI agents of the workspace as a tabular result, newest `last_seen` first (ties by id), paged by keyset cursor. `sort` takes any sortable column, `sort_dir` asc or desc (asc when `sort` is given alone), `name__ilk` a case-insensitive name substring. `Accept: text/csv` answers the same page as CSV (next cursor in `X-Next-Cursor`, total in `X-Total-Count`).
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Identifier of the object, unique within its kind and workspace. |
         *     | `name` | string | yes | Display name. |
         *     | `framework` | string | yes | Agent framework (langchain, crewai, autogen, openai-agents, …). |
         *     | `language` | string | yes | Programming language of the agent code. |
         *     | `version` | string |  | Version of the agent as deployed. |
         *     | `environment` | string | yes | Deployment environment (production, staging, development). |
         *     | `owner` | string | yes | Team or person responsible. |
         *     | `repository` | string |  | Source repository of the agent. |
         *     | `context` | string |  | Where the agent runs (cluster/namespace, function, service). |
         *     | `data_sources` | strings |  | Data sources the agent reads. |
         *     | `permissions` | strings |  | Permissions granted to the agent (e.g. filesystem:write, email:send). |
         *     | `human_approval` | boolean |  | Whether a human approves destructive actions before they run. |
         *     | `first_seen` | time | yes | When a sensor first reported the object (RFC 3339). |
         *     | `last_seen` | time | yes | When a sensor last reported the object (RFC 3339). |
         *     | `critical_issues` | integer | yes | Open issues of critical severity that touch the object. |
         *     | `high_issues` | integer | yes | Open issues of high severity that touch the object. |
         *     | `total_issues` | integer | yes | Open issues of any severity that touch the object. |
         *     | `risk_score` | integer | yes | Risk of the object: its open issues weighted by severity, plus what it reaches weighted by kind of reach (formula in docs/POSTURE.md). |
         *     | `models` | integer | yes | Models the agent calls. |
         *     | `tools` | integer | yes | Tools the agent can call. |
         *     | `mcp_servers` | integer | yes | MCP servers the agent is connected to. |
         *     | `sub_agents` | integer | yes | Agents this agent delegates to. |
         *     | `input_guardrails` | integer | yes | Guardrails on the agent input. |
         *     | `output_guardrails` | integer | yes | Guardrails on the agent output. |
         */
        get: operations["GetAllAispmAgents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aispm-agents/tenants/{tenant_id}/workspaces/{workspace_id}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one AI agent
         * @description One AI agent as a tabular result with a single row, plus embedded sections: `models` (edge `aispm_model_dependencies`), `tools` (edge `aispm_tools`), `mcp_servers` (edge `aispm_mcp_server_dependencies`), `sub_agents` (edge `aispm_agent_dependencies`), `input_guardrails` (edge `aispm_input_guardrails`), `output_guardrails` (edge `aispm_output_guardrails`), `locations` (edge `locations`). Each section lists up to 100 items; its total counts all. Cost: `burn_rate` (daily spend over the last 7 days against the 30-day baseline), `cost_history` (current month, quarter, year to date and 12 months) and `cost_per_session_history` (12 months), in US dollars.
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Identifier of the object, unique within its kind and workspace. |
         *     | `name` | string | yes | Display name. |
         *     | `framework` | string | yes | Agent framework (langchain, crewai, autogen, openai-agents, …). |
         *     | `language` | string | yes | Programming language of the agent code. |
         *     | `version` | string |  | Version of the agent as deployed. |
         *     | `environment` | string | yes | Deployment environment (production, staging, development). |
         *     | `owner` | string | yes | Team or person responsible. |
         *     | `repository` | string |  | Source repository of the agent. |
         *     | `context` | string |  | Where the agent runs (cluster/namespace, function, service). |
         *     | `data_sources` | strings |  | Data sources the agent reads. |
         *     | `permissions` | strings |  | Permissions granted to the agent (e.g. filesystem:write, email:send). |
         *     | `human_approval` | boolean |  | Whether a human approves destructive actions before they run. |
         *     | `first_seen` | time | yes | When a sensor first reported the object (RFC 3339). |
         *     | `last_seen` | time | yes | When a sensor last reported the object (RFC 3339). |
         *     | `critical_issues` | integer | yes | Open issues of critical severity that touch the object. |
         *     | `high_issues` | integer | yes | Open issues of high severity that touch the object. |
         *     | `total_issues` | integer | yes | Open issues of any severity that touch the object. |
         *     | `risk_score` | integer | yes | Risk of the object: its open issues weighted by severity, plus what it reaches weighted by kind of reach (formula in docs/POSTURE.md). |
         *     | `models` | integer | yes | Models the agent calls. |
         *     | `tools` | integer | yes | Tools the agent can call. |
         *     | `mcp_servers` | integer | yes | MCP servers the agent is connected to. |
         *     | `sub_agents` | integer | yes | Agents this agent delegates to. |
         *     | `input_guardrails` | integer | yes | Guardrails on the agent input. |
         *     | `output_guardrails` | integer | yes | Guardrails on the agent output. |
         */
        get: operations["GetAispmAgentDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aispm-agents/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/{edge}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow an edge from a AI agent
         * @description Follows one edge from a AI agent to its neighbours, paged like the lists. An edge name not below answers 400.
         *
         *     | edge | answers | meaning |
         *     |---|---|---|
         *     | `assets` | asset rows | Assets (hosts, containers, repositories, workloads) the object runs on. |
         *     | `sessions` | llm session rows | LLM sessions in which the object took part, newest first. |
         *     | `instances` | instance rows | Issue instances (single findings) raised on the object. |
         *     | `issues` | issue rows | Issues (findings grouped by rule and severity) that touch the object, with its occurrences in each. |
         *     | `locations` | location rows | Code or file locations where the object is defined. |
         *     | `aispm_tools` | AI tool rows | Tools the agent can call. |
         *     | `aispm_input_guardrails` | guardrail rows | Guardrails that check the agent input. |
         *     | `aispm_output_guardrails` | guardrail rows | Guardrails that check the agent output. |
         *     | `aispm_agent_dependencies` | AI agent rows | Sub-agents the agent delegates to. |
         *     | `aispm_model_dependencies` | AI model rows | Models the agent calls. |
         *     | `aispm_mcp_server_dependencies` | MCP server rows | MCP servers the agent is connected to. |
         *
         *     Columns of `assets`: `id`, `name`, `type`, `hostname`, `ip`, `os`, `cloud_provider`, `region`, `environment`, `criticality`, `first_seen`, `last_seen`, `agents`, `models`, `mcp_servers`.
         *
         *     Columns of `sessions`: `session_id`, `agent_id`, `start_time`, `end_time`, `duration_ms`, `turns`, `input_tokens`, `output_tokens`, `total_tokens`, `cost`, `ok`, `alerted`, `blocked`, `redacted`.
         *
         *     Columns of `instances`: `id`, `issue_id`, `rule_id`, `severity`, `status`, `title`, `object_type`, `object_id`, `detected_at`, `resolved_at`, `cvss_score`, `owasp_category`, `scan_id`, `source`.
         *
         *     Columns of `issues`: `id`, `rule_id`, `rule_name`, `severity`, `category`, `occurrences`, `first_detected`, `last_detected`.
         *
         *     Columns of `locations`: `id`, `name`, `type`, `repository`, `path`, `start_line`, `end_line`, `branch`, `commit`, `url`, `host`, `first_seen`, `last_seen`, `certs`, `secrets`.
         *
         *     Columns of `aispm_tools`: `id`, `name`, `description`, `type`, `capabilities`, `destructive`, `requires_approval`, `input_validation`, `language`, `first_seen`, `last_seen`, `critical_issues`, `high_issues`, `total_issues`, `risk_score`, `agents`, `mcp_servers`.
         *
         *     Columns of `aispm_input_guardrails`: `id`, `name`, `provider`, `policy`, `categories`, `mode`, `first_seen`, `last_seen`.
         *
         *     Columns of `aispm_output_guardrails`: `id`, `name`, `provider`, `policy`, `categories`, `mode`, `first_seen`, `last_seen`.
         *
         *     Columns of `aispm_agent_dependencies`: `id`, `name`, `framework`, `language`, `version`, `environment`, `owner`, `repository`, `context`, `data_sources`, `permissions`, `human_approval`, `first_seen`, `last_seen`, `critical_issues`, `high_issues`, `total_issues`, `risk_score`, `models`, `tools`, `mcp_servers`, `sub_agents`, `input_guardrails`, `output_guardrails`.
         *
         *     Columns of `aispm_model_dependencies`: `id`, `name`, `provider`, `model_family`, `version`, `pinned`, `type`, `hosting`, `license`, `context_window`, `first_seen`, `last_seen`, `critical_issues`, `high_issues`, `total_issues`, `risk_score`, `agents`, `locations`.
         *
         *     Columns of `aispm_mcp_server_dependencies`: `id`, `name`, `transport`, `url`, `package`, `version`, `publisher`, `authentication`, `first_seen`, `last_seen`, `critical_issues`, `high_issues`, `total_issues`, `risk_score`, `agents`, `tools`, `prompts`, `resources`.
         */
        get: operations["GetAISPMAgentEdges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aispm-models/tenants/{tenant_id}/workspaces/{workspace_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List AI models
         * @description Lists the AI models of the workspace as a tabular result, newest `last_seen` first (ties by id), paged by keyset cursor. `sort` takes any sortable column, `sort_dir` asc or desc (asc when `sort` is given alone), `name__ilk` a case-insensitive name substring. `Accept: text/csv` answers the same page as CSV (next cursor in `X-Next-Cursor`, total in `X-Total-Count`).
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Identifier of the object, unique within its kind and workspace. |
         *     | `name` | string | yes | Display name. |
         *     | `provider` | string | yes | Provider serving the model (openai, anthropic, google, meta, mistral, …). |
         *     | `model_family` | string | yes | Model family (gpt-4o, claude, gemini, llama, …). |
         *     | `version` | string |  | Model version or snapshot as referenced by the code. |
         *     | `pinned` | boolean |  | Whether the code pins an exact version rather than a moving alias. |
         *     | `type` | string | yes | Model type (chat, embedding, image, speech, …). |
         *     | `hosting` | string | yes | How it is served: api, self-hosted, or managed cloud. |
         *     | `license` | string |  | Licence of the weights or the service terms. |
         *     | `context_window` | integer | yes | Context window in tokens. |
         *     | `first_seen` | time | yes | When a sensor first reported the object (RFC 3339). |
         *     | `last_seen` | time | yes | When a sensor last reported the object (RFC 3339). |
         *     | `critical_issues` | integer | yes | Open issues of critical severity that touch the object. |
         *     | `high_issues` | integer | yes | Open issues of high severity that touch the object. |
         *     | `total_issues` | integer | yes | Open issues of any severity that touch the object. |
         *     | `risk_score` | integer | yes | Risk of the object: its open issues weighted by severity, plus what it reaches weighted by kind of reach (formula in docs/POSTURE.md). |
         *     | `agents` | integer | yes | Agents that call the model. |
         *     | `locations` | integer | yes | Locations where the model is referenced. |
         */
        get: operations["GetAllAispmModels"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aispm-models/tenants/{tenant_id}/workspaces/{workspace_id}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one AI model
         * @description One AI model as a tabular result with a single row, plus embedded sections: `agents` (edge `aispm_agents`), `locations` (edge `locations`). Each section lists up to 100 items; its total counts all.
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Identifier of the object, unique within its kind and workspace. |
         *     | `name` | string | yes | Display name. |
         *     | `provider` | string | yes | Provider serving the model (openai, anthropic, google, meta, mistral, …). |
         *     | `model_family` | string | yes | Model family (gpt-4o, claude, gemini, llama, …). |
         *     | `version` | string |  | Model version or snapshot as referenced by the code. |
         *     | `pinned` | boolean |  | Whether the code pins an exact version rather than a moving alias. |
         *     | `type` | string | yes | Model type (chat, embedding, image, speech, …). |
         *     | `hosting` | string | yes | How it is served: api, self-hosted, or managed cloud. |
         *     | `license` | string |  | Licence of the weights or the service terms. |
         *     | `context_window` | integer | yes | Context window in tokens. |
         *     | `first_seen` | time | yes | When a sensor first reported the object (RFC 3339). |
         *     | `last_seen` | time | yes | When a sensor last reported the object (RFC 3339). |
         *     | `critical_issues` | integer | yes | Open issues of critical severity that touch the object. |
         *     | `high_issues` | integer | yes | Open issues of high severity that touch the object. |
         *     | `total_issues` | integer | yes | Open issues of any severity that touch the object. |
         *     | `risk_score` | integer | yes | Risk of the object: its open issues weighted by severity, plus what it reaches weighted by kind of reach (formula in docs/POSTURE.md). |
         *     | `agents` | integer | yes | Agents that call the model. |
         *     | `locations` | integer | yes | Locations where the model is referenced. |
         */
        get: operations["GetAispmModelDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aispm-models/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/{edge}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow an edge from a AI model
         * @description Follows one edge from a AI model to its neighbours, paged like the lists. An edge name not below answers 400.
         *
         *     | edge | answers | meaning |
         *     |---|---|---|
         *     | `assets` | asset rows | Assets (hosts, containers, repositories, workloads) the object runs on. |
         *     | `sessions` | llm session rows | LLM sessions in which the object took part, newest first. |
         *     | `instances` | instance rows | Issue instances (single findings) raised on the object. |
         *     | `issues` | issue rows | Issues (findings grouped by rule and severity) that touch the object, with its occurrences in each. |
         *     | `locations` | location rows | Code or file locations where the object is defined. |
         *     | `garak-info` | garak probe result rows | Results of garak probes run against the model. |
         *     | `aispm_agents` | AI agent rows | Agents that call the model. |
         *
         *     Columns of `assets`: `id`, `name`, `type`, `hostname`, `ip`, `os`, `cloud_provider`, `region`, `environment`, `criticality`, `first_seen`, `last_seen`, `agents`, `models`, `mcp_servers`.
         *
         *     Columns of `sessions`: `session_id`, `agent_id`, `start_time`, `end_time`, `duration_ms`, `turns`, `input_tokens`, `output_tokens`, `total_tokens`, `cost`, `ok`, `alerted`, `blocked`, `redacted`.
         *
         *     Columns of `instances`: `id`, `issue_id`, `rule_id`, `severity`, `status`, `title`, `object_type`, `object_id`, `detected_at`, `resolved_at`, `cvss_score`, `owasp_category`, `scan_id`, `source`.
         *
         *     Columns of `issues`: `id`, `rule_id`, `rule_name`, `severity`, `category`, `occurrences`, `first_detected`, `last_detected`.
         *
         *     Columns of `locations`: `id`, `name`, `type`, `repository`, `path`, `start_line`, `end_line`, `branch`, `commit`, `url`, `host`, `first_seen`, `last_seen`, `certs`, `secrets`.
         *
         *     Columns of `garak-info`: `id`, `name`, `probe`, `detector`, `status`, `pass_rate`, `attempts`, `run_at`, `first_seen`, `last_seen`.
         *
         *     Columns of `aispm_agents`: `id`, `name`, `framework`, `language`, `version`, `environment`, `owner`, `repository`, `context`, `data_sources`, `permissions`, `human_approval`, `first_seen`, `last_seen`, `critical_issues`, `high_issues`, `total_issues`, `risk_score`, `models`, `tools`, `mcp_servers`, `sub_agents`, `input_guardrails`, `output_guardrails`.
         */
        get: operations["GetAISPMModelEdges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aispm-tools/tenants/{tenant_id}/workspaces/{workspace_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List AI tools
         * @description Lists the AI tools of the workspace as a tabular result, newest `last_seen` first (ties by id), paged by keyset cursor. `sort` takes any sortable column, `sort_dir` asc or desc (asc when `sort` is given alone), `name__ilk` a case-insensitive name substring. `Accept: text/csv` answers the same page as CSV (next cursor in `X-Next-Cursor`, total in `X-Total-Count`).
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Identifier of the object, unique within its kind and workspace. |
         *     | `name` | string | yes | Display name. |
         *     | `description` | string |  | What the tool does, as declared to the model. |
         *     | `type` | string | yes | Tool type (function, api, mcp, builtin). |
         *     | `capabilities` | strings |  | What the tool can do (shell, code_execution, filesystem, network, database, email, payment, …). |
         *     | `destructive` | boolean |  | Whether the tool can change or delete data or state. |
         *     | `requires_approval` | boolean |  | Whether a human approves each call. |
         *     | `input_validation` | boolean |  | Whether the tool validates its input against a schema. |
         *     | `language` | string | yes | Implementation language. |
         *     | `first_seen` | time | yes | When a sensor first reported the object (RFC 3339). |
         *     | `last_seen` | time | yes | When a sensor last reported the object (RFC 3339). |
         *     | `critical_issues` | integer | yes | Open issues of critical severity that touch the object. |
         *     | `high_issues` | integer | yes | Open issues of high severity that touch the object. |
         *     | `total_issues` | integer | yes | Open issues of any severity that touch the object. |
         *     | `risk_score` | integer | yes | Risk of the object: its open issues weighted by severity, plus what it reaches weighted by kind of reach (formula in docs/POSTURE.md). |
         *     | `agents` | integer | yes | Agents that can call the tool. |
         *     | `mcp_servers` | integer | yes | MCP servers that expose the tool. |
         */
        get: operations["GetAllAispmTools"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aispm-tools/tenants/{tenant_id}/workspaces/{workspace_id}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one AI tool
         * @description One AI tool as a tabular result with a single row, plus embedded sections: `agents` (edge `agents`), `mcp_servers` (edge `mcp_servers`), `locations` (edge `locations`), `issues` (edge `issues`). Each section lists up to 100 items; its total counts all.
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Identifier of the object, unique within its kind and workspace. |
         *     | `name` | string | yes | Display name. |
         *     | `description` | string |  | What the tool does, as declared to the model. |
         *     | `type` | string | yes | Tool type (function, api, mcp, builtin). |
         *     | `capabilities` | strings |  | What the tool can do (shell, code_execution, filesystem, network, database, email, payment, …). |
         *     | `destructive` | boolean |  | Whether the tool can change or delete data or state. |
         *     | `requires_approval` | boolean |  | Whether a human approves each call. |
         *     | `input_validation` | boolean |  | Whether the tool validates its input against a schema. |
         *     | `language` | string | yes | Implementation language. |
         *     | `first_seen` | time | yes | When a sensor first reported the object (RFC 3339). |
         *     | `last_seen` | time | yes | When a sensor last reported the object (RFC 3339). |
         *     | `critical_issues` | integer | yes | Open issues of critical severity that touch the object. |
         *     | `high_issues` | integer | yes | Open issues of high severity that touch the object. |
         *     | `total_issues` | integer | yes | Open issues of any severity that touch the object. |
         *     | `risk_score` | integer | yes | Risk of the object: its open issues weighted by severity, plus what it reaches weighted by kind of reach (formula in docs/POSTURE.md). |
         *     | `agents` | integer | yes | Agents that can call the tool. |
         *     | `mcp_servers` | integer | yes | MCP servers that expose the tool. |
         */
        get: operations["GetAispmToolDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aispm-tools/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/{edge}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow an edge from a AI tool
         * @description Follows one edge from a AI tool to its neighbours, paged like the lists. An edge name not below answers 400.
         *
         *     | edge | answers | meaning |
         *     |---|---|---|
         *     | `agents` | AI agent rows | Agents that can call the tool. |
         *     | `mcp_servers` | MCP server rows | MCP servers that expose the tool. |
         *     | `issues` | issue rows | Issues (findings grouped by rule and severity) that touch the object, with its occurrences in each. |
         *     | `locations` | location rows | Code or file locations where the object is defined. |
         *
         *     Columns of `agents`: `id`, `name`, `framework`, `language`, `version`, `environment`, `owner`, `repository`, `context`, `data_sources`, `permissions`, `human_approval`, `first_seen`, `last_seen`, `critical_issues`, `high_issues`, `total_issues`, `risk_score`, `models`, `tools`, `mcp_servers`, `sub_agents`, `input_guardrails`, `output_guardrails`.
         *
         *     Columns of `mcp_servers`: `id`, `name`, `transport`, `url`, `package`, `version`, `publisher`, `authentication`, `first_seen`, `last_seen`, `critical_issues`, `high_issues`, `total_issues`, `risk_score`, `agents`, `tools`, `prompts`, `resources`.
         *
         *     Columns of `issues`: `id`, `rule_id`, `rule_name`, `severity`, `category`, `occurrences`, `first_detected`, `last_detected`.
         *
         *     Columns of `locations`: `id`, `name`, `type`, `repository`, `path`, `start_line`, `end_line`, `branch`, `commit`, `url`, `host`, `first_seen`, `last_seen`, `certs`, `secrets`.
         */
        get: operations["GetAISPMToolEdges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aispm-mcp-servers/tenants/{tenant_id}/workspaces/{workspace_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List MCP servers
         * @description Lists the MCP servers of the workspace as a tabular result, newest `last_seen` first (ties by id), paged by keyset cursor. `sort` takes any sortable column, `sort_dir` asc or desc (asc when `sort` is given alone), `name__ilk` a case-insensitive name substring. `Accept: text/csv` answers the same page as CSV (next cursor in `X-Next-Cursor`, total in `X-Total-Count`).
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Identifier of the object, unique within its kind and workspace. |
         *     | `name` | string | yes | Display name. |
         *     | `transport` | string | yes | MCP transport (stdio, sse, streamable-http). |
         *     | `url` | string |  | Endpoint of a remote server. |
         *     | `package` | string |  | Package the server is installed from (npm, PyPI, image). |
         *     | `version` | string |  | Version of the server. |
         *     | `publisher` | string | yes | Who publishes the server. |
         *     | `authentication` | string | yes | How clients authenticate (none, api_key, oauth, mtls). |
         *     | `first_seen` | time | yes | When a sensor first reported the object (RFC 3339). |
         *     | `last_seen` | time | yes | When a sensor last reported the object (RFC 3339). |
         *     | `critical_issues` | integer | yes | Open issues of critical severity that touch the object. |
         *     | `high_issues` | integer | yes | Open issues of high severity that touch the object. |
         *     | `total_issues` | integer | yes | Open issues of any severity that touch the object. |
         *     | `risk_score` | integer | yes | Risk of the object: its open issues weighted by severity, plus what it reaches weighted by kind of reach (formula in docs/POSTURE.md). |
         *     | `agents` | integer | yes | Agents connected to the server. |
         *     | `tools` | integer | yes | Tools the server exposes. |
         *     | `prompts` | integer | yes | Prompts the server exposes. |
         *     | `resources` | integer | yes | Resources the server exposes. |
         */
        get: operations["GetAllAispmMcpServers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aispm-mcp-servers/tenants/{tenant_id}/workspaces/{workspace_id}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one MCP server
         * @description One MCP server as a tabular result with a single row, plus embedded sections: `agents` (edge `aispm_agents`), `locations` (edge `locations`). Each section lists up to 100 items; its total counts all.
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Identifier of the object, unique within its kind and workspace. |
         *     | `name` | string | yes | Display name. |
         *     | `transport` | string | yes | MCP transport (stdio, sse, streamable-http). |
         *     | `url` | string |  | Endpoint of a remote server. |
         *     | `package` | string |  | Package the server is installed from (npm, PyPI, image). |
         *     | `version` | string |  | Version of the server. |
         *     | `publisher` | string | yes | Who publishes the server. |
         *     | `authentication` | string | yes | How clients authenticate (none, api_key, oauth, mtls). |
         *     | `first_seen` | time | yes | When a sensor first reported the object (RFC 3339). |
         *     | `last_seen` | time | yes | When a sensor last reported the object (RFC 3339). |
         *     | `critical_issues` | integer | yes | Open issues of critical severity that touch the object. |
         *     | `high_issues` | integer | yes | Open issues of high severity that touch the object. |
         *     | `total_issues` | integer | yes | Open issues of any severity that touch the object. |
         *     | `risk_score` | integer | yes | Risk of the object: its open issues weighted by severity, plus what it reaches weighted by kind of reach (formula in docs/POSTURE.md). |
         *     | `agents` | integer | yes | Agents connected to the server. |
         *     | `tools` | integer | yes | Tools the server exposes. |
         *     | `prompts` | integer | yes | Prompts the server exposes. |
         *     | `resources` | integer | yes | Resources the server exposes. |
         */
        get: operations["GetAispmMcpServerDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aispm-mcp-servers/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/{edge}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow an edge from a MCP server
         * @description Follows one edge from a MCP server to its neighbours, paged like the lists. An edge name not below answers 400.
         *
         *     | edge | answers | meaning |
         *     |---|---|---|
         *     | `assets` | asset rows | Assets (hosts, containers, repositories, workloads) the object runs on. |
         *     | `sessions` | llm session rows | LLM sessions in which the object took part, newest first. |
         *     | `instances` | instance rows | Issue instances (single findings) raised on the object. |
         *     | `issues` | issue rows | Issues (findings grouped by rule and severity) that touch the object, with its occurrences in each. |
         *     | `locations` | location rows | Code or file locations where the object is defined. |
         *     | `aispm_tools` | AI tool rows | Tools the server exposes. |
         *     | `aispm_mcp_prompts` | MCP prompt rows | Prompts the server exposes. |
         *     | `aispm_mcp_resources` | MCP resource rows | Resources the server exposes. |
         *     | `aispm_agents` | AI agent rows | Agents connected to the server. |
         *
         *     Columns of `assets`: `id`, `name`, `type`, `hostname`, `ip`, `os`, `cloud_provider`, `region`, `environment`, `criticality`, `first_seen`, `last_seen`, `agents`, `models`, `mcp_servers`.
         *
         *     Columns of `sessions`: `session_id`, `agent_id`, `start_time`, `end_time`, `duration_ms`, `turns`, `input_tokens`, `output_tokens`, `total_tokens`, `cost`, `ok`, `alerted`, `blocked`, `redacted`.
         *
         *     Columns of `instances`: `id`, `issue_id`, `rule_id`, `severity`, `status`, `title`, `object_type`, `object_id`, `detected_at`, `resolved_at`, `cvss_score`, `owasp_category`, `scan_id`, `source`.
         *
         *     Columns of `issues`: `id`, `rule_id`, `rule_name`, `severity`, `category`, `occurrences`, `first_detected`, `last_detected`.
         *
         *     Columns of `locations`: `id`, `name`, `type`, `repository`, `path`, `start_line`, `end_line`, `branch`, `commit`, `url`, `host`, `first_seen`, `last_seen`, `certs`, `secrets`.
         *
         *     Columns of `aispm_tools`: `id`, `name`, `description`, `type`, `capabilities`, `destructive`, `requires_approval`, `input_validation`, `language`, `first_seen`, `last_seen`, `critical_issues`, `high_issues`, `total_issues`, `risk_score`, `agents`, `mcp_servers`.
         *
         *     Columns of `aispm_mcp_prompts`: `id`, `name`, `description`, `arguments`, `first_seen`, `last_seen`.
         *
         *     Columns of `aispm_mcp_resources`: `id`, `name`, `uri`, `mime_type`, `first_seen`, `last_seen`.
         *
         *     Columns of `aispm_agents`: `id`, `name`, `framework`, `language`, `version`, `environment`, `owner`, `repository`, `context`, `data_sources`, `permissions`, `human_approval`, `first_seen`, `last_seen`, `critical_issues`, `high_issues`, `total_issues`, `risk_score`, `models`, `tools`, `mcp_servers`, `sub_agents`, `input_guardrails`, `output_guardrails`.
         */
        get: operations["GetAISPMMcpServerEdges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assets/tenants/{tenant_id}/workspaces/{workspace_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List assets
         * @description Lists the assets of the workspace as a tabular result, newest `last_seen` first (ties by id), paged by keyset cursor. `sort` takes any sortable column, `sort_dir` asc or desc (asc when `sort` is given alone), `name__ilk` a case-insensitive name substring. `Accept: text/csv` answers the same page as CSV (next cursor in `X-Next-Cursor`, total in `X-Total-Count`).
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Identifier of the object, unique within its kind and workspace. |
         *     | `name` | string | yes | Display name. |
         *     | `type` | string | yes | Asset type (host, container, repository, k8s_workload, cloud_function, vm). |
         *     | `hostname` | string | yes | Host name. |
         *     | `ip` | string |  | Primary IP address. |
         *     | `os` | string | yes | Operating system. |
         *     | `cloud_provider` | string | yes | Cloud provider (aws, azure, gcp) when in a cloud. |
         *     | `region` | string |  | Cloud region. |
         *     | `environment` | string | yes | Deployment environment. |
         *     | `criticality` | integer | yes | Business criticality from 1 (low) to 5 (critical). |
         *     | `first_seen` | time | yes | When a sensor first reported the object (RFC 3339). |
         *     | `last_seen` | time | yes | When a sensor last reported the object (RFC 3339). |
         *     | `agents` | integer | yes | Agents running on the asset. |
         *     | `models` | integer | yes | Models running on the asset. |
         *     | `mcp_servers` | integer | yes | MCP servers running on the asset. |
         */
        get: operations["GetAllAssets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assets/tenants/{tenant_id}/workspaces/{workspace_id}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one asset
         * @description One asset as a tabular result with a single row, plus embedded sections: `current_scans` (edge `current_scans`). Each section lists up to 100 items; its total counts all.
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Identifier of the object, unique within its kind and workspace. |
         *     | `name` | string | yes | Display name. |
         *     | `type` | string | yes | Asset type (host, container, repository, k8s_workload, cloud_function, vm). |
         *     | `hostname` | string | yes | Host name. |
         *     | `ip` | string |  | Primary IP address. |
         *     | `os` | string | yes | Operating system. |
         *     | `cloud_provider` | string | yes | Cloud provider (aws, azure, gcp) when in a cloud. |
         *     | `region` | string |  | Cloud region. |
         *     | `environment` | string | yes | Deployment environment. |
         *     | `criticality` | integer | yes | Business criticality from 1 (low) to 5 (critical). |
         *     | `first_seen` | time | yes | When a sensor first reported the object (RFC 3339). |
         *     | `last_seen` | time | yes | When a sensor last reported the object (RFC 3339). |
         *     | `agents` | integer | yes | Agents running on the asset. |
         *     | `models` | integer | yes | Models running on the asset. |
         *     | `mcp_servers` | integer | yes | MCP servers running on the asset. |
         */
        get: operations["GetAssetDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/assets/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/{edge}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow an edge from a asset
         * @description Follows one edge from a asset to its neighbours, paged like the lists. An edge name not below answers 400.
         *
         *     | edge | answers | meaning |
         *     |---|---|---|
         *     | `certs` | certificate rows | Certificates found on the asset. |
         *     | `keys` | cryptographic key rows | Cryptographic keys found on the asset. |
         *     | `sessions` | cryptographic session rows | Cryptographic (TLS/SSH) sessions observed on the asset. |
         *     | `operations` | cryptographic operation rows | Cryptographic operations observed on the asset. |
         *     | `qualys-secrets` | detected secret rows | Secrets detected on the asset by the secret scanner. |
         *     | `tls-configs` | TLS configuration rows | TLS configurations of the asset. |
         *     | `secrets` | secret rows | Secrets found on the asset. |
         *     | `aispm_models` | AI model rows | Models running on the asset. |
         *     | `aispm_agents` | AI agent rows | Agents running on the asset. |
         *     | `aispm_mcp_servers` | MCP server rows | MCP servers running on the asset. |
         *     | `assets` | asset rows | Assets this asset connects to. |
         *     | `scans` | scan rows | Scans that covered the asset, current or not, newest first; `is_current` marks the current scan of each sensor. |
         *     | `current_scans` | scan rows | The current scan of each sensor that covered the asset (the finished one that started last). |
         *
         *     Columns of `certs`: `id`, `name`, `subject`, `issuer`, `not_after`, `key_algorithm`, `self_signed`, `first_seen`, `last_seen`.
         *
         *     Columns of `keys`: `id`, `name`, `algorithm`, `key_size`, `key_type`, `first_seen`, `last_seen`.
         *
         *     Columns of `sessions`: `id`, `name`, `protocol`, `cipher`, `peer`, `first_seen`, `last_seen`.
         *
         *     Columns of `operations`: `id`, `name`, `operation`, `algorithm`, `library`, `first_seen`, `last_seen`.
         *
         *     Columns of `qualys-secrets`: `id`, `name`, `detection_id`, `secret_type`, `severity`, `first_seen`, `last_seen`.
         *
         *     Columns of `tls-configs`: `id`, `name`, `port`, `protocol`, `cipher_suites`, `grade`, `first_seen`, `last_seen`.
         *
         *     Columns of `secrets`: `id`, `name`, `secret_type`, `provider`, `verified`, `first_seen`, `last_seen`.
         *
         *     Columns of `aispm_models`: `id`, `name`, `provider`, `model_family`, `version`, `pinned`, `type`, `hosting`, `license`, `context_window`, `first_seen`, `last_seen`, `critical_issues`, `high_issues`, `total_issues`, `risk_score`, `agents`, `locations`.
         *
         *     Columns of `aispm_agents`: `id`, `name`, `framework`, `language`, `version`, `environment`, `owner`, `repository`, `context`, `data_sources`, `permissions`, `human_approval`, `first_seen`, `last_seen`, `critical_issues`, `high_issues`, `total_issues`, `risk_score`, `models`, `tools`, `mcp_servers`, `sub_agents`, `input_guardrails`, `output_guardrails`.
         *
         *     Columns of `aispm_mcp_servers`: `id`, `name`, `transport`, `url`, `package`, `version`, `publisher`, `authentication`, `first_seen`, `last_seen`, `critical_issues`, `high_issues`, `total_issues`, `risk_score`, `agents`, `tools`, `prompts`, `resources`.
         *
         *     Columns of `assets`: `id`, `name`, `type`, `hostname`, `ip`, `os`, `cloud_provider`, `region`, `environment`, `criticality`, `first_seen`, `last_seen`, `agents`, `models`, `mcp_servers`.
         *
         *     Columns of `scans`: `id`, `sensor_type`, `cicd_type`, `repository`, `branch`, `commit`, `status`, `started_at`, `finished_at`, `is_current`, `assets`, `current_assets`, `ai_objects`, `findings`, `attributes`.
         *
         *     Columns of `current_scans`: `id`, `sensor_type`, `cicd_type`, `repository`, `branch`, `commit`, `status`, `started_at`, `finished_at`, `is_current`, `assets`, `current_assets`, `ai_objects`, `findings`, `attributes`.
         */
        get: operations["GetAssetEdges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/locations/tenants/{tenant_id}/workspaces/{workspace_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List locations
         * @description Lists the locations of the workspace as a tabular result, newest `last_seen` first (ties by id), paged by keyset cursor. `sort` takes any sortable column, `sort_dir` asc or desc (asc when `sort` is given alone), `name__ilk` a case-insensitive name substring. `Accept: text/csv` answers the same page as CSV (next cursor in `X-Next-Cursor`, total in `X-Total-Count`).
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Identifier of the object, unique within its kind and workspace. |
         *     | `name` | string | yes | Display name. |
         *     | `type` | string | yes | Location type (code, file, config, notebook). |
         *     | `repository` | string | yes | Repository URL or name. |
         *     | `path` | string | yes | Path of the file within the repository or host. |
         *     | `start_line` | integer |  | First line of the definition. |
         *     | `end_line` | integer |  | Last line of the definition. |
         *     | `branch` | string |  | Branch the location was seen on. |
         *     | `commit` | string |  | Commit the location was seen at. |
         *     | `url` | string |  | Link to the location in the code host. |
         *     | `host` | string |  | Host name, for locations on a host file system. |
         *     | `first_seen` | time | yes | When a sensor first reported the object (RFC 3339). |
         *     | `last_seen` | time | yes | When a sensor last reported the object (RFC 3339). |
         *     | `certs` | integer | yes | Certificates at the location. |
         *     | `secrets` | integer | yes | Secrets at the location. |
         */
        get: operations["GetAllLocations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/locations/tenants/{tenant_id}/workspaces/{workspace_id}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one location
         * @description One location as a tabular result with a single row.
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Identifier of the object, unique within its kind and workspace. |
         *     | `name` | string | yes | Display name. |
         *     | `type` | string | yes | Location type (code, file, config, notebook). |
         *     | `repository` | string | yes | Repository URL or name. |
         *     | `path` | string | yes | Path of the file within the repository or host. |
         *     | `start_line` | integer |  | First line of the definition. |
         *     | `end_line` | integer |  | Last line of the definition. |
         *     | `branch` | string |  | Branch the location was seen on. |
         *     | `commit` | string |  | Commit the location was seen at. |
         *     | `url` | string |  | Link to the location in the code host. |
         *     | `host` | string |  | Host name, for locations on a host file system. |
         *     | `first_seen` | time | yes | When a sensor first reported the object (RFC 3339). |
         *     | `last_seen` | time | yes | When a sensor last reported the object (RFC 3339). |
         *     | `certs` | integer | yes | Certificates at the location. |
         *     | `secrets` | integer | yes | Secrets at the location. |
         */
        get: operations["GetLocationDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/locations/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/{edge}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Follow an edge from a location
         * @description Follows one edge from a location to its neighbours, paged like the lists. An edge name not below answers 400.
         *
         *     | edge | answers | meaning |
         *     |---|---|---|
         *     | `certs` | certificate rows | Certificates found at the location. |
         *     | `qualys-secrets` | detected secret rows | Secrets detected at the location by the secret scanner. |
         *     | `secrets` | secret rows | Secrets found at the location. |
         *
         *     Columns of `certs`: `id`, `name`, `subject`, `issuer`, `not_after`, `key_algorithm`, `self_signed`, `first_seen`, `last_seen`.
         *
         *     Columns of `qualys-secrets`: `id`, `name`, `detection_id`, `secret_type`, `severity`, `first_seen`, `last_seen`.
         *
         *     Columns of `secrets`: `id`, `name`, `secret_type`, `provider`, `verified`, `first_seen`, `last_seen`.
         */
        get: operations["GetLocationEdges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ingest/tenants/{tenant_id}/workspaces/{workspace_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ingest NDJSON records
         * @description Writes NDJSON records (format v1, docs/INGEST.md): entities, relations, rules, rule settings, prices, findings, LLM interactions and scans. `Content-Type: application/x-ndjson`, optionally `Content-Encoding: gzip`. The request is applied as one transaction: when any line is bad nothing is written and the answer lists the bad lines. `Content-Type: application/vnd.cyclonedx+json` imports a CycloneDX BOM instead (an AI-BOM this service exported, or another tool's models, applications, services and dependencies; docs/COMPLIANCE.md): a BOM that is not valid CycloneDX is refused naming its first problem, and nothing is written.
         */
        post: operations["IngestRecords"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issues/tenants/{tenant_id}/workspaces/{workspace_id}/sarif": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The open findings with a code location, as SARIF 2.1.0
         * @description The open findings of the workspace that have a code location (a path), as a SARIF 2.1.0 log a CI job can upload to code scanning: the rules behind them in `tool.driver.rules` with their help and their compliance controls as tags, results in instance id order with the physical location (path, lines), and `partialFingerprints` that stay the same across exports. Streamed. See docs/COMPLIANCE.md.
         */
        get: operations["GetIssuesSarif"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issues/tenants/{tenant_id}/workspaces/{workspace_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the issues of a workspace
         * @description The open issues of the workspace (findings grouped by rule and severity), most severe first, then most open instances; paged by keyset cursor. `group_by` groups them by other dimensions instead (any of rule_id, severity, category, object_type): each row is then a group, its dimensions first, then `issues`, `open_instances`, `objects`, `first_detected`, `last_detected`. `sort` takes `column[:asc|desc]` terms, comma-separated, over the columns of the answer. `Accept: text/csv` answers CSV; `Accept: application/sarif+json` answers the open findings with a code location as SARIF 2.1.0 (as `…/sarif`; the list parameters do not apply).
         *
         *     Columns of issue rows:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Issue id: opaque, stable for a workspace, rule and severity. |
         *     | `rule_id` | string | yes | Rule that raised the findings. |
         *     | `rule_name` | string | yes | Name of the rule. |
         *     | `severity` | string | yes | critical, high, medium or low (sorts by rank: critical is highest). |
         *     | `category` | string | yes | Category of the rule. |
         *     | `open_instances` | integer | yes | Open instances of the issue, over all its objects. |
         *     | `objects` | integer | yes | Objects with at least one open instance of the issue. |
         *     | `first_detected` | time | yes | Earliest detection among the open instances. |
         *     | `last_detected` | time | yes | Latest detection among the open instances. |
         *
         *     Measures of group rows:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `issues` | integer | yes | Issues (rule and severity pairs) in the group. |
         *     | `open_instances` | integer | yes | Open instances in the group. |
         *     | `objects` | integer | yes | Distinct objects with an open instance in the group. |
         *     | `first_detected` | time | yes | Earliest detection among the open instances of the group. |
         *     | `last_detected` | time | yes | Latest detection among the open instances of the group. |
         */
        get: operations["GetIssuesIndex"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issues/tenants/{tenant_id}/workspaces/{workspace_id}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one issue
         * @description One open issue as a tabular result with one row, with `rule` (the metadata of its rule) and `objects` (the first 100 objects it touches, as on `…/{id}/objects`). An issue exists while it has open instances.
         */
        get: operations["GetIssueSingle"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issues/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/objects": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the objects an issue touches
         * @description The inventory objects with open instances of the issue, most occurrences first, paged by keyset cursor. `sort` takes `column[:asc|desc]` terms. `Accept: text/csv` answers CSV.
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `object_type` | string | yes | Kind of the object (agent, model, tool, mcp_server, location, …). |
         *     | `object_id` | string | yes | Id of the object; the `{objectId}` of its details. |
         *     | `object_name` | string |  | Name of the object in the inventory (null when the inventory does not hold it). |
         *     | `occurrences` | integer | yes | Open instances of the issue on the object. |
         *     | `first_detected` | time |  | Earliest detection among them. |
         *     | `last_detected` | time | yes | Latest detection among them. |
         */
        get: operations["GetIssueObjects"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issues/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/objects/{objectId}/details": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the instance-level details of an object within an issue
         * @description A JSON object holding one page of the instances of the issue on the object, newest first, each with every field, and the cursor of the next page and the total. `status` picks open (the default, as counted in the object's occurrences), resolved or all instances. 404 when the issue is not open or has never had an instance on the object.
         *
         *     Fields of each detail:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Instance id. |
         *     | `issue_id` | string |  | Issue the instance belongs to. |
         *     | `rule_id` | string | yes | Rule that raised it. |
         *     | `severity` | string | yes | critical, high, medium or low. |
         *     | `status` | string | yes | open or resolved. |
         *     | `title` | string |  | One-line statement of the finding. |
         *     | `object_type` | string |  | Kind of the object the finding is on. |
         *     | `object_id` | string |  | Id of the object the finding is on. |
         *     | `detected_at` | time | yes | When it was detected. |
         *     | `resolved_at` | time |  | When it stopped holding (null while open). |
         *     | `cvss_score` | number | yes | CVSS base score where one applies. |
         *     | `owasp_category` | string |  | OWASP Top 10 for agentic applications category (ASI01–ASI10). |
         *     | `scan_id` | string |  | Scan that produced it. |
         *     | `source` | string |  | ingest (sent by a sensor) or static (evaluated by the service). |
         *     | `category` | string |  | Category of the rule (guardrails, secrets, supply_chain, …). |
         *     | `description` | string |  | What was found, in full. |
         *     | `code_location` | object |  | Where in code it was found (repository, path, start_line, … as the sensor sent it), or null. |
         *     | `evidence` | object |  | What the sensor saw (free-form object as sent), or null. |
         *     | `remediation` | string |  | How to fix it (the rule's remediation unless the finding carried its own). |
         */
        get: operations["GetIssueObjectDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/issues/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/objects/{objectId}/details/{detailId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one instance-level detail of an object within an issue
         * @description One instance of the issue on the object, as `GET /instances/…/{instanceId}` answers it. 404 when the issue is not open, or the instance is not of this issue and object.
         */
        get: operations["GetIssueObjectDetail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/instances/tenants/{tenant_id}/workspaces/{workspace_id}/{instanceId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one issue instance
         * @description One instance (open or resolved) as a tabular result with one row holding every field, `rule`: the metadata of the rule that raised it as the workspace sees it, and `scan`: the scan that produced it (or null).
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Instance id. |
         *     | `issue_id` | string |  | Issue the instance belongs to. |
         *     | `rule_id` | string | yes | Rule that raised it. |
         *     | `severity` | string | yes | critical, high, medium or low. |
         *     | `status` | string | yes | open or resolved. |
         *     | `title` | string |  | One-line statement of the finding. |
         *     | `object_type` | string |  | Kind of the object the finding is on. |
         *     | `object_id` | string |  | Id of the object the finding is on. |
         *     | `detected_at` | time | yes | When it was detected. |
         *     | `resolved_at` | time |  | When it stopped holding (null while open). |
         *     | `cvss_score` | number | yes | CVSS base score where one applies. |
         *     | `owasp_category` | string |  | OWASP Top 10 for agentic applications category (ASI01–ASI10). |
         *     | `scan_id` | string |  | Scan that produced it. |
         *     | `source` | string |  | ingest (sent by a sensor) or static (evaluated by the service). |
         *     | `category` | string |  | Category of the rule (guardrails, secrets, supply_chain, …). |
         *     | `description` | string |  | What was found, in full. |
         *     | `code_location` | object |  | Where in code it was found (repository, path, start_line, … as the sensor sent it), or null. |
         *     | `evidence` | object |  | What the sensor saw (free-form object as sent), or null. |
         *     | `remediation` | string |  | How to fix it (the rule's remediation unless the finding carried its own). |
         */
        get: operations["GetInstanceDetailsV2"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rules/tenants/{tenant_id}/workspaces/{workspace_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the rules of a workspace
         * @description The static rules shipped with the service and the external rules ingested into the workspace, together, by rule id, each with the tenant's settings (enabled, severity override) laid over it. `name__ilk` keeps rules whose name contains it (any case); `sort` takes `column[:asc|desc]` terms. `Accept: text/csv` answers CSV.
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `rule_id` | string | yes | Rule id (static rules start with `SR-`). |
         *     | `rule_name` | string | yes | Name of the rule. |
         *     | `rule_description` | string |  | What the rule checks. |
         *     | `severity` | string | yes | Severity new findings get: the tenant's override if it set one, else the default (sorts by rank). |
         *     | `default_severity` | string |  | Severity the rule was shipped or ingested with. |
         *     | `category` | string | yes | Category (guardrails, secrets, supply_chain, access_control, …). |
         *     | `object_types` | strings |  | Kinds of object the rule applies to. |
         *     | `owasp_category` | string |  | OWASP Top 10 for agentic applications category (ASI01–ASI10), or null. |
         *     | `remediation` | string |  | How to fix what the rule finds. |
         *     | `source` | string | yes | static (shipped with the service) or external (ingested). |
         *     | `enabled` | boolean |  | False when the tenant turned the rule off. |
         *     | `frameworks` | strings |  | Compliance controls the rule maps to (OWASP LLM and agentic, MITRE ATLAS, NIST AI RMF, EU AI Act ids; docs/COMPLIANCE.md). |
         */
        get: operations["GetAllRules"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rules/tenants/{tenant_id}/workspaces/{workspace_id}/{rule_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one rule
         * @description One rule as the workspace sees it (static, or external to the workspace): `{rule_id, rule_name, rule_description, object_types, source}` with its severity, category, OWASP category, remediation and whether the tenant enabled it.
         */
        get: operations["GetRule"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/static-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the static rules
         * @description The 21 rules shipped with the service, with the token tenant's settings laid over them. `name__ilk`, `sort` and paging as on the workspace rules.
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `rule_id` | string | yes | Rule id (static rules start with `SR-`). |
         *     | `rule_name` | string | yes | Name of the rule. |
         *     | `rule_description` | string |  | What the rule checks. |
         *     | `severity` | string | yes | Severity new findings get: the tenant's override if it set one, else the default (sorts by rank). |
         *     | `default_severity` | string |  | Severity the rule was shipped or ingested with. |
         *     | `category` | string | yes | Category (guardrails, secrets, supply_chain, access_control, …). |
         *     | `object_types` | strings |  | Kinds of object the rule applies to. |
         *     | `owasp_category` | string |  | OWASP Top 10 for agentic applications category (ASI01–ASI10), or null. |
         *     | `remediation` | string |  | How to fix what the rule finds. |
         *     | `source` | string | yes | static (shipped with the service) or external (ingested). |
         *     | `enabled` | boolean |  | False when the tenant turned the rule off. |
         *     | `frameworks` | strings |  | Compliance controls the rule maps to (OWASP LLM and agentic, MITRE ATLAS, NIST AI RMF, EU AI Act ids; docs/COMPLIANCE.md). |
         */
        get: operations["GetStaticRules"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/external-rules": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the external rules
         * @description The rules ingested into the workspaces the token may read (`workspace_id` narrows to one it is granted; 403 otherwise), with the workspace as the first column. `name__ilk`, `sort` and paging as on the workspace rules.
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `rule_id` | string | yes | Rule id (static rules start with `SR-`). |
         *     | `rule_name` | string | yes | Name of the rule. |
         *     | `rule_description` | string |  | What the rule checks. |
         *     | `severity` | string | yes | Severity new findings get: the tenant's override if it set one, else the default (sorts by rank). |
         *     | `default_severity` | string |  | Severity the rule was shipped or ingested with. |
         *     | `category` | string | yes | Category (guardrails, secrets, supply_chain, access_control, …). |
         *     | `object_types` | strings |  | Kinds of object the rule applies to. |
         *     | `owasp_category` | string |  | OWASP Top 10 for agentic applications category (ASI01–ASI10), or null. |
         *     | `remediation` | string |  | How to fix what the rule finds. |
         *     | `source` | string | yes | static (shipped with the service) or external (ingested). |
         *     | `enabled` | boolean |  | False when the tenant turned the rule off. |
         *     | `frameworks` | strings |  | Compliance controls the rule maps to (OWASP LLM and agentic, MITRE ATLAS, NIST AI RMF, EU AI Act ids; docs/COMPLIANCE.md). |
         */
        get: operations["GetExternalRules"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/rules/{id}/results": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get the results of one rule
         * @description The instances the rule produced in the workspaces the token may read (`workspace_id` narrows to one it is granted; 403 otherwise), newest first, with the workspace as the first column. `status` keeps open or resolved ones (default all). 404 when the rule is neither static nor external to one of those workspaces. `Accept: text/csv` answers CSV.
         *
         *     Columns after `workspace_id`:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Instance id. |
         *     | `issue_id` | string |  | Issue the instance belongs to. |
         *     | `rule_id` | string | yes | Rule that raised it. |
         *     | `severity` | string | yes | critical, high, medium or low. |
         *     | `status` | string | yes | open or resolved. |
         *     | `title` | string |  | One-line statement of the finding. |
         *     | `object_type` | string |  | Kind of the object the finding is on. |
         *     | `object_id` | string |  | Id of the object the finding is on. |
         *     | `detected_at` | time | yes | When it was detected. |
         *     | `resolved_at` | time |  | When it stopped holding (null while open). |
         *     | `cvss_score` | number | yes | CVSS base score where one applies. |
         *     | `owasp_category` | string |  | OWASP Top 10 for agentic applications category (ASI01–ASI10). |
         *     | `scan_id` | string |  | Scan that produced it. |
         *     | `source` | string |  | ingest (sent by a sensor) or static (evaluated by the service). |
         *     | `category` | string |  | Category of the rule (guardrails, secrets, supply_chain, …). |
         *     | `description` | string |  | What was found, in full. |
         *     | `code_location` | object |  | Where in code it was found (repository, path, start_line, … as the sensor sent it), or null. |
         *     | `evidence` | object |  | What the sensor saw (free-form object as sent), or null. |
         *     | `remediation` | string |  | How to fix it (the rule's remediation unless the finding carried its own). |
         */
        get: operations["GetRuleInstances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/histograms/aispm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Issue counts histogram for AI-SPM objects
         * @description Instances detected in each of the 12 calendar months (UTC) ending with the current one, oldest first, by severity: `critical`, `high`, and `other` (medium and low), resolved ones included; each entry carries its `month`. Covers the token's tenant and workspaces; `workspace_id` narrows it to one (403 when the token is not granted it).
         */
        get: operations["GetHistogramsAispm"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aispm-dashboard": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The AI-SPM dashboard
         * @description Counts per object type (inventory, issues, critical, high), the top open issues, the agents, models and MCP servers most at risk, the 12-month issue histogram, and the current scans and how many found AI objects, over the token's tenant and workspaces; `workspace_id` narrows it to one (403 when the token is not granted it).
         */
        get: operations["GetSummaryAispmDashboard"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aispm-llm-sessions/tenants/{tenant_id}/workspaces/{workspace_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List LLM sessions
         * @description LLM sessions of the workspace, one row per session id, rolled up at ingest from the interactions that share it: start and end, duration, turns, tokens, cost and how many interactions each guardrail outcome got. `sort` is one of `session_id`, `time`, `tokens`, `cost`, `turns`, `duration_ms` (`time` is the session start; the header names `start_time` and `total_tokens` are accepted too), `sort_dir` `asc` or `desc` (default: `time` `desc`; a `sort` given without `sort_dir` is ascending, as on every list); ties are broken by session id in the same direction. `agent_id` keeps one agent's sessions. `pageSize` (alias `page_size`) 10 by default, at most 10000. `Accept: text/csv` answers the same page as CSV.
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `session_id` | string | yes | Session identifier. |
         *     | `agent_id` | string |  | Agent that ran the session. |
         *     | `start_time` | time | yes | Time of the first interaction (sort key `time`). |
         *     | `end_time` | time |  | End of the last interaction. |
         *     | `duration_ms` | integer | yes | end_time minus start_time, in milliseconds. |
         *     | `turns` | integer | yes | Number of interactions. |
         *     | `input_tokens` | integer |  | Input tokens over all interactions. |
         *     | `output_tokens` | integer |  | Output tokens over all interactions. |
         *     | `total_tokens` | integer | yes | input_tokens + output_tokens (sort key `tokens`). |
         *     | `cost` | number | yes | Cost in US dollars. |
         *     | `ok` | integer |  | Interactions whose guardrail outcome was OK. |
         *     | `alerted` | integer |  | Interactions whose guardrail outcome was ALERTED. |
         *     | `blocked` | integer |  | Interactions whose guardrail outcome was BLOCKED. |
         *     | `redacted` | integer |  | Interactions whose guardrail outcome was REDACTED. |
         */
        get: operations["GetAispmLlmSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aispm-llm-interactions/tenants/{tenant_id}/workspaces/{workspace_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List LLM interactions
         * @description LLM interactions (one LLM call each), newest first, paged by keyset cursor. Filters: `agent_id`, `session_id`, `start_time` and `end_time` (RFC 3339, inclusive). `sort_dir=asc` lists oldest first. Prompt and response text are not listed: read them from the single-interaction endpoint.
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string |  | Interaction id. |
         *     | `session_id` | string |  | Session the interaction belongs to. |
         *     | `agent_id` | string |  | Agent that made the call (empty when not known). |
         *     | `model` | string |  | Model name as the caller named it. |
         *     | `provider` | string |  | Provider serving the model (openai, anthropic, aws.bedrock, …). |
         *     | `time` | time | yes | When the call started. |
         *     | `duration_ms` | integer |  | How long the call took, in milliseconds. |
         *     | `input_tokens` | integer |  | Input (prompt) tokens. |
         *     | `output_tokens` | integer |  | Output (completion) tokens. |
         *     | `total_tokens` | integer |  | input_tokens + output_tokens. |
         *     | `cost` | number |  | Cost in US dollars: as reported, else from the price table (see cost_source). |
         *     | `prompt_outcome` | string |  | Guardrail outcome on the prompt: OK, ALERTED, BLOCKED or REDACTED. |
         *     | `response_outcome` | string |  | Guardrail outcome on the response: OK, ALERTED, BLOCKED or REDACTED. |
         *     | `categories` | strings |  | Guardrail categories that fired (prompt_injection, pii, …). |
         *     | `outcome` | string |  | The more severe of the two outcomes (BLOCKED > REDACTED > ALERTED > OK). |
         *     | `model_id` | string |  | Inventory model the call was linked to, when known. |
         *     | `mcp_server_ids` | strings |  | MCP servers involved in the call. |
         *     | `cost_source` | string |  | reported (sent with the interaction), price_table (computed at ingest) or unknown (no price for the model: cost 0). |
         */
        get: operations["GetAllAispmLlmInteractions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aispm-llm-interactions/tenants/{tenant_id}/workspaces/{workspace_id}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one LLM interaction
         * @description One LLM interaction as a tabular result with a single row: the list columns, then `prompt`, `response` (null when not sent, or when the service is configured to drop them at ingest) and `attributes`.
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string |  | Interaction id. |
         *     | `session_id` | string |  | Session the interaction belongs to. |
         *     | `agent_id` | string |  | Agent that made the call (empty when not known). |
         *     | `model` | string |  | Model name as the caller named it. |
         *     | `provider` | string |  | Provider serving the model (openai, anthropic, aws.bedrock, …). |
         *     | `time` | time |  | When the call started. |
         *     | `duration_ms` | integer |  | How long the call took, in milliseconds. |
         *     | `input_tokens` | integer |  | Input (prompt) tokens. |
         *     | `output_tokens` | integer |  | Output (completion) tokens. |
         *     | `total_tokens` | integer |  | input_tokens + output_tokens. |
         *     | `cost` | number |  | Cost in US dollars: as reported, else from the price table (see cost_source). |
         *     | `prompt_outcome` | string |  | Guardrail outcome on the prompt: OK, ALERTED, BLOCKED or REDACTED. |
         *     | `response_outcome` | string |  | Guardrail outcome on the response: OK, ALERTED, BLOCKED or REDACTED. |
         *     | `categories` | strings |  | Guardrail categories that fired (prompt_injection, pii, …). |
         *     | `outcome` | string |  | The more severe of the two outcomes (BLOCKED > REDACTED > ALERTED > OK). |
         *     | `model_id` | string |  | Inventory model the call was linked to, when known. |
         *     | `mcp_server_ids` | strings |  | MCP servers involved in the call. |
         *     | `cost_source` | string |  | reported (sent with the interaction), price_table (computed at ingest) or unknown (no price for the model: cost 0). |
         *     | `prompt` | string |  | Prompt text, when ingested and kept (null when the service drops prompts at ingest). |
         *     | `response` | string |  | Response text, when ingested and kept. |
         *     | `attributes` | object |  | Other attributes sent with the interaction (for OTLP spans: trace_id, span_id, operation, …). |
         */
        get: operations["GetAispmLlmInteractionDetails"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aispm-llm-interactions-dash/tenants/{tenant_id}/workspaces/{workspace_id}/categories": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Guardrail categories that blocked or redacted
         * @description How often each guardrail category was named by an interaction whose outcome was BLOCKED or REDACTED. The window is `start_time`..`end_time`, both RFC 3339 with a zone and inclusive; without them it is the 24 hours up to now (`end_time` defaults to now, `start_time` to 24 hours before `end_time`). A malformed time, or a start after the end, answers 400. Each interaction counts once, under its overall outcome: the more severe of its prompt and response outcomes (BLOCKED > REDACTED > ALERTED > OK).
         */
        get: operations["GetAispmGuardrailCategories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aispm-llm-interactions-dash/tenants/{tenant_id}/workspaces/{workspace_id}/counts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Guardrail outcomes per hour
         * @description Outcome totals of the window and per UTC hour. Hours are keyed by their start (RFC 3339) and every hour the window touches is present. The window may span at most 92 days (400 beyond). The window is `start_time`..`end_time`, both RFC 3339 with a zone and inclusive; without them it is the 24 hours up to now (`end_time` defaults to now, `start_time` to 24 hours before `end_time`). A malformed time, or a start after the end, answers 400. Each interaction counts once, under its overall outcome: the more severe of its prompt and response outcomes (BLOCKED > REDACTED > ALERTED > OK).
         */
        get: operations["GetAispmGuardrailInteractionCounts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aispm-llm-interactions-dash/tenants/{tenant_id}/workspaces/{workspace_id}/outcomes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Guardrail outcome totals
         * @description How many interactions of the window got each guardrail outcome. The window is `start_time`..`end_time`, both RFC 3339 with a zone and inclusive; without them it is the 24 hours up to now (`end_time` defaults to now, `start_time` to 24 hours before `end_time`). A malformed time, or a start after the end, answers 400. Each interaction counts once, under its overall outcome: the more severe of its prompt and response outcomes (BLOCKED > REDACTED > ALERTED > OK).
         */
        get: operations["GetAispmGuardrailOutcomes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scans/asset/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the scans of an asset
         * @description Every scan, current or not, that covered the asset in the workspaces the token may read (`workspace_id` narrows to one it is granted; 403 otherwise), newest first, with the workspace as the first column. `is_current` says whether the scan is the current one of its sensor for this asset. 404 when no workspace of the token holds the asset, in its inventory or in a scan. `sort` takes `column[:asc|desc]` terms; `Accept: text/csv` answers CSV.
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Scan id, unique within the workspace. |
         *     | `sensor_type` | string | yes | Sensor that ran: SENSOR_TYPE_STATIC_CODE_SCAN, SENSOR_TYPE_RUNTIME_SDK, SENSOR_TYPE_GARAK_PROBE, … as the sensor sent it. |
         *     | `cicd_type` | string |  | CI/CD system it ran in (CICD_TYPE_GITHUB_ACTION, CICD_TYPE_GITLAB_CI), or null outside a pipeline. |
         *     | `repository` | string |  | Repository it scanned, where known. |
         *     | `branch` | string |  | Branch it scanned, where known. |
         *     | `commit` | string |  | Commit it scanned, where known. |
         *     | `status` | string |  | running, succeeded or failed. |
         *     | `started_at` | time | yes | When it started (the default order: newest first). |
         *     | `finished_at` | time |  | When it finished (null while running). |
         *     | `is_current` | boolean |  | In an asset's scans: whether it is the current scan of its sensor for that asset (the finished one that started last). Elsewhere: whether it is current for at least one of its assets. |
         *     | `assets` | integer |  | Assets it covered. |
         *     | `current_assets` | integer |  | Of those, the assets for which it is the current scan of its sensor. |
         *     | `ai_objects` | integer | yes | AI objects (agents, models, tools, MCP servers, …) it reported. |
         *     | `findings` | integer | yes | Findings it reported. |
         *     | `attributes` | object |  | Further fields the sensor sent, as sent. |
         */
        get: operations["GetAllScansForAsset"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scans/tenants/{tenant_id}/workspaces/{workspace_id}/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the current scans of a workspace
         * @description The current scans of the workspace (each is the current scan of its sensor for at least one asset: the finished scan that started last there), newest first, of a sensor type (`sensorType`), a CI/CD type (`cicdType`), or both; at least one is required (400 otherwise). `sort` takes `column[:asc|desc]` terms; `Accept: text/csv` answers CSV.
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Scan id, unique within the workspace. |
         *     | `sensor_type` | string | yes | Sensor that ran: SENSOR_TYPE_STATIC_CODE_SCAN, SENSOR_TYPE_RUNTIME_SDK, SENSOR_TYPE_GARAK_PROBE, … as the sensor sent it. |
         *     | `cicd_type` | string |  | CI/CD system it ran in (CICD_TYPE_GITHUB_ACTION, CICD_TYPE_GITLAB_CI), or null outside a pipeline. |
         *     | `repository` | string |  | Repository it scanned, where known. |
         *     | `branch` | string |  | Branch it scanned, where known. |
         *     | `commit` | string |  | Commit it scanned, where known. |
         *     | `status` | string |  | running, succeeded or failed. |
         *     | `started_at` | time | yes | When it started (the default order: newest first). |
         *     | `finished_at` | time |  | When it finished (null while running). |
         *     | `is_current` | boolean |  | In an asset's scans: whether it is the current scan of its sensor for that asset (the finished one that started last). Elsewhere: whether it is current for at least one of its assets. |
         *     | `assets` | integer |  | Assets it covered. |
         *     | `current_assets` | integer |  | Of those, the assets for which it is the current scan of its sensor. |
         *     | `ai_objects` | integer | yes | AI objects (agents, models, tools, MCP servers, …) it reported. |
         *     | `findings` | integer | yes | Findings it reported. |
         *     | `attributes` | object |  | Further fields the sensor sent, as sent. |
         */
        get: operations["GetAllCurrentScans"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/sensors-used/tenants/{tenant_id}/workspaces/{workspace_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the sensor types a workspace used
         * @description The sensor types of every scan the workspace ever received, current or not, in alphabetical order, as a JSON array of strings (empty when it has no scans).
         */
        get: operations["GetSensorsUsed"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scans/tenants/{tenant_id}/workspaces/{workspace_id}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one scan
         * @description One scan as a tabular result with one row, with `assets` (the first 100 assets it covered, as on `…/{id}/assets`) and `instances` (the first 100 findings it produced, open or resolved, newest first, as on `…/{id}/instances`): what the run found. (A scan whose id is `current` is listed, but not reachable here.)
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Scan id, unique within the workspace. |
         *     | `sensor_type` | string | yes | Sensor that ran: SENSOR_TYPE_STATIC_CODE_SCAN, SENSOR_TYPE_RUNTIME_SDK, SENSOR_TYPE_GARAK_PROBE, … as the sensor sent it. |
         *     | `cicd_type` | string |  | CI/CD system it ran in (CICD_TYPE_GITHUB_ACTION, CICD_TYPE_GITLAB_CI), or null outside a pipeline. |
         *     | `repository` | string |  | Repository it scanned, where known. |
         *     | `branch` | string |  | Branch it scanned, where known. |
         *     | `commit` | string |  | Commit it scanned, where known. |
         *     | `status` | string |  | running, succeeded or failed. |
         *     | `started_at` | time | yes | When it started (the default order: newest first). |
         *     | `finished_at` | time |  | When it finished (null while running). |
         *     | `is_current` | boolean |  | In an asset's scans: whether it is the current scan of its sensor for that asset (the finished one that started last). Elsewhere: whether it is current for at least one of its assets. |
         *     | `assets` | integer |  | Assets it covered. |
         *     | `current_assets` | integer |  | Of those, the assets for which it is the current scan of its sensor. |
         *     | `ai_objects` | integer | yes | AI objects (agents, models, tools, MCP servers, …) it reported. |
         *     | `findings` | integer | yes | Findings it reported. |
         *     | `attributes` | object |  | Further fields the sensor sent, as sent. |
         */
        get: operations["GetScan"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scans/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/assets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the assets a scan covered
         * @description The assets the scan covered, by asset id, paged by keyset cursor. `Accept: text/csv` answers CSV.
         *
         *     Columns: `asset_id`; `asset_name` (the inventory's, null when it does not hold the asset); `is_current` (whether the scan is the current one of its sensor for the asset).
         */
        get: operations["GetScanAssets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/scans/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/instances": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the findings a scan produced
         * @description The issue instances (open and resolved) that name the scan, newest first (ties by id), paged by keyset cursor. `Accept: text/csv` answers CSV.
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Instance id. |
         *     | `issue_id` | string |  | Issue the instance belongs to. |
         *     | `rule_id` | string | yes | Rule that raised it. |
         *     | `severity` | string | yes | critical, high, medium or low. |
         *     | `status` | string | yes | open or resolved. |
         *     | `title` | string |  | One-line statement of the finding. |
         *     | `object_type` | string |  | Kind of the object the finding is on. |
         *     | `object_id` | string |  | Id of the object the finding is on. |
         *     | `detected_at` | time | yes | When it was detected. |
         *     | `resolved_at` | time |  | When it stopped holding (null while open). |
         *     | `cvss_score` | number | yes | CVSS base score where one applies. |
         *     | `owasp_category` | string |  | OWASP Top 10 for agentic applications category (ASI01–ASI10). |
         *     | `scan_id` | string |  | Scan that produced it. |
         *     | `source` | string |  | ingest (sent by a sensor) or static (evaluated by the service). |
         *     | `category` | string |  | Category of the rule (guardrails, secrets, supply_chain, …). |
         *     | `description` | string |  | What was found, in full. |
         *     | `code_location` | object |  | Where in code it was found (repository, path, start_line, … as the sensor sent it), or null. |
         *     | `evidence` | object |  | What the sensor saw (free-form object as sent), or null. |
         *     | `remediation` | string |  | How to fix it (the rule's remediation unless the finding carried its own). |
         */
        get: operations["GetScanInstances"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tenants/{tenant_id}/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the workspaces of a tenant
         * @description The workspaces of the tenant that the token may see and that hold data (any ingest ever reached them), with how many inventory objects of each kind they hold and when they were first and last ingested into. A path naming a workspace not listed here answers 404, naming the ones that are.
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `workspace_id` | string | yes | Workspace id. |
         *     | `objects` | integer | yes | Inventory objects of every kind. |
         *     | `agents` | integer | yes | AI agents. |
         *     | `models` | integer | yes | AI models. |
         *     | `tools` | integer | yes | AI tools. |
         *     | `mcp_servers` | integer | yes | MCP servers. |
         *     | `assets` | integer | yes | Assets. |
         *     | `locations` | integer | yes | Locations. |
         *     | `first_ingest` | time | yes | When the workspace received its first ingest batch (null when that was before the service recorded it). |
         *     | `last_ingest` | time | yes | When it received its last ingest batch (null when that was before the service recorded it). |
         */
        get: operations["GetWorkspaces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/graph/paths/tenants/{tenant_id}/workspaces/{workspace_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Find paths between kinds of objects
         * @description One row per (from, to) pair: an object of kind `from` and an object of kind `to` it reaches within `max_hops` relations, with the shortest such path (`path`: the objects on it; `relations`: the relations between them). `via` names kinds the path must pass through, in order. `direction=out` follows each relation the way it is stored (agent → tool, tool ← MCP server is not followed back); `any` follows both ways. Either end takes the filters of its kind's list prefixed with `from.` or `to.`: `from.environment=production`, `to.secret_type__in=api_key,token`, `from.critical_issues__gt=0`. Sorted by `hops`, then `from_id`, `to_id` unless `sort` says otherwise (hops, from_id, from_name, to_id, to_name); keyset paged. Bounded: more start objects, objects visited or pairs than the service allows (by default 2000, 300000 and 100000) is a 400 naming the bound to tighten (docs/GRAPH.md).
         */
        get: operations["GetGraphPaths"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/tenants/{tenant_id}/workspaces/{workspace_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the webhook subscriptions of a workspace
         * @description The subscriptions of the workspace, newest first. Needs the `webhooks` scope.
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Subscription id. |
         *     | `url` | string | yes | Where events are POSTed. |
         *     | `events` | strings |  | Event types it receives: finding.created, finding.resolved, object.discovered. |
         *     | `min_severity` | string |  | Finding events below this severity are not sent (low sends all). |
         *     | `description` | string |  | What it is for. |
         *     | `status` | string | yes | active, or disabled (after persistent failure; see disabled_reason). |
         *     | `disabled_reason` | string |  | Why it was disabled, or null. |
         *     | `disabled_at` | time |  | When it was disabled, or null. |
         *     | `last_success_at` | time | yes | When a delivery last got through, or null. |
         *     | `created_by` | string |  | User of the token that created it. |
         *     | `created_at` | time | yes | When it was created. |
         *     | `updated_at` | time | yes | When it last changed (secret rotated, disabled, enabled). |
         */
        get: operations["GetWebhookSubscriptions"];
        put?: never;
        /**
         * Subscribe to events of a workspace
         * @description Creates a subscription: the service POSTs each event of the given types in the workspace to `url`, as a CloudEvent signed per Standard Webhooks with the secret answered here, once. `finding.created` and `finding.resolved` are sent for findings at `min_severity` or above; `object.discovered` for every new object. The URL must be https and resolve to public addresses unless the operator allows otherwise (checked again at every delivery, after DNS resolution). Needs the `webhooks` scope.
         */
        post: operations["CreateWebhookSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/tenants/{tenant_id}/workspaces/{workspace_id}/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one webhook subscription
         * @description The subscription, its state and, when disabled, why. Never its secret.
         */
        get: operations["GetWebhookSubscription"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook subscription
         * @description Deletes the subscription, its pending deliveries and its delivery log. 204; 404 when there is none.
         */
        delete: operations["DeleteWebhookSubscription"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Rotate a webhook subscription's secret
         * @description A new signing secret, answered once. For 24 hours the previous one signs beside it (`webhook-signature` then carries both), so receivers can switch without a failed delivery.
         */
        post: operations["RotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Enable a disabled webhook subscription
         * @description Makes a subscription disabled after persistent failure active again; it receives the events from now on.
         */
        post: operations["EnableWebhookSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the deliveries of a webhook subscription
         * @description The delivery log of the subscription: every event sent or being sent to it, newest first, with its state, attempts and last outcome. One delivery with every attempt: `GET /webhook-deliveries/tenants/{t}/workspaces/{w}/{deliveryId}`.
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Delivery id. |
         *     | `event_id` | string |  | The CloudEvent id, sent as `webhook-id` (the same on every attempt). |
         *     | `event_type` | string | yes | finding.created, finding.resolved or object.discovered. |
         *     | `subject` | string |  | What the event is about: findings/{id} or objects/{kind}/{id}. |
         *     | `status` | string | yes | pending (being tried), delivered, or failed (given up). |
         *     | `attempts` | integer | yes | Attempts made. |
         *     | `last_status_code` | integer |  | HTTP status of the last attempt, or null (no answer, or refused before sending). |
         *     | `last_error` | string |  | Why the last attempt failed, or null. |
         *     | `next_attempt_at` | time | yes | When it is tried next, while pending. |
         *     | `last_attempt_at` | time | yes | When it was last tried. |
         *     | `delivered_at` | time | yes | When the receiver accepted it (2xx). |
         *     | `created_at` | time | yes | When the change that caused it committed. |
         */
        get: operations["GetWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhook-deliveries/tenants/{tenant_id}/workspaces/{workspace_id}/{deliveryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one webhook delivery
         * @description One delivery of the workspace with every attempt (time, duration, HTTP status, error) and the event it sends.
         */
        get: operations["GetWebhookDelivery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/compliance/tenants/{tenant_id}/workspaces/{workspace_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Compliance posture of a workspace, per framework
         * @description For each framework (OWASP LLM 2025, OWASP agentic 2026, MITRE ATLAS, NIST AI RMF 1.0, EU AI Act): its controls, those with open findings, the open findings by severity, the objects failing, the posture score and the 12-month trend. See docs/COMPLIANCE.md.
         */
        get: operations["GetCompliancePosture"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/compliance/tenants/{tenant_id}/workspaces/{workspace_id}/{framework}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The controls of one framework with the open findings against them
         * @description One row per control of the framework, in the framework's order: the rules mapped to it, its open findings by severity and the objects failing it. Every column sorts and filters. `Accept: text/csv` answers CSV.
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `control_id` | string | yes | The control id as the framework writes it (LLM01, ASI03, AML.T0051, MEASURE 2.7, Article 15). |
         *     | `name` | string | yes | Short name of the control. |
         *     | `rules` | integer | yes | Rules the workspace sees (static and its external ones) mapped to the control. |
         *     | `critical` | integer | yes | Open findings of critical severity of those rules. |
         *     | `high` | integer | yes | Open findings of high severity. |
         *     | `medium` | integer | yes | Open findings of medium severity. |
         *     | `low` | integer | yes | Open findings of low severity. |
         *     | `open_findings` | integer | yes | Open findings of those rules, every severity. |
         *     | `objects_failing` | integer | yes | Inventory objects with at least one of those open findings. |
         */
        get: operations["GetComplianceControls"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/compliance/tenants/{tenant_id}/workspaces/{workspace_id}/{framework}/{control}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The findings behind one control
         * @description The instances of the rules mapped to the control, newest first; `status` keeps open (default), resolved or all. 404 when the framework has no such control. `Accept: text/csv` answers CSV.
         *
         *     Columns:
         *
         *     | column | type | sortable | meaning |
         *     |---|---|---|---|
         *     | `id` | string | yes | Instance id. |
         *     | `issue_id` | string |  | Issue the instance belongs to. |
         *     | `rule_id` | string | yes | Rule that raised it. |
         *     | `severity` | string | yes | critical, high, medium or low. |
         *     | `status` | string | yes | open or resolved. |
         *     | `title` | string |  | One-line statement of the finding. |
         *     | `object_type` | string |  | Kind of the object the finding is on. |
         *     | `object_id` | string |  | Id of the object the finding is on. |
         *     | `detected_at` | time | yes | When it was detected. |
         *     | `resolved_at` | time |  | When it stopped holding (null while open). |
         *     | `cvss_score` | number | yes | CVSS base score where one applies. |
         *     | `owasp_category` | string |  | OWASP Top 10 for agentic applications category (ASI01–ASI10). |
         *     | `scan_id` | string |  | Scan that produced it. |
         *     | `source` | string |  | ingest (sent by a sensor) or static (evaluated by the service). |
         *     | `category` | string |  | Category of the rule (guardrails, secrets, supply_chain, …). |
         *     | `description` | string |  | What was found, in full. |
         *     | `code_location` | object |  | Where in code it was found (repository, path, start_line, … as the sensor sent it), or null. |
         *     | `evidence` | object |  | What the sensor saw (free-form object as sent), or null. |
         *     | `remediation` | string |  | How to fix it (the rule's remediation unless the finding carried its own). |
         */
        get: operations["GetComplianceControlFindings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/aibom/tenants/{tenant_id}/workspaces/{workspace_id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The AI bill of materials of a workspace (CycloneDX 1.6)
         * @description The inventory of the workspace as a CycloneDX 1.6 JSON BOM, with its relations as dependencies and its open findings as vulnerabilities (ratings by severity, framework controls as references). Streamed: a workspace of any size is answered in bounded memory. `serialNumber` is new on every export, `metadata.timestamp` is the time of the export. Send it back to `POST /api/v1/ingest/…` with `Content-Type: application/vnd.cyclonedx+json` to import it.
         */
        get: operations["GetAibom"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client-storage/tenants/{tenant_id}/users/{client_id}/{namespace}/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a client-storage entry (tenant + user)
         * @description The entry under client_id / namespace / key, with its ETag. Entries of this scope belong to the calling user, within the tenant of the path. client_id, namespace and key are each 1 to 256 bytes of UTF-8 (400 beyond). A matching If-None-Match answers 304.
         */
        get: operations["GetClientStorageTenantUser"];
        /**
         * Create or replace a client-storage entry (tenant + user)
         * @description Stores `value` under client_id / namespace / key: creates the entry or replaces its value (created_at stays, updated_at moves) and answers 204 with the new ETag. Entries of this scope belong to the calling user, within the tenant of the path. client_id, namespace and key are each 1 to 256 bytes of UTF-8 (400 beyond). The value is a JSON object of at most 262144 bytes as compact JSON (413 beyond; 400 for anything but an object). Without If-Match / If-None-Match the last write wins; If-Match writes only over the ETag(s) sent, If-None-Match: * only creates (412 otherwise). A user keeps at most 10000 entries per tenant over the tenant + user and user scopes (507 beyond).
         */
        put: operations["PutClientStorageTenantUser"];
        post?: never;
        /**
         * Delete a client-storage entry (tenant + user)
         * @description Deletes the entry under client_id / namespace / key: 204, or 404 when there was none. Entries of this scope belong to the calling user, within the tenant of the path. client_id, namespace and key are each 1 to 256 bytes of UTF-8 (400 beyond). With If-Match, deletes only an entry whose ETag is one of those sent (412 otherwise, also when there is no entry).
         */
        delete: operations["DeleteClientStorageTenantUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client-storage/tenants/{tenant_id}/users/{client_id}/{namespace}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the keys of a client-storage namespace (tenant + user)
         * @description The keys stored under client_id / namespace, in byte order of their UTF-8, with their times and ETags; keyset paged (`page_size` default 100, `cursor`). Columns: key, created_at, updated_at, etag. Entries of this scope belong to the calling user, within the tenant of the path. client_id, namespace and key are each 1 to 256 bytes of UTF-8 (400 beyond). Accept: text/csv answers the same rows as CSV.
         */
        get: operations["ListTenantUserClientStorageKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client-storage/tenants/{tenant_id}/workspaces/{workspace_id}/{client_id}/{namespace}/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a client-storage entry (tenant + workspace)
         * @description The entry under client_id / namespace / key, with its ETag. Entries of this scope are shared by every user of the workspace. client_id, namespace and key are each 1 to 256 bytes of UTF-8 (400 beyond). A matching If-None-Match answers 304.
         */
        get: operations["GetClientStorageTenantWorkspace"];
        /**
         * Create or replace a client-storage entry (tenant + workspace)
         * @description Stores `value` under client_id / namespace / key: creates the entry or replaces its value (created_at stays, updated_at moves) and answers 204 with the new ETag. Entries of this scope are shared by every user of the workspace. client_id, namespace and key are each 1 to 256 bytes of UTF-8 (400 beyond). The value is a JSON object of at most 262144 bytes as compact JSON (413 beyond; 400 for anything but an object). Without If-Match / If-None-Match the last write wins; If-Match writes only over the ETag(s) sent, If-None-Match: * only creates (412 otherwise).
         */
        put: operations["PutClientStorageTenantWorkspace"];
        post?: never;
        /**
         * Delete a client-storage entry (tenant + workspace)
         * @description Deletes the entry under client_id / namespace / key: 204, or 404 when there was none. Entries of this scope are shared by every user of the workspace. client_id, namespace and key are each 1 to 256 bytes of UTF-8 (400 beyond). With If-Match, deletes only an entry whose ETag is one of those sent (412 otherwise, also when there is no entry).
         */
        delete: operations["DeleteClientStorageTenantWorkspace"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client-storage/tenants/{tenant_id}/workspaces/{workspace_id}/{client_id}/{namespace}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the keys of a client-storage namespace (tenant + workspace)
         * @description The keys stored under client_id / namespace, in byte order of their UTF-8, with their times and ETags; keyset paged (`page_size` default 100, `cursor`). Columns: key, created_at, updated_at, etag. Entries of this scope are shared by every user of the workspace. client_id, namespace and key are each 1 to 256 bytes of UTF-8 (400 beyond). Accept: text/csv answers the same rows as CSV.
         */
        get: operations["ListTenantWorkspaceClientStorageKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client-storage/tenants/{tenant_id}/{client_id}/{namespace}/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a client-storage entry (tenant)
         * @description The entry under client_id / namespace / key, with its ETag. Entries of this scope are shared by every user of the tenant. client_id, namespace and key are each 1 to 256 bytes of UTF-8 (400 beyond). The client_id "users" is reserved here (400): its URL reads as the tenant + user scope. A matching If-None-Match answers 304.
         */
        get: operations["GetClientStorageTenant"];
        /**
         * Create or replace a client-storage entry (tenant)
         * @description Stores `value` under client_id / namespace / key: creates the entry or replaces its value (created_at stays, updated_at moves) and answers 204 with the new ETag. Entries of this scope are shared by every user of the tenant. client_id, namespace and key are each 1 to 256 bytes of UTF-8 (400 beyond). The client_id "users" is reserved here (400): its URL reads as the tenant + user scope. The value is a JSON object of at most 262144 bytes as compact JSON (413 beyond; 400 for anything but an object). Without If-Match / If-None-Match the last write wins; If-Match writes only over the ETag(s) sent, If-None-Match: * only creates (412 otherwise).
         */
        put: operations["PutClientStorageTenant"];
        post?: never;
        /**
         * Delete a client-storage entry (tenant)
         * @description Deletes the entry under client_id / namespace / key: 204, or 404 when there was none. Entries of this scope are shared by every user of the tenant. client_id, namespace and key are each 1 to 256 bytes of UTF-8 (400 beyond). The client_id "users" is reserved here (400): its URL reads as the tenant + user scope. With If-Match, deletes only an entry whose ETag is one of those sent (412 otherwise, also when there is no entry).
         */
        delete: operations["DeleteClientStorageTenant"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client-storage/tenants/{tenant_id}/{client_id}/{namespace}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the keys of a client-storage namespace (tenant)
         * @description The keys stored under client_id / namespace, in byte order of their UTF-8, with their times and ETags; keyset paged (`page_size` default 100, `cursor`). Columns: key, created_at, updated_at, etag. Entries of this scope are shared by every user of the tenant. client_id, namespace and key are each 1 to 256 bytes of UTF-8 (400 beyond). The client_id "users" is reserved here (400): its URL reads as the tenant + user scope. Accept: text/csv answers the same rows as CSV.
         */
        get: operations["ListTenantClientStorageKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client-storage/users/{client_id}/{namespace}/{key}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a client-storage entry (user)
         * @description The entry under client_id / namespace / key, with its ETag. Entries of this scope belong to the calling user (within the token's tenant). client_id, namespace and key are each 1 to 256 bytes of UTF-8 (400 beyond). A matching If-None-Match answers 304.
         */
        get: operations["GetClientStorageUser"];
        /**
         * Create or replace a client-storage entry (user)
         * @description Stores `value` under client_id / namespace / key: creates the entry or replaces its value (created_at stays, updated_at moves) and answers 204 with the new ETag. Entries of this scope belong to the calling user (within the token's tenant). client_id, namespace and key are each 1 to 256 bytes of UTF-8 (400 beyond). The value is a JSON object of at most 262144 bytes as compact JSON (413 beyond; 400 for anything but an object). Without If-Match / If-None-Match the last write wins; If-Match writes only over the ETag(s) sent, If-None-Match: * only creates (412 otherwise). A user keeps at most 10000 entries per tenant over the tenant + user and user scopes (507 beyond).
         */
        put: operations["PutClientStorageUser"];
        post?: never;
        /**
         * Delete a client-storage entry (user)
         * @description Deletes the entry under client_id / namespace / key: 204, or 404 when there was none. Entries of this scope belong to the calling user (within the token's tenant). client_id, namespace and key are each 1 to 256 bytes of UTF-8 (400 beyond). With If-Match, deletes only an entry whose ETag is one of those sent (412 otherwise, also when there is no entry).
         */
        delete: operations["DeleteClientStorageUser"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/client-storage/users/{client_id}/{namespace}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the keys of a client-storage namespace (user)
         * @description The keys stored under client_id / namespace, in byte order of their UTF-8, with their times and ETags; keyset paged (`page_size` default 100, `cursor`). Columns: key, created_at, updated_at, etag. Entries of this scope belong to the calling user (within the token's tenant). client_id, namespace and key are each 1 to 256 bytes of UTF-8 (400 beyond). Accept: text/csv answers the same rows as CSV.
         */
        get: operations["ListUserClientStorageKeys"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/otlp/tenants/{tenant_id}/workspaces/{workspace_id}/v1/traces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ingest OpenTelemetry traces (OTLP/HTTP)
         * @description OTLP/HTTP trace export. Takes an `ExportTraceServiceRequest` as `application/x-protobuf` or `application/json`, optionally `Content-Encoding: gzip`, and answers an `ExportTraceServiceResponse` in the same encoding. Spans that follow the OpenTelemetry GenAI semantic conventions and are model calls (chat, text_completion, generate_content, embeddings) become LLM interactions, grouped into sessions by `gen_ai.conversation.id`; other spans are ignored and counted in `partialSuccess.errorMessage`; spans that cannot be stored are counted in `partialSuccess.rejectedSpans`. Point an exporter here with `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` and `OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer <token>"` (scope `ingest`). docs/RUNTIME.md lists the attributes read.
         */
        post: operations["ExportOtlpTraces"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description Every non-2xx response has this shape. */
        Error: {
            /** @description HTTP status of the response. */
            code: number;
            /** @description What went wrong, naming the parameter or limit at fault. */
            message: string;
        };
        /** @description A page of rows with their column names. */
        TabularResult: {
            /** @description Column names, aligned with every row. */
            header: string[];
            /** @description One array per row, aligned to header. */
            rows: unknown[][];
            /** @description Pass as `cursor` for the next page; empty on the last page. */
            cursor: string;
            /** @description Rows matching the query over all pages. */
            total: number;
            /** @description 1 when total is exact. */
            total_sampling: number;
        };
        /** @description Up to 100 related objects; total counts all of them. */
        EmbeddedSection: {
            items: {
                id: string;
                name: string;
            }[];
            total: number;
        };
        /** @description Where in code or on a host the location points. */
        CodeLocation: {
            repository: string | null;
            path: string | null;
            start_line: number | null;
            end_line: number | null;
            branch: string | null;
            commit: string | null;
            url: string | null;
            host: string | null;
        };
        /** @description Up to 100 locations; total counts all of them. */
        EmbeddedLocationSection: {
            items: {
                id: string;
                codeLocation: components["schemas"]["CodeLocation"];
            }[];
            total: number;
        };
        /** @description A rule: `{rule_id, rule_name, rule_description, object_types, source}` and its severity, category, OWASP category, remediation and whether the tenant enabled it. */
        Rule: {
            /** @description Rule id (static rules start with `SR-`). */
            rule_id: string | null;
            /** @description Name of the rule. */
            rule_name: string | null;
            /** @description What the rule checks. */
            rule_description: string | null;
            /** @description Severity new findings get: the tenant's override if it set one, else the default (sorts by rank). */
            severity: string | null;
            /** @description Severity the rule was shipped or ingested with. */
            default_severity: string | null;
            /** @description Category (guardrails, secrets, supply_chain, access_control, …). */
            category: string | null;
            /** @description Kinds of object the rule applies to. */
            object_types: string[];
            /** @description OWASP Top 10 for agentic applications category (ASI01–ASI10), or null. */
            owasp_category: string | null;
            /** @description How to fix what the rule finds. */
            remediation: string | null;
            /** @description static (shipped with the service) or external (ingested). */
            source: string | null;
            /** @description False when the tenant turned the rule off. */
            enabled: boolean;
            /** @description Compliance controls the rule maps to (OWASP LLM and agentic, MITRE ATLAS, NIST AI RMF, EU AI Act ids; docs/COMPLIANCE.md). */
            frameworks: string[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    GetCurrentToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The token the request carried (never its secret). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Key id (as `aispm token list` shows it). */
                        id: string;
                        /** @description The tenant every path of this token names. */
                        tenant_id: string;
                        /** @description The user the token acts as. */
                        user_id: string;
                        /** @description Its label. */
                        name: string;
                        /** @description Whether it reads every workspace of the tenant. */
                        all_workspaces: boolean;
                        /** @description The workspaces it is granted (empty with all_workspaces). */
                        workspaces: string[];
                        /** @description What it may do: read, ingest, storage, metrics, webhooks. */
                        scopes: string[];
                        /**
                         * Format: date-time
                         * @description When it stops working, or null.
                         */
                        expires_at: string | null;
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAllAispmAgents: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Case-insensitive substring the name must contain. */
                name__ilk?: string;
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose name equals this. */
                name?: string;
                /** @description Only rows whose name differs from this. */
                name__ne?: string;
                /** @description Only rows whose name is one of (comma-separated) this. */
                name__in?: string;
                /** @description Only rows whose framework equals this. */
                framework?: string;
                /** @description Only rows whose framework differs from this. */
                framework__ne?: string;
                /** @description Only rows whose framework is one of (comma-separated) this. */
                framework__in?: string;
                /** @description Only rows whose framework contains, in any case, this. */
                framework__ilk?: string;
                /** @description Only rows whose language equals this. */
                language?: string;
                /** @description Only rows whose language differs from this. */
                language__ne?: string;
                /** @description Only rows whose language is one of (comma-separated) this. */
                language__in?: string;
                /** @description Only rows whose language contains, in any case, this. */
                language__ilk?: string;
                /** @description Only rows whose version equals this. */
                version?: string;
                /** @description Only rows whose version differs from this. */
                version__ne?: string;
                /** @description Only rows whose version is one of (comma-separated) this. */
                version__in?: string;
                /** @description Only rows whose version contains, in any case, this. */
                version__ilk?: string;
                /** @description Only rows whose environment equals this. */
                environment?: string;
                /** @description Only rows whose environment differs from this. */
                environment__ne?: string;
                /** @description Only rows whose environment is one of (comma-separated) this. */
                environment__in?: string;
                /** @description Only rows whose environment contains, in any case, this. */
                environment__ilk?: string;
                /** @description Only rows whose owner equals this. */
                owner?: string;
                /** @description Only rows whose owner differs from this. */
                owner__ne?: string;
                /** @description Only rows whose owner is one of (comma-separated) this. */
                owner__in?: string;
                /** @description Only rows whose owner contains, in any case, this. */
                owner__ilk?: string;
                /** @description Only rows whose repository equals this. */
                repository?: string;
                /** @description Only rows whose repository differs from this. */
                repository__ne?: string;
                /** @description Only rows whose repository is one of (comma-separated) this. */
                repository__in?: string;
                /** @description Only rows whose repository contains, in any case, this. */
                repository__ilk?: string;
                /** @description Only rows whose context equals this. */
                context?: string;
                /** @description Only rows whose context differs from this. */
                context__ne?: string;
                /** @description Only rows whose context is one of (comma-separated) this. */
                context__in?: string;
                /** @description Only rows whose context contains, in any case, this. */
                context__ilk?: string;
                /** @description Only rows whose data_sources has this. */
                data_sources?: string;
                /** @description Only rows whose data_sources lacks this. */
                data_sources__ne?: string;
                /** @description Only rows whose data_sources has one of (comma-separated) this. */
                data_sources__in?: string;
                /** @description Only rows whose data_sources contains, in any case, this. */
                data_sources__ilk?: string;
                /** @description Only rows whose permissions has this. */
                permissions?: string;
                /** @description Only rows whose permissions lacks this. */
                permissions__ne?: string;
                /** @description Only rows whose permissions has one of (comma-separated) this. */
                permissions__in?: string;
                /** @description Only rows whose permissions contains, in any case, this. */
                permissions__ilk?: string;
                /** @description Only rows whose human_approval equals this. */
                human_approval?: boolean;
                /** @description Only rows whose human_approval differs from this. */
                human_approval__ne?: boolean;
                /** @description Only rows whose first_seen equals this. (RFC 3339 with a zone) */
                first_seen?: string;
                /** @description Only rows whose first_seen differs from this. (RFC 3339 with a zone) */
                first_seen__ne?: string;
                /** @description Only rows whose first_seen is greater than this. (RFC 3339 with a zone) */
                first_seen__gt?: string;
                /** @description Only rows whose first_seen is at least this. (RFC 3339 with a zone) */
                first_seen__gte?: string;
                /** @description Only rows whose first_seen is less than this. (RFC 3339 with a zone) */
                first_seen__lt?: string;
                /** @description Only rows whose first_seen is at most this. (RFC 3339 with a zone) */
                first_seen__lte?: string;
                /** @description Only rows whose last_seen equals this. (RFC 3339 with a zone) */
                last_seen?: string;
                /** @description Only rows whose last_seen differs from this. (RFC 3339 with a zone) */
                last_seen__ne?: string;
                /** @description Only rows whose last_seen is greater than this. (RFC 3339 with a zone) */
                last_seen__gt?: string;
                /** @description Only rows whose last_seen is at least this. (RFC 3339 with a zone) */
                last_seen__gte?: string;
                /** @description Only rows whose last_seen is less than this. (RFC 3339 with a zone) */
                last_seen__lt?: string;
                /** @description Only rows whose last_seen is at most this. (RFC 3339 with a zone) */
                last_seen__lte?: string;
                /** @description Only rows whose critical_issues equals this. */
                critical_issues?: number;
                /** @description Only rows whose critical_issues differs from this. */
                critical_issues__ne?: number;
                /** @description Only rows whose critical_issues is one of (comma-separated) this. */
                critical_issues__in?: string;
                /** @description Only rows whose critical_issues is greater than this. */
                critical_issues__gt?: number;
                /** @description Only rows whose critical_issues is at least this. */
                critical_issues__gte?: number;
                /** @description Only rows whose critical_issues is less than this. */
                critical_issues__lt?: number;
                /** @description Only rows whose critical_issues is at most this. */
                critical_issues__lte?: number;
                /** @description Only rows whose high_issues equals this. */
                high_issues?: number;
                /** @description Only rows whose high_issues differs from this. */
                high_issues__ne?: number;
                /** @description Only rows whose high_issues is one of (comma-separated) this. */
                high_issues__in?: string;
                /** @description Only rows whose high_issues is greater than this. */
                high_issues__gt?: number;
                /** @description Only rows whose high_issues is at least this. */
                high_issues__gte?: number;
                /** @description Only rows whose high_issues is less than this. */
                high_issues__lt?: number;
                /** @description Only rows whose high_issues is at most this. */
                high_issues__lte?: number;
                /** @description Only rows whose total_issues equals this. */
                total_issues?: number;
                /** @description Only rows whose total_issues differs from this. */
                total_issues__ne?: number;
                /** @description Only rows whose total_issues is one of (comma-separated) this. */
                total_issues__in?: string;
                /** @description Only rows whose total_issues is greater than this. */
                total_issues__gt?: number;
                /** @description Only rows whose total_issues is at least this. */
                total_issues__gte?: number;
                /** @description Only rows whose total_issues is less than this. */
                total_issues__lt?: number;
                /** @description Only rows whose total_issues is at most this. */
                total_issues__lte?: number;
                /** @description Only rows whose risk_score equals this. */
                risk_score?: number;
                /** @description Only rows whose risk_score differs from this. */
                risk_score__ne?: number;
                /** @description Only rows whose risk_score is one of (comma-separated) this. */
                risk_score__in?: string;
                /** @description Only rows whose risk_score is greater than this. */
                risk_score__gt?: number;
                /** @description Only rows whose risk_score is at least this. */
                risk_score__gte?: number;
                /** @description Only rows whose risk_score is less than this. */
                risk_score__lt?: number;
                /** @description Only rows whose risk_score is at most this. */
                risk_score__lte?: number;
                /** @description Only rows whose models equals this. */
                models?: number;
                /** @description Only rows whose models differs from this. */
                models__ne?: number;
                /** @description Only rows whose models is one of (comma-separated) this. */
                models__in?: string;
                /** @description Only rows whose models is greater than this. */
                models__gt?: number;
                /** @description Only rows whose models is at least this. */
                models__gte?: number;
                /** @description Only rows whose models is less than this. */
                models__lt?: number;
                /** @description Only rows whose models is at most this. */
                models__lte?: number;
                /** @description Only rows whose tools equals this. */
                tools?: number;
                /** @description Only rows whose tools differs from this. */
                tools__ne?: number;
                /** @description Only rows whose tools is one of (comma-separated) this. */
                tools__in?: string;
                /** @description Only rows whose tools is greater than this. */
                tools__gt?: number;
                /** @description Only rows whose tools is at least this. */
                tools__gte?: number;
                /** @description Only rows whose tools is less than this. */
                tools__lt?: number;
                /** @description Only rows whose tools is at most this. */
                tools__lte?: number;
                /** @description Only rows whose mcp_servers equals this. */
                mcp_servers?: number;
                /** @description Only rows whose mcp_servers differs from this. */
                mcp_servers__ne?: number;
                /** @description Only rows whose mcp_servers is one of (comma-separated) this. */
                mcp_servers__in?: string;
                /** @description Only rows whose mcp_servers is greater than this. */
                mcp_servers__gt?: number;
                /** @description Only rows whose mcp_servers is at least this. */
                mcp_servers__gte?: number;
                /** @description Only rows whose mcp_servers is less than this. */
                mcp_servers__lt?: number;
                /** @description Only rows whose mcp_servers is at most this. */
                mcp_servers__lte?: number;
                /** @description Only rows whose sub_agents equals this. */
                sub_agents?: number;
                /** @description Only rows whose sub_agents differs from this. */
                sub_agents__ne?: number;
                /** @description Only rows whose sub_agents is one of (comma-separated) this. */
                sub_agents__in?: string;
                /** @description Only rows whose sub_agents is greater than this. */
                sub_agents__gt?: number;
                /** @description Only rows whose sub_agents is at least this. */
                sub_agents__gte?: number;
                /** @description Only rows whose sub_agents is less than this. */
                sub_agents__lt?: number;
                /** @description Only rows whose sub_agents is at most this. */
                sub_agents__lte?: number;
                /** @description Only rows whose input_guardrails equals this. */
                input_guardrails?: number;
                /** @description Only rows whose input_guardrails differs from this. */
                input_guardrails__ne?: number;
                /** @description Only rows whose input_guardrails is one of (comma-separated) this. */
                input_guardrails__in?: string;
                /** @description Only rows whose input_guardrails is greater than this. */
                input_guardrails__gt?: number;
                /** @description Only rows whose input_guardrails is at least this. */
                input_guardrails__gte?: number;
                /** @description Only rows whose input_guardrails is less than this. */
                input_guardrails__lt?: number;
                /** @description Only rows whose input_guardrails is at most this. */
                input_guardrails__lte?: number;
                /** @description Only rows whose output_guardrails equals this. */
                output_guardrails?: number;
                /** @description Only rows whose output_guardrails differs from this. */
                output_guardrails__ne?: number;
                /** @description Only rows whose output_guardrails is one of (comma-separated) this. */
                output_guardrails__in?: string;
                /** @description Only rows whose output_guardrails is greater than this. */
                output_guardrails__gt?: number;
                /** @description Only rows whose output_guardrails is at least this. */
                output_guardrails__gte?: number;
                /** @description Only rows whose output_guardrails is less than this. */
                output_guardrails__lt?: number;
                /** @description Only rows whose output_guardrails is at most this. */
                output_guardrails__lte?: number;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of AI agents. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAispmAgentDetails: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Object id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The AI agent and its embedded sections. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Column names, aligned with every row. */
                        header: string[];
                        /** @description One array per row, aligned to header. */
                        rows: unknown[][];
                        /** @description Pass as `cursor` for the next page; empty on the last page. */
                        cursor: string;
                        /** @description Rows matching the query over all pages. */
                        total: number;
                        /** @description 1 when total is exact. */
                        total_sampling: number;
                        models: components["schemas"]["EmbeddedSection"];
                        tools: components["schemas"]["EmbeddedSection"];
                        mcp_servers: components["schemas"]["EmbeddedSection"];
                        sub_agents: components["schemas"]["EmbeddedSection"];
                        input_guardrails: components["schemas"]["EmbeddedSection"];
                        output_guardrails: components["schemas"]["EmbeddedSection"];
                        locations: components["schemas"]["EmbeddedLocationSection"];
                        burn_rate: {
                            daily_spend_rate: number;
                            baseline_daily_spend: number;
                            /** @enum {string} */
                            status: "no_data" | "increasing" | "stable" | "decreasing";
                        };
                        cost_history: {
                            current_month: number;
                            current_quarter: number;
                            ytd: number;
                            monthly: {
                                period: string;
                                cost: number;
                            }[];
                        };
                        cost_per_session_history: {
                            period: string;
                            cost_per_session: number;
                        }[];
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAISPMAgentEdges: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Case-insensitive substring the name must contain. */
                name__ilk?: string;
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose name equals this. */
                name?: string;
                /** @description Only rows whose name differs from this. */
                name__ne?: string;
                /** @description Only rows whose name is one of (comma-separated) this. */
                name__in?: string;
                /** @description Only rows whose type equals this. */
                type?: string;
                /** @description Only rows whose type differs from this. */
                type__ne?: string;
                /** @description Only rows whose type is one of (comma-separated) this. */
                type__in?: string;
                /** @description Only rows whose type contains, in any case, this. */
                type__ilk?: string;
                /** @description Only rows whose hostname equals this. */
                hostname?: string;
                /** @description Only rows whose hostname differs from this. */
                hostname__ne?: string;
                /** @description Only rows whose hostname is one of (comma-separated) this. */
                hostname__in?: string;
                /** @description Only rows whose hostname contains, in any case, this. */
                hostname__ilk?: string;
                /** @description Only rows whose ip equals this. */
                ip?: string;
                /** @description Only rows whose ip differs from this. */
                ip__ne?: string;
                /** @description Only rows whose ip is one of (comma-separated) this. */
                ip__in?: string;
                /** @description Only rows whose ip contains, in any case, this. */
                ip__ilk?: string;
                /** @description Only rows whose os equals this. */
                os?: string;
                /** @description Only rows whose os differs from this. */
                os__ne?: string;
                /** @description Only rows whose os is one of (comma-separated) this. */
                os__in?: string;
                /** @description Only rows whose os contains, in any case, this. */
                os__ilk?: string;
                /** @description Only rows whose cloud_provider equals this. */
                cloud_provider?: string;
                /** @description Only rows whose cloud_provider differs from this. */
                cloud_provider__ne?: string;
                /** @description Only rows whose cloud_provider is one of (comma-separated) this. */
                cloud_provider__in?: string;
                /** @description Only rows whose cloud_provider contains, in any case, this. */
                cloud_provider__ilk?: string;
                /** @description Only rows whose region equals this. */
                region?: string;
                /** @description Only rows whose region differs from this. */
                region__ne?: string;
                /** @description Only rows whose region is one of (comma-separated) this. */
                region__in?: string;
                /** @description Only rows whose region contains, in any case, this. */
                region__ilk?: string;
                /** @description Only rows whose environment equals this. */
                environment?: string;
                /** @description Only rows whose environment differs from this. */
                environment__ne?: string;
                /** @description Only rows whose environment is one of (comma-separated) this. */
                environment__in?: string;
                /** @description Only rows whose environment contains, in any case, this. */
                environment__ilk?: string;
                /** @description Only rows whose criticality equals this. */
                criticality?: number;
                /** @description Only rows whose criticality differs from this. */
                criticality__ne?: number;
                /** @description Only rows whose criticality is one of (comma-separated) this. */
                criticality__in?: string;
                /** @description Only rows whose criticality is greater than this. */
                criticality__gt?: number;
                /** @description Only rows whose criticality is at least this. */
                criticality__gte?: number;
                /** @description Only rows whose criticality is less than this. */
                criticality__lt?: number;
                /** @description Only rows whose criticality is at most this. */
                criticality__lte?: number;
                /** @description Only rows whose first_seen equals this. (RFC 3339 with a zone) */
                first_seen?: string;
                /** @description Only rows whose first_seen differs from this. (RFC 3339 with a zone) */
                first_seen__ne?: string;
                /** @description Only rows whose first_seen is greater than this. (RFC 3339 with a zone) */
                first_seen__gt?: string;
                /** @description Only rows whose first_seen is at least this. (RFC 3339 with a zone) */
                first_seen__gte?: string;
                /** @description Only rows whose first_seen is less than this. (RFC 3339 with a zone) */
                first_seen__lt?: string;
                /** @description Only rows whose first_seen is at most this. (RFC 3339 with a zone) */
                first_seen__lte?: string;
                /** @description Only rows whose last_seen equals this. (RFC 3339 with a zone) */
                last_seen?: string;
                /** @description Only rows whose last_seen differs from this. (RFC 3339 with a zone) */
                last_seen__ne?: string;
                /** @description Only rows whose last_seen is greater than this. (RFC 3339 with a zone) */
                last_seen__gt?: string;
                /** @description Only rows whose last_seen is at least this. (RFC 3339 with a zone) */
                last_seen__gte?: string;
                /** @description Only rows whose last_seen is less than this. (RFC 3339 with a zone) */
                last_seen__lt?: string;
                /** @description Only rows whose last_seen is at most this. (RFC 3339 with a zone) */
                last_seen__lte?: string;
                /** @description Only rows whose agents equals this. */
                agents?: number;
                /** @description Only rows whose agents differs from this. */
                agents__ne?: number;
                /** @description Only rows whose agents is one of (comma-separated) this. */
                agents__in?: string;
                /** @description Only rows whose agents is greater than this. */
                agents__gt?: number;
                /** @description Only rows whose agents is at least this. */
                agents__gte?: number;
                /** @description Only rows whose agents is less than this. */
                agents__lt?: number;
                /** @description Only rows whose agents is at most this. */
                agents__lte?: number;
                /** @description Only rows whose models equals this. */
                models?: number;
                /** @description Only rows whose models differs from this. */
                models__ne?: number;
                /** @description Only rows whose models is one of (comma-separated) this. */
                models__in?: string;
                /** @description Only rows whose models is greater than this. */
                models__gt?: number;
                /** @description Only rows whose models is at least this. */
                models__gte?: number;
                /** @description Only rows whose models is less than this. */
                models__lt?: number;
                /** @description Only rows whose models is at most this. */
                models__lte?: number;
                /** @description Only rows whose mcp_servers equals this. */
                mcp_servers?: number;
                /** @description Only rows whose mcp_servers differs from this. */
                mcp_servers__ne?: number;
                /** @description Only rows whose mcp_servers is one of (comma-separated) this. */
                mcp_servers__in?: string;
                /** @description Only rows whose mcp_servers is greater than this. */
                mcp_servers__gt?: number;
                /** @description Only rows whose mcp_servers is at least this. */
                mcp_servers__gte?: number;
                /** @description Only rows whose mcp_servers is less than this. */
                mcp_servers__lt?: number;
                /** @description Only rows whose mcp_servers is at most this. */
                mcp_servers__lte?: number;
                /** @description Only rows whose session_id equals this. */
                session_id?: string;
                /** @description Only rows whose session_id differs from this. */
                session_id__ne?: string;
                /** @description Only rows whose session_id is one of (comma-separated) this. */
                session_id__in?: string;
                /** @description Only rows whose session_id contains, in any case, this. */
                session_id__ilk?: string;
                /** @description Only rows whose agent_id equals this. */
                agent_id?: string;
                /** @description Only rows whose agent_id differs from this. */
                agent_id__ne?: string;
                /** @description Only rows whose agent_id is one of (comma-separated) this. */
                agent_id__in?: string;
                /** @description Only rows whose agent_id contains, in any case, this. */
                agent_id__ilk?: string;
                /** @description Only rows whose start_time equals this. (RFC 3339 with a zone) */
                start_time?: string;
                /** @description Only rows whose start_time differs from this. (RFC 3339 with a zone) */
                start_time__ne?: string;
                /** @description Only rows whose start_time is greater than this. (RFC 3339 with a zone) */
                start_time__gt?: string;
                /** @description Only rows whose start_time is at least this. (RFC 3339 with a zone) */
                start_time__gte?: string;
                /** @description Only rows whose start_time is less than this. (RFC 3339 with a zone) */
                start_time__lt?: string;
                /** @description Only rows whose start_time is at most this. (RFC 3339 with a zone) */
                start_time__lte?: string;
                /** @description Only rows whose end_time equals this. (RFC 3339 with a zone) */
                end_time?: string;
                /** @description Only rows whose end_time differs from this. (RFC 3339 with a zone) */
                end_time__ne?: string;
                /** @description Only rows whose end_time is greater than this. (RFC 3339 with a zone) */
                end_time__gt?: string;
                /** @description Only rows whose end_time is at least this. (RFC 3339 with a zone) */
                end_time__gte?: string;
                /** @description Only rows whose end_time is less than this. (RFC 3339 with a zone) */
                end_time__lt?: string;
                /** @description Only rows whose end_time is at most this. (RFC 3339 with a zone) */
                end_time__lte?: string;
                /** @description Only rows whose duration_ms equals this. */
                duration_ms?: number;
                /** @description Only rows whose duration_ms differs from this. */
                duration_ms__ne?: number;
                /** @description Only rows whose duration_ms is one of (comma-separated) this. */
                duration_ms__in?: string;
                /** @description Only rows whose duration_ms is greater than this. */
                duration_ms__gt?: number;
                /** @description Only rows whose duration_ms is at least this. */
                duration_ms__gte?: number;
                /** @description Only rows whose duration_ms is less than this. */
                duration_ms__lt?: number;
                /** @description Only rows whose duration_ms is at most this. */
                duration_ms__lte?: number;
                /** @description Only rows whose turns equals this. */
                turns?: number;
                /** @description Only rows whose turns differs from this. */
                turns__ne?: number;
                /** @description Only rows whose turns is one of (comma-separated) this. */
                turns__in?: string;
                /** @description Only rows whose turns is greater than this. */
                turns__gt?: number;
                /** @description Only rows whose turns is at least this. */
                turns__gte?: number;
                /** @description Only rows whose turns is less than this. */
                turns__lt?: number;
                /** @description Only rows whose turns is at most this. */
                turns__lte?: number;
                /** @description Only rows whose input_tokens equals this. */
                input_tokens?: number;
                /** @description Only rows whose input_tokens differs from this. */
                input_tokens__ne?: number;
                /** @description Only rows whose input_tokens is one of (comma-separated) this. */
                input_tokens__in?: string;
                /** @description Only rows whose input_tokens is greater than this. */
                input_tokens__gt?: number;
                /** @description Only rows whose input_tokens is at least this. */
                input_tokens__gte?: number;
                /** @description Only rows whose input_tokens is less than this. */
                input_tokens__lt?: number;
                /** @description Only rows whose input_tokens is at most this. */
                input_tokens__lte?: number;
                /** @description Only rows whose output_tokens equals this. */
                output_tokens?: number;
                /** @description Only rows whose output_tokens differs from this. */
                output_tokens__ne?: number;
                /** @description Only rows whose output_tokens is one of (comma-separated) this. */
                output_tokens__in?: string;
                /** @description Only rows whose output_tokens is greater than this. */
                output_tokens__gt?: number;
                /** @description Only rows whose output_tokens is at least this. */
                output_tokens__gte?: number;
                /** @description Only rows whose output_tokens is less than this. */
                output_tokens__lt?: number;
                /** @description Only rows whose output_tokens is at most this. */
                output_tokens__lte?: number;
                /** @description Only rows whose total_tokens equals this. */
                total_tokens?: number;
                /** @description Only rows whose total_tokens differs from this. */
                total_tokens__ne?: number;
                /** @description Only rows whose total_tokens is one of (comma-separated) this. */
                total_tokens__in?: string;
                /** @description Only rows whose total_tokens is greater than this. */
                total_tokens__gt?: number;
                /** @description Only rows whose total_tokens is at least this. */
                total_tokens__gte?: number;
                /** @description Only rows whose total_tokens is less than this. */
                total_tokens__lt?: number;
                /** @description Only rows whose total_tokens is at most this. */
                total_tokens__lte?: number;
                /** @description Only rows whose cost equals this. */
                cost?: number;
                /** @description Only rows whose cost differs from this. */
                cost__ne?: number;
                /** @description Only rows whose cost is one of (comma-separated) this. */
                cost__in?: string;
                /** @description Only rows whose cost is greater than this. */
                cost__gt?: number;
                /** @description Only rows whose cost is at least this. */
                cost__gte?: number;
                /** @description Only rows whose cost is less than this. */
                cost__lt?: number;
                /** @description Only rows whose cost is at most this. */
                cost__lte?: number;
                /** @description Only rows whose ok equals this. */
                ok?: number;
                /** @description Only rows whose ok differs from this. */
                ok__ne?: number;
                /** @description Only rows whose ok is one of (comma-separated) this. */
                ok__in?: string;
                /** @description Only rows whose ok is greater than this. */
                ok__gt?: number;
                /** @description Only rows whose ok is at least this. */
                ok__gte?: number;
                /** @description Only rows whose ok is less than this. */
                ok__lt?: number;
                /** @description Only rows whose ok is at most this. */
                ok__lte?: number;
                /** @description Only rows whose alerted equals this. */
                alerted?: number;
                /** @description Only rows whose alerted differs from this. */
                alerted__ne?: number;
                /** @description Only rows whose alerted is one of (comma-separated) this. */
                alerted__in?: string;
                /** @description Only rows whose alerted is greater than this. */
                alerted__gt?: number;
                /** @description Only rows whose alerted is at least this. */
                alerted__gte?: number;
                /** @description Only rows whose alerted is less than this. */
                alerted__lt?: number;
                /** @description Only rows whose alerted is at most this. */
                alerted__lte?: number;
                /** @description Only rows whose blocked equals this. */
                blocked?: number;
                /** @description Only rows whose blocked differs from this. */
                blocked__ne?: number;
                /** @description Only rows whose blocked is one of (comma-separated) this. */
                blocked__in?: string;
                /** @description Only rows whose blocked is greater than this. */
                blocked__gt?: number;
                /** @description Only rows whose blocked is at least this. */
                blocked__gte?: number;
                /** @description Only rows whose blocked is less than this. */
                blocked__lt?: number;
                /** @description Only rows whose blocked is at most this. */
                blocked__lte?: number;
                /** @description Only rows whose redacted equals this. */
                redacted?: number;
                /** @description Only rows whose redacted differs from this. */
                redacted__ne?: number;
                /** @description Only rows whose redacted is one of (comma-separated) this. */
                redacted__in?: string;
                /** @description Only rows whose redacted is greater than this. */
                redacted__gt?: number;
                /** @description Only rows whose redacted is at least this. */
                redacted__gte?: number;
                /** @description Only rows whose redacted is less than this. */
                redacted__lt?: number;
                /** @description Only rows whose redacted is at most this. */
                redacted__lte?: number;
                /** @description Only rows whose issue_id equals this. */
                issue_id?: string;
                /** @description Only rows whose issue_id differs from this. */
                issue_id__ne?: string;
                /** @description Only rows whose issue_id is one of (comma-separated) this. */
                issue_id__in?: string;
                /** @description Only rows whose issue_id contains, in any case, this. */
                issue_id__ilk?: string;
                /** @description Only rows whose rule_id equals this. */
                rule_id?: string;
                /** @description Only rows whose rule_id differs from this. */
                rule_id__ne?: string;
                /** @description Only rows whose rule_id is one of (comma-separated) this. */
                rule_id__in?: string;
                /** @description Only rows whose rule_id contains, in any case, this. */
                rule_id__ilk?: string;
                /** @description Only rows whose severity equals this. */
                severity?: string;
                /** @description Only rows whose severity differs from this. */
                severity__ne?: string;
                /** @description Only rows whose severity is one of (comma-separated) this. */
                severity__in?: string;
                /** @description Only rows whose severity contains, in any case, this. */
                severity__ilk?: string;
                /** @description Only rows whose status equals this. */
                status?: string;
                /** @description Only rows whose status differs from this. */
                status__ne?: string;
                /** @description Only rows whose status is one of (comma-separated) this. */
                status__in?: string;
                /** @description Only rows whose status contains, in any case, this. */
                status__ilk?: string;
                /** @description Only rows whose title equals this. */
                title?: string;
                /** @description Only rows whose title differs from this. */
                title__ne?: string;
                /** @description Only rows whose title is one of (comma-separated) this. */
                title__in?: string;
                /** @description Only rows whose title contains, in any case, this. */
                title__ilk?: string;
                /** @description Only rows whose object_type equals this. */
                object_type?: string;
                /** @description Only rows whose object_type differs from this. */
                object_type__ne?: string;
                /** @description Only rows whose object_type is one of (comma-separated) this. */
                object_type__in?: string;
                /** @description Only rows whose object_type contains, in any case, this. */
                object_type__ilk?: string;
                /** @description Only rows whose object_id equals this. */
                object_id?: string;
                /** @description Only rows whose object_id differs from this. */
                object_id__ne?: string;
                /** @description Only rows whose object_id is one of (comma-separated) this. */
                object_id__in?: string;
                /** @description Only rows whose object_id contains, in any case, this. */
                object_id__ilk?: string;
                /** @description Only rows whose detected_at equals this. (RFC 3339 with a zone) */
                detected_at?: string;
                /** @description Only rows whose detected_at differs from this. (RFC 3339 with a zone) */
                detected_at__ne?: string;
                /** @description Only rows whose detected_at is greater than this. (RFC 3339 with a zone) */
                detected_at__gt?: string;
                /** @description Only rows whose detected_at is at least this. (RFC 3339 with a zone) */
                detected_at__gte?: string;
                /** @description Only rows whose detected_at is less than this. (RFC 3339 with a zone) */
                detected_at__lt?: string;
                /** @description Only rows whose detected_at is at most this. (RFC 3339 with a zone) */
                detected_at__lte?: string;
                /** @description Only rows whose resolved_at equals this. (RFC 3339 with a zone) */
                resolved_at?: string;
                /** @description Only rows whose resolved_at differs from this. (RFC 3339 with a zone) */
                resolved_at__ne?: string;
                /** @description Only rows whose resolved_at is greater than this. (RFC 3339 with a zone) */
                resolved_at__gt?: string;
                /** @description Only rows whose resolved_at is at least this. (RFC 3339 with a zone) */
                resolved_at__gte?: string;
                /** @description Only rows whose resolved_at is less than this. (RFC 3339 with a zone) */
                resolved_at__lt?: string;
                /** @description Only rows whose resolved_at is at most this. (RFC 3339 with a zone) */
                resolved_at__lte?: string;
                /** @description Only rows whose cvss_score equals this. */
                cvss_score?: number;
                /** @description Only rows whose cvss_score differs from this. */
                cvss_score__ne?: number;
                /** @description Only rows whose cvss_score is one of (comma-separated) this. */
                cvss_score__in?: string;
                /** @description Only rows whose cvss_score is greater than this. */
                cvss_score__gt?: number;
                /** @description Only rows whose cvss_score is at least this. */
                cvss_score__gte?: number;
                /** @description Only rows whose cvss_score is less than this. */
                cvss_score__lt?: number;
                /** @description Only rows whose cvss_score is at most this. */
                cvss_score__lte?: number;
                /** @description Only rows whose owasp_category equals this. */
                owasp_category?: string;
                /** @description Only rows whose owasp_category differs from this. */
                owasp_category__ne?: string;
                /** @description Only rows whose owasp_category is one of (comma-separated) this. */
                owasp_category__in?: string;
                /** @description Only rows whose owasp_category contains, in any case, this. */
                owasp_category__ilk?: string;
                /** @description Only rows whose scan_id equals this. */
                scan_id?: string;
                /** @description Only rows whose scan_id differs from this. */
                scan_id__ne?: string;
                /** @description Only rows whose scan_id is one of (comma-separated) this. */
                scan_id__in?: string;
                /** @description Only rows whose scan_id contains, in any case, this. */
                scan_id__ilk?: string;
                /** @description Only rows whose source equals this. */
                source?: string;
                /** @description Only rows whose source differs from this. */
                source__ne?: string;
                /** @description Only rows whose source is one of (comma-separated) this. */
                source__in?: string;
                /** @description Only rows whose source contains, in any case, this. */
                source__ilk?: string;
                /** @description Only rows whose rule_name equals this. */
                rule_name?: string;
                /** @description Only rows whose rule_name differs from this. */
                rule_name__ne?: string;
                /** @description Only rows whose rule_name is one of (comma-separated) this. */
                rule_name__in?: string;
                /** @description Only rows whose rule_name contains, in any case, this. */
                rule_name__ilk?: string;
                /** @description Only rows whose category equals this. */
                category?: string;
                /** @description Only rows whose category differs from this. */
                category__ne?: string;
                /** @description Only rows whose category is one of (comma-separated) this. */
                category__in?: string;
                /** @description Only rows whose category contains, in any case, this. */
                category__ilk?: string;
                /** @description Only rows whose occurrences equals this. */
                occurrences?: number;
                /** @description Only rows whose occurrences differs from this. */
                occurrences__ne?: number;
                /** @description Only rows whose occurrences is one of (comma-separated) this. */
                occurrences__in?: string;
                /** @description Only rows whose occurrences is greater than this. */
                occurrences__gt?: number;
                /** @description Only rows whose occurrences is at least this. */
                occurrences__gte?: number;
                /** @description Only rows whose occurrences is less than this. */
                occurrences__lt?: number;
                /** @description Only rows whose occurrences is at most this. */
                occurrences__lte?: number;
                /** @description Only rows whose first_detected equals this. (RFC 3339 with a zone) */
                first_detected?: string;
                /** @description Only rows whose first_detected differs from this. (RFC 3339 with a zone) */
                first_detected__ne?: string;
                /** @description Only rows whose first_detected is greater than this. (RFC 3339 with a zone) */
                first_detected__gt?: string;
                /** @description Only rows whose first_detected is at least this. (RFC 3339 with a zone) */
                first_detected__gte?: string;
                /** @description Only rows whose first_detected is less than this. (RFC 3339 with a zone) */
                first_detected__lt?: string;
                /** @description Only rows whose first_detected is at most this. (RFC 3339 with a zone) */
                first_detected__lte?: string;
                /** @description Only rows whose last_detected equals this. (RFC 3339 with a zone) */
                last_detected?: string;
                /** @description Only rows whose last_detected differs from this. (RFC 3339 with a zone) */
                last_detected__ne?: string;
                /** @description Only rows whose last_detected is greater than this. (RFC 3339 with a zone) */
                last_detected__gt?: string;
                /** @description Only rows whose last_detected is at least this. (RFC 3339 with a zone) */
                last_detected__gte?: string;
                /** @description Only rows whose last_detected is less than this. (RFC 3339 with a zone) */
                last_detected__lt?: string;
                /** @description Only rows whose last_detected is at most this. (RFC 3339 with a zone) */
                last_detected__lte?: string;
                /** @description Only rows whose repository equals this. */
                repository?: string;
                /** @description Only rows whose repository differs from this. */
                repository__ne?: string;
                /** @description Only rows whose repository is one of (comma-separated) this. */
                repository__in?: string;
                /** @description Only rows whose repository contains, in any case, this. */
                repository__ilk?: string;
                /** @description Only rows whose path equals this. */
                path?: string;
                /** @description Only rows whose path differs from this. */
                path__ne?: string;
                /** @description Only rows whose path is one of (comma-separated) this. */
                path__in?: string;
                /** @description Only rows whose path contains, in any case, this. */
                path__ilk?: string;
                /** @description Only rows whose start_line equals this. */
                start_line?: number;
                /** @description Only rows whose start_line differs from this. */
                start_line__ne?: number;
                /** @description Only rows whose start_line is one of (comma-separated) this. */
                start_line__in?: string;
                /** @description Only rows whose start_line is greater than this. */
                start_line__gt?: number;
                /** @description Only rows whose start_line is at least this. */
                start_line__gte?: number;
                /** @description Only rows whose start_line is less than this. */
                start_line__lt?: number;
                /** @description Only rows whose start_line is at most this. */
                start_line__lte?: number;
                /** @description Only rows whose end_line equals this. */
                end_line?: number;
                /** @description Only rows whose end_line differs from this. */
                end_line__ne?: number;
                /** @description Only rows whose end_line is one of (comma-separated) this. */
                end_line__in?: string;
                /** @description Only rows whose end_line is greater than this. */
                end_line__gt?: number;
                /** @description Only rows whose end_line is at least this. */
                end_line__gte?: number;
                /** @description Only rows whose end_line is less than this. */
                end_line__lt?: number;
                /** @description Only rows whose end_line is at most this. */
                end_line__lte?: number;
                /** @description Only rows whose branch equals this. */
                branch?: string;
                /** @description Only rows whose branch differs from this. */
                branch__ne?: string;
                /** @description Only rows whose branch is one of (comma-separated) this. */
                branch__in?: string;
                /** @description Only rows whose branch contains, in any case, this. */
                branch__ilk?: string;
                /** @description Only rows whose commit equals this. */
                commit?: string;
                /** @description Only rows whose commit differs from this. */
                commit__ne?: string;
                /** @description Only rows whose commit is one of (comma-separated) this. */
                commit__in?: string;
                /** @description Only rows whose commit contains, in any case, this. */
                commit__ilk?: string;
                /** @description Only rows whose url equals this. */
                url?: string;
                /** @description Only rows whose url differs from this. */
                url__ne?: string;
                /** @description Only rows whose url is one of (comma-separated) this. */
                url__in?: string;
                /** @description Only rows whose url contains, in any case, this. */
                url__ilk?: string;
                /** @description Only rows whose host equals this. */
                host?: string;
                /** @description Only rows whose host differs from this. */
                host__ne?: string;
                /** @description Only rows whose host is one of (comma-separated) this. */
                host__in?: string;
                /** @description Only rows whose host contains, in any case, this. */
                host__ilk?: string;
                /** @description Only rows whose certs equals this. */
                certs?: number;
                /** @description Only rows whose certs differs from this. */
                certs__ne?: number;
                /** @description Only rows whose certs is one of (comma-separated) this. */
                certs__in?: string;
                /** @description Only rows whose certs is greater than this. */
                certs__gt?: number;
                /** @description Only rows whose certs is at least this. */
                certs__gte?: number;
                /** @description Only rows whose certs is less than this. */
                certs__lt?: number;
                /** @description Only rows whose certs is at most this. */
                certs__lte?: number;
                /** @description Only rows whose secrets equals this. */
                secrets?: number;
                /** @description Only rows whose secrets differs from this. */
                secrets__ne?: number;
                /** @description Only rows whose secrets is one of (comma-separated) this. */
                secrets__in?: string;
                /** @description Only rows whose secrets is greater than this. */
                secrets__gt?: number;
                /** @description Only rows whose secrets is at least this. */
                secrets__gte?: number;
                /** @description Only rows whose secrets is less than this. */
                secrets__lt?: number;
                /** @description Only rows whose secrets is at most this. */
                secrets__lte?: number;
                /** @description Only rows whose description equals this. */
                description?: string;
                /** @description Only rows whose description differs from this. */
                description__ne?: string;
                /** @description Only rows whose description is one of (comma-separated) this. */
                description__in?: string;
                /** @description Only rows whose description contains, in any case, this. */
                description__ilk?: string;
                /** @description Only rows whose capabilities has this. */
                capabilities?: string;
                /** @description Only rows whose capabilities lacks this. */
                capabilities__ne?: string;
                /** @description Only rows whose capabilities has one of (comma-separated) this. */
                capabilities__in?: string;
                /** @description Only rows whose capabilities contains, in any case, this. */
                capabilities__ilk?: string;
                /** @description Only rows whose destructive equals this. */
                destructive?: boolean;
                /** @description Only rows whose destructive differs from this. */
                destructive__ne?: boolean;
                /** @description Only rows whose requires_approval equals this. */
                requires_approval?: boolean;
                /** @description Only rows whose requires_approval differs from this. */
                requires_approval__ne?: boolean;
                /** @description Only rows whose input_validation equals this. */
                input_validation?: boolean;
                /** @description Only rows whose input_validation differs from this. */
                input_validation__ne?: boolean;
                /** @description Only rows whose language equals this. */
                language?: string;
                /** @description Only rows whose language differs from this. */
                language__ne?: string;
                /** @description Only rows whose language is one of (comma-separated) this. */
                language__in?: string;
                /** @description Only rows whose language contains, in any case, this. */
                language__ilk?: string;
                /** @description Only rows whose critical_issues equals this. */
                critical_issues?: number;
                /** @description Only rows whose critical_issues differs from this. */
                critical_issues__ne?: number;
                /** @description Only rows whose critical_issues is one of (comma-separated) this. */
                critical_issues__in?: string;
                /** @description Only rows whose critical_issues is greater than this. */
                critical_issues__gt?: number;
                /** @description Only rows whose critical_issues is at least this. */
                critical_issues__gte?: number;
                /** @description Only rows whose critical_issues is less than this. */
                critical_issues__lt?: number;
                /** @description Only rows whose critical_issues is at most this. */
                critical_issues__lte?: number;
                /** @description Only rows whose high_issues equals this. */
                high_issues?: number;
                /** @description Only rows whose high_issues differs from this. */
                high_issues__ne?: number;
                /** @description Only rows whose high_issues is one of (comma-separated) this. */
                high_issues__in?: string;
                /** @description Only rows whose high_issues is greater than this. */
                high_issues__gt?: number;
                /** @description Only rows whose high_issues is at least this. */
                high_issues__gte?: number;
                /** @description Only rows whose high_issues is less than this. */
                high_issues__lt?: number;
                /** @description Only rows whose high_issues is at most this. */
                high_issues__lte?: number;
                /** @description Only rows whose total_issues equals this. */
                total_issues?: number;
                /** @description Only rows whose total_issues differs from this. */
                total_issues__ne?: number;
                /** @description Only rows whose total_issues is one of (comma-separated) this. */
                total_issues__in?: string;
                /** @description Only rows whose total_issues is greater than this. */
                total_issues__gt?: number;
                /** @description Only rows whose total_issues is at least this. */
                total_issues__gte?: number;
                /** @description Only rows whose total_issues is less than this. */
                total_issues__lt?: number;
                /** @description Only rows whose total_issues is at most this. */
                total_issues__lte?: number;
                /** @description Only rows whose risk_score equals this. */
                risk_score?: number;
                /** @description Only rows whose risk_score differs from this. */
                risk_score__ne?: number;
                /** @description Only rows whose risk_score is one of (comma-separated) this. */
                risk_score__in?: string;
                /** @description Only rows whose risk_score is greater than this. */
                risk_score__gt?: number;
                /** @description Only rows whose risk_score is at least this. */
                risk_score__gte?: number;
                /** @description Only rows whose risk_score is less than this. */
                risk_score__lt?: number;
                /** @description Only rows whose risk_score is at most this. */
                risk_score__lte?: number;
                /** @description Only rows whose provider equals this. */
                provider?: string;
                /** @description Only rows whose provider differs from this. */
                provider__ne?: string;
                /** @description Only rows whose provider is one of (comma-separated) this. */
                provider__in?: string;
                /** @description Only rows whose provider contains, in any case, this. */
                provider__ilk?: string;
                /** @description Only rows whose policy equals this. */
                policy?: string;
                /** @description Only rows whose policy differs from this. */
                policy__ne?: string;
                /** @description Only rows whose policy is one of (comma-separated) this. */
                policy__in?: string;
                /** @description Only rows whose policy contains, in any case, this. */
                policy__ilk?: string;
                /** @description Only rows whose categories has this. */
                categories?: string;
                /** @description Only rows whose categories lacks this. */
                categories__ne?: string;
                /** @description Only rows whose categories has one of (comma-separated) this. */
                categories__in?: string;
                /** @description Only rows whose categories contains, in any case, this. */
                categories__ilk?: string;
                /** @description Only rows whose mode equals this. */
                mode?: string;
                /** @description Only rows whose mode differs from this. */
                mode__ne?: string;
                /** @description Only rows whose mode is one of (comma-separated) this. */
                mode__in?: string;
                /** @description Only rows whose mode contains, in any case, this. */
                mode__ilk?: string;
                /** @description Only rows whose framework equals this. */
                framework?: string;
                /** @description Only rows whose framework differs from this. */
                framework__ne?: string;
                /** @description Only rows whose framework is one of (comma-separated) this. */
                framework__in?: string;
                /** @description Only rows whose framework contains, in any case, this. */
                framework__ilk?: string;
                /** @description Only rows whose version equals this. */
                version?: string;
                /** @description Only rows whose version differs from this. */
                version__ne?: string;
                /** @description Only rows whose version is one of (comma-separated) this. */
                version__in?: string;
                /** @description Only rows whose version contains, in any case, this. */
                version__ilk?: string;
                /** @description Only rows whose owner equals this. */
                owner?: string;
                /** @description Only rows whose owner differs from this. */
                owner__ne?: string;
                /** @description Only rows whose owner is one of (comma-separated) this. */
                owner__in?: string;
                /** @description Only rows whose owner contains, in any case, this. */
                owner__ilk?: string;
                /** @description Only rows whose context equals this. */
                context?: string;
                /** @description Only rows whose context differs from this. */
                context__ne?: string;
                /** @description Only rows whose context is one of (comma-separated) this. */
                context__in?: string;
                /** @description Only rows whose context contains, in any case, this. */
                context__ilk?: string;
                /** @description Only rows whose data_sources has this. */
                data_sources?: string;
                /** @description Only rows whose data_sources lacks this. */
                data_sources__ne?: string;
                /** @description Only rows whose data_sources has one of (comma-separated) this. */
                data_sources__in?: string;
                /** @description Only rows whose data_sources contains, in any case, this. */
                data_sources__ilk?: string;
                /** @description Only rows whose permissions has this. */
                permissions?: string;
                /** @description Only rows whose permissions lacks this. */
                permissions__ne?: string;
                /** @description Only rows whose permissions has one of (comma-separated) this. */
                permissions__in?: string;
                /** @description Only rows whose permissions contains, in any case, this. */
                permissions__ilk?: string;
                /** @description Only rows whose human_approval equals this. */
                human_approval?: boolean;
                /** @description Only rows whose human_approval differs from this. */
                human_approval__ne?: boolean;
                /** @description Only rows whose tools equals this. */
                tools?: number;
                /** @description Only rows whose tools differs from this. */
                tools__ne?: number;
                /** @description Only rows whose tools is one of (comma-separated) this. */
                tools__in?: string;
                /** @description Only rows whose tools is greater than this. */
                tools__gt?: number;
                /** @description Only rows whose tools is at least this. */
                tools__gte?: number;
                /** @description Only rows whose tools is less than this. */
                tools__lt?: number;
                /** @description Only rows whose tools is at most this. */
                tools__lte?: number;
                /** @description Only rows whose sub_agents equals this. */
                sub_agents?: number;
                /** @description Only rows whose sub_agents differs from this. */
                sub_agents__ne?: number;
                /** @description Only rows whose sub_agents is one of (comma-separated) this. */
                sub_agents__in?: string;
                /** @description Only rows whose sub_agents is greater than this. */
                sub_agents__gt?: number;
                /** @description Only rows whose sub_agents is at least this. */
                sub_agents__gte?: number;
                /** @description Only rows whose sub_agents is less than this. */
                sub_agents__lt?: number;
                /** @description Only rows whose sub_agents is at most this. */
                sub_agents__lte?: number;
                /** @description Only rows whose input_guardrails equals this. */
                input_guardrails?: number;
                /** @description Only rows whose input_guardrails differs from this. */
                input_guardrails__ne?: number;
                /** @description Only rows whose input_guardrails is one of (comma-separated) this. */
                input_guardrails__in?: string;
                /** @description Only rows whose input_guardrails is greater than this. */
                input_guardrails__gt?: number;
                /** @description Only rows whose input_guardrails is at least this. */
                input_guardrails__gte?: number;
                /** @description Only rows whose input_guardrails is less than this. */
                input_guardrails__lt?: number;
                /** @description Only rows whose input_guardrails is at most this. */
                input_guardrails__lte?: number;
                /** @description Only rows whose output_guardrails equals this. */
                output_guardrails?: number;
                /** @description Only rows whose output_guardrails differs from this. */
                output_guardrails__ne?: number;
                /** @description Only rows whose output_guardrails is one of (comma-separated) this. */
                output_guardrails__in?: string;
                /** @description Only rows whose output_guardrails is greater than this. */
                output_guardrails__gt?: number;
                /** @description Only rows whose output_guardrails is at least this. */
                output_guardrails__gte?: number;
                /** @description Only rows whose output_guardrails is less than this. */
                output_guardrails__lt?: number;
                /** @description Only rows whose output_guardrails is at most this. */
                output_guardrails__lte?: number;
                /** @description Only rows whose model_family equals this. */
                model_family?: string;
                /** @description Only rows whose model_family differs from this. */
                model_family__ne?: string;
                /** @description Only rows whose model_family is one of (comma-separated) this. */
                model_family__in?: string;
                /** @description Only rows whose model_family contains, in any case, this. */
                model_family__ilk?: string;
                /** @description Only rows whose pinned equals this. */
                pinned?: boolean;
                /** @description Only rows whose pinned differs from this. */
                pinned__ne?: boolean;
                /** @description Only rows whose hosting equals this. */
                hosting?: string;
                /** @description Only rows whose hosting differs from this. */
                hosting__ne?: string;
                /** @description Only rows whose hosting is one of (comma-separated) this. */
                hosting__in?: string;
                /** @description Only rows whose hosting contains, in any case, this. */
                hosting__ilk?: string;
                /** @description Only rows whose license equals this. */
                license?: string;
                /** @description Only rows whose license differs from this. */
                license__ne?: string;
                /** @description Only rows whose license is one of (comma-separated) this. */
                license__in?: string;
                /** @description Only rows whose license contains, in any case, this. */
                license__ilk?: string;
                /** @description Only rows whose context_window equals this. */
                context_window?: number;
                /** @description Only rows whose context_window differs from this. */
                context_window__ne?: number;
                /** @description Only rows whose context_window is one of (comma-separated) this. */
                context_window__in?: string;
                /** @description Only rows whose context_window is greater than this. */
                context_window__gt?: number;
                /** @description Only rows whose context_window is at least this. */
                context_window__gte?: number;
                /** @description Only rows whose context_window is less than this. */
                context_window__lt?: number;
                /** @description Only rows whose context_window is at most this. */
                context_window__lte?: number;
                /** @description Only rows whose locations equals this. */
                locations?: number;
                /** @description Only rows whose locations differs from this. */
                locations__ne?: number;
                /** @description Only rows whose locations is one of (comma-separated) this. */
                locations__in?: string;
                /** @description Only rows whose locations is greater than this. */
                locations__gt?: number;
                /** @description Only rows whose locations is at least this. */
                locations__gte?: number;
                /** @description Only rows whose locations is less than this. */
                locations__lt?: number;
                /** @description Only rows whose locations is at most this. */
                locations__lte?: number;
                /** @description Only rows whose transport equals this. */
                transport?: string;
                /** @description Only rows whose transport differs from this. */
                transport__ne?: string;
                /** @description Only rows whose transport is one of (comma-separated) this. */
                transport__in?: string;
                /** @description Only rows whose transport contains, in any case, this. */
                transport__ilk?: string;
                /** @description Only rows whose package equals this. */
                package?: string;
                /** @description Only rows whose package differs from this. */
                package__ne?: string;
                /** @description Only rows whose package is one of (comma-separated) this. */
                package__in?: string;
                /** @description Only rows whose package contains, in any case, this. */
                package__ilk?: string;
                /** @description Only rows whose publisher equals this. */
                publisher?: string;
                /** @description Only rows whose publisher differs from this. */
                publisher__ne?: string;
                /** @description Only rows whose publisher is one of (comma-separated) this. */
                publisher__in?: string;
                /** @description Only rows whose publisher contains, in any case, this. */
                publisher__ilk?: string;
                /** @description Only rows whose authentication equals this. */
                authentication?: string;
                /** @description Only rows whose authentication differs from this. */
                authentication__ne?: string;
                /** @description Only rows whose authentication is one of (comma-separated) this. */
                authentication__in?: string;
                /** @description Only rows whose authentication contains, in any case, this. */
                authentication__ilk?: string;
                /** @description Only rows whose prompts equals this. */
                prompts?: number;
                /** @description Only rows whose prompts differs from this. */
                prompts__ne?: number;
                /** @description Only rows whose prompts is one of (comma-separated) this. */
                prompts__in?: string;
                /** @description Only rows whose prompts is greater than this. */
                prompts__gt?: number;
                /** @description Only rows whose prompts is at least this. */
                prompts__gte?: number;
                /** @description Only rows whose prompts is less than this. */
                prompts__lt?: number;
                /** @description Only rows whose prompts is at most this. */
                prompts__lte?: number;
                /** @description Only rows whose resources equals this. */
                resources?: number;
                /** @description Only rows whose resources differs from this. */
                resources__ne?: number;
                /** @description Only rows whose resources is one of (comma-separated) this. */
                resources__in?: string;
                /** @description Only rows whose resources is greater than this. */
                resources__gt?: number;
                /** @description Only rows whose resources is at least this. */
                resources__gte?: number;
                /** @description Only rows whose resources is less than this. */
                resources__lt?: number;
                /** @description Only rows whose resources is at most this. */
                resources__lte?: number;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Object id. */
                id: string;
                /** @description Edge to follow (see the operation description for the allowed names). */
                edge: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of neighbours. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAllAispmModels: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Case-insensitive substring the name must contain. */
                name__ilk?: string;
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose name equals this. */
                name?: string;
                /** @description Only rows whose name differs from this. */
                name__ne?: string;
                /** @description Only rows whose name is one of (comma-separated) this. */
                name__in?: string;
                /** @description Only rows whose provider equals this. */
                provider?: string;
                /** @description Only rows whose provider differs from this. */
                provider__ne?: string;
                /** @description Only rows whose provider is one of (comma-separated) this. */
                provider__in?: string;
                /** @description Only rows whose provider contains, in any case, this. */
                provider__ilk?: string;
                /** @description Only rows whose model_family equals this. */
                model_family?: string;
                /** @description Only rows whose model_family differs from this. */
                model_family__ne?: string;
                /** @description Only rows whose model_family is one of (comma-separated) this. */
                model_family__in?: string;
                /** @description Only rows whose model_family contains, in any case, this. */
                model_family__ilk?: string;
                /** @description Only rows whose version equals this. */
                version?: string;
                /** @description Only rows whose version differs from this. */
                version__ne?: string;
                /** @description Only rows whose version is one of (comma-separated) this. */
                version__in?: string;
                /** @description Only rows whose version contains, in any case, this. */
                version__ilk?: string;
                /** @description Only rows whose pinned equals this. */
                pinned?: boolean;
                /** @description Only rows whose pinned differs from this. */
                pinned__ne?: boolean;
                /** @description Only rows whose type equals this. */
                type?: string;
                /** @description Only rows whose type differs from this. */
                type__ne?: string;
                /** @description Only rows whose type is one of (comma-separated) this. */
                type__in?: string;
                /** @description Only rows whose type contains, in any case, this. */
                type__ilk?: string;
                /** @description Only rows whose hosting equals this. */
                hosting?: string;
                /** @description Only rows whose hosting differs from this. */
                hosting__ne?: string;
                /** @description Only rows whose hosting is one of (comma-separated) this. */
                hosting__in?: string;
                /** @description Only rows whose hosting contains, in any case, this. */
                hosting__ilk?: string;
                /** @description Only rows whose license equals this. */
                license?: string;
                /** @description Only rows whose license differs from this. */
                license__ne?: string;
                /** @description Only rows whose license is one of (comma-separated) this. */
                license__in?: string;
                /** @description Only rows whose license contains, in any case, this. */
                license__ilk?: string;
                /** @description Only rows whose context_window equals this. */
                context_window?: number;
                /** @description Only rows whose context_window differs from this. */
                context_window__ne?: number;
                /** @description Only rows whose context_window is one of (comma-separated) this. */
                context_window__in?: string;
                /** @description Only rows whose context_window is greater than this. */
                context_window__gt?: number;
                /** @description Only rows whose context_window is at least this. */
                context_window__gte?: number;
                /** @description Only rows whose context_window is less than this. */
                context_window__lt?: number;
                /** @description Only rows whose context_window is at most this. */
                context_window__lte?: number;
                /** @description Only rows whose first_seen equals this. (RFC 3339 with a zone) */
                first_seen?: string;
                /** @description Only rows whose first_seen differs from this. (RFC 3339 with a zone) */
                first_seen__ne?: string;
                /** @description Only rows whose first_seen is greater than this. (RFC 3339 with a zone) */
                first_seen__gt?: string;
                /** @description Only rows whose first_seen is at least this. (RFC 3339 with a zone) */
                first_seen__gte?: string;
                /** @description Only rows whose first_seen is less than this. (RFC 3339 with a zone) */
                first_seen__lt?: string;
                /** @description Only rows whose first_seen is at most this. (RFC 3339 with a zone) */
                first_seen__lte?: string;
                /** @description Only rows whose last_seen equals this. (RFC 3339 with a zone) */
                last_seen?: string;
                /** @description Only rows whose last_seen differs from this. (RFC 3339 with a zone) */
                last_seen__ne?: string;
                /** @description Only rows whose last_seen is greater than this. (RFC 3339 with a zone) */
                last_seen__gt?: string;
                /** @description Only rows whose last_seen is at least this. (RFC 3339 with a zone) */
                last_seen__gte?: string;
                /** @description Only rows whose last_seen is less than this. (RFC 3339 with a zone) */
                last_seen__lt?: string;
                /** @description Only rows whose last_seen is at most this. (RFC 3339 with a zone) */
                last_seen__lte?: string;
                /** @description Only rows whose critical_issues equals this. */
                critical_issues?: number;
                /** @description Only rows whose critical_issues differs from this. */
                critical_issues__ne?: number;
                /** @description Only rows whose critical_issues is one of (comma-separated) this. */
                critical_issues__in?: string;
                /** @description Only rows whose critical_issues is greater than this. */
                critical_issues__gt?: number;
                /** @description Only rows whose critical_issues is at least this. */
                critical_issues__gte?: number;
                /** @description Only rows whose critical_issues is less than this. */
                critical_issues__lt?: number;
                /** @description Only rows whose critical_issues is at most this. */
                critical_issues__lte?: number;
                /** @description Only rows whose high_issues equals this. */
                high_issues?: number;
                /** @description Only rows whose high_issues differs from this. */
                high_issues__ne?: number;
                /** @description Only rows whose high_issues is one of (comma-separated) this. */
                high_issues__in?: string;
                /** @description Only rows whose high_issues is greater than this. */
                high_issues__gt?: number;
                /** @description Only rows whose high_issues is at least this. */
                high_issues__gte?: number;
                /** @description Only rows whose high_issues is less than this. */
                high_issues__lt?: number;
                /** @description Only rows whose high_issues is at most this. */
                high_issues__lte?: number;
                /** @description Only rows whose total_issues equals this. */
                total_issues?: number;
                /** @description Only rows whose total_issues differs from this. */
                total_issues__ne?: number;
                /** @description Only rows whose total_issues is one of (comma-separated) this. */
                total_issues__in?: string;
                /** @description Only rows whose total_issues is greater than this. */
                total_issues__gt?: number;
                /** @description Only rows whose total_issues is at least this. */
                total_issues__gte?: number;
                /** @description Only rows whose total_issues is less than this. */
                total_issues__lt?: number;
                /** @description Only rows whose total_issues is at most this. */
                total_issues__lte?: number;
                /** @description Only rows whose risk_score equals this. */
                risk_score?: number;
                /** @description Only rows whose risk_score differs from this. */
                risk_score__ne?: number;
                /** @description Only rows whose risk_score is one of (comma-separated) this. */
                risk_score__in?: string;
                /** @description Only rows whose risk_score is greater than this. */
                risk_score__gt?: number;
                /** @description Only rows whose risk_score is at least this. */
                risk_score__gte?: number;
                /** @description Only rows whose risk_score is less than this. */
                risk_score__lt?: number;
                /** @description Only rows whose risk_score is at most this. */
                risk_score__lte?: number;
                /** @description Only rows whose agents equals this. */
                agents?: number;
                /** @description Only rows whose agents differs from this. */
                agents__ne?: number;
                /** @description Only rows whose agents is one of (comma-separated) this. */
                agents__in?: string;
                /** @description Only rows whose agents is greater than this. */
                agents__gt?: number;
                /** @description Only rows whose agents is at least this. */
                agents__gte?: number;
                /** @description Only rows whose agents is less than this. */
                agents__lt?: number;
                /** @description Only rows whose agents is at most this. */
                agents__lte?: number;
                /** @description Only rows whose locations equals this. */
                locations?: number;
                /** @description Only rows whose locations differs from this. */
                locations__ne?: number;
                /** @description Only rows whose locations is one of (comma-separated) this. */
                locations__in?: string;
                /** @description Only rows whose locations is greater than this. */
                locations__gt?: number;
                /** @description Only rows whose locations is at least this. */
                locations__gte?: number;
                /** @description Only rows whose locations is less than this. */
                locations__lt?: number;
                /** @description Only rows whose locations is at most this. */
                locations__lte?: number;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of AI models. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAispmModelDetails: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Object id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The AI model and its embedded sections. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Column names, aligned with every row. */
                        header: string[];
                        /** @description One array per row, aligned to header. */
                        rows: unknown[][];
                        /** @description Pass as `cursor` for the next page; empty on the last page. */
                        cursor: string;
                        /** @description Rows matching the query over all pages. */
                        total: number;
                        /** @description 1 when total is exact. */
                        total_sampling: number;
                        agents: components["schemas"]["EmbeddedSection"];
                        locations: components["schemas"]["EmbeddedLocationSection"];
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAISPMModelEdges: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Case-insensitive substring the name must contain. */
                name__ilk?: string;
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose name equals this. */
                name?: string;
                /** @description Only rows whose name differs from this. */
                name__ne?: string;
                /** @description Only rows whose name is one of (comma-separated) this. */
                name__in?: string;
                /** @description Only rows whose type equals this. */
                type?: string;
                /** @description Only rows whose type differs from this. */
                type__ne?: string;
                /** @description Only rows whose type is one of (comma-separated) this. */
                type__in?: string;
                /** @description Only rows whose type contains, in any case, this. */
                type__ilk?: string;
                /** @description Only rows whose hostname equals this. */
                hostname?: string;
                /** @description Only rows whose hostname differs from this. */
                hostname__ne?: string;
                /** @description Only rows whose hostname is one of (comma-separated) this. */
                hostname__in?: string;
                /** @description Only rows whose hostname contains, in any case, this. */
                hostname__ilk?: string;
                /** @description Only rows whose ip equals this. */
                ip?: string;
                /** @description Only rows whose ip differs from this. */
                ip__ne?: string;
                /** @description Only rows whose ip is one of (comma-separated) this. */
                ip__in?: string;
                /** @description Only rows whose ip contains, in any case, this. */
                ip__ilk?: string;
                /** @description Only rows whose os equals this. */
                os?: string;
                /** @description Only rows whose os differs from this. */
                os__ne?: string;
                /** @description Only rows whose os is one of (comma-separated) this. */
                os__in?: string;
                /** @description Only rows whose os contains, in any case, this. */
                os__ilk?: string;
                /** @description Only rows whose cloud_provider equals this. */
                cloud_provider?: string;
                /** @description Only rows whose cloud_provider differs from this. */
                cloud_provider__ne?: string;
                /** @description Only rows whose cloud_provider is one of (comma-separated) this. */
                cloud_provider__in?: string;
                /** @description Only rows whose cloud_provider contains, in any case, this. */
                cloud_provider__ilk?: string;
                /** @description Only rows whose region equals this. */
                region?: string;
                /** @description Only rows whose region differs from this. */
                region__ne?: string;
                /** @description Only rows whose region is one of (comma-separated) this. */
                region__in?: string;
                /** @description Only rows whose region contains, in any case, this. */
                region__ilk?: string;
                /** @description Only rows whose environment equals this. */
                environment?: string;
                /** @description Only rows whose environment differs from this. */
                environment__ne?: string;
                /** @description Only rows whose environment is one of (comma-separated) this. */
                environment__in?: string;
                /** @description Only rows whose environment contains, in any case, this. */
                environment__ilk?: string;
                /** @description Only rows whose criticality equals this. */
                criticality?: number;
                /** @description Only rows whose criticality differs from this. */
                criticality__ne?: number;
                /** @description Only rows whose criticality is one of (comma-separated) this. */
                criticality__in?: string;
                /** @description Only rows whose criticality is greater than this. */
                criticality__gt?: number;
                /** @description Only rows whose criticality is at least this. */
                criticality__gte?: number;
                /** @description Only rows whose criticality is less than this. */
                criticality__lt?: number;
                /** @description Only rows whose criticality is at most this. */
                criticality__lte?: number;
                /** @description Only rows whose first_seen equals this. (RFC 3339 with a zone) */
                first_seen?: string;
                /** @description Only rows whose first_seen differs from this. (RFC 3339 with a zone) */
                first_seen__ne?: string;
                /** @description Only rows whose first_seen is greater than this. (RFC 3339 with a zone) */
                first_seen__gt?: string;
                /** @description Only rows whose first_seen is at least this. (RFC 3339 with a zone) */
                first_seen__gte?: string;
                /** @description Only rows whose first_seen is less than this. (RFC 3339 with a zone) */
                first_seen__lt?: string;
                /** @description Only rows whose first_seen is at most this. (RFC 3339 with a zone) */
                first_seen__lte?: string;
                /** @description Only rows whose last_seen equals this. (RFC 3339 with a zone) */
                last_seen?: string;
                /** @description Only rows whose last_seen differs from this. (RFC 3339 with a zone) */
                last_seen__ne?: string;
                /** @description Only rows whose last_seen is greater than this. (RFC 3339 with a zone) */
                last_seen__gt?: string;
                /** @description Only rows whose last_seen is at least this. (RFC 3339 with a zone) */
                last_seen__gte?: string;
                /** @description Only rows whose last_seen is less than this. (RFC 3339 with a zone) */
                last_seen__lt?: string;
                /** @description Only rows whose last_seen is at most this. (RFC 3339 with a zone) */
                last_seen__lte?: string;
                /** @description Only rows whose agents equals this. */
                agents?: number;
                /** @description Only rows whose agents differs from this. */
                agents__ne?: number;
                /** @description Only rows whose agents is one of (comma-separated) this. */
                agents__in?: string;
                /** @description Only rows whose agents is greater than this. */
                agents__gt?: number;
                /** @description Only rows whose agents is at least this. */
                agents__gte?: number;
                /** @description Only rows whose agents is less than this. */
                agents__lt?: number;
                /** @description Only rows whose agents is at most this. */
                agents__lte?: number;
                /** @description Only rows whose models equals this. */
                models?: number;
                /** @description Only rows whose models differs from this. */
                models__ne?: number;
                /** @description Only rows whose models is one of (comma-separated) this. */
                models__in?: string;
                /** @description Only rows whose models is greater than this. */
                models__gt?: number;
                /** @description Only rows whose models is at least this. */
                models__gte?: number;
                /** @description Only rows whose models is less than this. */
                models__lt?: number;
                /** @description Only rows whose models is at most this. */
                models__lte?: number;
                /** @description Only rows whose mcp_servers equals this. */
                mcp_servers?: number;
                /** @description Only rows whose mcp_servers differs from this. */
                mcp_servers__ne?: number;
                /** @description Only rows whose mcp_servers is one of (comma-separated) this. */
                mcp_servers__in?: string;
                /** @description Only rows whose mcp_servers is greater than this. */
                mcp_servers__gt?: number;
                /** @description Only rows whose mcp_servers is at least this. */
                mcp_servers__gte?: number;
                /** @description Only rows whose mcp_servers is less than this. */
                mcp_servers__lt?: number;
                /** @description Only rows whose mcp_servers is at most this. */
                mcp_servers__lte?: number;
                /** @description Only rows whose session_id equals this. */
                session_id?: string;
                /** @description Only rows whose session_id differs from this. */
                session_id__ne?: string;
                /** @description Only rows whose session_id is one of (comma-separated) this. */
                session_id__in?: string;
                /** @description Only rows whose session_id contains, in any case, this. */
                session_id__ilk?: string;
                /** @description Only rows whose agent_id equals this. */
                agent_id?: string;
                /** @description Only rows whose agent_id differs from this. */
                agent_id__ne?: string;
                /** @description Only rows whose agent_id is one of (comma-separated) this. */
                agent_id__in?: string;
                /** @description Only rows whose agent_id contains, in any case, this. */
                agent_id__ilk?: string;
                /** @description Only rows whose start_time equals this. (RFC 3339 with a zone) */
                start_time?: string;
                /** @description Only rows whose start_time differs from this. (RFC 3339 with a zone) */
                start_time__ne?: string;
                /** @description Only rows whose start_time is greater than this. (RFC 3339 with a zone) */
                start_time__gt?: string;
                /** @description Only rows whose start_time is at least this. (RFC 3339 with a zone) */
                start_time__gte?: string;
                /** @description Only rows whose start_time is less than this. (RFC 3339 with a zone) */
                start_time__lt?: string;
                /** @description Only rows whose start_time is at most this. (RFC 3339 with a zone) */
                start_time__lte?: string;
                /** @description Only rows whose end_time equals this. (RFC 3339 with a zone) */
                end_time?: string;
                /** @description Only rows whose end_time differs from this. (RFC 3339 with a zone) */
                end_time__ne?: string;
                /** @description Only rows whose end_time is greater than this. (RFC 3339 with a zone) */
                end_time__gt?: string;
                /** @description Only rows whose end_time is at least this. (RFC 3339 with a zone) */
                end_time__gte?: string;
                /** @description Only rows whose end_time is less than this. (RFC 3339 with a zone) */
                end_time__lt?: string;
                /** @description Only rows whose end_time is at most this. (RFC 3339 with a zone) */
                end_time__lte?: string;
                /** @description Only rows whose duration_ms equals this. */
                duration_ms?: number;
                /** @description Only rows whose duration_ms differs from this. */
                duration_ms__ne?: number;
                /** @description Only rows whose duration_ms is one of (comma-separated) this. */
                duration_ms__in?: string;
                /** @description Only rows whose duration_ms is greater than this. */
                duration_ms__gt?: number;
                /** @description Only rows whose duration_ms is at least this. */
                duration_ms__gte?: number;
                /** @description Only rows whose duration_ms is less than this. */
                duration_ms__lt?: number;
                /** @description Only rows whose duration_ms is at most this. */
                duration_ms__lte?: number;
                /** @description Only rows whose turns equals this. */
                turns?: number;
                /** @description Only rows whose turns differs from this. */
                turns__ne?: number;
                /** @description Only rows whose turns is one of (comma-separated) this. */
                turns__in?: string;
                /** @description Only rows whose turns is greater than this. */
                turns__gt?: number;
                /** @description Only rows whose turns is at least this. */
                turns__gte?: number;
                /** @description Only rows whose turns is less than this. */
                turns__lt?: number;
                /** @description Only rows whose turns is at most this. */
                turns__lte?: number;
                /** @description Only rows whose input_tokens equals this. */
                input_tokens?: number;
                /** @description Only rows whose input_tokens differs from this. */
                input_tokens__ne?: number;
                /** @description Only rows whose input_tokens is one of (comma-separated) this. */
                input_tokens__in?: string;
                /** @description Only rows whose input_tokens is greater than this. */
                input_tokens__gt?: number;
                /** @description Only rows whose input_tokens is at least this. */
                input_tokens__gte?: number;
                /** @description Only rows whose input_tokens is less than this. */
                input_tokens__lt?: number;
                /** @description Only rows whose input_tokens is at most this. */
                input_tokens__lte?: number;
                /** @description Only rows whose output_tokens equals this. */
                output_tokens?: number;
                /** @description Only rows whose output_tokens differs from this. */
                output_tokens__ne?: number;
                /** @description Only rows whose output_tokens is one of (comma-separated) this. */
                output_tokens__in?: string;
                /** @description Only rows whose output_tokens is greater than this. */
                output_tokens__gt?: number;
                /** @description Only rows whose output_tokens is at least this. */
                output_tokens__gte?: number;
                /** @description Only rows whose output_tokens is less than this. */
                output_tokens__lt?: number;
                /** @description Only rows whose output_tokens is at most this. */
                output_tokens__lte?: number;
                /** @description Only rows whose total_tokens equals this. */
                total_tokens?: number;
                /** @description Only rows whose total_tokens differs from this. */
                total_tokens__ne?: number;
                /** @description Only rows whose total_tokens is one of (comma-separated) this. */
                total_tokens__in?: string;
                /** @description Only rows whose total_tokens is greater than this. */
                total_tokens__gt?: number;
                /** @description Only rows whose total_tokens is at least this. */
                total_tokens__gte?: number;
                /** @description Only rows whose total_tokens is less than this. */
                total_tokens__lt?: number;
                /** @description Only rows whose total_tokens is at most this. */
                total_tokens__lte?: number;
                /** @description Only rows whose cost equals this. */
                cost?: number;
                /** @description Only rows whose cost differs from this. */
                cost__ne?: number;
                /** @description Only rows whose cost is one of (comma-separated) this. */
                cost__in?: string;
                /** @description Only rows whose cost is greater than this. */
                cost__gt?: number;
                /** @description Only rows whose cost is at least this. */
                cost__gte?: number;
                /** @description Only rows whose cost is less than this. */
                cost__lt?: number;
                /** @description Only rows whose cost is at most this. */
                cost__lte?: number;
                /** @description Only rows whose ok equals this. */
                ok?: number;
                /** @description Only rows whose ok differs from this. */
                ok__ne?: number;
                /** @description Only rows whose ok is one of (comma-separated) this. */
                ok__in?: string;
                /** @description Only rows whose ok is greater than this. */
                ok__gt?: number;
                /** @description Only rows whose ok is at least this. */
                ok__gte?: number;
                /** @description Only rows whose ok is less than this. */
                ok__lt?: number;
                /** @description Only rows whose ok is at most this. */
                ok__lte?: number;
                /** @description Only rows whose alerted equals this. */
                alerted?: number;
                /** @description Only rows whose alerted differs from this. */
                alerted__ne?: number;
                /** @description Only rows whose alerted is one of (comma-separated) this. */
                alerted__in?: string;
                /** @description Only rows whose alerted is greater than this. */
                alerted__gt?: number;
                /** @description Only rows whose alerted is at least this. */
                alerted__gte?: number;
                /** @description Only rows whose alerted is less than this. */
                alerted__lt?: number;
                /** @description Only rows whose alerted is at most this. */
                alerted__lte?: number;
                /** @description Only rows whose blocked equals this. */
                blocked?: number;
                /** @description Only rows whose blocked differs from this. */
                blocked__ne?: number;
                /** @description Only rows whose blocked is one of (comma-separated) this. */
                blocked__in?: string;
                /** @description Only rows whose blocked is greater than this. */
                blocked__gt?: number;
                /** @description Only rows whose blocked is at least this. */
                blocked__gte?: number;
                /** @description Only rows whose blocked is less than this. */
                blocked__lt?: number;
                /** @description Only rows whose blocked is at most this. */
                blocked__lte?: number;
                /** @description Only rows whose redacted equals this. */
                redacted?: number;
                /** @description Only rows whose redacted differs from this. */
                redacted__ne?: number;
                /** @description Only rows whose redacted is one of (comma-separated) this. */
                redacted__in?: string;
                /** @description Only rows whose redacted is greater than this. */
                redacted__gt?: number;
                /** @description Only rows whose redacted is at least this. */
                redacted__gte?: number;
                /** @description Only rows whose redacted is less than this. */
                redacted__lt?: number;
                /** @description Only rows whose redacted is at most this. */
                redacted__lte?: number;
                /** @description Only rows whose issue_id equals this. */
                issue_id?: string;
                /** @description Only rows whose issue_id differs from this. */
                issue_id__ne?: string;
                /** @description Only rows whose issue_id is one of (comma-separated) this. */
                issue_id__in?: string;
                /** @description Only rows whose issue_id contains, in any case, this. */
                issue_id__ilk?: string;
                /** @description Only rows whose rule_id equals this. */
                rule_id?: string;
                /** @description Only rows whose rule_id differs from this. */
                rule_id__ne?: string;
                /** @description Only rows whose rule_id is one of (comma-separated) this. */
                rule_id__in?: string;
                /** @description Only rows whose rule_id contains, in any case, this. */
                rule_id__ilk?: string;
                /** @description Only rows whose severity equals this. */
                severity?: string;
                /** @description Only rows whose severity differs from this. */
                severity__ne?: string;
                /** @description Only rows whose severity is one of (comma-separated) this. */
                severity__in?: string;
                /** @description Only rows whose severity contains, in any case, this. */
                severity__ilk?: string;
                /** @description Only rows whose status equals this. */
                status?: string;
                /** @description Only rows whose status differs from this. */
                status__ne?: string;
                /** @description Only rows whose status is one of (comma-separated) this. */
                status__in?: string;
                /** @description Only rows whose status contains, in any case, this. */
                status__ilk?: string;
                /** @description Only rows whose title equals this. */
                title?: string;
                /** @description Only rows whose title differs from this. */
                title__ne?: string;
                /** @description Only rows whose title is one of (comma-separated) this. */
                title__in?: string;
                /** @description Only rows whose title contains, in any case, this. */
                title__ilk?: string;
                /** @description Only rows whose object_type equals this. */
                object_type?: string;
                /** @description Only rows whose object_type differs from this. */
                object_type__ne?: string;
                /** @description Only rows whose object_type is one of (comma-separated) this. */
                object_type__in?: string;
                /** @description Only rows whose object_type contains, in any case, this. */
                object_type__ilk?: string;
                /** @description Only rows whose object_id equals this. */
                object_id?: string;
                /** @description Only rows whose object_id differs from this. */
                object_id__ne?: string;
                /** @description Only rows whose object_id is one of (comma-separated) this. */
                object_id__in?: string;
                /** @description Only rows whose object_id contains, in any case, this. */
                object_id__ilk?: string;
                /** @description Only rows whose detected_at equals this. (RFC 3339 with a zone) */
                detected_at?: string;
                /** @description Only rows whose detected_at differs from this. (RFC 3339 with a zone) */
                detected_at__ne?: string;
                /** @description Only rows whose detected_at is greater than this. (RFC 3339 with a zone) */
                detected_at__gt?: string;
                /** @description Only rows whose detected_at is at least this. (RFC 3339 with a zone) */
                detected_at__gte?: string;
                /** @description Only rows whose detected_at is less than this. (RFC 3339 with a zone) */
                detected_at__lt?: string;
                /** @description Only rows whose detected_at is at most this. (RFC 3339 with a zone) */
                detected_at__lte?: string;
                /** @description Only rows whose resolved_at equals this. (RFC 3339 with a zone) */
                resolved_at?: string;
                /** @description Only rows whose resolved_at differs from this. (RFC 3339 with a zone) */
                resolved_at__ne?: string;
                /** @description Only rows whose resolved_at is greater than this. (RFC 3339 with a zone) */
                resolved_at__gt?: string;
                /** @description Only rows whose resolved_at is at least this. (RFC 3339 with a zone) */
                resolved_at__gte?: string;
                /** @description Only rows whose resolved_at is less than this. (RFC 3339 with a zone) */
                resolved_at__lt?: string;
                /** @description Only rows whose resolved_at is at most this. (RFC 3339 with a zone) */
                resolved_at__lte?: string;
                /** @description Only rows whose cvss_score equals this. */
                cvss_score?: number;
                /** @description Only rows whose cvss_score differs from this. */
                cvss_score__ne?: number;
                /** @description Only rows whose cvss_score is one of (comma-separated) this. */
                cvss_score__in?: string;
                /** @description Only rows whose cvss_score is greater than this. */
                cvss_score__gt?: number;
                /** @description Only rows whose cvss_score is at least this. */
                cvss_score__gte?: number;
                /** @description Only rows whose cvss_score is less than this. */
                cvss_score__lt?: number;
                /** @description Only rows whose cvss_score is at most this. */
                cvss_score__lte?: number;
                /** @description Only rows whose owasp_category equals this. */
                owasp_category?: string;
                /** @description Only rows whose owasp_category differs from this. */
                owasp_category__ne?: string;
                /** @description Only rows whose owasp_category is one of (comma-separated) this. */
                owasp_category__in?: string;
                /** @description Only rows whose owasp_category contains, in any case, this. */
                owasp_category__ilk?: string;
                /** @description Only rows whose scan_id equals this. */
                scan_id?: string;
                /** @description Only rows whose scan_id differs from this. */
                scan_id__ne?: string;
                /** @description Only rows whose scan_id is one of (comma-separated) this. */
                scan_id__in?: string;
                /** @description Only rows whose scan_id contains, in any case, this. */
                scan_id__ilk?: string;
                /** @description Only rows whose source equals this. */
                source?: string;
                /** @description Only rows whose source differs from this. */
                source__ne?: string;
                /** @description Only rows whose source is one of (comma-separated) this. */
                source__in?: string;
                /** @description Only rows whose source contains, in any case, this. */
                source__ilk?: string;
                /** @description Only rows whose rule_name equals this. */
                rule_name?: string;
                /** @description Only rows whose rule_name differs from this. */
                rule_name__ne?: string;
                /** @description Only rows whose rule_name is one of (comma-separated) this. */
                rule_name__in?: string;
                /** @description Only rows whose rule_name contains, in any case, this. */
                rule_name__ilk?: string;
                /** @description Only rows whose category equals this. */
                category?: string;
                /** @description Only rows whose category differs from this. */
                category__ne?: string;
                /** @description Only rows whose category is one of (comma-separated) this. */
                category__in?: string;
                /** @description Only rows whose category contains, in any case, this. */
                category__ilk?: string;
                /** @description Only rows whose occurrences equals this. */
                occurrences?: number;
                /** @description Only rows whose occurrences differs from this. */
                occurrences__ne?: number;
                /** @description Only rows whose occurrences is one of (comma-separated) this. */
                occurrences__in?: string;
                /** @description Only rows whose occurrences is greater than this. */
                occurrences__gt?: number;
                /** @description Only rows whose occurrences is at least this. */
                occurrences__gte?: number;
                /** @description Only rows whose occurrences is less than this. */
                occurrences__lt?: number;
                /** @description Only rows whose occurrences is at most this. */
                occurrences__lte?: number;
                /** @description Only rows whose first_detected equals this. (RFC 3339 with a zone) */
                first_detected?: string;
                /** @description Only rows whose first_detected differs from this. (RFC 3339 with a zone) */
                first_detected__ne?: string;
                /** @description Only rows whose first_detected is greater than this. (RFC 3339 with a zone) */
                first_detected__gt?: string;
                /** @description Only rows whose first_detected is at least this. (RFC 3339 with a zone) */
                first_detected__gte?: string;
                /** @description Only rows whose first_detected is less than this. (RFC 3339 with a zone) */
                first_detected__lt?: string;
                /** @description Only rows whose first_detected is at most this. (RFC 3339 with a zone) */
                first_detected__lte?: string;
                /** @description Only rows whose last_detected equals this. (RFC 3339 with a zone) */
                last_detected?: string;
                /** @description Only rows whose last_detected differs from this. (RFC 3339 with a zone) */
                last_detected__ne?: string;
                /** @description Only rows whose last_detected is greater than this. (RFC 3339 with a zone) */
                last_detected__gt?: string;
                /** @description Only rows whose last_detected is at least this. (RFC 3339 with a zone) */
                last_detected__gte?: string;
                /** @description Only rows whose last_detected is less than this. (RFC 3339 with a zone) */
                last_detected__lt?: string;
                /** @description Only rows whose last_detected is at most this. (RFC 3339 with a zone) */
                last_detected__lte?: string;
                /** @description Only rows whose repository equals this. */
                repository?: string;
                /** @description Only rows whose repository differs from this. */
                repository__ne?: string;
                /** @description Only rows whose repository is one of (comma-separated) this. */
                repository__in?: string;
                /** @description Only rows whose repository contains, in any case, this. */
                repository__ilk?: string;
                /** @description Only rows whose path equals this. */
                path?: string;
                /** @description Only rows whose path differs from this. */
                path__ne?: string;
                /** @description Only rows whose path is one of (comma-separated) this. */
                path__in?: string;
                /** @description Only rows whose path contains, in any case, this. */
                path__ilk?: string;
                /** @description Only rows whose start_line equals this. */
                start_line?: number;
                /** @description Only rows whose start_line differs from this. */
                start_line__ne?: number;
                /** @description Only rows whose start_line is one of (comma-separated) this. */
                start_line__in?: string;
                /** @description Only rows whose start_line is greater than this. */
                start_line__gt?: number;
                /** @description Only rows whose start_line is at least this. */
                start_line__gte?: number;
                /** @description Only rows whose start_line is less than this. */
                start_line__lt?: number;
                /** @description Only rows whose start_line is at most this. */
                start_line__lte?: number;
                /** @description Only rows whose end_line equals this. */
                end_line?: number;
                /** @description Only rows whose end_line differs from this. */
                end_line__ne?: number;
                /** @description Only rows whose end_line is one of (comma-separated) this. */
                end_line__in?: string;
                /** @description Only rows whose end_line is greater than this. */
                end_line__gt?: number;
                /** @description Only rows whose end_line is at least this. */
                end_line__gte?: number;
                /** @description Only rows whose end_line is less than this. */
                end_line__lt?: number;
                /** @description Only rows whose end_line is at most this. */
                end_line__lte?: number;
                /** @description Only rows whose branch equals this. */
                branch?: string;
                /** @description Only rows whose branch differs from this. */
                branch__ne?: string;
                /** @description Only rows whose branch is one of (comma-separated) this. */
                branch__in?: string;
                /** @description Only rows whose branch contains, in any case, this. */
                branch__ilk?: string;
                /** @description Only rows whose commit equals this. */
                commit?: string;
                /** @description Only rows whose commit differs from this. */
                commit__ne?: string;
                /** @description Only rows whose commit is one of (comma-separated) this. */
                commit__in?: string;
                /** @description Only rows whose commit contains, in any case, this. */
                commit__ilk?: string;
                /** @description Only rows whose url equals this. */
                url?: string;
                /** @description Only rows whose url differs from this. */
                url__ne?: string;
                /** @description Only rows whose url is one of (comma-separated) this. */
                url__in?: string;
                /** @description Only rows whose url contains, in any case, this. */
                url__ilk?: string;
                /** @description Only rows whose host equals this. */
                host?: string;
                /** @description Only rows whose host differs from this. */
                host__ne?: string;
                /** @description Only rows whose host is one of (comma-separated) this. */
                host__in?: string;
                /** @description Only rows whose host contains, in any case, this. */
                host__ilk?: string;
                /** @description Only rows whose certs equals this. */
                certs?: number;
                /** @description Only rows whose certs differs from this. */
                certs__ne?: number;
                /** @description Only rows whose certs is one of (comma-separated) this. */
                certs__in?: string;
                /** @description Only rows whose certs is greater than this. */
                certs__gt?: number;
                /** @description Only rows whose certs is at least this. */
                certs__gte?: number;
                /** @description Only rows whose certs is less than this. */
                certs__lt?: number;
                /** @description Only rows whose certs is at most this. */
                certs__lte?: number;
                /** @description Only rows whose secrets equals this. */
                secrets?: number;
                /** @description Only rows whose secrets differs from this. */
                secrets__ne?: number;
                /** @description Only rows whose secrets is one of (comma-separated) this. */
                secrets__in?: string;
                /** @description Only rows whose secrets is greater than this. */
                secrets__gt?: number;
                /** @description Only rows whose secrets is at least this. */
                secrets__gte?: number;
                /** @description Only rows whose secrets is less than this. */
                secrets__lt?: number;
                /** @description Only rows whose secrets is at most this. */
                secrets__lte?: number;
                /** @description Only rows whose probe equals this. */
                probe?: string;
                /** @description Only rows whose probe differs from this. */
                probe__ne?: string;
                /** @description Only rows whose probe is one of (comma-separated) this. */
                probe__in?: string;
                /** @description Only rows whose probe contains, in any case, this. */
                probe__ilk?: string;
                /** @description Only rows whose detector equals this. */
                detector?: string;
                /** @description Only rows whose detector differs from this. */
                detector__ne?: string;
                /** @description Only rows whose detector is one of (comma-separated) this. */
                detector__in?: string;
                /** @description Only rows whose detector contains, in any case, this. */
                detector__ilk?: string;
                /** @description Only rows whose pass_rate equals this. */
                pass_rate?: number;
                /** @description Only rows whose pass_rate differs from this. */
                pass_rate__ne?: number;
                /** @description Only rows whose pass_rate is one of (comma-separated) this. */
                pass_rate__in?: string;
                /** @description Only rows whose pass_rate is greater than this. */
                pass_rate__gt?: number;
                /** @description Only rows whose pass_rate is at least this. */
                pass_rate__gte?: number;
                /** @description Only rows whose pass_rate is less than this. */
                pass_rate__lt?: number;
                /** @description Only rows whose pass_rate is at most this. */
                pass_rate__lte?: number;
                /** @description Only rows whose attempts equals this. */
                attempts?: number;
                /** @description Only rows whose attempts differs from this. */
                attempts__ne?: number;
                /** @description Only rows whose attempts is one of (comma-separated) this. */
                attempts__in?: string;
                /** @description Only rows whose attempts is greater than this. */
                attempts__gt?: number;
                /** @description Only rows whose attempts is at least this. */
                attempts__gte?: number;
                /** @description Only rows whose attempts is less than this. */
                attempts__lt?: number;
                /** @description Only rows whose attempts is at most this. */
                attempts__lte?: number;
                /** @description Only rows whose run_at equals this. */
                run_at?: string;
                /** @description Only rows whose run_at differs from this. */
                run_at__ne?: string;
                /** @description Only rows whose run_at is one of (comma-separated) this. */
                run_at__in?: string;
                /** @description Only rows whose run_at contains, in any case, this. */
                run_at__ilk?: string;
                /** @description Only rows whose framework equals this. */
                framework?: string;
                /** @description Only rows whose framework differs from this. */
                framework__ne?: string;
                /** @description Only rows whose framework is one of (comma-separated) this. */
                framework__in?: string;
                /** @description Only rows whose framework contains, in any case, this. */
                framework__ilk?: string;
                /** @description Only rows whose language equals this. */
                language?: string;
                /** @description Only rows whose language differs from this. */
                language__ne?: string;
                /** @description Only rows whose language is one of (comma-separated) this. */
                language__in?: string;
                /** @description Only rows whose language contains, in any case, this. */
                language__ilk?: string;
                /** @description Only rows whose version equals this. */
                version?: string;
                /** @description Only rows whose version differs from this. */
                version__ne?: string;
                /** @description Only rows whose version is one of (comma-separated) this. */
                version__in?: string;
                /** @description Only rows whose version contains, in any case, this. */
                version__ilk?: string;
                /** @description Only rows whose owner equals this. */
                owner?: string;
                /** @description Only rows whose owner differs from this. */
                owner__ne?: string;
                /** @description Only rows whose owner is one of (comma-separated) this. */
                owner__in?: string;
                /** @description Only rows whose owner contains, in any case, this. */
                owner__ilk?: string;
                /** @description Only rows whose context equals this. */
                context?: string;
                /** @description Only rows whose context differs from this. */
                context__ne?: string;
                /** @description Only rows whose context is one of (comma-separated) this. */
                context__in?: string;
                /** @description Only rows whose context contains, in any case, this. */
                context__ilk?: string;
                /** @description Only rows whose data_sources has this. */
                data_sources?: string;
                /** @description Only rows whose data_sources lacks this. */
                data_sources__ne?: string;
                /** @description Only rows whose data_sources has one of (comma-separated) this. */
                data_sources__in?: string;
                /** @description Only rows whose data_sources contains, in any case, this. */
                data_sources__ilk?: string;
                /** @description Only rows whose permissions has this. */
                permissions?: string;
                /** @description Only rows whose permissions lacks this. */
                permissions__ne?: string;
                /** @description Only rows whose permissions has one of (comma-separated) this. */
                permissions__in?: string;
                /** @description Only rows whose permissions contains, in any case, this. */
                permissions__ilk?: string;
                /** @description Only rows whose human_approval equals this. */
                human_approval?: boolean;
                /** @description Only rows whose human_approval differs from this. */
                human_approval__ne?: boolean;
                /** @description Only rows whose critical_issues equals this. */
                critical_issues?: number;
                /** @description Only rows whose critical_issues differs from this. */
                critical_issues__ne?: number;
                /** @description Only rows whose critical_issues is one of (comma-separated) this. */
                critical_issues__in?: string;
                /** @description Only rows whose critical_issues is greater than this. */
                critical_issues__gt?: number;
                /** @description Only rows whose critical_issues is at least this. */
                critical_issues__gte?: number;
                /** @description Only rows whose critical_issues is less than this. */
                critical_issues__lt?: number;
                /** @description Only rows whose critical_issues is at most this. */
                critical_issues__lte?: number;
                /** @description Only rows whose high_issues equals this. */
                high_issues?: number;
                /** @description Only rows whose high_issues differs from this. */
                high_issues__ne?: number;
                /** @description Only rows whose high_issues is one of (comma-separated) this. */
                high_issues__in?: string;
                /** @description Only rows whose high_issues is greater than this. */
                high_issues__gt?: number;
                /** @description Only rows whose high_issues is at least this. */
                high_issues__gte?: number;
                /** @description Only rows whose high_issues is less than this. */
                high_issues__lt?: number;
                /** @description Only rows whose high_issues is at most this. */
                high_issues__lte?: number;
                /** @description Only rows whose total_issues equals this. */
                total_issues?: number;
                /** @description Only rows whose total_issues differs from this. */
                total_issues__ne?: number;
                /** @description Only rows whose total_issues is one of (comma-separated) this. */
                total_issues__in?: string;
                /** @description Only rows whose total_issues is greater than this. */
                total_issues__gt?: number;
                /** @description Only rows whose total_issues is at least this. */
                total_issues__gte?: number;
                /** @description Only rows whose total_issues is less than this. */
                total_issues__lt?: number;
                /** @description Only rows whose total_issues is at most this. */
                total_issues__lte?: number;
                /** @description Only rows whose risk_score equals this. */
                risk_score?: number;
                /** @description Only rows whose risk_score differs from this. */
                risk_score__ne?: number;
                /** @description Only rows whose risk_score is one of (comma-separated) this. */
                risk_score__in?: string;
                /** @description Only rows whose risk_score is greater than this. */
                risk_score__gt?: number;
                /** @description Only rows whose risk_score is at least this. */
                risk_score__gte?: number;
                /** @description Only rows whose risk_score is less than this. */
                risk_score__lt?: number;
                /** @description Only rows whose risk_score is at most this. */
                risk_score__lte?: number;
                /** @description Only rows whose tools equals this. */
                tools?: number;
                /** @description Only rows whose tools differs from this. */
                tools__ne?: number;
                /** @description Only rows whose tools is one of (comma-separated) this. */
                tools__in?: string;
                /** @description Only rows whose tools is greater than this. */
                tools__gt?: number;
                /** @description Only rows whose tools is at least this. */
                tools__gte?: number;
                /** @description Only rows whose tools is less than this. */
                tools__lt?: number;
                /** @description Only rows whose tools is at most this. */
                tools__lte?: number;
                /** @description Only rows whose sub_agents equals this. */
                sub_agents?: number;
                /** @description Only rows whose sub_agents differs from this. */
                sub_agents__ne?: number;
                /** @description Only rows whose sub_agents is one of (comma-separated) this. */
                sub_agents__in?: string;
                /** @description Only rows whose sub_agents is greater than this. */
                sub_agents__gt?: number;
                /** @description Only rows whose sub_agents is at least this. */
                sub_agents__gte?: number;
                /** @description Only rows whose sub_agents is less than this. */
                sub_agents__lt?: number;
                /** @description Only rows whose sub_agents is at most this. */
                sub_agents__lte?: number;
                /** @description Only rows whose input_guardrails equals this. */
                input_guardrails?: number;
                /** @description Only rows whose input_guardrails differs from this. */
                input_guardrails__ne?: number;
                /** @description Only rows whose input_guardrails is one of (comma-separated) this. */
                input_guardrails__in?: string;
                /** @description Only rows whose input_guardrails is greater than this. */
                input_guardrails__gt?: number;
                /** @description Only rows whose input_guardrails is at least this. */
                input_guardrails__gte?: number;
                /** @description Only rows whose input_guardrails is less than this. */
                input_guardrails__lt?: number;
                /** @description Only rows whose input_guardrails is at most this. */
                input_guardrails__lte?: number;
                /** @description Only rows whose output_guardrails equals this. */
                output_guardrails?: number;
                /** @description Only rows whose output_guardrails differs from this. */
                output_guardrails__ne?: number;
                /** @description Only rows whose output_guardrails is one of (comma-separated) this. */
                output_guardrails__in?: string;
                /** @description Only rows whose output_guardrails is greater than this. */
                output_guardrails__gt?: number;
                /** @description Only rows whose output_guardrails is at least this. */
                output_guardrails__gte?: number;
                /** @description Only rows whose output_guardrails is less than this. */
                output_guardrails__lt?: number;
                /** @description Only rows whose output_guardrails is at most this. */
                output_guardrails__lte?: number;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Object id. */
                id: string;
                /** @description Edge to follow (see the operation description for the allowed names). */
                edge: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of neighbours. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAllAispmTools: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Case-insensitive substring the name must contain. */
                name__ilk?: string;
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose name equals this. */
                name?: string;
                /** @description Only rows whose name differs from this. */
                name__ne?: string;
                /** @description Only rows whose name is one of (comma-separated) this. */
                name__in?: string;
                /** @description Only rows whose description equals this. */
                description?: string;
                /** @description Only rows whose description differs from this. */
                description__ne?: string;
                /** @description Only rows whose description is one of (comma-separated) this. */
                description__in?: string;
                /** @description Only rows whose description contains, in any case, this. */
                description__ilk?: string;
                /** @description Only rows whose type equals this. */
                type?: string;
                /** @description Only rows whose type differs from this. */
                type__ne?: string;
                /** @description Only rows whose type is one of (comma-separated) this. */
                type__in?: string;
                /** @description Only rows whose type contains, in any case, this. */
                type__ilk?: string;
                /** @description Only rows whose capabilities has this. */
                capabilities?: string;
                /** @description Only rows whose capabilities lacks this. */
                capabilities__ne?: string;
                /** @description Only rows whose capabilities has one of (comma-separated) this. */
                capabilities__in?: string;
                /** @description Only rows whose capabilities contains, in any case, this. */
                capabilities__ilk?: string;
                /** @description Only rows whose destructive equals this. */
                destructive?: boolean;
                /** @description Only rows whose destructive differs from this. */
                destructive__ne?: boolean;
                /** @description Only rows whose requires_approval equals this. */
                requires_approval?: boolean;
                /** @description Only rows whose requires_approval differs from this. */
                requires_approval__ne?: boolean;
                /** @description Only rows whose input_validation equals this. */
                input_validation?: boolean;
                /** @description Only rows whose input_validation differs from this. */
                input_validation__ne?: boolean;
                /** @description Only rows whose language equals this. */
                language?: string;
                /** @description Only rows whose language differs from this. */
                language__ne?: string;
                /** @description Only rows whose language is one of (comma-separated) this. */
                language__in?: string;
                /** @description Only rows whose language contains, in any case, this. */
                language__ilk?: string;
                /** @description Only rows whose first_seen equals this. (RFC 3339 with a zone) */
                first_seen?: string;
                /** @description Only rows whose first_seen differs from this. (RFC 3339 with a zone) */
                first_seen__ne?: string;
                /** @description Only rows whose first_seen is greater than this. (RFC 3339 with a zone) */
                first_seen__gt?: string;
                /** @description Only rows whose first_seen is at least this. (RFC 3339 with a zone) */
                first_seen__gte?: string;
                /** @description Only rows whose first_seen is less than this. (RFC 3339 with a zone) */
                first_seen__lt?: string;
                /** @description Only rows whose first_seen is at most this. (RFC 3339 with a zone) */
                first_seen__lte?: string;
                /** @description Only rows whose last_seen equals this. (RFC 3339 with a zone) */
                last_seen?: string;
                /** @description Only rows whose last_seen differs from this. (RFC 3339 with a zone) */
                last_seen__ne?: string;
                /** @description Only rows whose last_seen is greater than this. (RFC 3339 with a zone) */
                last_seen__gt?: string;
                /** @description Only rows whose last_seen is at least this. (RFC 3339 with a zone) */
                last_seen__gte?: string;
                /** @description Only rows whose last_seen is less than this. (RFC 3339 with a zone) */
                last_seen__lt?: string;
                /** @description Only rows whose last_seen is at most this. (RFC 3339 with a zone) */
                last_seen__lte?: string;
                /** @description Only rows whose critical_issues equals this. */
                critical_issues?: number;
                /** @description Only rows whose critical_issues differs from this. */
                critical_issues__ne?: number;
                /** @description Only rows whose critical_issues is one of (comma-separated) this. */
                critical_issues__in?: string;
                /** @description Only rows whose critical_issues is greater than this. */
                critical_issues__gt?: number;
                /** @description Only rows whose critical_issues is at least this. */
                critical_issues__gte?: number;
                /** @description Only rows whose critical_issues is less than this. */
                critical_issues__lt?: number;
                /** @description Only rows whose critical_issues is at most this. */
                critical_issues__lte?: number;
                /** @description Only rows whose high_issues equals this. */
                high_issues?: number;
                /** @description Only rows whose high_issues differs from this. */
                high_issues__ne?: number;
                /** @description Only rows whose high_issues is one of (comma-separated) this. */
                high_issues__in?: string;
                /** @description Only rows whose high_issues is greater than this. */
                high_issues__gt?: number;
                /** @description Only rows whose high_issues is at least this. */
                high_issues__gte?: number;
                /** @description Only rows whose high_issues is less than this. */
                high_issues__lt?: number;
                /** @description Only rows whose high_issues is at most this. */
                high_issues__lte?: number;
                /** @description Only rows whose total_issues equals this. */
                total_issues?: number;
                /** @description Only rows whose total_issues differs from this. */
                total_issues__ne?: number;
                /** @description Only rows whose total_issues is one of (comma-separated) this. */
                total_issues__in?: string;
                /** @description Only rows whose total_issues is greater than this. */
                total_issues__gt?: number;
                /** @description Only rows whose total_issues is at least this. */
                total_issues__gte?: number;
                /** @description Only rows whose total_issues is less than this. */
                total_issues__lt?: number;
                /** @description Only rows whose total_issues is at most this. */
                total_issues__lte?: number;
                /** @description Only rows whose risk_score equals this. */
                risk_score?: number;
                /** @description Only rows whose risk_score differs from this. */
                risk_score__ne?: number;
                /** @description Only rows whose risk_score is one of (comma-separated) this. */
                risk_score__in?: string;
                /** @description Only rows whose risk_score is greater than this. */
                risk_score__gt?: number;
                /** @description Only rows whose risk_score is at least this. */
                risk_score__gte?: number;
                /** @description Only rows whose risk_score is less than this. */
                risk_score__lt?: number;
                /** @description Only rows whose risk_score is at most this. */
                risk_score__lte?: number;
                /** @description Only rows whose agents equals this. */
                agents?: number;
                /** @description Only rows whose agents differs from this. */
                agents__ne?: number;
                /** @description Only rows whose agents is one of (comma-separated) this. */
                agents__in?: string;
                /** @description Only rows whose agents is greater than this. */
                agents__gt?: number;
                /** @description Only rows whose agents is at least this. */
                agents__gte?: number;
                /** @description Only rows whose agents is less than this. */
                agents__lt?: number;
                /** @description Only rows whose agents is at most this. */
                agents__lte?: number;
                /** @description Only rows whose mcp_servers equals this. */
                mcp_servers?: number;
                /** @description Only rows whose mcp_servers differs from this. */
                mcp_servers__ne?: number;
                /** @description Only rows whose mcp_servers is one of (comma-separated) this. */
                mcp_servers__in?: string;
                /** @description Only rows whose mcp_servers is greater than this. */
                mcp_servers__gt?: number;
                /** @description Only rows whose mcp_servers is at least this. */
                mcp_servers__gte?: number;
                /** @description Only rows whose mcp_servers is less than this. */
                mcp_servers__lt?: number;
                /** @description Only rows whose mcp_servers is at most this. */
                mcp_servers__lte?: number;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of AI tools. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAispmToolDetails: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Object id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The AI tool and its embedded sections. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Column names, aligned with every row. */
                        header: string[];
                        /** @description One array per row, aligned to header. */
                        rows: unknown[][];
                        /** @description Pass as `cursor` for the next page; empty on the last page. */
                        cursor: string;
                        /** @description Rows matching the query over all pages. */
                        total: number;
                        /** @description 1 when total is exact. */
                        total_sampling: number;
                        agents: components["schemas"]["EmbeddedSection"];
                        mcp_servers: components["schemas"]["EmbeddedSection"];
                        locations: components["schemas"]["EmbeddedLocationSection"];
                        issues: components["schemas"]["TabularResult"];
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAISPMToolEdges: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Case-insensitive substring the name must contain. */
                name__ilk?: string;
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose name equals this. */
                name?: string;
                /** @description Only rows whose name differs from this. */
                name__ne?: string;
                /** @description Only rows whose name is one of (comma-separated) this. */
                name__in?: string;
                /** @description Only rows whose framework equals this. */
                framework?: string;
                /** @description Only rows whose framework differs from this. */
                framework__ne?: string;
                /** @description Only rows whose framework is one of (comma-separated) this. */
                framework__in?: string;
                /** @description Only rows whose framework contains, in any case, this. */
                framework__ilk?: string;
                /** @description Only rows whose language equals this. */
                language?: string;
                /** @description Only rows whose language differs from this. */
                language__ne?: string;
                /** @description Only rows whose language is one of (comma-separated) this. */
                language__in?: string;
                /** @description Only rows whose language contains, in any case, this. */
                language__ilk?: string;
                /** @description Only rows whose version equals this. */
                version?: string;
                /** @description Only rows whose version differs from this. */
                version__ne?: string;
                /** @description Only rows whose version is one of (comma-separated) this. */
                version__in?: string;
                /** @description Only rows whose version contains, in any case, this. */
                version__ilk?: string;
                /** @description Only rows whose environment equals this. */
                environment?: string;
                /** @description Only rows whose environment differs from this. */
                environment__ne?: string;
                /** @description Only rows whose environment is one of (comma-separated) this. */
                environment__in?: string;
                /** @description Only rows whose environment contains, in any case, this. */
                environment__ilk?: string;
                /** @description Only rows whose owner equals this. */
                owner?: string;
                /** @description Only rows whose owner differs from this. */
                owner__ne?: string;
                /** @description Only rows whose owner is one of (comma-separated) this. */
                owner__in?: string;
                /** @description Only rows whose owner contains, in any case, this. */
                owner__ilk?: string;
                /** @description Only rows whose repository equals this. */
                repository?: string;
                /** @description Only rows whose repository differs from this. */
                repository__ne?: string;
                /** @description Only rows whose repository is one of (comma-separated) this. */
                repository__in?: string;
                /** @description Only rows whose repository contains, in any case, this. */
                repository__ilk?: string;
                /** @description Only rows whose context equals this. */
                context?: string;
                /** @description Only rows whose context differs from this. */
                context__ne?: string;
                /** @description Only rows whose context is one of (comma-separated) this. */
                context__in?: string;
                /** @description Only rows whose context contains, in any case, this. */
                context__ilk?: string;
                /** @description Only rows whose data_sources has this. */
                data_sources?: string;
                /** @description Only rows whose data_sources lacks this. */
                data_sources__ne?: string;
                /** @description Only rows whose data_sources has one of (comma-separated) this. */
                data_sources__in?: string;
                /** @description Only rows whose data_sources contains, in any case, this. */
                data_sources__ilk?: string;
                /** @description Only rows whose permissions has this. */
                permissions?: string;
                /** @description Only rows whose permissions lacks this. */
                permissions__ne?: string;
                /** @description Only rows whose permissions has one of (comma-separated) this. */
                permissions__in?: string;
                /** @description Only rows whose permissions contains, in any case, this. */
                permissions__ilk?: string;
                /** @description Only rows whose human_approval equals this. */
                human_approval?: boolean;
                /** @description Only rows whose human_approval differs from this. */
                human_approval__ne?: boolean;
                /** @description Only rows whose first_seen equals this. (RFC 3339 with a zone) */
                first_seen?: string;
                /** @description Only rows whose first_seen differs from this. (RFC 3339 with a zone) */
                first_seen__ne?: string;
                /** @description Only rows whose first_seen is greater than this. (RFC 3339 with a zone) */
                first_seen__gt?: string;
                /** @description Only rows whose first_seen is at least this. (RFC 3339 with a zone) */
                first_seen__gte?: string;
                /** @description Only rows whose first_seen is less than this. (RFC 3339 with a zone) */
                first_seen__lt?: string;
                /** @description Only rows whose first_seen is at most this. (RFC 3339 with a zone) */
                first_seen__lte?: string;
                /** @description Only rows whose last_seen equals this. (RFC 3339 with a zone) */
                last_seen?: string;
                /** @description Only rows whose last_seen differs from this. (RFC 3339 with a zone) */
                last_seen__ne?: string;
                /** @description Only rows whose last_seen is greater than this. (RFC 3339 with a zone) */
                last_seen__gt?: string;
                /** @description Only rows whose last_seen is at least this. (RFC 3339 with a zone) */
                last_seen__gte?: string;
                /** @description Only rows whose last_seen is less than this. (RFC 3339 with a zone) */
                last_seen__lt?: string;
                /** @description Only rows whose last_seen is at most this. (RFC 3339 with a zone) */
                last_seen__lte?: string;
                /** @description Only rows whose critical_issues equals this. */
                critical_issues?: number;
                /** @description Only rows whose critical_issues differs from this. */
                critical_issues__ne?: number;
                /** @description Only rows whose critical_issues is one of (comma-separated) this. */
                critical_issues__in?: string;
                /** @description Only rows whose critical_issues is greater than this. */
                critical_issues__gt?: number;
                /** @description Only rows whose critical_issues is at least this. */
                critical_issues__gte?: number;
                /** @description Only rows whose critical_issues is less than this. */
                critical_issues__lt?: number;
                /** @description Only rows whose critical_issues is at most this. */
                critical_issues__lte?: number;
                /** @description Only rows whose high_issues equals this. */
                high_issues?: number;
                /** @description Only rows whose high_issues differs from this. */
                high_issues__ne?: number;
                /** @description Only rows whose high_issues is one of (comma-separated) this. */
                high_issues__in?: string;
                /** @description Only rows whose high_issues is greater than this. */
                high_issues__gt?: number;
                /** @description Only rows whose high_issues is at least this. */
                high_issues__gte?: number;
                /** @description Only rows whose high_issues is less than this. */
                high_issues__lt?: number;
                /** @description Only rows whose high_issues is at most this. */
                high_issues__lte?: number;
                /** @description Only rows whose total_issues equals this. */
                total_issues?: number;
                /** @description Only rows whose total_issues differs from this. */
                total_issues__ne?: number;
                /** @description Only rows whose total_issues is one of (comma-separated) this. */
                total_issues__in?: string;
                /** @description Only rows whose total_issues is greater than this. */
                total_issues__gt?: number;
                /** @description Only rows whose total_issues is at least this. */
                total_issues__gte?: number;
                /** @description Only rows whose total_issues is less than this. */
                total_issues__lt?: number;
                /** @description Only rows whose total_issues is at most this. */
                total_issues__lte?: number;
                /** @description Only rows whose risk_score equals this. */
                risk_score?: number;
                /** @description Only rows whose risk_score differs from this. */
                risk_score__ne?: number;
                /** @description Only rows whose risk_score is one of (comma-separated) this. */
                risk_score__in?: string;
                /** @description Only rows whose risk_score is greater than this. */
                risk_score__gt?: number;
                /** @description Only rows whose risk_score is at least this. */
                risk_score__gte?: number;
                /** @description Only rows whose risk_score is less than this. */
                risk_score__lt?: number;
                /** @description Only rows whose risk_score is at most this. */
                risk_score__lte?: number;
                /** @description Only rows whose models equals this. */
                models?: number;
                /** @description Only rows whose models differs from this. */
                models__ne?: number;
                /** @description Only rows whose models is one of (comma-separated) this. */
                models__in?: string;
                /** @description Only rows whose models is greater than this. */
                models__gt?: number;
                /** @description Only rows whose models is at least this. */
                models__gte?: number;
                /** @description Only rows whose models is less than this. */
                models__lt?: number;
                /** @description Only rows whose models is at most this. */
                models__lte?: number;
                /** @description Only rows whose tools equals this. */
                tools?: number;
                /** @description Only rows whose tools differs from this. */
                tools__ne?: number;
                /** @description Only rows whose tools is one of (comma-separated) this. */
                tools__in?: string;
                /** @description Only rows whose tools is greater than this. */
                tools__gt?: number;
                /** @description Only rows whose tools is at least this. */
                tools__gte?: number;
                /** @description Only rows whose tools is less than this. */
                tools__lt?: number;
                /** @description Only rows whose tools is at most this. */
                tools__lte?: number;
                /** @description Only rows whose mcp_servers equals this. */
                mcp_servers?: number;
                /** @description Only rows whose mcp_servers differs from this. */
                mcp_servers__ne?: number;
                /** @description Only rows whose mcp_servers is one of (comma-separated) this. */
                mcp_servers__in?: string;
                /** @description Only rows whose mcp_servers is greater than this. */
                mcp_servers__gt?: number;
                /** @description Only rows whose mcp_servers is at least this. */
                mcp_servers__gte?: number;
                /** @description Only rows whose mcp_servers is less than this. */
                mcp_servers__lt?: number;
                /** @description Only rows whose mcp_servers is at most this. */
                mcp_servers__lte?: number;
                /** @description Only rows whose sub_agents equals this. */
                sub_agents?: number;
                /** @description Only rows whose sub_agents differs from this. */
                sub_agents__ne?: number;
                /** @description Only rows whose sub_agents is one of (comma-separated) this. */
                sub_agents__in?: string;
                /** @description Only rows whose sub_agents is greater than this. */
                sub_agents__gt?: number;
                /** @description Only rows whose sub_agents is at least this. */
                sub_agents__gte?: number;
                /** @description Only rows whose sub_agents is less than this. */
                sub_agents__lt?: number;
                /** @description Only rows whose sub_agents is at most this. */
                sub_agents__lte?: number;
                /** @description Only rows whose input_guardrails equals this. */
                input_guardrails?: number;
                /** @description Only rows whose input_guardrails differs from this. */
                input_guardrails__ne?: number;
                /** @description Only rows whose input_guardrails is one of (comma-separated) this. */
                input_guardrails__in?: string;
                /** @description Only rows whose input_guardrails is greater than this. */
                input_guardrails__gt?: number;
                /** @description Only rows whose input_guardrails is at least this. */
                input_guardrails__gte?: number;
                /** @description Only rows whose input_guardrails is less than this. */
                input_guardrails__lt?: number;
                /** @description Only rows whose input_guardrails is at most this. */
                input_guardrails__lte?: number;
                /** @description Only rows whose output_guardrails equals this. */
                output_guardrails?: number;
                /** @description Only rows whose output_guardrails differs from this. */
                output_guardrails__ne?: number;
                /** @description Only rows whose output_guardrails is one of (comma-separated) this. */
                output_guardrails__in?: string;
                /** @description Only rows whose output_guardrails is greater than this. */
                output_guardrails__gt?: number;
                /** @description Only rows whose output_guardrails is at least this. */
                output_guardrails__gte?: number;
                /** @description Only rows whose output_guardrails is less than this. */
                output_guardrails__lt?: number;
                /** @description Only rows whose output_guardrails is at most this. */
                output_guardrails__lte?: number;
                /** @description Only rows whose transport equals this. */
                transport?: string;
                /** @description Only rows whose transport differs from this. */
                transport__ne?: string;
                /** @description Only rows whose transport is one of (comma-separated) this. */
                transport__in?: string;
                /** @description Only rows whose transport contains, in any case, this. */
                transport__ilk?: string;
                /** @description Only rows whose url equals this. */
                url?: string;
                /** @description Only rows whose url differs from this. */
                url__ne?: string;
                /** @description Only rows whose url is one of (comma-separated) this. */
                url__in?: string;
                /** @description Only rows whose url contains, in any case, this. */
                url__ilk?: string;
                /** @description Only rows whose package equals this. */
                package?: string;
                /** @description Only rows whose package differs from this. */
                package__ne?: string;
                /** @description Only rows whose package is one of (comma-separated) this. */
                package__in?: string;
                /** @description Only rows whose package contains, in any case, this. */
                package__ilk?: string;
                /** @description Only rows whose publisher equals this. */
                publisher?: string;
                /** @description Only rows whose publisher differs from this. */
                publisher__ne?: string;
                /** @description Only rows whose publisher is one of (comma-separated) this. */
                publisher__in?: string;
                /** @description Only rows whose publisher contains, in any case, this. */
                publisher__ilk?: string;
                /** @description Only rows whose authentication equals this. */
                authentication?: string;
                /** @description Only rows whose authentication differs from this. */
                authentication__ne?: string;
                /** @description Only rows whose authentication is one of (comma-separated) this. */
                authentication__in?: string;
                /** @description Only rows whose authentication contains, in any case, this. */
                authentication__ilk?: string;
                /** @description Only rows whose agents equals this. */
                agents?: number;
                /** @description Only rows whose agents differs from this. */
                agents__ne?: number;
                /** @description Only rows whose agents is one of (comma-separated) this. */
                agents__in?: string;
                /** @description Only rows whose agents is greater than this. */
                agents__gt?: number;
                /** @description Only rows whose agents is at least this. */
                agents__gte?: number;
                /** @description Only rows whose agents is less than this. */
                agents__lt?: number;
                /** @description Only rows whose agents is at most this. */
                agents__lte?: number;
                /** @description Only rows whose prompts equals this. */
                prompts?: number;
                /** @description Only rows whose prompts differs from this. */
                prompts__ne?: number;
                /** @description Only rows whose prompts is one of (comma-separated) this. */
                prompts__in?: string;
                /** @description Only rows whose prompts is greater than this. */
                prompts__gt?: number;
                /** @description Only rows whose prompts is at least this. */
                prompts__gte?: number;
                /** @description Only rows whose prompts is less than this. */
                prompts__lt?: number;
                /** @description Only rows whose prompts is at most this. */
                prompts__lte?: number;
                /** @description Only rows whose resources equals this. */
                resources?: number;
                /** @description Only rows whose resources differs from this. */
                resources__ne?: number;
                /** @description Only rows whose resources is one of (comma-separated) this. */
                resources__in?: string;
                /** @description Only rows whose resources is greater than this. */
                resources__gt?: number;
                /** @description Only rows whose resources is at least this. */
                resources__gte?: number;
                /** @description Only rows whose resources is less than this. */
                resources__lt?: number;
                /** @description Only rows whose resources is at most this. */
                resources__lte?: number;
                /** @description Only rows whose rule_id equals this. */
                rule_id?: string;
                /** @description Only rows whose rule_id differs from this. */
                rule_id__ne?: string;
                /** @description Only rows whose rule_id is one of (comma-separated) this. */
                rule_id__in?: string;
                /** @description Only rows whose rule_id contains, in any case, this. */
                rule_id__ilk?: string;
                /** @description Only rows whose rule_name equals this. */
                rule_name?: string;
                /** @description Only rows whose rule_name differs from this. */
                rule_name__ne?: string;
                /** @description Only rows whose rule_name is one of (comma-separated) this. */
                rule_name__in?: string;
                /** @description Only rows whose rule_name contains, in any case, this. */
                rule_name__ilk?: string;
                /** @description Only rows whose severity equals this. */
                severity?: string;
                /** @description Only rows whose severity differs from this. */
                severity__ne?: string;
                /** @description Only rows whose severity is one of (comma-separated) this. */
                severity__in?: string;
                /** @description Only rows whose severity contains, in any case, this. */
                severity__ilk?: string;
                /** @description Only rows whose category equals this. */
                category?: string;
                /** @description Only rows whose category differs from this. */
                category__ne?: string;
                /** @description Only rows whose category is one of (comma-separated) this. */
                category__in?: string;
                /** @description Only rows whose category contains, in any case, this. */
                category__ilk?: string;
                /** @description Only rows whose occurrences equals this. */
                occurrences?: number;
                /** @description Only rows whose occurrences differs from this. */
                occurrences__ne?: number;
                /** @description Only rows whose occurrences is one of (comma-separated) this. */
                occurrences__in?: string;
                /** @description Only rows whose occurrences is greater than this. */
                occurrences__gt?: number;
                /** @description Only rows whose occurrences is at least this. */
                occurrences__gte?: number;
                /** @description Only rows whose occurrences is less than this. */
                occurrences__lt?: number;
                /** @description Only rows whose occurrences is at most this. */
                occurrences__lte?: number;
                /** @description Only rows whose first_detected equals this. (RFC 3339 with a zone) */
                first_detected?: string;
                /** @description Only rows whose first_detected differs from this. (RFC 3339 with a zone) */
                first_detected__ne?: string;
                /** @description Only rows whose first_detected is greater than this. (RFC 3339 with a zone) */
                first_detected__gt?: string;
                /** @description Only rows whose first_detected is at least this. (RFC 3339 with a zone) */
                first_detected__gte?: string;
                /** @description Only rows whose first_detected is less than this. (RFC 3339 with a zone) */
                first_detected__lt?: string;
                /** @description Only rows whose first_detected is at most this. (RFC 3339 with a zone) */
                first_detected__lte?: string;
                /** @description Only rows whose last_detected equals this. (RFC 3339 with a zone) */
                last_detected?: string;
                /** @description Only rows whose last_detected differs from this. (RFC 3339 with a zone) */
                last_detected__ne?: string;
                /** @description Only rows whose last_detected is greater than this. (RFC 3339 with a zone) */
                last_detected__gt?: string;
                /** @description Only rows whose last_detected is at least this. (RFC 3339 with a zone) */
                last_detected__gte?: string;
                /** @description Only rows whose last_detected is less than this. (RFC 3339 with a zone) */
                last_detected__lt?: string;
                /** @description Only rows whose last_detected is at most this. (RFC 3339 with a zone) */
                last_detected__lte?: string;
                /** @description Only rows whose type equals this. */
                type?: string;
                /** @description Only rows whose type differs from this. */
                type__ne?: string;
                /** @description Only rows whose type is one of (comma-separated) this. */
                type__in?: string;
                /** @description Only rows whose type contains, in any case, this. */
                type__ilk?: string;
                /** @description Only rows whose path equals this. */
                path?: string;
                /** @description Only rows whose path differs from this. */
                path__ne?: string;
                /** @description Only rows whose path is one of (comma-separated) this. */
                path__in?: string;
                /** @description Only rows whose path contains, in any case, this. */
                path__ilk?: string;
                /** @description Only rows whose start_line equals this. */
                start_line?: number;
                /** @description Only rows whose start_line differs from this. */
                start_line__ne?: number;
                /** @description Only rows whose start_line is one of (comma-separated) this. */
                start_line__in?: string;
                /** @description Only rows whose start_line is greater than this. */
                start_line__gt?: number;
                /** @description Only rows whose start_line is at least this. */
                start_line__gte?: number;
                /** @description Only rows whose start_line is less than this. */
                start_line__lt?: number;
                /** @description Only rows whose start_line is at most this. */
                start_line__lte?: number;
                /** @description Only rows whose end_line equals this. */
                end_line?: number;
                /** @description Only rows whose end_line differs from this. */
                end_line__ne?: number;
                /** @description Only rows whose end_line is one of (comma-separated) this. */
                end_line__in?: string;
                /** @description Only rows whose end_line is greater than this. */
                end_line__gt?: number;
                /** @description Only rows whose end_line is at least this. */
                end_line__gte?: number;
                /** @description Only rows whose end_line is less than this. */
                end_line__lt?: number;
                /** @description Only rows whose end_line is at most this. */
                end_line__lte?: number;
                /** @description Only rows whose branch equals this. */
                branch?: string;
                /** @description Only rows whose branch differs from this. */
                branch__ne?: string;
                /** @description Only rows whose branch is one of (comma-separated) this. */
                branch__in?: string;
                /** @description Only rows whose branch contains, in any case, this. */
                branch__ilk?: string;
                /** @description Only rows whose commit equals this. */
                commit?: string;
                /** @description Only rows whose commit differs from this. */
                commit__ne?: string;
                /** @description Only rows whose commit is one of (comma-separated) this. */
                commit__in?: string;
                /** @description Only rows whose commit contains, in any case, this. */
                commit__ilk?: string;
                /** @description Only rows whose host equals this. */
                host?: string;
                /** @description Only rows whose host differs from this. */
                host__ne?: string;
                /** @description Only rows whose host is one of (comma-separated) this. */
                host__in?: string;
                /** @description Only rows whose host contains, in any case, this. */
                host__ilk?: string;
                /** @description Only rows whose certs equals this. */
                certs?: number;
                /** @description Only rows whose certs differs from this. */
                certs__ne?: number;
                /** @description Only rows whose certs is one of (comma-separated) this. */
                certs__in?: string;
                /** @description Only rows whose certs is greater than this. */
                certs__gt?: number;
                /** @description Only rows whose certs is at least this. */
                certs__gte?: number;
                /** @description Only rows whose certs is less than this. */
                certs__lt?: number;
                /** @description Only rows whose certs is at most this. */
                certs__lte?: number;
                /** @description Only rows whose secrets equals this. */
                secrets?: number;
                /** @description Only rows whose secrets differs from this. */
                secrets__ne?: number;
                /** @description Only rows whose secrets is one of (comma-separated) this. */
                secrets__in?: string;
                /** @description Only rows whose secrets is greater than this. */
                secrets__gt?: number;
                /** @description Only rows whose secrets is at least this. */
                secrets__gte?: number;
                /** @description Only rows whose secrets is less than this. */
                secrets__lt?: number;
                /** @description Only rows whose secrets is at most this. */
                secrets__lte?: number;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Object id. */
                id: string;
                /** @description Edge to follow (see the operation description for the allowed names). */
                edge: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of neighbours. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAllAispmMcpServers: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Case-insensitive substring the name must contain. */
                name__ilk?: string;
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose name equals this. */
                name?: string;
                /** @description Only rows whose name differs from this. */
                name__ne?: string;
                /** @description Only rows whose name is one of (comma-separated) this. */
                name__in?: string;
                /** @description Only rows whose transport equals this. */
                transport?: string;
                /** @description Only rows whose transport differs from this. */
                transport__ne?: string;
                /** @description Only rows whose transport is one of (comma-separated) this. */
                transport__in?: string;
                /** @description Only rows whose transport contains, in any case, this. */
                transport__ilk?: string;
                /** @description Only rows whose url equals this. */
                url?: string;
                /** @description Only rows whose url differs from this. */
                url__ne?: string;
                /** @description Only rows whose url is one of (comma-separated) this. */
                url__in?: string;
                /** @description Only rows whose url contains, in any case, this. */
                url__ilk?: string;
                /** @description Only rows whose package equals this. */
                package?: string;
                /** @description Only rows whose package differs from this. */
                package__ne?: string;
                /** @description Only rows whose package is one of (comma-separated) this. */
                package__in?: string;
                /** @description Only rows whose package contains, in any case, this. */
                package__ilk?: string;
                /** @description Only rows whose version equals this. */
                version?: string;
                /** @description Only rows whose version differs from this. */
                version__ne?: string;
                /** @description Only rows whose version is one of (comma-separated) this. */
                version__in?: string;
                /** @description Only rows whose version contains, in any case, this. */
                version__ilk?: string;
                /** @description Only rows whose publisher equals this. */
                publisher?: string;
                /** @description Only rows whose publisher differs from this. */
                publisher__ne?: string;
                /** @description Only rows whose publisher is one of (comma-separated) this. */
                publisher__in?: string;
                /** @description Only rows whose publisher contains, in any case, this. */
                publisher__ilk?: string;
                /** @description Only rows whose authentication equals this. */
                authentication?: string;
                /** @description Only rows whose authentication differs from this. */
                authentication__ne?: string;
                /** @description Only rows whose authentication is one of (comma-separated) this. */
                authentication__in?: string;
                /** @description Only rows whose authentication contains, in any case, this. */
                authentication__ilk?: string;
                /** @description Only rows whose first_seen equals this. (RFC 3339 with a zone) */
                first_seen?: string;
                /** @description Only rows whose first_seen differs from this. (RFC 3339 with a zone) */
                first_seen__ne?: string;
                /** @description Only rows whose first_seen is greater than this. (RFC 3339 with a zone) */
                first_seen__gt?: string;
                /** @description Only rows whose first_seen is at least this. (RFC 3339 with a zone) */
                first_seen__gte?: string;
                /** @description Only rows whose first_seen is less than this. (RFC 3339 with a zone) */
                first_seen__lt?: string;
                /** @description Only rows whose first_seen is at most this. (RFC 3339 with a zone) */
                first_seen__lte?: string;
                /** @description Only rows whose last_seen equals this. (RFC 3339 with a zone) */
                last_seen?: string;
                /** @description Only rows whose last_seen differs from this. (RFC 3339 with a zone) */
                last_seen__ne?: string;
                /** @description Only rows whose last_seen is greater than this. (RFC 3339 with a zone) */
                last_seen__gt?: string;
                /** @description Only rows whose last_seen is at least this. (RFC 3339 with a zone) */
                last_seen__gte?: string;
                /** @description Only rows whose last_seen is less than this. (RFC 3339 with a zone) */
                last_seen__lt?: string;
                /** @description Only rows whose last_seen is at most this. (RFC 3339 with a zone) */
                last_seen__lte?: string;
                /** @description Only rows whose critical_issues equals this. */
                critical_issues?: number;
                /** @description Only rows whose critical_issues differs from this. */
                critical_issues__ne?: number;
                /** @description Only rows whose critical_issues is one of (comma-separated) this. */
                critical_issues__in?: string;
                /** @description Only rows whose critical_issues is greater than this. */
                critical_issues__gt?: number;
                /** @description Only rows whose critical_issues is at least this. */
                critical_issues__gte?: number;
                /** @description Only rows whose critical_issues is less than this. */
                critical_issues__lt?: number;
                /** @description Only rows whose critical_issues is at most this. */
                critical_issues__lte?: number;
                /** @description Only rows whose high_issues equals this. */
                high_issues?: number;
                /** @description Only rows whose high_issues differs from this. */
                high_issues__ne?: number;
                /** @description Only rows whose high_issues is one of (comma-separated) this. */
                high_issues__in?: string;
                /** @description Only rows whose high_issues is greater than this. */
                high_issues__gt?: number;
                /** @description Only rows whose high_issues is at least this. */
                high_issues__gte?: number;
                /** @description Only rows whose high_issues is less than this. */
                high_issues__lt?: number;
                /** @description Only rows whose high_issues is at most this. */
                high_issues__lte?: number;
                /** @description Only rows whose total_issues equals this. */
                total_issues?: number;
                /** @description Only rows whose total_issues differs from this. */
                total_issues__ne?: number;
                /** @description Only rows whose total_issues is one of (comma-separated) this. */
                total_issues__in?: string;
                /** @description Only rows whose total_issues is greater than this. */
                total_issues__gt?: number;
                /** @description Only rows whose total_issues is at least this. */
                total_issues__gte?: number;
                /** @description Only rows whose total_issues is less than this. */
                total_issues__lt?: number;
                /** @description Only rows whose total_issues is at most this. */
                total_issues__lte?: number;
                /** @description Only rows whose risk_score equals this. */
                risk_score?: number;
                /** @description Only rows whose risk_score differs from this. */
                risk_score__ne?: number;
                /** @description Only rows whose risk_score is one of (comma-separated) this. */
                risk_score__in?: string;
                /** @description Only rows whose risk_score is greater than this. */
                risk_score__gt?: number;
                /** @description Only rows whose risk_score is at least this. */
                risk_score__gte?: number;
                /** @description Only rows whose risk_score is less than this. */
                risk_score__lt?: number;
                /** @description Only rows whose risk_score is at most this. */
                risk_score__lte?: number;
                /** @description Only rows whose agents equals this. */
                agents?: number;
                /** @description Only rows whose agents differs from this. */
                agents__ne?: number;
                /** @description Only rows whose agents is one of (comma-separated) this. */
                agents__in?: string;
                /** @description Only rows whose agents is greater than this. */
                agents__gt?: number;
                /** @description Only rows whose agents is at least this. */
                agents__gte?: number;
                /** @description Only rows whose agents is less than this. */
                agents__lt?: number;
                /** @description Only rows whose agents is at most this. */
                agents__lte?: number;
                /** @description Only rows whose tools equals this. */
                tools?: number;
                /** @description Only rows whose tools differs from this. */
                tools__ne?: number;
                /** @description Only rows whose tools is one of (comma-separated) this. */
                tools__in?: string;
                /** @description Only rows whose tools is greater than this. */
                tools__gt?: number;
                /** @description Only rows whose tools is at least this. */
                tools__gte?: number;
                /** @description Only rows whose tools is less than this. */
                tools__lt?: number;
                /** @description Only rows whose tools is at most this. */
                tools__lte?: number;
                /** @description Only rows whose prompts equals this. */
                prompts?: number;
                /** @description Only rows whose prompts differs from this. */
                prompts__ne?: number;
                /** @description Only rows whose prompts is one of (comma-separated) this. */
                prompts__in?: string;
                /** @description Only rows whose prompts is greater than this. */
                prompts__gt?: number;
                /** @description Only rows whose prompts is at least this. */
                prompts__gte?: number;
                /** @description Only rows whose prompts is less than this. */
                prompts__lt?: number;
                /** @description Only rows whose prompts is at most this. */
                prompts__lte?: number;
                /** @description Only rows whose resources equals this. */
                resources?: number;
                /** @description Only rows whose resources differs from this. */
                resources__ne?: number;
                /** @description Only rows whose resources is one of (comma-separated) this. */
                resources__in?: string;
                /** @description Only rows whose resources is greater than this. */
                resources__gt?: number;
                /** @description Only rows whose resources is at least this. */
                resources__gte?: number;
                /** @description Only rows whose resources is less than this. */
                resources__lt?: number;
                /** @description Only rows whose resources is at most this. */
                resources__lte?: number;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of MCP servers. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAispmMcpServerDetails: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Object id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The MCP server and its embedded sections. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Column names, aligned with every row. */
                        header: string[];
                        /** @description One array per row, aligned to header. */
                        rows: unknown[][];
                        /** @description Pass as `cursor` for the next page; empty on the last page. */
                        cursor: string;
                        /** @description Rows matching the query over all pages. */
                        total: number;
                        /** @description 1 when total is exact. */
                        total_sampling: number;
                        agents: components["schemas"]["EmbeddedSection"];
                        locations: components["schemas"]["EmbeddedLocationSection"];
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAISPMMcpServerEdges: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Case-insensitive substring the name must contain. */
                name__ilk?: string;
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose name equals this. */
                name?: string;
                /** @description Only rows whose name differs from this. */
                name__ne?: string;
                /** @description Only rows whose name is one of (comma-separated) this. */
                name__in?: string;
                /** @description Only rows whose type equals this. */
                type?: string;
                /** @description Only rows whose type differs from this. */
                type__ne?: string;
                /** @description Only rows whose type is one of (comma-separated) this. */
                type__in?: string;
                /** @description Only rows whose type contains, in any case, this. */
                type__ilk?: string;
                /** @description Only rows whose hostname equals this. */
                hostname?: string;
                /** @description Only rows whose hostname differs from this. */
                hostname__ne?: string;
                /** @description Only rows whose hostname is one of (comma-separated) this. */
                hostname__in?: string;
                /** @description Only rows whose hostname contains, in any case, this. */
                hostname__ilk?: string;
                /** @description Only rows whose ip equals this. */
                ip?: string;
                /** @description Only rows whose ip differs from this. */
                ip__ne?: string;
                /** @description Only rows whose ip is one of (comma-separated) this. */
                ip__in?: string;
                /** @description Only rows whose ip contains, in any case, this. */
                ip__ilk?: string;
                /** @description Only rows whose os equals this. */
                os?: string;
                /** @description Only rows whose os differs from this. */
                os__ne?: string;
                /** @description Only rows whose os is one of (comma-separated) this. */
                os__in?: string;
                /** @description Only rows whose os contains, in any case, this. */
                os__ilk?: string;
                /** @description Only rows whose cloud_provider equals this. */
                cloud_provider?: string;
                /** @description Only rows whose cloud_provider differs from this. */
                cloud_provider__ne?: string;
                /** @description Only rows whose cloud_provider is one of (comma-separated) this. */
                cloud_provider__in?: string;
                /** @description Only rows whose cloud_provider contains, in any case, this. */
                cloud_provider__ilk?: string;
                /** @description Only rows whose region equals this. */
                region?: string;
                /** @description Only rows whose region differs from this. */
                region__ne?: string;
                /** @description Only rows whose region is one of (comma-separated) this. */
                region__in?: string;
                /** @description Only rows whose region contains, in any case, this. */
                region__ilk?: string;
                /** @description Only rows whose environment equals this. */
                environment?: string;
                /** @description Only rows whose environment differs from this. */
                environment__ne?: string;
                /** @description Only rows whose environment is one of (comma-separated) this. */
                environment__in?: string;
                /** @description Only rows whose environment contains, in any case, this. */
                environment__ilk?: string;
                /** @description Only rows whose criticality equals this. */
                criticality?: number;
                /** @description Only rows whose criticality differs from this. */
                criticality__ne?: number;
                /** @description Only rows whose criticality is one of (comma-separated) this. */
                criticality__in?: string;
                /** @description Only rows whose criticality is greater than this. */
                criticality__gt?: number;
                /** @description Only rows whose criticality is at least this. */
                criticality__gte?: number;
                /** @description Only rows whose criticality is less than this. */
                criticality__lt?: number;
                /** @description Only rows whose criticality is at most this. */
                criticality__lte?: number;
                /** @description Only rows whose first_seen equals this. (RFC 3339 with a zone) */
                first_seen?: string;
                /** @description Only rows whose first_seen differs from this. (RFC 3339 with a zone) */
                first_seen__ne?: string;
                /** @description Only rows whose first_seen is greater than this. (RFC 3339 with a zone) */
                first_seen__gt?: string;
                /** @description Only rows whose first_seen is at least this. (RFC 3339 with a zone) */
                first_seen__gte?: string;
                /** @description Only rows whose first_seen is less than this. (RFC 3339 with a zone) */
                first_seen__lt?: string;
                /** @description Only rows whose first_seen is at most this. (RFC 3339 with a zone) */
                first_seen__lte?: string;
                /** @description Only rows whose last_seen equals this. (RFC 3339 with a zone) */
                last_seen?: string;
                /** @description Only rows whose last_seen differs from this. (RFC 3339 with a zone) */
                last_seen__ne?: string;
                /** @description Only rows whose last_seen is greater than this. (RFC 3339 with a zone) */
                last_seen__gt?: string;
                /** @description Only rows whose last_seen is at least this. (RFC 3339 with a zone) */
                last_seen__gte?: string;
                /** @description Only rows whose last_seen is less than this. (RFC 3339 with a zone) */
                last_seen__lt?: string;
                /** @description Only rows whose last_seen is at most this. (RFC 3339 with a zone) */
                last_seen__lte?: string;
                /** @description Only rows whose agents equals this. */
                agents?: number;
                /** @description Only rows whose agents differs from this. */
                agents__ne?: number;
                /** @description Only rows whose agents is one of (comma-separated) this. */
                agents__in?: string;
                /** @description Only rows whose agents is greater than this. */
                agents__gt?: number;
                /** @description Only rows whose agents is at least this. */
                agents__gte?: number;
                /** @description Only rows whose agents is less than this. */
                agents__lt?: number;
                /** @description Only rows whose agents is at most this. */
                agents__lte?: number;
                /** @description Only rows whose models equals this. */
                models?: number;
                /** @description Only rows whose models differs from this. */
                models__ne?: number;
                /** @description Only rows whose models is one of (comma-separated) this. */
                models__in?: string;
                /** @description Only rows whose models is greater than this. */
                models__gt?: number;
                /** @description Only rows whose models is at least this. */
                models__gte?: number;
                /** @description Only rows whose models is less than this. */
                models__lt?: number;
                /** @description Only rows whose models is at most this. */
                models__lte?: number;
                /** @description Only rows whose mcp_servers equals this. */
                mcp_servers?: number;
                /** @description Only rows whose mcp_servers differs from this. */
                mcp_servers__ne?: number;
                /** @description Only rows whose mcp_servers is one of (comma-separated) this. */
                mcp_servers__in?: string;
                /** @description Only rows whose mcp_servers is greater than this. */
                mcp_servers__gt?: number;
                /** @description Only rows whose mcp_servers is at least this. */
                mcp_servers__gte?: number;
                /** @description Only rows whose mcp_servers is less than this. */
                mcp_servers__lt?: number;
                /** @description Only rows whose mcp_servers is at most this. */
                mcp_servers__lte?: number;
                /** @description Only rows whose session_id equals this. */
                session_id?: string;
                /** @description Only rows whose session_id differs from this. */
                session_id__ne?: string;
                /** @description Only rows whose session_id is one of (comma-separated) this. */
                session_id__in?: string;
                /** @description Only rows whose session_id contains, in any case, this. */
                session_id__ilk?: string;
                /** @description Only rows whose agent_id equals this. */
                agent_id?: string;
                /** @description Only rows whose agent_id differs from this. */
                agent_id__ne?: string;
                /** @description Only rows whose agent_id is one of (comma-separated) this. */
                agent_id__in?: string;
                /** @description Only rows whose agent_id contains, in any case, this. */
                agent_id__ilk?: string;
                /** @description Only rows whose start_time equals this. (RFC 3339 with a zone) */
                start_time?: string;
                /** @description Only rows whose start_time differs from this. (RFC 3339 with a zone) */
                start_time__ne?: string;
                /** @description Only rows whose start_time is greater than this. (RFC 3339 with a zone) */
                start_time__gt?: string;
                /** @description Only rows whose start_time is at least this. (RFC 3339 with a zone) */
                start_time__gte?: string;
                /** @description Only rows whose start_time is less than this. (RFC 3339 with a zone) */
                start_time__lt?: string;
                /** @description Only rows whose start_time is at most this. (RFC 3339 with a zone) */
                start_time__lte?: string;
                /** @description Only rows whose end_time equals this. (RFC 3339 with a zone) */
                end_time?: string;
                /** @description Only rows whose end_time differs from this. (RFC 3339 with a zone) */
                end_time__ne?: string;
                /** @description Only rows whose end_time is greater than this. (RFC 3339 with a zone) */
                end_time__gt?: string;
                /** @description Only rows whose end_time is at least this. (RFC 3339 with a zone) */
                end_time__gte?: string;
                /** @description Only rows whose end_time is less than this. (RFC 3339 with a zone) */
                end_time__lt?: string;
                /** @description Only rows whose end_time is at most this. (RFC 3339 with a zone) */
                end_time__lte?: string;
                /** @description Only rows whose duration_ms equals this. */
                duration_ms?: number;
                /** @description Only rows whose duration_ms differs from this. */
                duration_ms__ne?: number;
                /** @description Only rows whose duration_ms is one of (comma-separated) this. */
                duration_ms__in?: string;
                /** @description Only rows whose duration_ms is greater than this. */
                duration_ms__gt?: number;
                /** @description Only rows whose duration_ms is at least this. */
                duration_ms__gte?: number;
                /** @description Only rows whose duration_ms is less than this. */
                duration_ms__lt?: number;
                /** @description Only rows whose duration_ms is at most this. */
                duration_ms__lte?: number;
                /** @description Only rows whose turns equals this. */
                turns?: number;
                /** @description Only rows whose turns differs from this. */
                turns__ne?: number;
                /** @description Only rows whose turns is one of (comma-separated) this. */
                turns__in?: string;
                /** @description Only rows whose turns is greater than this. */
                turns__gt?: number;
                /** @description Only rows whose turns is at least this. */
                turns__gte?: number;
                /** @description Only rows whose turns is less than this. */
                turns__lt?: number;
                /** @description Only rows whose turns is at most this. */
                turns__lte?: number;
                /** @description Only rows whose input_tokens equals this. */
                input_tokens?: number;
                /** @description Only rows whose input_tokens differs from this. */
                input_tokens__ne?: number;
                /** @description Only rows whose input_tokens is one of (comma-separated) this. */
                input_tokens__in?: string;
                /** @description Only rows whose input_tokens is greater than this. */
                input_tokens__gt?: number;
                /** @description Only rows whose input_tokens is at least this. */
                input_tokens__gte?: number;
                /** @description Only rows whose input_tokens is less than this. */
                input_tokens__lt?: number;
                /** @description Only rows whose input_tokens is at most this. */
                input_tokens__lte?: number;
                /** @description Only rows whose output_tokens equals this. */
                output_tokens?: number;
                /** @description Only rows whose output_tokens differs from this. */
                output_tokens__ne?: number;
                /** @description Only rows whose output_tokens is one of (comma-separated) this. */
                output_tokens__in?: string;
                /** @description Only rows whose output_tokens is greater than this. */
                output_tokens__gt?: number;
                /** @description Only rows whose output_tokens is at least this. */
                output_tokens__gte?: number;
                /** @description Only rows whose output_tokens is less than this. */
                output_tokens__lt?: number;
                /** @description Only rows whose output_tokens is at most this. */
                output_tokens__lte?: number;
                /** @description Only rows whose total_tokens equals this. */
                total_tokens?: number;
                /** @description Only rows whose total_tokens differs from this. */
                total_tokens__ne?: number;
                /** @description Only rows whose total_tokens is one of (comma-separated) this. */
                total_tokens__in?: string;
                /** @description Only rows whose total_tokens is greater than this. */
                total_tokens__gt?: number;
                /** @description Only rows whose total_tokens is at least this. */
                total_tokens__gte?: number;
                /** @description Only rows whose total_tokens is less than this. */
                total_tokens__lt?: number;
                /** @description Only rows whose total_tokens is at most this. */
                total_tokens__lte?: number;
                /** @description Only rows whose cost equals this. */
                cost?: number;
                /** @description Only rows whose cost differs from this. */
                cost__ne?: number;
                /** @description Only rows whose cost is one of (comma-separated) this. */
                cost__in?: string;
                /** @description Only rows whose cost is greater than this. */
                cost__gt?: number;
                /** @description Only rows whose cost is at least this. */
                cost__gte?: number;
                /** @description Only rows whose cost is less than this. */
                cost__lt?: number;
                /** @description Only rows whose cost is at most this. */
                cost__lte?: number;
                /** @description Only rows whose ok equals this. */
                ok?: number;
                /** @description Only rows whose ok differs from this. */
                ok__ne?: number;
                /** @description Only rows whose ok is one of (comma-separated) this. */
                ok__in?: string;
                /** @description Only rows whose ok is greater than this. */
                ok__gt?: number;
                /** @description Only rows whose ok is at least this. */
                ok__gte?: number;
                /** @description Only rows whose ok is less than this. */
                ok__lt?: number;
                /** @description Only rows whose ok is at most this. */
                ok__lte?: number;
                /** @description Only rows whose alerted equals this. */
                alerted?: number;
                /** @description Only rows whose alerted differs from this. */
                alerted__ne?: number;
                /** @description Only rows whose alerted is one of (comma-separated) this. */
                alerted__in?: string;
                /** @description Only rows whose alerted is greater than this. */
                alerted__gt?: number;
                /** @description Only rows whose alerted is at least this. */
                alerted__gte?: number;
                /** @description Only rows whose alerted is less than this. */
                alerted__lt?: number;
                /** @description Only rows whose alerted is at most this. */
                alerted__lte?: number;
                /** @description Only rows whose blocked equals this. */
                blocked?: number;
                /** @description Only rows whose blocked differs from this. */
                blocked__ne?: number;
                /** @description Only rows whose blocked is one of (comma-separated) this. */
                blocked__in?: string;
                /** @description Only rows whose blocked is greater than this. */
                blocked__gt?: number;
                /** @description Only rows whose blocked is at least this. */
                blocked__gte?: number;
                /** @description Only rows whose blocked is less than this. */
                blocked__lt?: number;
                /** @description Only rows whose blocked is at most this. */
                blocked__lte?: number;
                /** @description Only rows whose redacted equals this. */
                redacted?: number;
                /** @description Only rows whose redacted differs from this. */
                redacted__ne?: number;
                /** @description Only rows whose redacted is one of (comma-separated) this. */
                redacted__in?: string;
                /** @description Only rows whose redacted is greater than this. */
                redacted__gt?: number;
                /** @description Only rows whose redacted is at least this. */
                redacted__gte?: number;
                /** @description Only rows whose redacted is less than this. */
                redacted__lt?: number;
                /** @description Only rows whose redacted is at most this. */
                redacted__lte?: number;
                /** @description Only rows whose issue_id equals this. */
                issue_id?: string;
                /** @description Only rows whose issue_id differs from this. */
                issue_id__ne?: string;
                /** @description Only rows whose issue_id is one of (comma-separated) this. */
                issue_id__in?: string;
                /** @description Only rows whose issue_id contains, in any case, this. */
                issue_id__ilk?: string;
                /** @description Only rows whose rule_id equals this. */
                rule_id?: string;
                /** @description Only rows whose rule_id differs from this. */
                rule_id__ne?: string;
                /** @description Only rows whose rule_id is one of (comma-separated) this. */
                rule_id__in?: string;
                /** @description Only rows whose rule_id contains, in any case, this. */
                rule_id__ilk?: string;
                /** @description Only rows whose severity equals this. */
                severity?: string;
                /** @description Only rows whose severity differs from this. */
                severity__ne?: string;
                /** @description Only rows whose severity is one of (comma-separated) this. */
                severity__in?: string;
                /** @description Only rows whose severity contains, in any case, this. */
                severity__ilk?: string;
                /** @description Only rows whose status equals this. */
                status?: string;
                /** @description Only rows whose status differs from this. */
                status__ne?: string;
                /** @description Only rows whose status is one of (comma-separated) this. */
                status__in?: string;
                /** @description Only rows whose status contains, in any case, this. */
                status__ilk?: string;
                /** @description Only rows whose title equals this. */
                title?: string;
                /** @description Only rows whose title differs from this. */
                title__ne?: string;
                /** @description Only rows whose title is one of (comma-separated) this. */
                title__in?: string;
                /** @description Only rows whose title contains, in any case, this. */
                title__ilk?: string;
                /** @description Only rows whose object_type equals this. */
                object_type?: string;
                /** @description Only rows whose object_type differs from this. */
                object_type__ne?: string;
                /** @description Only rows whose object_type is one of (comma-separated) this. */
                object_type__in?: string;
                /** @description Only rows whose object_type contains, in any case, this. */
                object_type__ilk?: string;
                /** @description Only rows whose object_id equals this. */
                object_id?: string;
                /** @description Only rows whose object_id differs from this. */
                object_id__ne?: string;
                /** @description Only rows whose object_id is one of (comma-separated) this. */
                object_id__in?: string;
                /** @description Only rows whose object_id contains, in any case, this. */
                object_id__ilk?: string;
                /** @description Only rows whose detected_at equals this. (RFC 3339 with a zone) */
                detected_at?: string;
                /** @description Only rows whose detected_at differs from this. (RFC 3339 with a zone) */
                detected_at__ne?: string;
                /** @description Only rows whose detected_at is greater than this. (RFC 3339 with a zone) */
                detected_at__gt?: string;
                /** @description Only rows whose detected_at is at least this. (RFC 3339 with a zone) */
                detected_at__gte?: string;
                /** @description Only rows whose detected_at is less than this. (RFC 3339 with a zone) */
                detected_at__lt?: string;
                /** @description Only rows whose detected_at is at most this. (RFC 3339 with a zone) */
                detected_at__lte?: string;
                /** @description Only rows whose resolved_at equals this. (RFC 3339 with a zone) */
                resolved_at?: string;
                /** @description Only rows whose resolved_at differs from this. (RFC 3339 with a zone) */
                resolved_at__ne?: string;
                /** @description Only rows whose resolved_at is greater than this. (RFC 3339 with a zone) */
                resolved_at__gt?: string;
                /** @description Only rows whose resolved_at is at least this. (RFC 3339 with a zone) */
                resolved_at__gte?: string;
                /** @description Only rows whose resolved_at is less than this. (RFC 3339 with a zone) */
                resolved_at__lt?: string;
                /** @description Only rows whose resolved_at is at most this. (RFC 3339 with a zone) */
                resolved_at__lte?: string;
                /** @description Only rows whose cvss_score equals this. */
                cvss_score?: number;
                /** @description Only rows whose cvss_score differs from this. */
                cvss_score__ne?: number;
                /** @description Only rows whose cvss_score is one of (comma-separated) this. */
                cvss_score__in?: string;
                /** @description Only rows whose cvss_score is greater than this. */
                cvss_score__gt?: number;
                /** @description Only rows whose cvss_score is at least this. */
                cvss_score__gte?: number;
                /** @description Only rows whose cvss_score is less than this. */
                cvss_score__lt?: number;
                /** @description Only rows whose cvss_score is at most this. */
                cvss_score__lte?: number;
                /** @description Only rows whose owasp_category equals this. */
                owasp_category?: string;
                /** @description Only rows whose owasp_category differs from this. */
                owasp_category__ne?: string;
                /** @description Only rows whose owasp_category is one of (comma-separated) this. */
                owasp_category__in?: string;
                /** @description Only rows whose owasp_category contains, in any case, this. */
                owasp_category__ilk?: string;
                /** @description Only rows whose scan_id equals this. */
                scan_id?: string;
                /** @description Only rows whose scan_id differs from this. */
                scan_id__ne?: string;
                /** @description Only rows whose scan_id is one of (comma-separated) this. */
                scan_id__in?: string;
                /** @description Only rows whose scan_id contains, in any case, this. */
                scan_id__ilk?: string;
                /** @description Only rows whose source equals this. */
                source?: string;
                /** @description Only rows whose source differs from this. */
                source__ne?: string;
                /** @description Only rows whose source is one of (comma-separated) this. */
                source__in?: string;
                /** @description Only rows whose source contains, in any case, this. */
                source__ilk?: string;
                /** @description Only rows whose rule_name equals this. */
                rule_name?: string;
                /** @description Only rows whose rule_name differs from this. */
                rule_name__ne?: string;
                /** @description Only rows whose rule_name is one of (comma-separated) this. */
                rule_name__in?: string;
                /** @description Only rows whose rule_name contains, in any case, this. */
                rule_name__ilk?: string;
                /** @description Only rows whose category equals this. */
                category?: string;
                /** @description Only rows whose category differs from this. */
                category__ne?: string;
                /** @description Only rows whose category is one of (comma-separated) this. */
                category__in?: string;
                /** @description Only rows whose category contains, in any case, this. */
                category__ilk?: string;
                /** @description Only rows whose occurrences equals this. */
                occurrences?: number;
                /** @description Only rows whose occurrences differs from this. */
                occurrences__ne?: number;
                /** @description Only rows whose occurrences is one of (comma-separated) this. */
                occurrences__in?: string;
                /** @description Only rows whose occurrences is greater than this. */
                occurrences__gt?: number;
                /** @description Only rows whose occurrences is at least this. */
                occurrences__gte?: number;
                /** @description Only rows whose occurrences is less than this. */
                occurrences__lt?: number;
                /** @description Only rows whose occurrences is at most this. */
                occurrences__lte?: number;
                /** @description Only rows whose first_detected equals this. (RFC 3339 with a zone) */
                first_detected?: string;
                /** @description Only rows whose first_detected differs from this. (RFC 3339 with a zone) */
                first_detected__ne?: string;
                /** @description Only rows whose first_detected is greater than this. (RFC 3339 with a zone) */
                first_detected__gt?: string;
                /** @description Only rows whose first_detected is at least this. (RFC 3339 with a zone) */
                first_detected__gte?: string;
                /** @description Only rows whose first_detected is less than this. (RFC 3339 with a zone) */
                first_detected__lt?: string;
                /** @description Only rows whose first_detected is at most this. (RFC 3339 with a zone) */
                first_detected__lte?: string;
                /** @description Only rows whose last_detected equals this. (RFC 3339 with a zone) */
                last_detected?: string;
                /** @description Only rows whose last_detected differs from this. (RFC 3339 with a zone) */
                last_detected__ne?: string;
                /** @description Only rows whose last_detected is greater than this. (RFC 3339 with a zone) */
                last_detected__gt?: string;
                /** @description Only rows whose last_detected is at least this. (RFC 3339 with a zone) */
                last_detected__gte?: string;
                /** @description Only rows whose last_detected is less than this. (RFC 3339 with a zone) */
                last_detected__lt?: string;
                /** @description Only rows whose last_detected is at most this. (RFC 3339 with a zone) */
                last_detected__lte?: string;
                /** @description Only rows whose repository equals this. */
                repository?: string;
                /** @description Only rows whose repository differs from this. */
                repository__ne?: string;
                /** @description Only rows whose repository is one of (comma-separated) this. */
                repository__in?: string;
                /** @description Only rows whose repository contains, in any case, this. */
                repository__ilk?: string;
                /** @description Only rows whose path equals this. */
                path?: string;
                /** @description Only rows whose path differs from this. */
                path__ne?: string;
                /** @description Only rows whose path is one of (comma-separated) this. */
                path__in?: string;
                /** @description Only rows whose path contains, in any case, this. */
                path__ilk?: string;
                /** @description Only rows whose start_line equals this. */
                start_line?: number;
                /** @description Only rows whose start_line differs from this. */
                start_line__ne?: number;
                /** @description Only rows whose start_line is one of (comma-separated) this. */
                start_line__in?: string;
                /** @description Only rows whose start_line is greater than this. */
                start_line__gt?: number;
                /** @description Only rows whose start_line is at least this. */
                start_line__gte?: number;
                /** @description Only rows whose start_line is less than this. */
                start_line__lt?: number;
                /** @description Only rows whose start_line is at most this. */
                start_line__lte?: number;
                /** @description Only rows whose end_line equals this. */
                end_line?: number;
                /** @description Only rows whose end_line differs from this. */
                end_line__ne?: number;
                /** @description Only rows whose end_line is one of (comma-separated) this. */
                end_line__in?: string;
                /** @description Only rows whose end_line is greater than this. */
                end_line__gt?: number;
                /** @description Only rows whose end_line is at least this. */
                end_line__gte?: number;
                /** @description Only rows whose end_line is less than this. */
                end_line__lt?: number;
                /** @description Only rows whose end_line is at most this. */
                end_line__lte?: number;
                /** @description Only rows whose branch equals this. */
                branch?: string;
                /** @description Only rows whose branch differs from this. */
                branch__ne?: string;
                /** @description Only rows whose branch is one of (comma-separated) this. */
                branch__in?: string;
                /** @description Only rows whose branch contains, in any case, this. */
                branch__ilk?: string;
                /** @description Only rows whose commit equals this. */
                commit?: string;
                /** @description Only rows whose commit differs from this. */
                commit__ne?: string;
                /** @description Only rows whose commit is one of (comma-separated) this. */
                commit__in?: string;
                /** @description Only rows whose commit contains, in any case, this. */
                commit__ilk?: string;
                /** @description Only rows whose url equals this. */
                url?: string;
                /** @description Only rows whose url differs from this. */
                url__ne?: string;
                /** @description Only rows whose url is one of (comma-separated) this. */
                url__in?: string;
                /** @description Only rows whose url contains, in any case, this. */
                url__ilk?: string;
                /** @description Only rows whose host equals this. */
                host?: string;
                /** @description Only rows whose host differs from this. */
                host__ne?: string;
                /** @description Only rows whose host is one of (comma-separated) this. */
                host__in?: string;
                /** @description Only rows whose host contains, in any case, this. */
                host__ilk?: string;
                /** @description Only rows whose certs equals this. */
                certs?: number;
                /** @description Only rows whose certs differs from this. */
                certs__ne?: number;
                /** @description Only rows whose certs is one of (comma-separated) this. */
                certs__in?: string;
                /** @description Only rows whose certs is greater than this. */
                certs__gt?: number;
                /** @description Only rows whose certs is at least this. */
                certs__gte?: number;
                /** @description Only rows whose certs is less than this. */
                certs__lt?: number;
                /** @description Only rows whose certs is at most this. */
                certs__lte?: number;
                /** @description Only rows whose secrets equals this. */
                secrets?: number;
                /** @description Only rows whose secrets differs from this. */
                secrets__ne?: number;
                /** @description Only rows whose secrets is one of (comma-separated) this. */
                secrets__in?: string;
                /** @description Only rows whose secrets is greater than this. */
                secrets__gt?: number;
                /** @description Only rows whose secrets is at least this. */
                secrets__gte?: number;
                /** @description Only rows whose secrets is less than this. */
                secrets__lt?: number;
                /** @description Only rows whose secrets is at most this. */
                secrets__lte?: number;
                /** @description Only rows whose description equals this. */
                description?: string;
                /** @description Only rows whose description differs from this. */
                description__ne?: string;
                /** @description Only rows whose description is one of (comma-separated) this. */
                description__in?: string;
                /** @description Only rows whose description contains, in any case, this. */
                description__ilk?: string;
                /** @description Only rows whose capabilities has this. */
                capabilities?: string;
                /** @description Only rows whose capabilities lacks this. */
                capabilities__ne?: string;
                /** @description Only rows whose capabilities has one of (comma-separated) this. */
                capabilities__in?: string;
                /** @description Only rows whose capabilities contains, in any case, this. */
                capabilities__ilk?: string;
                /** @description Only rows whose destructive equals this. */
                destructive?: boolean;
                /** @description Only rows whose destructive differs from this. */
                destructive__ne?: boolean;
                /** @description Only rows whose requires_approval equals this. */
                requires_approval?: boolean;
                /** @description Only rows whose requires_approval differs from this. */
                requires_approval__ne?: boolean;
                /** @description Only rows whose input_validation equals this. */
                input_validation?: boolean;
                /** @description Only rows whose input_validation differs from this. */
                input_validation__ne?: boolean;
                /** @description Only rows whose language equals this. */
                language?: string;
                /** @description Only rows whose language differs from this. */
                language__ne?: string;
                /** @description Only rows whose language is one of (comma-separated) this. */
                language__in?: string;
                /** @description Only rows whose language contains, in any case, this. */
                language__ilk?: string;
                /** @description Only rows whose critical_issues equals this. */
                critical_issues?: number;
                /** @description Only rows whose critical_issues differs from this. */
                critical_issues__ne?: number;
                /** @description Only rows whose critical_issues is one of (comma-separated) this. */
                critical_issues__in?: string;
                /** @description Only rows whose critical_issues is greater than this. */
                critical_issues__gt?: number;
                /** @description Only rows whose critical_issues is at least this. */
                critical_issues__gte?: number;
                /** @description Only rows whose critical_issues is less than this. */
                critical_issues__lt?: number;
                /** @description Only rows whose critical_issues is at most this. */
                critical_issues__lte?: number;
                /** @description Only rows whose high_issues equals this. */
                high_issues?: number;
                /** @description Only rows whose high_issues differs from this. */
                high_issues__ne?: number;
                /** @description Only rows whose high_issues is one of (comma-separated) this. */
                high_issues__in?: string;
                /** @description Only rows whose high_issues is greater than this. */
                high_issues__gt?: number;
                /** @description Only rows whose high_issues is at least this. */
                high_issues__gte?: number;
                /** @description Only rows whose high_issues is less than this. */
                high_issues__lt?: number;
                /** @description Only rows whose high_issues is at most this. */
                high_issues__lte?: number;
                /** @description Only rows whose total_issues equals this. */
                total_issues?: number;
                /** @description Only rows whose total_issues differs from this. */
                total_issues__ne?: number;
                /** @description Only rows whose total_issues is one of (comma-separated) this. */
                total_issues__in?: string;
                /** @description Only rows whose total_issues is greater than this. */
                total_issues__gt?: number;
                /** @description Only rows whose total_issues is at least this. */
                total_issues__gte?: number;
                /** @description Only rows whose total_issues is less than this. */
                total_issues__lt?: number;
                /** @description Only rows whose total_issues is at most this. */
                total_issues__lte?: number;
                /** @description Only rows whose risk_score equals this. */
                risk_score?: number;
                /** @description Only rows whose risk_score differs from this. */
                risk_score__ne?: number;
                /** @description Only rows whose risk_score is one of (comma-separated) this. */
                risk_score__in?: string;
                /** @description Only rows whose risk_score is greater than this. */
                risk_score__gt?: number;
                /** @description Only rows whose risk_score is at least this. */
                risk_score__gte?: number;
                /** @description Only rows whose risk_score is less than this. */
                risk_score__lt?: number;
                /** @description Only rows whose risk_score is at most this. */
                risk_score__lte?: number;
                /** @description Only rows whose arguments has this. */
                arguments?: string;
                /** @description Only rows whose arguments lacks this. */
                arguments__ne?: string;
                /** @description Only rows whose arguments has one of (comma-separated) this. */
                arguments__in?: string;
                /** @description Only rows whose arguments contains, in any case, this. */
                arguments__ilk?: string;
                /** @description Only rows whose uri equals this. */
                uri?: string;
                /** @description Only rows whose uri differs from this. */
                uri__ne?: string;
                /** @description Only rows whose uri is one of (comma-separated) this. */
                uri__in?: string;
                /** @description Only rows whose uri contains, in any case, this. */
                uri__ilk?: string;
                /** @description Only rows whose mime_type equals this. */
                mime_type?: string;
                /** @description Only rows whose mime_type differs from this. */
                mime_type__ne?: string;
                /** @description Only rows whose mime_type is one of (comma-separated) this. */
                mime_type__in?: string;
                /** @description Only rows whose mime_type contains, in any case, this. */
                mime_type__ilk?: string;
                /** @description Only rows whose framework equals this. */
                framework?: string;
                /** @description Only rows whose framework differs from this. */
                framework__ne?: string;
                /** @description Only rows whose framework is one of (comma-separated) this. */
                framework__in?: string;
                /** @description Only rows whose framework contains, in any case, this. */
                framework__ilk?: string;
                /** @description Only rows whose version equals this. */
                version?: string;
                /** @description Only rows whose version differs from this. */
                version__ne?: string;
                /** @description Only rows whose version is one of (comma-separated) this. */
                version__in?: string;
                /** @description Only rows whose version contains, in any case, this. */
                version__ilk?: string;
                /** @description Only rows whose owner equals this. */
                owner?: string;
                /** @description Only rows whose owner differs from this. */
                owner__ne?: string;
                /** @description Only rows whose owner is one of (comma-separated) this. */
                owner__in?: string;
                /** @description Only rows whose owner contains, in any case, this. */
                owner__ilk?: string;
                /** @description Only rows whose context equals this. */
                context?: string;
                /** @description Only rows whose context differs from this. */
                context__ne?: string;
                /** @description Only rows whose context is one of (comma-separated) this. */
                context__in?: string;
                /** @description Only rows whose context contains, in any case, this. */
                context__ilk?: string;
                /** @description Only rows whose data_sources has this. */
                data_sources?: string;
                /** @description Only rows whose data_sources lacks this. */
                data_sources__ne?: string;
                /** @description Only rows whose data_sources has one of (comma-separated) this. */
                data_sources__in?: string;
                /** @description Only rows whose data_sources contains, in any case, this. */
                data_sources__ilk?: string;
                /** @description Only rows whose permissions has this. */
                permissions?: string;
                /** @description Only rows whose permissions lacks this. */
                permissions__ne?: string;
                /** @description Only rows whose permissions has one of (comma-separated) this. */
                permissions__in?: string;
                /** @description Only rows whose permissions contains, in any case, this. */
                permissions__ilk?: string;
                /** @description Only rows whose human_approval equals this. */
                human_approval?: boolean;
                /** @description Only rows whose human_approval differs from this. */
                human_approval__ne?: boolean;
                /** @description Only rows whose tools equals this. */
                tools?: number;
                /** @description Only rows whose tools differs from this. */
                tools__ne?: number;
                /** @description Only rows whose tools is one of (comma-separated) this. */
                tools__in?: string;
                /** @description Only rows whose tools is greater than this. */
                tools__gt?: number;
                /** @description Only rows whose tools is at least this. */
                tools__gte?: number;
                /** @description Only rows whose tools is less than this. */
                tools__lt?: number;
                /** @description Only rows whose tools is at most this. */
                tools__lte?: number;
                /** @description Only rows whose sub_agents equals this. */
                sub_agents?: number;
                /** @description Only rows whose sub_agents differs from this. */
                sub_agents__ne?: number;
                /** @description Only rows whose sub_agents is one of (comma-separated) this. */
                sub_agents__in?: string;
                /** @description Only rows whose sub_agents is greater than this. */
                sub_agents__gt?: number;
                /** @description Only rows whose sub_agents is at least this. */
                sub_agents__gte?: number;
                /** @description Only rows whose sub_agents is less than this. */
                sub_agents__lt?: number;
                /** @description Only rows whose sub_agents is at most this. */
                sub_agents__lte?: number;
                /** @description Only rows whose input_guardrails equals this. */
                input_guardrails?: number;
                /** @description Only rows whose input_guardrails differs from this. */
                input_guardrails__ne?: number;
                /** @description Only rows whose input_guardrails is one of (comma-separated) this. */
                input_guardrails__in?: string;
                /** @description Only rows whose input_guardrails is greater than this. */
                input_guardrails__gt?: number;
                /** @description Only rows whose input_guardrails is at least this. */
                input_guardrails__gte?: number;
                /** @description Only rows whose input_guardrails is less than this. */
                input_guardrails__lt?: number;
                /** @description Only rows whose input_guardrails is at most this. */
                input_guardrails__lte?: number;
                /** @description Only rows whose output_guardrails equals this. */
                output_guardrails?: number;
                /** @description Only rows whose output_guardrails differs from this. */
                output_guardrails__ne?: number;
                /** @description Only rows whose output_guardrails is one of (comma-separated) this. */
                output_guardrails__in?: string;
                /** @description Only rows whose output_guardrails is greater than this. */
                output_guardrails__gt?: number;
                /** @description Only rows whose output_guardrails is at least this. */
                output_guardrails__gte?: number;
                /** @description Only rows whose output_guardrails is less than this. */
                output_guardrails__lt?: number;
                /** @description Only rows whose output_guardrails is at most this. */
                output_guardrails__lte?: number;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Object id. */
                id: string;
                /** @description Edge to follow (see the operation description for the allowed names). */
                edge: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of neighbours. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAllAssets: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Case-insensitive substring the name must contain. */
                name__ilk?: string;
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose name equals this. */
                name?: string;
                /** @description Only rows whose name differs from this. */
                name__ne?: string;
                /** @description Only rows whose name is one of (comma-separated) this. */
                name__in?: string;
                /** @description Only rows whose type equals this. */
                type?: string;
                /** @description Only rows whose type differs from this. */
                type__ne?: string;
                /** @description Only rows whose type is one of (comma-separated) this. */
                type__in?: string;
                /** @description Only rows whose type contains, in any case, this. */
                type__ilk?: string;
                /** @description Only rows whose hostname equals this. */
                hostname?: string;
                /** @description Only rows whose hostname differs from this. */
                hostname__ne?: string;
                /** @description Only rows whose hostname is one of (comma-separated) this. */
                hostname__in?: string;
                /** @description Only rows whose hostname contains, in any case, this. */
                hostname__ilk?: string;
                /** @description Only rows whose ip equals this. */
                ip?: string;
                /** @description Only rows whose ip differs from this. */
                ip__ne?: string;
                /** @description Only rows whose ip is one of (comma-separated) this. */
                ip__in?: string;
                /** @description Only rows whose ip contains, in any case, this. */
                ip__ilk?: string;
                /** @description Only rows whose os equals this. */
                os?: string;
                /** @description Only rows whose os differs from this. */
                os__ne?: string;
                /** @description Only rows whose os is one of (comma-separated) this. */
                os__in?: string;
                /** @description Only rows whose os contains, in any case, this. */
                os__ilk?: string;
                /** @description Only rows whose cloud_provider equals this. */
                cloud_provider?: string;
                /** @description Only rows whose cloud_provider differs from this. */
                cloud_provider__ne?: string;
                /** @description Only rows whose cloud_provider is one of (comma-separated) this. */
                cloud_provider__in?: string;
                /** @description Only rows whose cloud_provider contains, in any case, this. */
                cloud_provider__ilk?: string;
                /** @description Only rows whose region equals this. */
                region?: string;
                /** @description Only rows whose region differs from this. */
                region__ne?: string;
                /** @description Only rows whose region is one of (comma-separated) this. */
                region__in?: string;
                /** @description Only rows whose region contains, in any case, this. */
                region__ilk?: string;
                /** @description Only rows whose environment equals this. */
                environment?: string;
                /** @description Only rows whose environment differs from this. */
                environment__ne?: string;
                /** @description Only rows whose environment is one of (comma-separated) this. */
                environment__in?: string;
                /** @description Only rows whose environment contains, in any case, this. */
                environment__ilk?: string;
                /** @description Only rows whose criticality equals this. */
                criticality?: number;
                /** @description Only rows whose criticality differs from this. */
                criticality__ne?: number;
                /** @description Only rows whose criticality is one of (comma-separated) this. */
                criticality__in?: string;
                /** @description Only rows whose criticality is greater than this. */
                criticality__gt?: number;
                /** @description Only rows whose criticality is at least this. */
                criticality__gte?: number;
                /** @description Only rows whose criticality is less than this. */
                criticality__lt?: number;
                /** @description Only rows whose criticality is at most this. */
                criticality__lte?: number;
                /** @description Only rows whose first_seen equals this. (RFC 3339 with a zone) */
                first_seen?: string;
                /** @description Only rows whose first_seen differs from this. (RFC 3339 with a zone) */
                first_seen__ne?: string;
                /** @description Only rows whose first_seen is greater than this. (RFC 3339 with a zone) */
                first_seen__gt?: string;
                /** @description Only rows whose first_seen is at least this. (RFC 3339 with a zone) */
                first_seen__gte?: string;
                /** @description Only rows whose first_seen is less than this. (RFC 3339 with a zone) */
                first_seen__lt?: string;
                /** @description Only rows whose first_seen is at most this. (RFC 3339 with a zone) */
                first_seen__lte?: string;
                /** @description Only rows whose last_seen equals this. (RFC 3339 with a zone) */
                last_seen?: string;
                /** @description Only rows whose last_seen differs from this. (RFC 3339 with a zone) */
                last_seen__ne?: string;
                /** @description Only rows whose last_seen is greater than this. (RFC 3339 with a zone) */
                last_seen__gt?: string;
                /** @description Only rows whose last_seen is at least this. (RFC 3339 with a zone) */
                last_seen__gte?: string;
                /** @description Only rows whose last_seen is less than this. (RFC 3339 with a zone) */
                last_seen__lt?: string;
                /** @description Only rows whose last_seen is at most this. (RFC 3339 with a zone) */
                last_seen__lte?: string;
                /** @description Only rows whose agents equals this. */
                agents?: number;
                /** @description Only rows whose agents differs from this. */
                agents__ne?: number;
                /** @description Only rows whose agents is one of (comma-separated) this. */
                agents__in?: string;
                /** @description Only rows whose agents is greater than this. */
                agents__gt?: number;
                /** @description Only rows whose agents is at least this. */
                agents__gte?: number;
                /** @description Only rows whose agents is less than this. */
                agents__lt?: number;
                /** @description Only rows whose agents is at most this. */
                agents__lte?: number;
                /** @description Only rows whose models equals this. */
                models?: number;
                /** @description Only rows whose models differs from this. */
                models__ne?: number;
                /** @description Only rows whose models is one of (comma-separated) this. */
                models__in?: string;
                /** @description Only rows whose models is greater than this. */
                models__gt?: number;
                /** @description Only rows whose models is at least this. */
                models__gte?: number;
                /** @description Only rows whose models is less than this. */
                models__lt?: number;
                /** @description Only rows whose models is at most this. */
                models__lte?: number;
                /** @description Only rows whose mcp_servers equals this. */
                mcp_servers?: number;
                /** @description Only rows whose mcp_servers differs from this. */
                mcp_servers__ne?: number;
                /** @description Only rows whose mcp_servers is one of (comma-separated) this. */
                mcp_servers__in?: string;
                /** @description Only rows whose mcp_servers is greater than this. */
                mcp_servers__gt?: number;
                /** @description Only rows whose mcp_servers is at least this. */
                mcp_servers__gte?: number;
                /** @description Only rows whose mcp_servers is less than this. */
                mcp_servers__lt?: number;
                /** @description Only rows whose mcp_servers is at most this. */
                mcp_servers__lte?: number;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of assets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAssetDetails: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Object id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The asset and its embedded sections. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Column names, aligned with every row. */
                        header: string[];
                        /** @description One array per row, aligned to header. */
                        rows: unknown[][];
                        /** @description Pass as `cursor` for the next page; empty on the last page. */
                        cursor: string;
                        /** @description Rows matching the query over all pages. */
                        total: number;
                        /** @description 1 when total is exact. */
                        total_sampling: number;
                        current_scans: components["schemas"]["TabularResult"];
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAssetEdges: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Case-insensitive substring the name must contain. */
                name__ilk?: string;
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose name equals this. */
                name?: string;
                /** @description Only rows whose name differs from this. */
                name__ne?: string;
                /** @description Only rows whose name is one of (comma-separated) this. */
                name__in?: string;
                /** @description Only rows whose subject equals this. */
                subject?: string;
                /** @description Only rows whose subject differs from this. */
                subject__ne?: string;
                /** @description Only rows whose subject is one of (comma-separated) this. */
                subject__in?: string;
                /** @description Only rows whose subject contains, in any case, this. */
                subject__ilk?: string;
                /** @description Only rows whose issuer equals this. */
                issuer?: string;
                /** @description Only rows whose issuer differs from this. */
                issuer__ne?: string;
                /** @description Only rows whose issuer is one of (comma-separated) this. */
                issuer__in?: string;
                /** @description Only rows whose issuer contains, in any case, this. */
                issuer__ilk?: string;
                /** @description Only rows whose not_after equals this. */
                not_after?: string;
                /** @description Only rows whose not_after differs from this. */
                not_after__ne?: string;
                /** @description Only rows whose not_after is one of (comma-separated) this. */
                not_after__in?: string;
                /** @description Only rows whose not_after contains, in any case, this. */
                not_after__ilk?: string;
                /** @description Only rows whose key_algorithm equals this. */
                key_algorithm?: string;
                /** @description Only rows whose key_algorithm differs from this. */
                key_algorithm__ne?: string;
                /** @description Only rows whose key_algorithm is one of (comma-separated) this. */
                key_algorithm__in?: string;
                /** @description Only rows whose key_algorithm contains, in any case, this. */
                key_algorithm__ilk?: string;
                /** @description Only rows whose self_signed equals this. */
                self_signed?: boolean;
                /** @description Only rows whose self_signed differs from this. */
                self_signed__ne?: boolean;
                /** @description Only rows whose first_seen equals this. (RFC 3339 with a zone) */
                first_seen?: string;
                /** @description Only rows whose first_seen differs from this. (RFC 3339 with a zone) */
                first_seen__ne?: string;
                /** @description Only rows whose first_seen is greater than this. (RFC 3339 with a zone) */
                first_seen__gt?: string;
                /** @description Only rows whose first_seen is at least this. (RFC 3339 with a zone) */
                first_seen__gte?: string;
                /** @description Only rows whose first_seen is less than this. (RFC 3339 with a zone) */
                first_seen__lt?: string;
                /** @description Only rows whose first_seen is at most this. (RFC 3339 with a zone) */
                first_seen__lte?: string;
                /** @description Only rows whose last_seen equals this. (RFC 3339 with a zone) */
                last_seen?: string;
                /** @description Only rows whose last_seen differs from this. (RFC 3339 with a zone) */
                last_seen__ne?: string;
                /** @description Only rows whose last_seen is greater than this. (RFC 3339 with a zone) */
                last_seen__gt?: string;
                /** @description Only rows whose last_seen is at least this. (RFC 3339 with a zone) */
                last_seen__gte?: string;
                /** @description Only rows whose last_seen is less than this. (RFC 3339 with a zone) */
                last_seen__lt?: string;
                /** @description Only rows whose last_seen is at most this. (RFC 3339 with a zone) */
                last_seen__lte?: string;
                /** @description Only rows whose algorithm equals this. */
                algorithm?: string;
                /** @description Only rows whose algorithm differs from this. */
                algorithm__ne?: string;
                /** @description Only rows whose algorithm is one of (comma-separated) this. */
                algorithm__in?: string;
                /** @description Only rows whose algorithm contains, in any case, this. */
                algorithm__ilk?: string;
                /** @description Only rows whose key_size equals this. */
                key_size?: number;
                /** @description Only rows whose key_size differs from this. */
                key_size__ne?: number;
                /** @description Only rows whose key_size is one of (comma-separated) this. */
                key_size__in?: string;
                /** @description Only rows whose key_size is greater than this. */
                key_size__gt?: number;
                /** @description Only rows whose key_size is at least this. */
                key_size__gte?: number;
                /** @description Only rows whose key_size is less than this. */
                key_size__lt?: number;
                /** @description Only rows whose key_size is at most this. */
                key_size__lte?: number;
                /** @description Only rows whose key_type equals this. */
                key_type?: string;
                /** @description Only rows whose key_type differs from this. */
                key_type__ne?: string;
                /** @description Only rows whose key_type is one of (comma-separated) this. */
                key_type__in?: string;
                /** @description Only rows whose key_type contains, in any case, this. */
                key_type__ilk?: string;
                /** @description Only rows whose protocol equals this. */
                protocol?: string;
                /** @description Only rows whose protocol differs from this. */
                protocol__ne?: string;
                /** @description Only rows whose protocol is one of (comma-separated) this. */
                protocol__in?: string;
                /** @description Only rows whose protocol contains, in any case, this. */
                protocol__ilk?: string;
                /** @description Only rows whose cipher equals this. */
                cipher?: string;
                /** @description Only rows whose cipher differs from this. */
                cipher__ne?: string;
                /** @description Only rows whose cipher is one of (comma-separated) this. */
                cipher__in?: string;
                /** @description Only rows whose cipher contains, in any case, this. */
                cipher__ilk?: string;
                /** @description Only rows whose peer equals this. */
                peer?: string;
                /** @description Only rows whose peer differs from this. */
                peer__ne?: string;
                /** @description Only rows whose peer is one of (comma-separated) this. */
                peer__in?: string;
                /** @description Only rows whose peer contains, in any case, this. */
                peer__ilk?: string;
                /** @description Only rows whose operation equals this. */
                operation?: string;
                /** @description Only rows whose operation differs from this. */
                operation__ne?: string;
                /** @description Only rows whose operation is one of (comma-separated) this. */
                operation__in?: string;
                /** @description Only rows whose operation contains, in any case, this. */
                operation__ilk?: string;
                /** @description Only rows whose library equals this. */
                library?: string;
                /** @description Only rows whose library differs from this. */
                library__ne?: string;
                /** @description Only rows whose library is one of (comma-separated) this. */
                library__in?: string;
                /** @description Only rows whose library contains, in any case, this. */
                library__ilk?: string;
                /** @description Only rows whose detection_id equals this. */
                detection_id?: string;
                /** @description Only rows whose detection_id differs from this. */
                detection_id__ne?: string;
                /** @description Only rows whose detection_id is one of (comma-separated) this. */
                detection_id__in?: string;
                /** @description Only rows whose detection_id contains, in any case, this. */
                detection_id__ilk?: string;
                /** @description Only rows whose secret_type equals this. */
                secret_type?: string;
                /** @description Only rows whose secret_type differs from this. */
                secret_type__ne?: string;
                /** @description Only rows whose secret_type is one of (comma-separated) this. */
                secret_type__in?: string;
                /** @description Only rows whose secret_type contains, in any case, this. */
                secret_type__ilk?: string;
                /** @description Only rows whose severity equals this. */
                severity?: string;
                /** @description Only rows whose severity differs from this. */
                severity__ne?: string;
                /** @description Only rows whose severity is one of (comma-separated) this. */
                severity__in?: string;
                /** @description Only rows whose severity contains, in any case, this. */
                severity__ilk?: string;
                /** @description Only rows whose port equals this. */
                port?: number;
                /** @description Only rows whose port differs from this. */
                port__ne?: number;
                /** @description Only rows whose port is one of (comma-separated) this. */
                port__in?: string;
                /** @description Only rows whose port is greater than this. */
                port__gt?: number;
                /** @description Only rows whose port is at least this. */
                port__gte?: number;
                /** @description Only rows whose port is less than this. */
                port__lt?: number;
                /** @description Only rows whose port is at most this. */
                port__lte?: number;
                /** @description Only rows whose cipher_suites has this. */
                cipher_suites?: string;
                /** @description Only rows whose cipher_suites lacks this. */
                cipher_suites__ne?: string;
                /** @description Only rows whose cipher_suites has one of (comma-separated) this. */
                cipher_suites__in?: string;
                /** @description Only rows whose cipher_suites contains, in any case, this. */
                cipher_suites__ilk?: string;
                /** @description Only rows whose grade equals this. */
                grade?: string;
                /** @description Only rows whose grade differs from this. */
                grade__ne?: string;
                /** @description Only rows whose grade is one of (comma-separated) this. */
                grade__in?: string;
                /** @description Only rows whose grade contains, in any case, this. */
                grade__ilk?: string;
                /** @description Only rows whose provider equals this. */
                provider?: string;
                /** @description Only rows whose provider differs from this. */
                provider__ne?: string;
                /** @description Only rows whose provider is one of (comma-separated) this. */
                provider__in?: string;
                /** @description Only rows whose provider contains, in any case, this. */
                provider__ilk?: string;
                /** @description Only rows whose verified equals this. */
                verified?: boolean;
                /** @description Only rows whose verified differs from this. */
                verified__ne?: boolean;
                /** @description Only rows whose model_family equals this. */
                model_family?: string;
                /** @description Only rows whose model_family differs from this. */
                model_family__ne?: string;
                /** @description Only rows whose model_family is one of (comma-separated) this. */
                model_family__in?: string;
                /** @description Only rows whose model_family contains, in any case, this. */
                model_family__ilk?: string;
                /** @description Only rows whose version equals this. */
                version?: string;
                /** @description Only rows whose version differs from this. */
                version__ne?: string;
                /** @description Only rows whose version is one of (comma-separated) this. */
                version__in?: string;
                /** @description Only rows whose version contains, in any case, this. */
                version__ilk?: string;
                /** @description Only rows whose pinned equals this. */
                pinned?: boolean;
                /** @description Only rows whose pinned differs from this. */
                pinned__ne?: boolean;
                /** @description Only rows whose type equals this. */
                type?: string;
                /** @description Only rows whose type differs from this. */
                type__ne?: string;
                /** @description Only rows whose type is one of (comma-separated) this. */
                type__in?: string;
                /** @description Only rows whose type contains, in any case, this. */
                type__ilk?: string;
                /** @description Only rows whose hosting equals this. */
                hosting?: string;
                /** @description Only rows whose hosting differs from this. */
                hosting__ne?: string;
                /** @description Only rows whose hosting is one of (comma-separated) this. */
                hosting__in?: string;
                /** @description Only rows whose hosting contains, in any case, this. */
                hosting__ilk?: string;
                /** @description Only rows whose license equals this. */
                license?: string;
                /** @description Only rows whose license differs from this. */
                license__ne?: string;
                /** @description Only rows whose license is one of (comma-separated) this. */
                license__in?: string;
                /** @description Only rows whose license contains, in any case, this. */
                license__ilk?: string;
                /** @description Only rows whose context_window equals this. */
                context_window?: number;
                /** @description Only rows whose context_window differs from this. */
                context_window__ne?: number;
                /** @description Only rows whose context_window is one of (comma-separated) this. */
                context_window__in?: string;
                /** @description Only rows whose context_window is greater than this. */
                context_window__gt?: number;
                /** @description Only rows whose context_window is at least this. */
                context_window__gte?: number;
                /** @description Only rows whose context_window is less than this. */
                context_window__lt?: number;
                /** @description Only rows whose context_window is at most this. */
                context_window__lte?: number;
                /** @description Only rows whose critical_issues equals this. */
                critical_issues?: number;
                /** @description Only rows whose critical_issues differs from this. */
                critical_issues__ne?: number;
                /** @description Only rows whose critical_issues is one of (comma-separated) this. */
                critical_issues__in?: string;
                /** @description Only rows whose critical_issues is greater than this. */
                critical_issues__gt?: number;
                /** @description Only rows whose critical_issues is at least this. */
                critical_issues__gte?: number;
                /** @description Only rows whose critical_issues is less than this. */
                critical_issues__lt?: number;
                /** @description Only rows whose critical_issues is at most this. */
                critical_issues__lte?: number;
                /** @description Only rows whose high_issues equals this. */
                high_issues?: number;
                /** @description Only rows whose high_issues differs from this. */
                high_issues__ne?: number;
                /** @description Only rows whose high_issues is one of (comma-separated) this. */
                high_issues__in?: string;
                /** @description Only rows whose high_issues is greater than this. */
                high_issues__gt?: number;
                /** @description Only rows whose high_issues is at least this. */
                high_issues__gte?: number;
                /** @description Only rows whose high_issues is less than this. */
                high_issues__lt?: number;
                /** @description Only rows whose high_issues is at most this. */
                high_issues__lte?: number;
                /** @description Only rows whose total_issues equals this. */
                total_issues?: number;
                /** @description Only rows whose total_issues differs from this. */
                total_issues__ne?: number;
                /** @description Only rows whose total_issues is one of (comma-separated) this. */
                total_issues__in?: string;
                /** @description Only rows whose total_issues is greater than this. */
                total_issues__gt?: number;
                /** @description Only rows whose total_issues is at least this. */
                total_issues__gte?: number;
                /** @description Only rows whose total_issues is less than this. */
                total_issues__lt?: number;
                /** @description Only rows whose total_issues is at most this. */
                total_issues__lte?: number;
                /** @description Only rows whose risk_score equals this. */
                risk_score?: number;
                /** @description Only rows whose risk_score differs from this. */
                risk_score__ne?: number;
                /** @description Only rows whose risk_score is one of (comma-separated) this. */
                risk_score__in?: string;
                /** @description Only rows whose risk_score is greater than this. */
                risk_score__gt?: number;
                /** @description Only rows whose risk_score is at least this. */
                risk_score__gte?: number;
                /** @description Only rows whose risk_score is less than this. */
                risk_score__lt?: number;
                /** @description Only rows whose risk_score is at most this. */
                risk_score__lte?: number;
                /** @description Only rows whose agents equals this. */
                agents?: number;
                /** @description Only rows whose agents differs from this. */
                agents__ne?: number;
                /** @description Only rows whose agents is one of (comma-separated) this. */
                agents__in?: string;
                /** @description Only rows whose agents is greater than this. */
                agents__gt?: number;
                /** @description Only rows whose agents is at least this. */
                agents__gte?: number;
                /** @description Only rows whose agents is less than this. */
                agents__lt?: number;
                /** @description Only rows whose agents is at most this. */
                agents__lte?: number;
                /** @description Only rows whose locations equals this. */
                locations?: number;
                /** @description Only rows whose locations differs from this. */
                locations__ne?: number;
                /** @description Only rows whose locations is one of (comma-separated) this. */
                locations__in?: string;
                /** @description Only rows whose locations is greater than this. */
                locations__gt?: number;
                /** @description Only rows whose locations is at least this. */
                locations__gte?: number;
                /** @description Only rows whose locations is less than this. */
                locations__lt?: number;
                /** @description Only rows whose locations is at most this. */
                locations__lte?: number;
                /** @description Only rows whose framework equals this. */
                framework?: string;
                /** @description Only rows whose framework differs from this. */
                framework__ne?: string;
                /** @description Only rows whose framework is one of (comma-separated) this. */
                framework__in?: string;
                /** @description Only rows whose framework contains, in any case, this. */
                framework__ilk?: string;
                /** @description Only rows whose language equals this. */
                language?: string;
                /** @description Only rows whose language differs from this. */
                language__ne?: string;
                /** @description Only rows whose language is one of (comma-separated) this. */
                language__in?: string;
                /** @description Only rows whose language contains, in any case, this. */
                language__ilk?: string;
                /** @description Only rows whose environment equals this. */
                environment?: string;
                /** @description Only rows whose environment differs from this. */
                environment__ne?: string;
                /** @description Only rows whose environment is one of (comma-separated) this. */
                environment__in?: string;
                /** @description Only rows whose environment contains, in any case, this. */
                environment__ilk?: string;
                /** @description Only rows whose owner equals this. */
                owner?: string;
                /** @description Only rows whose owner differs from this. */
                owner__ne?: string;
                /** @description Only rows whose owner is one of (comma-separated) this. */
                owner__in?: string;
                /** @description Only rows whose owner contains, in any case, this. */
                owner__ilk?: string;
                /** @description Only rows whose repository equals this. */
                repository?: string;
                /** @description Only rows whose repository differs from this. */
                repository__ne?: string;
                /** @description Only rows whose repository is one of (comma-separated) this. */
                repository__in?: string;
                /** @description Only rows whose repository contains, in any case, this. */
                repository__ilk?: string;
                /** @description Only rows whose context equals this. */
                context?: string;
                /** @description Only rows whose context differs from this. */
                context__ne?: string;
                /** @description Only rows whose context is one of (comma-separated) this. */
                context__in?: string;
                /** @description Only rows whose context contains, in any case, this. */
                context__ilk?: string;
                /** @description Only rows whose data_sources has this. */
                data_sources?: string;
                /** @description Only rows whose data_sources lacks this. */
                data_sources__ne?: string;
                /** @description Only rows whose data_sources has one of (comma-separated) this. */
                data_sources__in?: string;
                /** @description Only rows whose data_sources contains, in any case, this. */
                data_sources__ilk?: string;
                /** @description Only rows whose permissions has this. */
                permissions?: string;
                /** @description Only rows whose permissions lacks this. */
                permissions__ne?: string;
                /** @description Only rows whose permissions has one of (comma-separated) this. */
                permissions__in?: string;
                /** @description Only rows whose permissions contains, in any case, this. */
                permissions__ilk?: string;
                /** @description Only rows whose human_approval equals this. */
                human_approval?: boolean;
                /** @description Only rows whose human_approval differs from this. */
                human_approval__ne?: boolean;
                /** @description Only rows whose models equals this. */
                models?: number;
                /** @description Only rows whose models differs from this. */
                models__ne?: number;
                /** @description Only rows whose models is one of (comma-separated) this. */
                models__in?: string;
                /** @description Only rows whose models is greater than this. */
                models__gt?: number;
                /** @description Only rows whose models is at least this. */
                models__gte?: number;
                /** @description Only rows whose models is less than this. */
                models__lt?: number;
                /** @description Only rows whose models is at most this. */
                models__lte?: number;
                /** @description Only rows whose tools equals this. */
                tools?: number;
                /** @description Only rows whose tools differs from this. */
                tools__ne?: number;
                /** @description Only rows whose tools is one of (comma-separated) this. */
                tools__in?: string;
                /** @description Only rows whose tools is greater than this. */
                tools__gt?: number;
                /** @description Only rows whose tools is at least this. */
                tools__gte?: number;
                /** @description Only rows whose tools is less than this. */
                tools__lt?: number;
                /** @description Only rows whose tools is at most this. */
                tools__lte?: number;
                /** @description Only rows whose mcp_servers equals this. */
                mcp_servers?: number;
                /** @description Only rows whose mcp_servers differs from this. */
                mcp_servers__ne?: number;
                /** @description Only rows whose mcp_servers is one of (comma-separated) this. */
                mcp_servers__in?: string;
                /** @description Only rows whose mcp_servers is greater than this. */
                mcp_servers__gt?: number;
                /** @description Only rows whose mcp_servers is at least this. */
                mcp_servers__gte?: number;
                /** @description Only rows whose mcp_servers is less than this. */
                mcp_servers__lt?: number;
                /** @description Only rows whose mcp_servers is at most this. */
                mcp_servers__lte?: number;
                /** @description Only rows whose sub_agents equals this. */
                sub_agents?: number;
                /** @description Only rows whose sub_agents differs from this. */
                sub_agents__ne?: number;
                /** @description Only rows whose sub_agents is one of (comma-separated) this. */
                sub_agents__in?: string;
                /** @description Only rows whose sub_agents is greater than this. */
                sub_agents__gt?: number;
                /** @description Only rows whose sub_agents is at least this. */
                sub_agents__gte?: number;
                /** @description Only rows whose sub_agents is less than this. */
                sub_agents__lt?: number;
                /** @description Only rows whose sub_agents is at most this. */
                sub_agents__lte?: number;
                /** @description Only rows whose input_guardrails equals this. */
                input_guardrails?: number;
                /** @description Only rows whose input_guardrails differs from this. */
                input_guardrails__ne?: number;
                /** @description Only rows whose input_guardrails is one of (comma-separated) this. */
                input_guardrails__in?: string;
                /** @description Only rows whose input_guardrails is greater than this. */
                input_guardrails__gt?: number;
                /** @description Only rows whose input_guardrails is at least this. */
                input_guardrails__gte?: number;
                /** @description Only rows whose input_guardrails is less than this. */
                input_guardrails__lt?: number;
                /** @description Only rows whose input_guardrails is at most this. */
                input_guardrails__lte?: number;
                /** @description Only rows whose output_guardrails equals this. */
                output_guardrails?: number;
                /** @description Only rows whose output_guardrails differs from this. */
                output_guardrails__ne?: number;
                /** @description Only rows whose output_guardrails is one of (comma-separated) this. */
                output_guardrails__in?: string;
                /** @description Only rows whose output_guardrails is greater than this. */
                output_guardrails__gt?: number;
                /** @description Only rows whose output_guardrails is at least this. */
                output_guardrails__gte?: number;
                /** @description Only rows whose output_guardrails is less than this. */
                output_guardrails__lt?: number;
                /** @description Only rows whose output_guardrails is at most this. */
                output_guardrails__lte?: number;
                /** @description Only rows whose transport equals this. */
                transport?: string;
                /** @description Only rows whose transport differs from this. */
                transport__ne?: string;
                /** @description Only rows whose transport is one of (comma-separated) this. */
                transport__in?: string;
                /** @description Only rows whose transport contains, in any case, this. */
                transport__ilk?: string;
                /** @description Only rows whose url equals this. */
                url?: string;
                /** @description Only rows whose url differs from this. */
                url__ne?: string;
                /** @description Only rows whose url is one of (comma-separated) this. */
                url__in?: string;
                /** @description Only rows whose url contains, in any case, this. */
                url__ilk?: string;
                /** @description Only rows whose package equals this. */
                package?: string;
                /** @description Only rows whose package differs from this. */
                package__ne?: string;
                /** @description Only rows whose package is one of (comma-separated) this. */
                package__in?: string;
                /** @description Only rows whose package contains, in any case, this. */
                package__ilk?: string;
                /** @description Only rows whose publisher equals this. */
                publisher?: string;
                /** @description Only rows whose publisher differs from this. */
                publisher__ne?: string;
                /** @description Only rows whose publisher is one of (comma-separated) this. */
                publisher__in?: string;
                /** @description Only rows whose publisher contains, in any case, this. */
                publisher__ilk?: string;
                /** @description Only rows whose authentication equals this. */
                authentication?: string;
                /** @description Only rows whose authentication differs from this. */
                authentication__ne?: string;
                /** @description Only rows whose authentication is one of (comma-separated) this. */
                authentication__in?: string;
                /** @description Only rows whose authentication contains, in any case, this. */
                authentication__ilk?: string;
                /** @description Only rows whose prompts equals this. */
                prompts?: number;
                /** @description Only rows whose prompts differs from this. */
                prompts__ne?: number;
                /** @description Only rows whose prompts is one of (comma-separated) this. */
                prompts__in?: string;
                /** @description Only rows whose prompts is greater than this. */
                prompts__gt?: number;
                /** @description Only rows whose prompts is at least this. */
                prompts__gte?: number;
                /** @description Only rows whose prompts is less than this. */
                prompts__lt?: number;
                /** @description Only rows whose prompts is at most this. */
                prompts__lte?: number;
                /** @description Only rows whose resources equals this. */
                resources?: number;
                /** @description Only rows whose resources differs from this. */
                resources__ne?: number;
                /** @description Only rows whose resources is one of (comma-separated) this. */
                resources__in?: string;
                /** @description Only rows whose resources is greater than this. */
                resources__gt?: number;
                /** @description Only rows whose resources is at least this. */
                resources__gte?: number;
                /** @description Only rows whose resources is less than this. */
                resources__lt?: number;
                /** @description Only rows whose resources is at most this. */
                resources__lte?: number;
                /** @description Only rows whose hostname equals this. */
                hostname?: string;
                /** @description Only rows whose hostname differs from this. */
                hostname__ne?: string;
                /** @description Only rows whose hostname is one of (comma-separated) this. */
                hostname__in?: string;
                /** @description Only rows whose hostname contains, in any case, this. */
                hostname__ilk?: string;
                /** @description Only rows whose ip equals this. */
                ip?: string;
                /** @description Only rows whose ip differs from this. */
                ip__ne?: string;
                /** @description Only rows whose ip is one of (comma-separated) this. */
                ip__in?: string;
                /** @description Only rows whose ip contains, in any case, this. */
                ip__ilk?: string;
                /** @description Only rows whose os equals this. */
                os?: string;
                /** @description Only rows whose os differs from this. */
                os__ne?: string;
                /** @description Only rows whose os is one of (comma-separated) this. */
                os__in?: string;
                /** @description Only rows whose os contains, in any case, this. */
                os__ilk?: string;
                /** @description Only rows whose cloud_provider equals this. */
                cloud_provider?: string;
                /** @description Only rows whose cloud_provider differs from this. */
                cloud_provider__ne?: string;
                /** @description Only rows whose cloud_provider is one of (comma-separated) this. */
                cloud_provider__in?: string;
                /** @description Only rows whose cloud_provider contains, in any case, this. */
                cloud_provider__ilk?: string;
                /** @description Only rows whose region equals this. */
                region?: string;
                /** @description Only rows whose region differs from this. */
                region__ne?: string;
                /** @description Only rows whose region is one of (comma-separated) this. */
                region__in?: string;
                /** @description Only rows whose region contains, in any case, this. */
                region__ilk?: string;
                /** @description Only rows whose criticality equals this. */
                criticality?: number;
                /** @description Only rows whose criticality differs from this. */
                criticality__ne?: number;
                /** @description Only rows whose criticality is one of (comma-separated) this. */
                criticality__in?: string;
                /** @description Only rows whose criticality is greater than this. */
                criticality__gt?: number;
                /** @description Only rows whose criticality is at least this. */
                criticality__gte?: number;
                /** @description Only rows whose criticality is less than this. */
                criticality__lt?: number;
                /** @description Only rows whose criticality is at most this. */
                criticality__lte?: number;
                /** @description Only rows whose sensor_type equals this. */
                sensor_type?: string;
                /** @description Only rows whose sensor_type differs from this. */
                sensor_type__ne?: string;
                /** @description Only rows whose sensor_type is one of (comma-separated) this. */
                sensor_type__in?: string;
                /** @description Only rows whose sensor_type contains, in any case, this. */
                sensor_type__ilk?: string;
                /** @description Only rows whose cicd_type equals this. */
                cicd_type?: string;
                /** @description Only rows whose cicd_type differs from this. */
                cicd_type__ne?: string;
                /** @description Only rows whose cicd_type is one of (comma-separated) this. */
                cicd_type__in?: string;
                /** @description Only rows whose cicd_type contains, in any case, this. */
                cicd_type__ilk?: string;
                /** @description Only rows whose branch equals this. */
                branch?: string;
                /** @description Only rows whose branch differs from this. */
                branch__ne?: string;
                /** @description Only rows whose branch is one of (comma-separated) this. */
                branch__in?: string;
                /** @description Only rows whose branch contains, in any case, this. */
                branch__ilk?: string;
                /** @description Only rows whose commit equals this. */
                commit?: string;
                /** @description Only rows whose commit differs from this. */
                commit__ne?: string;
                /** @description Only rows whose commit is one of (comma-separated) this. */
                commit__in?: string;
                /** @description Only rows whose commit contains, in any case, this. */
                commit__ilk?: string;
                /** @description Only rows whose status equals this. */
                status?: string;
                /** @description Only rows whose status differs from this. */
                status__ne?: string;
                /** @description Only rows whose status is one of (comma-separated) this. */
                status__in?: string;
                /** @description Only rows whose status contains, in any case, this. */
                status__ilk?: string;
                /** @description Only rows whose started_at equals this. (RFC 3339 with a zone) */
                started_at?: string;
                /** @description Only rows whose started_at differs from this. (RFC 3339 with a zone) */
                started_at__ne?: string;
                /** @description Only rows whose started_at is greater than this. (RFC 3339 with a zone) */
                started_at__gt?: string;
                /** @description Only rows whose started_at is at least this. (RFC 3339 with a zone) */
                started_at__gte?: string;
                /** @description Only rows whose started_at is less than this. (RFC 3339 with a zone) */
                started_at__lt?: string;
                /** @description Only rows whose started_at is at most this. (RFC 3339 with a zone) */
                started_at__lte?: string;
                /** @description Only rows whose finished_at equals this. (RFC 3339 with a zone) */
                finished_at?: string;
                /** @description Only rows whose finished_at differs from this. (RFC 3339 with a zone) */
                finished_at__ne?: string;
                /** @description Only rows whose finished_at is greater than this. (RFC 3339 with a zone) */
                finished_at__gt?: string;
                /** @description Only rows whose finished_at is at least this. (RFC 3339 with a zone) */
                finished_at__gte?: string;
                /** @description Only rows whose finished_at is less than this. (RFC 3339 with a zone) */
                finished_at__lt?: string;
                /** @description Only rows whose finished_at is at most this. (RFC 3339 with a zone) */
                finished_at__lte?: string;
                /** @description Only rows whose is_current equals this. */
                is_current?: boolean;
                /** @description Only rows whose is_current differs from this. */
                is_current__ne?: boolean;
                /** @description Only rows whose assets equals this. */
                assets?: number;
                /** @description Only rows whose assets differs from this. */
                assets__ne?: number;
                /** @description Only rows whose assets is one of (comma-separated) this. */
                assets__in?: string;
                /** @description Only rows whose assets is greater than this. */
                assets__gt?: number;
                /** @description Only rows whose assets is at least this. */
                assets__gte?: number;
                /** @description Only rows whose assets is less than this. */
                assets__lt?: number;
                /** @description Only rows whose assets is at most this. */
                assets__lte?: number;
                /** @description Only rows whose current_assets equals this. */
                current_assets?: number;
                /** @description Only rows whose current_assets differs from this. */
                current_assets__ne?: number;
                /** @description Only rows whose current_assets is one of (comma-separated) this. */
                current_assets__in?: string;
                /** @description Only rows whose current_assets is greater than this. */
                current_assets__gt?: number;
                /** @description Only rows whose current_assets is at least this. */
                current_assets__gte?: number;
                /** @description Only rows whose current_assets is less than this. */
                current_assets__lt?: number;
                /** @description Only rows whose current_assets is at most this. */
                current_assets__lte?: number;
                /** @description Only rows whose ai_objects equals this. */
                ai_objects?: number;
                /** @description Only rows whose ai_objects differs from this. */
                ai_objects__ne?: number;
                /** @description Only rows whose ai_objects is one of (comma-separated) this. */
                ai_objects__in?: string;
                /** @description Only rows whose ai_objects is greater than this. */
                ai_objects__gt?: number;
                /** @description Only rows whose ai_objects is at least this. */
                ai_objects__gte?: number;
                /** @description Only rows whose ai_objects is less than this. */
                ai_objects__lt?: number;
                /** @description Only rows whose ai_objects is at most this. */
                ai_objects__lte?: number;
                /** @description Only rows whose findings equals this. */
                findings?: number;
                /** @description Only rows whose findings differs from this. */
                findings__ne?: number;
                /** @description Only rows whose findings is one of (comma-separated) this. */
                findings__in?: string;
                /** @description Only rows whose findings is greater than this. */
                findings__gt?: number;
                /** @description Only rows whose findings is at least this. */
                findings__gte?: number;
                /** @description Only rows whose findings is less than this. */
                findings__lt?: number;
                /** @description Only rows whose findings is at most this. */
                findings__lte?: number;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Object id. */
                id: string;
                /** @description Edge to follow (see the operation description for the allowed names). */
                edge: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of neighbours. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAllLocations: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Case-insensitive substring the name must contain. */
                name__ilk?: string;
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose name equals this. */
                name?: string;
                /** @description Only rows whose name differs from this. */
                name__ne?: string;
                /** @description Only rows whose name is one of (comma-separated) this. */
                name__in?: string;
                /** @description Only rows whose type equals this. */
                type?: string;
                /** @description Only rows whose type differs from this. */
                type__ne?: string;
                /** @description Only rows whose type is one of (comma-separated) this. */
                type__in?: string;
                /** @description Only rows whose type contains, in any case, this. */
                type__ilk?: string;
                /** @description Only rows whose repository equals this. */
                repository?: string;
                /** @description Only rows whose repository differs from this. */
                repository__ne?: string;
                /** @description Only rows whose repository is one of (comma-separated) this. */
                repository__in?: string;
                /** @description Only rows whose repository contains, in any case, this. */
                repository__ilk?: string;
                /** @description Only rows whose path equals this. */
                path?: string;
                /** @description Only rows whose path differs from this. */
                path__ne?: string;
                /** @description Only rows whose path is one of (comma-separated) this. */
                path__in?: string;
                /** @description Only rows whose path contains, in any case, this. */
                path__ilk?: string;
                /** @description Only rows whose start_line equals this. */
                start_line?: number;
                /** @description Only rows whose start_line differs from this. */
                start_line__ne?: number;
                /** @description Only rows whose start_line is one of (comma-separated) this. */
                start_line__in?: string;
                /** @description Only rows whose start_line is greater than this. */
                start_line__gt?: number;
                /** @description Only rows whose start_line is at least this. */
                start_line__gte?: number;
                /** @description Only rows whose start_line is less than this. */
                start_line__lt?: number;
                /** @description Only rows whose start_line is at most this. */
                start_line__lte?: number;
                /** @description Only rows whose end_line equals this. */
                end_line?: number;
                /** @description Only rows whose end_line differs from this. */
                end_line__ne?: number;
                /** @description Only rows whose end_line is one of (comma-separated) this. */
                end_line__in?: string;
                /** @description Only rows whose end_line is greater than this. */
                end_line__gt?: number;
                /** @description Only rows whose end_line is at least this. */
                end_line__gte?: number;
                /** @description Only rows whose end_line is less than this. */
                end_line__lt?: number;
                /** @description Only rows whose end_line is at most this. */
                end_line__lte?: number;
                /** @description Only rows whose branch equals this. */
                branch?: string;
                /** @description Only rows whose branch differs from this. */
                branch__ne?: string;
                /** @description Only rows whose branch is one of (comma-separated) this. */
                branch__in?: string;
                /** @description Only rows whose branch contains, in any case, this. */
                branch__ilk?: string;
                /** @description Only rows whose commit equals this. */
                commit?: string;
                /** @description Only rows whose commit differs from this. */
                commit__ne?: string;
                /** @description Only rows whose commit is one of (comma-separated) this. */
                commit__in?: string;
                /** @description Only rows whose commit contains, in any case, this. */
                commit__ilk?: string;
                /** @description Only rows whose url equals this. */
                url?: string;
                /** @description Only rows whose url differs from this. */
                url__ne?: string;
                /** @description Only rows whose url is one of (comma-separated) this. */
                url__in?: string;
                /** @description Only rows whose url contains, in any case, this. */
                url__ilk?: string;
                /** @description Only rows whose host equals this. */
                host?: string;
                /** @description Only rows whose host differs from this. */
                host__ne?: string;
                /** @description Only rows whose host is one of (comma-separated) this. */
                host__in?: string;
                /** @description Only rows whose host contains, in any case, this. */
                host__ilk?: string;
                /** @description Only rows whose first_seen equals this. (RFC 3339 with a zone) */
                first_seen?: string;
                /** @description Only rows whose first_seen differs from this. (RFC 3339 with a zone) */
                first_seen__ne?: string;
                /** @description Only rows whose first_seen is greater than this. (RFC 3339 with a zone) */
                first_seen__gt?: string;
                /** @description Only rows whose first_seen is at least this. (RFC 3339 with a zone) */
                first_seen__gte?: string;
                /** @description Only rows whose first_seen is less than this. (RFC 3339 with a zone) */
                first_seen__lt?: string;
                /** @description Only rows whose first_seen is at most this. (RFC 3339 with a zone) */
                first_seen__lte?: string;
                /** @description Only rows whose last_seen equals this. (RFC 3339 with a zone) */
                last_seen?: string;
                /** @description Only rows whose last_seen differs from this. (RFC 3339 with a zone) */
                last_seen__ne?: string;
                /** @description Only rows whose last_seen is greater than this. (RFC 3339 with a zone) */
                last_seen__gt?: string;
                /** @description Only rows whose last_seen is at least this. (RFC 3339 with a zone) */
                last_seen__gte?: string;
                /** @description Only rows whose last_seen is less than this. (RFC 3339 with a zone) */
                last_seen__lt?: string;
                /** @description Only rows whose last_seen is at most this. (RFC 3339 with a zone) */
                last_seen__lte?: string;
                /** @description Only rows whose certs equals this. */
                certs?: number;
                /** @description Only rows whose certs differs from this. */
                certs__ne?: number;
                /** @description Only rows whose certs is one of (comma-separated) this. */
                certs__in?: string;
                /** @description Only rows whose certs is greater than this. */
                certs__gt?: number;
                /** @description Only rows whose certs is at least this. */
                certs__gte?: number;
                /** @description Only rows whose certs is less than this. */
                certs__lt?: number;
                /** @description Only rows whose certs is at most this. */
                certs__lte?: number;
                /** @description Only rows whose secrets equals this. */
                secrets?: number;
                /** @description Only rows whose secrets differs from this. */
                secrets__ne?: number;
                /** @description Only rows whose secrets is one of (comma-separated) this. */
                secrets__in?: string;
                /** @description Only rows whose secrets is greater than this. */
                secrets__gt?: number;
                /** @description Only rows whose secrets is at least this. */
                secrets__gte?: number;
                /** @description Only rows whose secrets is less than this. */
                secrets__lt?: number;
                /** @description Only rows whose secrets is at most this. */
                secrets__lte?: number;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of locations. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetLocationDetails: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Object id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The location and its embedded sections. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Column names, aligned with every row. */
                        header: string[];
                        /** @description One array per row, aligned to header. */
                        rows: unknown[][];
                        /** @description Pass as `cursor` for the next page; empty on the last page. */
                        cursor: string;
                        /** @description Rows matching the query over all pages. */
                        total: number;
                        /** @description 1 when total is exact. */
                        total_sampling: number;
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetLocationEdges: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Case-insensitive substring the name must contain. */
                name__ilk?: string;
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose name equals this. */
                name?: string;
                /** @description Only rows whose name differs from this. */
                name__ne?: string;
                /** @description Only rows whose name is one of (comma-separated) this. */
                name__in?: string;
                /** @description Only rows whose subject equals this. */
                subject?: string;
                /** @description Only rows whose subject differs from this. */
                subject__ne?: string;
                /** @description Only rows whose subject is one of (comma-separated) this. */
                subject__in?: string;
                /** @description Only rows whose subject contains, in any case, this. */
                subject__ilk?: string;
                /** @description Only rows whose issuer equals this. */
                issuer?: string;
                /** @description Only rows whose issuer differs from this. */
                issuer__ne?: string;
                /** @description Only rows whose issuer is one of (comma-separated) this. */
                issuer__in?: string;
                /** @description Only rows whose issuer contains, in any case, this. */
                issuer__ilk?: string;
                /** @description Only rows whose not_after equals this. */
                not_after?: string;
                /** @description Only rows whose not_after differs from this. */
                not_after__ne?: string;
                /** @description Only rows whose not_after is one of (comma-separated) this. */
                not_after__in?: string;
                /** @description Only rows whose not_after contains, in any case, this. */
                not_after__ilk?: string;
                /** @description Only rows whose key_algorithm equals this. */
                key_algorithm?: string;
                /** @description Only rows whose key_algorithm differs from this. */
                key_algorithm__ne?: string;
                /** @description Only rows whose key_algorithm is one of (comma-separated) this. */
                key_algorithm__in?: string;
                /** @description Only rows whose key_algorithm contains, in any case, this. */
                key_algorithm__ilk?: string;
                /** @description Only rows whose self_signed equals this. */
                self_signed?: boolean;
                /** @description Only rows whose self_signed differs from this. */
                self_signed__ne?: boolean;
                /** @description Only rows whose first_seen equals this. (RFC 3339 with a zone) */
                first_seen?: string;
                /** @description Only rows whose first_seen differs from this. (RFC 3339 with a zone) */
                first_seen__ne?: string;
                /** @description Only rows whose first_seen is greater than this. (RFC 3339 with a zone) */
                first_seen__gt?: string;
                /** @description Only rows whose first_seen is at least this. (RFC 3339 with a zone) */
                first_seen__gte?: string;
                /** @description Only rows whose first_seen is less than this. (RFC 3339 with a zone) */
                first_seen__lt?: string;
                /** @description Only rows whose first_seen is at most this. (RFC 3339 with a zone) */
                first_seen__lte?: string;
                /** @description Only rows whose last_seen equals this. (RFC 3339 with a zone) */
                last_seen?: string;
                /** @description Only rows whose last_seen differs from this. (RFC 3339 with a zone) */
                last_seen__ne?: string;
                /** @description Only rows whose last_seen is greater than this. (RFC 3339 with a zone) */
                last_seen__gt?: string;
                /** @description Only rows whose last_seen is at least this. (RFC 3339 with a zone) */
                last_seen__gte?: string;
                /** @description Only rows whose last_seen is less than this. (RFC 3339 with a zone) */
                last_seen__lt?: string;
                /** @description Only rows whose last_seen is at most this. (RFC 3339 with a zone) */
                last_seen__lte?: string;
                /** @description Only rows whose detection_id equals this. */
                detection_id?: string;
                /** @description Only rows whose detection_id differs from this. */
                detection_id__ne?: string;
                /** @description Only rows whose detection_id is one of (comma-separated) this. */
                detection_id__in?: string;
                /** @description Only rows whose detection_id contains, in any case, this. */
                detection_id__ilk?: string;
                /** @description Only rows whose secret_type equals this. */
                secret_type?: string;
                /** @description Only rows whose secret_type differs from this. */
                secret_type__ne?: string;
                /** @description Only rows whose secret_type is one of (comma-separated) this. */
                secret_type__in?: string;
                /** @description Only rows whose secret_type contains, in any case, this. */
                secret_type__ilk?: string;
                /** @description Only rows whose severity equals this. */
                severity?: string;
                /** @description Only rows whose severity differs from this. */
                severity__ne?: string;
                /** @description Only rows whose severity is one of (comma-separated) this. */
                severity__in?: string;
                /** @description Only rows whose severity contains, in any case, this. */
                severity__ilk?: string;
                /** @description Only rows whose provider equals this. */
                provider?: string;
                /** @description Only rows whose provider differs from this. */
                provider__ne?: string;
                /** @description Only rows whose provider is one of (comma-separated) this. */
                provider__in?: string;
                /** @description Only rows whose provider contains, in any case, this. */
                provider__ilk?: string;
                /** @description Only rows whose verified equals this. */
                verified?: boolean;
                /** @description Only rows whose verified differs from this. */
                verified__ne?: boolean;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Object id. */
                id: string;
                /** @description Edge to follow (see the operation description for the allowed names). */
                edge: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of neighbours. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    IngestRecords: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        /** @description One JSON record per line. */
        requestBody: {
            content: {
                "application/x-ndjson": string;
                "application/ndjson": string;
                "application/jsonl": string;
                "application/x-jsonlines": string;
                "application/vnd.cyclonedx+json": string;
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Lines written. */
                        accepted: number;
                        /** @description Lines not written (all of them when any line was bad). */
                        rejected: number;
                        /** @description Bad lines (the first 100). */
                        errors: {
                            line: number;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description A malformed request, or some lines were bad and nothing was written (each bad line is listed with its number). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: number;
                        message: string;
                        accepted?: number;
                        rejected?: number;
                        errors?: {
                            line: number;
                            message: string;
                        }[];
                    };
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body has an unsupported media type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetIssuesSarif: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A SARIF 2.1.0 log. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/sarif+json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetIssuesIndex: {
        parameters: {
            query?: {
                /** @description Dimensions to group by, comma-separated, from rule_id, severity, category, object_type. Default `rule_id,severity`: one row per issue. */
                group_by?: string;
                /** @description Sort terms: `column[:asc|desc]`, comma-separated, e.g. `severity:desc,open_instances:desc`. */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose rule_id equals this. */
                rule_id?: string;
                /** @description Only rows whose rule_id differs from this. */
                rule_id__ne?: string;
                /** @description Only rows whose rule_id is one of (comma-separated) this. */
                rule_id__in?: string;
                /** @description Only rows whose rule_id contains, in any case, this. */
                rule_id__ilk?: string;
                /** @description Only rows whose rule_name equals this. */
                rule_name?: string;
                /** @description Only rows whose rule_name differs from this. */
                rule_name__ne?: string;
                /** @description Only rows whose rule_name is one of (comma-separated) this. */
                rule_name__in?: string;
                /** @description Only rows whose rule_name contains, in any case, this. */
                rule_name__ilk?: string;
                /** @description Only rows whose severity equals this. */
                severity?: string;
                /** @description Only rows whose severity differs from this. */
                severity__ne?: string;
                /** @description Only rows whose severity is one of (comma-separated) this. */
                severity__in?: string;
                /** @description Only rows whose severity contains, in any case, this. */
                severity__ilk?: string;
                /** @description Only rows whose category equals this. */
                category?: string;
                /** @description Only rows whose category differs from this. */
                category__ne?: string;
                /** @description Only rows whose category is one of (comma-separated) this. */
                category__in?: string;
                /** @description Only rows whose category contains, in any case, this. */
                category__ilk?: string;
                /** @description Only rows whose open_instances equals this. */
                open_instances?: number;
                /** @description Only rows whose open_instances differs from this. */
                open_instances__ne?: number;
                /** @description Only rows whose open_instances is one of (comma-separated) this. */
                open_instances__in?: string;
                /** @description Only rows whose open_instances is greater than this. */
                open_instances__gt?: number;
                /** @description Only rows whose open_instances is at least this. */
                open_instances__gte?: number;
                /** @description Only rows whose open_instances is less than this. */
                open_instances__lt?: number;
                /** @description Only rows whose open_instances is at most this. */
                open_instances__lte?: number;
                /** @description Only rows whose objects equals this. */
                objects?: number;
                /** @description Only rows whose objects differs from this. */
                objects__ne?: number;
                /** @description Only rows whose objects is one of (comma-separated) this. */
                objects__in?: string;
                /** @description Only rows whose objects is greater than this. */
                objects__gt?: number;
                /** @description Only rows whose objects is at least this. */
                objects__gte?: number;
                /** @description Only rows whose objects is less than this. */
                objects__lt?: number;
                /** @description Only rows whose objects is at most this. */
                objects__lte?: number;
                /** @description Only rows whose first_detected equals this. (RFC 3339 with a zone) */
                first_detected?: string;
                /** @description Only rows whose first_detected differs from this. (RFC 3339 with a zone) */
                first_detected__ne?: string;
                /** @description Only rows whose first_detected is greater than this. (RFC 3339 with a zone) */
                first_detected__gt?: string;
                /** @description Only rows whose first_detected is at least this. (RFC 3339 with a zone) */
                first_detected__gte?: string;
                /** @description Only rows whose first_detected is less than this. (RFC 3339 with a zone) */
                first_detected__lt?: string;
                /** @description Only rows whose first_detected is at most this. (RFC 3339 with a zone) */
                first_detected__lte?: string;
                /** @description Only rows whose last_detected equals this. (RFC 3339 with a zone) */
                last_detected?: string;
                /** @description Only rows whose last_detected differs from this. (RFC 3339 with a zone) */
                last_detected__ne?: string;
                /** @description Only rows whose last_detected is greater than this. (RFC 3339 with a zone) */
                last_detected__gt?: string;
                /** @description Only rows whose last_detected is at least this. (RFC 3339 with a zone) */
                last_detected__gte?: string;
                /** @description Only rows whose last_detected is less than this. (RFC 3339 with a zone) */
                last_detected__lt?: string;
                /** @description Only rows whose last_detected is at most this. (RFC 3339 with a zone) */
                last_detected__lte?: string;
                /** @description Only rows whose object_type equals this. */
                object_type?: string;
                /** @description Only rows whose object_type differs from this. */
                object_type__ne?: string;
                /** @description Only rows whose object_type is one of (comma-separated) this. */
                object_type__in?: string;
                /** @description Only rows whose object_type contains, in any case, this. */
                object_type__ilk?: string;
                /** @description Only rows whose issues equals this. */
                issues?: number;
                /** @description Only rows whose issues differs from this. */
                issues__ne?: number;
                /** @description Only rows whose issues is one of (comma-separated) this. */
                issues__in?: string;
                /** @description Only rows whose issues is greater than this. */
                issues__gt?: number;
                /** @description Only rows whose issues is at least this. */
                issues__gte?: number;
                /** @description Only rows whose issues is less than this. */
                issues__lt?: number;
                /** @description Only rows whose issues is at most this. */
                issues__lte?: number;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of issues or issue groups. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                    "application/sarif+json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetIssueSingle: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Issue id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Column names, aligned with every row. */
                        header: string[];
                        /** @description One array per row, aligned to header. */
                        rows: unknown[][];
                        /** @description Pass as `cursor` for the next page; empty on the last page. */
                        cursor: string;
                        /** @description Rows matching the query over all pages. */
                        total: number;
                        /** @description 1 when total is exact. */
                        total_sampling: number;
                        /** @description A rule: `{rule_id, rule_name, rule_description, object_types, source}` and its severity, category, OWASP category, remediation and whether the tenant enabled it. */
                        rule: {
                            /** @description Rule id (static rules start with `SR-`). */
                            rule_id: string | null;
                            /** @description Name of the rule. */
                            rule_name: string | null;
                            /** @description What the rule checks. */
                            rule_description: string | null;
                            /** @description Severity new findings get: the tenant's override if it set one, else the default (sorts by rank). */
                            severity: string | null;
                            /** @description Severity the rule was shipped or ingested with. */
                            default_severity: string | null;
                            /** @description Category (guardrails, secrets, supply_chain, access_control, …). */
                            category: string | null;
                            /** @description Kinds of object the rule applies to. */
                            object_types: string[];
                            /** @description OWASP Top 10 for agentic applications category (ASI01–ASI10), or null. */
                            owasp_category: string | null;
                            /** @description How to fix what the rule finds. */
                            remediation: string | null;
                            /** @description static (shipped with the service) or external (ingested). */
                            source: string | null;
                            /** @description False when the tenant turned the rule off. */
                            enabled: boolean;
                            /** @description Compliance controls the rule maps to (OWASP LLM and agentic, MITRE ATLAS, NIST AI RMF, EU AI Act ids; docs/COMPLIANCE.md). */
                            frameworks: string[];
                        } | null;
                        objects: components["schemas"]["TabularResult"];
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetIssueObjects: {
        parameters: {
            query?: {
                /** @description Sort terms: `column[:asc|desc]`, comma-separated, e.g. `severity:desc,open_instances:desc`. */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Only rows whose object_type equals this. */
                object_type?: string;
                /** @description Only rows whose object_type differs from this. */
                object_type__ne?: string;
                /** @description Only rows whose object_type is one of (comma-separated) this. */
                object_type__in?: string;
                /** @description Only rows whose object_type contains, in any case, this. */
                object_type__ilk?: string;
                /** @description Only rows whose object_id equals this. */
                object_id?: string;
                /** @description Only rows whose object_id differs from this. */
                object_id__ne?: string;
                /** @description Only rows whose object_id is one of (comma-separated) this. */
                object_id__in?: string;
                /** @description Only rows whose object_id contains, in any case, this. */
                object_id__ilk?: string;
                /** @description Only rows whose object_name equals this. */
                object_name?: string;
                /** @description Only rows whose object_name differs from this. */
                object_name__ne?: string;
                /** @description Only rows whose object_name is one of (comma-separated) this. */
                object_name__in?: string;
                /** @description Only rows whose object_name contains, in any case, this. */
                object_name__ilk?: string;
                /** @description Only rows whose occurrences equals this. */
                occurrences?: number;
                /** @description Only rows whose occurrences differs from this. */
                occurrences__ne?: number;
                /** @description Only rows whose occurrences is one of (comma-separated) this. */
                occurrences__in?: string;
                /** @description Only rows whose occurrences is greater than this. */
                occurrences__gt?: number;
                /** @description Only rows whose occurrences is at least this. */
                occurrences__gte?: number;
                /** @description Only rows whose occurrences is less than this. */
                occurrences__lt?: number;
                /** @description Only rows whose occurrences is at most this. */
                occurrences__lte?: number;
                /** @description Only rows whose first_detected equals this. (RFC 3339 with a zone) */
                first_detected?: string;
                /** @description Only rows whose first_detected differs from this. (RFC 3339 with a zone) */
                first_detected__ne?: string;
                /** @description Only rows whose first_detected is greater than this. (RFC 3339 with a zone) */
                first_detected__gt?: string;
                /** @description Only rows whose first_detected is at least this. (RFC 3339 with a zone) */
                first_detected__gte?: string;
                /** @description Only rows whose first_detected is less than this. (RFC 3339 with a zone) */
                first_detected__lt?: string;
                /** @description Only rows whose first_detected is at most this. (RFC 3339 with a zone) */
                first_detected__lte?: string;
                /** @description Only rows whose last_detected equals this. (RFC 3339 with a zone) */
                last_detected?: string;
                /** @description Only rows whose last_detected differs from this. (RFC 3339 with a zone) */
                last_detected__ne?: string;
                /** @description Only rows whose last_detected is greater than this. (RFC 3339 with a zone) */
                last_detected__gt?: string;
                /** @description Only rows whose last_detected is at least this. (RFC 3339 with a zone) */
                last_detected__gte?: string;
                /** @description Only rows whose last_detected is less than this. (RFC 3339 with a zone) */
                last_detected__lt?: string;
                /** @description Only rows whose last_detected is at most this. (RFC 3339 with a zone) */
                last_detected__lte?: string;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Issue id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of objects. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetIssueObjectDetails: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Which instances: open, resolved or all (default open). */
                status?: "open" | "resolved" | "all";
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose issue_id equals this. */
                issue_id?: string;
                /** @description Only rows whose issue_id differs from this. */
                issue_id__ne?: string;
                /** @description Only rows whose issue_id is one of (comma-separated) this. */
                issue_id__in?: string;
                /** @description Only rows whose issue_id contains, in any case, this. */
                issue_id__ilk?: string;
                /** @description Only rows whose rule_id equals this. */
                rule_id?: string;
                /** @description Only rows whose rule_id differs from this. */
                rule_id__ne?: string;
                /** @description Only rows whose rule_id is one of (comma-separated) this. */
                rule_id__in?: string;
                /** @description Only rows whose rule_id contains, in any case, this. */
                rule_id__ilk?: string;
                /** @description Only rows whose severity equals this. */
                severity?: string;
                /** @description Only rows whose severity differs from this. */
                severity__ne?: string;
                /** @description Only rows whose severity is one of (comma-separated) this. */
                severity__in?: string;
                /** @description Only rows whose severity contains, in any case, this. */
                severity__ilk?: string;
                /** @description Only rows whose status differs from this. */
                status__ne?: string;
                /** @description Only rows whose status is one of (comma-separated) this. */
                status__in?: string;
                /** @description Only rows whose status contains, in any case, this. */
                status__ilk?: string;
                /** @description Only rows whose title equals this. */
                title?: string;
                /** @description Only rows whose title differs from this. */
                title__ne?: string;
                /** @description Only rows whose title is one of (comma-separated) this. */
                title__in?: string;
                /** @description Only rows whose title contains, in any case, this. */
                title__ilk?: string;
                /** @description Kind of the object, needed only when objects of several kinds share the id. */
                object_type?: string;
                /** @description Only rows whose object_type differs from this. */
                object_type__ne?: string;
                /** @description Only rows whose object_type is one of (comma-separated) this. */
                object_type__in?: string;
                /** @description Only rows whose object_type contains, in any case, this. */
                object_type__ilk?: string;
                /** @description Only rows whose object_id equals this. */
                object_id?: string;
                /** @description Only rows whose object_id differs from this. */
                object_id__ne?: string;
                /** @description Only rows whose object_id is one of (comma-separated) this. */
                object_id__in?: string;
                /** @description Only rows whose object_id contains, in any case, this. */
                object_id__ilk?: string;
                /** @description Only rows whose detected_at equals this. (RFC 3339 with a zone) */
                detected_at?: string;
                /** @description Only rows whose detected_at differs from this. (RFC 3339 with a zone) */
                detected_at__ne?: string;
                /** @description Only rows whose detected_at is greater than this. (RFC 3339 with a zone) */
                detected_at__gt?: string;
                /** @description Only rows whose detected_at is at least this. (RFC 3339 with a zone) */
                detected_at__gte?: string;
                /** @description Only rows whose detected_at is less than this. (RFC 3339 with a zone) */
                detected_at__lt?: string;
                /** @description Only rows whose detected_at is at most this. (RFC 3339 with a zone) */
                detected_at__lte?: string;
                /** @description Only rows whose resolved_at equals this. (RFC 3339 with a zone) */
                resolved_at?: string;
                /** @description Only rows whose resolved_at differs from this. (RFC 3339 with a zone) */
                resolved_at__ne?: string;
                /** @description Only rows whose resolved_at is greater than this. (RFC 3339 with a zone) */
                resolved_at__gt?: string;
                /** @description Only rows whose resolved_at is at least this. (RFC 3339 with a zone) */
                resolved_at__gte?: string;
                /** @description Only rows whose resolved_at is less than this. (RFC 3339 with a zone) */
                resolved_at__lt?: string;
                /** @description Only rows whose resolved_at is at most this. (RFC 3339 with a zone) */
                resolved_at__lte?: string;
                /** @description Only rows whose cvss_score equals this. */
                cvss_score?: number;
                /** @description Only rows whose cvss_score differs from this. */
                cvss_score__ne?: number;
                /** @description Only rows whose cvss_score is one of (comma-separated) this. */
                cvss_score__in?: string;
                /** @description Only rows whose cvss_score is greater than this. */
                cvss_score__gt?: number;
                /** @description Only rows whose cvss_score is at least this. */
                cvss_score__gte?: number;
                /** @description Only rows whose cvss_score is less than this. */
                cvss_score__lt?: number;
                /** @description Only rows whose cvss_score is at most this. */
                cvss_score__lte?: number;
                /** @description Only rows whose owasp_category equals this. */
                owasp_category?: string;
                /** @description Only rows whose owasp_category differs from this. */
                owasp_category__ne?: string;
                /** @description Only rows whose owasp_category is one of (comma-separated) this. */
                owasp_category__in?: string;
                /** @description Only rows whose owasp_category contains, in any case, this. */
                owasp_category__ilk?: string;
                /** @description Only rows whose scan_id equals this. */
                scan_id?: string;
                /** @description Only rows whose scan_id differs from this. */
                scan_id__ne?: string;
                /** @description Only rows whose scan_id is one of (comma-separated) this. */
                scan_id__in?: string;
                /** @description Only rows whose scan_id contains, in any case, this. */
                scan_id__ilk?: string;
                /** @description Only rows whose source equals this. */
                source?: string;
                /** @description Only rows whose source differs from this. */
                source__ne?: string;
                /** @description Only rows whose source is one of (comma-separated) this. */
                source__in?: string;
                /** @description Only rows whose source contains, in any case, this. */
                source__ilk?: string;
                /** @description Only rows whose category equals this. */
                category?: string;
                /** @description Only rows whose category differs from this. */
                category__ne?: string;
                /** @description Only rows whose category is one of (comma-separated) this. */
                category__in?: string;
                /** @description Only rows whose category contains, in any case, this. */
                category__ilk?: string;
                /** @description Only rows whose description equals this. */
                description?: string;
                /** @description Only rows whose description differs from this. */
                description__ne?: string;
                /** @description Only rows whose description is one of (comma-separated) this. */
                description__in?: string;
                /** @description Only rows whose description contains, in any case, this. */
                description__ilk?: string;
                /** @description Only rows whose remediation equals this. */
                remediation?: string;
                /** @description Only rows whose remediation differs from this. */
                remediation__ne?: string;
                /** @description Only rows whose remediation is one of (comma-separated) this. */
                remediation__in?: string;
                /** @description Only rows whose remediation contains, in any case, this. */
                remediation__ilk?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Issue id. */
                id: string;
                /** @description Id of an object the issue touches. */
                objectId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of the instance-level details of one object within one issue. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The issue. */
                        issue_id: string;
                        /** @description Kind of the object. */
                        object_type: string;
                        /** @description The object. */
                        object_id: string;
                        /** @description Its name in the inventory, or null when the inventory does not hold it. */
                        object_name: string | null;
                        /** @description A page of the object's instances in the issue, newest first. */
                        details: {
                            /** @description Instance id. */
                            id: string | null;
                            /** @description Issue the instance belongs to. */
                            issue_id: string | null;
                            /** @description Rule that raised it. */
                            rule_id: string | null;
                            /** @description critical, high, medium or low. */
                            severity: string | null;
                            /** @description open or resolved. */
                            status: string | null;
                            /** @description One-line statement of the finding. */
                            title: string | null;
                            /** @description Kind of the object the finding is on. */
                            object_type: string | null;
                            /** @description Id of the object the finding is on. */
                            object_id: string | null;
                            /**
                             * Format: date-time
                             * @description When it was detected.
                             */
                            detected_at: string | null;
                            /**
                             * Format: date-time
                             * @description When it stopped holding (null while open).
                             */
                            resolved_at: string | null;
                            /** @description CVSS base score where one applies. */
                            cvss_score: number | null;
                            /** @description OWASP Top 10 for agentic applications category (ASI01–ASI10). */
                            owasp_category: string | null;
                            /** @description Scan that produced it. */
                            scan_id: string | null;
                            /** @description ingest (sent by a sensor) or static (evaluated by the service). */
                            source: string | null;
                            /** @description Category of the rule (guardrails, secrets, supply_chain, …). */
                            category: string | null;
                            /** @description What was found, in full. */
                            description: string | null;
                            /** @description Where in code it was found (repository, path, start_line, … as the sensor sent it), or null. */
                            code_location: {
                                [key: string]: unknown;
                            } | null;
                            /** @description What the sensor saw (free-form object as sent), or null. */
                            evidence: {
                                [key: string]: unknown;
                            } | null;
                            /** @description How to fix it (the rule's remediation unless the finding carried its own). */
                            remediation: string | null;
                        }[];
                        /** @description Pass as `cursor` for the next page; empty on the last page. */
                        cursor: string;
                        /** @description Instances of the object in the issue matching `status`, over all pages. */
                        total: number;
                        /** @description 1 when total is exact. */
                        total_sampling: number;
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetIssueObjectDetail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Issue id. */
                id: string;
                /** @description Id of an object the issue touches. */
                objectId: string;
                /** @description Instance id. */
                detailId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The instance as a tabular result with one row (every field), `rule`: the metadata of the rule that raised it, and `scan`: the scan named by its `scan_id` (null when it names none, or one the workspace does not hold). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Column names, aligned with every row. */
                        header: string[];
                        /** @description One array per row, aligned to header. */
                        rows: unknown[][];
                        /** @description Pass as `cursor` for the next page; empty on the last page. */
                        cursor: string;
                        /** @description Rows matching the query over all pages. */
                        total: number;
                        /** @description 1 when total is exact. */
                        total_sampling: number;
                        /** @description A rule: `{rule_id, rule_name, rule_description, object_types, source}` and its severity, category, OWASP category, remediation and whether the tenant enabled it. */
                        rule: {
                            /** @description Rule id (static rules start with `SR-`). */
                            rule_id: string | null;
                            /** @description Name of the rule. */
                            rule_name: string | null;
                            /** @description What the rule checks. */
                            rule_description: string | null;
                            /** @description Severity new findings get: the tenant's override if it set one, else the default (sorts by rank). */
                            severity: string | null;
                            /** @description Severity the rule was shipped or ingested with. */
                            default_severity: string | null;
                            /** @description Category (guardrails, secrets, supply_chain, access_control, …). */
                            category: string | null;
                            /** @description Kinds of object the rule applies to. */
                            object_types: string[];
                            /** @description OWASP Top 10 for agentic applications category (ASI01–ASI10), or null. */
                            owasp_category: string | null;
                            /** @description How to fix what the rule finds. */
                            remediation: string | null;
                            /** @description static (shipped with the service) or external (ingested). */
                            source: string | null;
                            /** @description False when the tenant turned the rule off. */
                            enabled: boolean;
                            /** @description Compliance controls the rule maps to (OWASP LLM and agentic, MITRE ATLAS, NIST AI RMF, EU AI Act ids; docs/COMPLIANCE.md). */
                            frameworks: string[];
                        } | null;
                        /** @description One scan: every column of the scan rows (docs/SCANS.md). */
                        scan: {
                            /** @description Scan id, unique within the workspace. */
                            id: string | null;
                            /** @description Sensor that ran: SENSOR_TYPE_STATIC_CODE_SCAN, SENSOR_TYPE_RUNTIME_SDK, SENSOR_TYPE_GARAK_PROBE, … as the sensor sent it. */
                            sensor_type: string | null;
                            /** @description CI/CD system it ran in (CICD_TYPE_GITHUB_ACTION, CICD_TYPE_GITLAB_CI), or null outside a pipeline. */
                            cicd_type: string | null;
                            /** @description Repository it scanned, where known. */
                            repository: string | null;
                            /** @description Branch it scanned, where known. */
                            branch: string | null;
                            /** @description Commit it scanned, where known. */
                            commit: string | null;
                            /** @description running, succeeded or failed. */
                            status: string | null;
                            /**
                             * Format: date-time
                             * @description When it started (the default order: newest first).
                             */
                            started_at: string | null;
                            /**
                             * Format: date-time
                             * @description When it finished (null while running).
                             */
                            finished_at: string | null;
                            /** @description In an asset's scans: whether it is the current scan of its sensor for that asset (the finished one that started last). Elsewhere: whether it is current for at least one of its assets. */
                            is_current: boolean;
                            /** @description Assets it covered. */
                            assets: number;
                            /** @description Of those, the assets for which it is the current scan of its sensor. */
                            current_assets: number;
                            /** @description AI objects (agents, models, tools, MCP servers, …) it reported. */
                            ai_objects: number;
                            /** @description Findings it reported. */
                            findings: number;
                            /** @description Further fields the sensor sent, as sent. */
                            attributes: {
                                [key: string]: unknown;
                            } | null;
                        } | null;
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetInstanceDetailsV2: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Instance id. */
                instanceId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The instance as a tabular result with one row (every field), `rule`: the metadata of the rule that raised it, and `scan`: the scan named by its `scan_id` (null when it names none, or one the workspace does not hold). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Column names, aligned with every row. */
                        header: string[];
                        /** @description One array per row, aligned to header. */
                        rows: unknown[][];
                        /** @description Pass as `cursor` for the next page; empty on the last page. */
                        cursor: string;
                        /** @description Rows matching the query over all pages. */
                        total: number;
                        /** @description 1 when total is exact. */
                        total_sampling: number;
                        /** @description A rule: `{rule_id, rule_name, rule_description, object_types, source}` and its severity, category, OWASP category, remediation and whether the tenant enabled it. */
                        rule: {
                            /** @description Rule id (static rules start with `SR-`). */
                            rule_id: string | null;
                            /** @description Name of the rule. */
                            rule_name: string | null;
                            /** @description What the rule checks. */
                            rule_description: string | null;
                            /** @description Severity new findings get: the tenant's override if it set one, else the default (sorts by rank). */
                            severity: string | null;
                            /** @description Severity the rule was shipped or ingested with. */
                            default_severity: string | null;
                            /** @description Category (guardrails, secrets, supply_chain, access_control, …). */
                            category: string | null;
                            /** @description Kinds of object the rule applies to. */
                            object_types: string[];
                            /** @description OWASP Top 10 for agentic applications category (ASI01–ASI10), or null. */
                            owasp_category: string | null;
                            /** @description How to fix what the rule finds. */
                            remediation: string | null;
                            /** @description static (shipped with the service) or external (ingested). */
                            source: string | null;
                            /** @description False when the tenant turned the rule off. */
                            enabled: boolean;
                            /** @description Compliance controls the rule maps to (OWASP LLM and agentic, MITRE ATLAS, NIST AI RMF, EU AI Act ids; docs/COMPLIANCE.md). */
                            frameworks: string[];
                        } | null;
                        /** @description One scan: every column of the scan rows (docs/SCANS.md). */
                        scan: {
                            /** @description Scan id, unique within the workspace. */
                            id: string | null;
                            /** @description Sensor that ran: SENSOR_TYPE_STATIC_CODE_SCAN, SENSOR_TYPE_RUNTIME_SDK, SENSOR_TYPE_GARAK_PROBE, … as the sensor sent it. */
                            sensor_type: string | null;
                            /** @description CI/CD system it ran in (CICD_TYPE_GITHUB_ACTION, CICD_TYPE_GITLAB_CI), or null outside a pipeline. */
                            cicd_type: string | null;
                            /** @description Repository it scanned, where known. */
                            repository: string | null;
                            /** @description Branch it scanned, where known. */
                            branch: string | null;
                            /** @description Commit it scanned, where known. */
                            commit: string | null;
                            /** @description running, succeeded or failed. */
                            status: string | null;
                            /**
                             * Format: date-time
                             * @description When it started (the default order: newest first).
                             */
                            started_at: string | null;
                            /**
                             * Format: date-time
                             * @description When it finished (null while running).
                             */
                            finished_at: string | null;
                            /** @description In an asset's scans: whether it is the current scan of its sensor for that asset (the finished one that started last). Elsewhere: whether it is current for at least one of its assets. */
                            is_current: boolean;
                            /** @description Assets it covered. */
                            assets: number;
                            /** @description Of those, the assets for which it is the current scan of its sensor. */
                            current_assets: number;
                            /** @description AI objects (agents, models, tools, MCP servers, …) it reported. */
                            ai_objects: number;
                            /** @description Findings it reported. */
                            findings: number;
                            /** @description Further fields the sensor sent, as sent. */
                            attributes: {
                                [key: string]: unknown;
                            } | null;
                        } | null;
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAllRules: {
        parameters: {
            query?: {
                /** @description Case-insensitive substring the name must contain. */
                name__ilk?: string;
                /** @description Only rows whose rule_id equals this. */
                rule_id?: string;
                /** @description Only rows whose rule_id differs from this. */
                rule_id__ne?: string;
                /** @description Only rows whose rule_id is one of (comma-separated) this. */
                rule_id__in?: string;
                /** @description Only rows whose rule_id contains, in any case, this. */
                rule_id__ilk?: string;
                /** @description Only rows whose rule_name equals this. */
                rule_name?: string;
                /** @description Only rows whose rule_name differs from this. */
                rule_name__ne?: string;
                /** @description Only rows whose rule_name is one of (comma-separated) this. */
                rule_name__in?: string;
                /** @description Only rows whose rule_name contains, in any case, this. */
                rule_name__ilk?: string;
                /** @description Only rows whose rule_description equals this. */
                rule_description?: string;
                /** @description Only rows whose rule_description differs from this. */
                rule_description__ne?: string;
                /** @description Only rows whose rule_description is one of (comma-separated) this. */
                rule_description__in?: string;
                /** @description Only rows whose rule_description contains, in any case, this. */
                rule_description__ilk?: string;
                /** @description Only rows whose severity equals this. */
                severity?: string;
                /** @description Only rows whose severity differs from this. */
                severity__ne?: string;
                /** @description Only rows whose severity is one of (comma-separated) this. */
                severity__in?: string;
                /** @description Only rows whose severity contains, in any case, this. */
                severity__ilk?: string;
                /** @description Only rows whose default_severity equals this. */
                default_severity?: string;
                /** @description Only rows whose default_severity differs from this. */
                default_severity__ne?: string;
                /** @description Only rows whose default_severity is one of (comma-separated) this. */
                default_severity__in?: string;
                /** @description Only rows whose default_severity contains, in any case, this. */
                default_severity__ilk?: string;
                /** @description Only rows whose category equals this. */
                category?: string;
                /** @description Only rows whose category differs from this. */
                category__ne?: string;
                /** @description Only rows whose category is one of (comma-separated) this. */
                category__in?: string;
                /** @description Only rows whose category contains, in any case, this. */
                category__ilk?: string;
                /** @description Only rows whose object_types has this. */
                object_types?: string;
                /** @description Only rows whose object_types lacks this. */
                object_types__ne?: string;
                /** @description Only rows whose object_types has one of (comma-separated) this. */
                object_types__in?: string;
                /** @description Only rows whose object_types contains, in any case, this. */
                object_types__ilk?: string;
                /** @description Only rows whose owasp_category equals this. */
                owasp_category?: string;
                /** @description Only rows whose owasp_category differs from this. */
                owasp_category__ne?: string;
                /** @description Only rows whose owasp_category is one of (comma-separated) this. */
                owasp_category__in?: string;
                /** @description Only rows whose owasp_category contains, in any case, this. */
                owasp_category__ilk?: string;
                /** @description Only rows whose remediation equals this. */
                remediation?: string;
                /** @description Only rows whose remediation differs from this. */
                remediation__ne?: string;
                /** @description Only rows whose remediation is one of (comma-separated) this. */
                remediation__in?: string;
                /** @description Only rows whose remediation contains, in any case, this. */
                remediation__ilk?: string;
                /** @description Only rows whose source equals this. */
                source?: string;
                /** @description Only rows whose source differs from this. */
                source__ne?: string;
                /** @description Only rows whose source is one of (comma-separated) this. */
                source__in?: string;
                /** @description Only rows whose source contains, in any case, this. */
                source__ilk?: string;
                /** @description Only rows whose enabled equals this. */
                enabled?: boolean;
                /** @description Only rows whose enabled differs from this. */
                enabled__ne?: boolean;
                /** @description Only rows whose frameworks has this. */
                frameworks?: string;
                /** @description Only rows whose frameworks lacks this. */
                frameworks__ne?: string;
                /** @description Only rows whose frameworks has one of (comma-separated) this. */
                frameworks__in?: string;
                /** @description Only rows whose frameworks contains, in any case, this. */
                frameworks__ilk?: string;
                /** @description Sort terms: `column[:asc|desc]`, comma-separated (rule_id, rule_name, severity, category, source). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of rules. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetRule: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Rule id. */
                rule_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A rule: `{rule_id, rule_name, rule_description, object_types, source}` and its severity, category, OWASP category, remediation and whether the tenant enabled it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Rule"];
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetStaticRules: {
        parameters: {
            query?: {
                /** @description Case-insensitive substring the name must contain. */
                name__ilk?: string;
                /** @description Only rows whose rule_id equals this. */
                rule_id?: string;
                /** @description Only rows whose rule_id differs from this. */
                rule_id__ne?: string;
                /** @description Only rows whose rule_id is one of (comma-separated) this. */
                rule_id__in?: string;
                /** @description Only rows whose rule_id contains, in any case, this. */
                rule_id__ilk?: string;
                /** @description Only rows whose rule_name equals this. */
                rule_name?: string;
                /** @description Only rows whose rule_name differs from this. */
                rule_name__ne?: string;
                /** @description Only rows whose rule_name is one of (comma-separated) this. */
                rule_name__in?: string;
                /** @description Only rows whose rule_name contains, in any case, this. */
                rule_name__ilk?: string;
                /** @description Only rows whose rule_description equals this. */
                rule_description?: string;
                /** @description Only rows whose rule_description differs from this. */
                rule_description__ne?: string;
                /** @description Only rows whose rule_description is one of (comma-separated) this. */
                rule_description__in?: string;
                /** @description Only rows whose rule_description contains, in any case, this. */
                rule_description__ilk?: string;
                /** @description Only rows whose severity equals this. */
                severity?: string;
                /** @description Only rows whose severity differs from this. */
                severity__ne?: string;
                /** @description Only rows whose severity is one of (comma-separated) this. */
                severity__in?: string;
                /** @description Only rows whose severity contains, in any case, this. */
                severity__ilk?: string;
                /** @description Only rows whose default_severity equals this. */
                default_severity?: string;
                /** @description Only rows whose default_severity differs from this. */
                default_severity__ne?: string;
                /** @description Only rows whose default_severity is one of (comma-separated) this. */
                default_severity__in?: string;
                /** @description Only rows whose default_severity contains, in any case, this. */
                default_severity__ilk?: string;
                /** @description Only rows whose category equals this. */
                category?: string;
                /** @description Only rows whose category differs from this. */
                category__ne?: string;
                /** @description Only rows whose category is one of (comma-separated) this. */
                category__in?: string;
                /** @description Only rows whose category contains, in any case, this. */
                category__ilk?: string;
                /** @description Only rows whose object_types has this. */
                object_types?: string;
                /** @description Only rows whose object_types lacks this. */
                object_types__ne?: string;
                /** @description Only rows whose object_types has one of (comma-separated) this. */
                object_types__in?: string;
                /** @description Only rows whose object_types contains, in any case, this. */
                object_types__ilk?: string;
                /** @description Only rows whose owasp_category equals this. */
                owasp_category?: string;
                /** @description Only rows whose owasp_category differs from this. */
                owasp_category__ne?: string;
                /** @description Only rows whose owasp_category is one of (comma-separated) this. */
                owasp_category__in?: string;
                /** @description Only rows whose owasp_category contains, in any case, this. */
                owasp_category__ilk?: string;
                /** @description Only rows whose remediation equals this. */
                remediation?: string;
                /** @description Only rows whose remediation differs from this. */
                remediation__ne?: string;
                /** @description Only rows whose remediation is one of (comma-separated) this. */
                remediation__in?: string;
                /** @description Only rows whose remediation contains, in any case, this. */
                remediation__ilk?: string;
                /** @description Only rows whose source equals this. */
                source?: string;
                /** @description Only rows whose source differs from this. */
                source__ne?: string;
                /** @description Only rows whose source is one of (comma-separated) this. */
                source__in?: string;
                /** @description Only rows whose source contains, in any case, this. */
                source__ilk?: string;
                /** @description Only rows whose enabled equals this. */
                enabled?: boolean;
                /** @description Only rows whose enabled differs from this. */
                enabled__ne?: boolean;
                /** @description Only rows whose frameworks has this. */
                frameworks?: string;
                /** @description Only rows whose frameworks lacks this. */
                frameworks__ne?: string;
                /** @description Only rows whose frameworks has one of (comma-separated) this. */
                frameworks__in?: string;
                /** @description Only rows whose frameworks contains, in any case, this. */
                frameworks__ilk?: string;
                /** @description Sort terms: `column[:asc|desc]`, comma-separated (rule_id, rule_name, severity, category, source). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of static rules. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetExternalRules: {
        parameters: {
            query?: {
                /** @description Case-insensitive substring the name must contain. */
                name__ilk?: string;
                /** @description Only rows whose rule_id equals this. */
                rule_id?: string;
                /** @description Only rows whose rule_id differs from this. */
                rule_id__ne?: string;
                /** @description Only rows whose rule_id is one of (comma-separated) this. */
                rule_id__in?: string;
                /** @description Only rows whose rule_id contains, in any case, this. */
                rule_id__ilk?: string;
                /** @description Only rows whose rule_name equals this. */
                rule_name?: string;
                /** @description Only rows whose rule_name differs from this. */
                rule_name__ne?: string;
                /** @description Only rows whose rule_name is one of (comma-separated) this. */
                rule_name__in?: string;
                /** @description Only rows whose rule_name contains, in any case, this. */
                rule_name__ilk?: string;
                /** @description Only rows whose rule_description equals this. */
                rule_description?: string;
                /** @description Only rows whose rule_description differs from this. */
                rule_description__ne?: string;
                /** @description Only rows whose rule_description is one of (comma-separated) this. */
                rule_description__in?: string;
                /** @description Only rows whose rule_description contains, in any case, this. */
                rule_description__ilk?: string;
                /** @description Only rows whose severity equals this. */
                severity?: string;
                /** @description Only rows whose severity differs from this. */
                severity__ne?: string;
                /** @description Only rows whose severity is one of (comma-separated) this. */
                severity__in?: string;
                /** @description Only rows whose severity contains, in any case, this. */
                severity__ilk?: string;
                /** @description Only rows whose default_severity equals this. */
                default_severity?: string;
                /** @description Only rows whose default_severity differs from this. */
                default_severity__ne?: string;
                /** @description Only rows whose default_severity is one of (comma-separated) this. */
                default_severity__in?: string;
                /** @description Only rows whose default_severity contains, in any case, this. */
                default_severity__ilk?: string;
                /** @description Only rows whose category equals this. */
                category?: string;
                /** @description Only rows whose category differs from this. */
                category__ne?: string;
                /** @description Only rows whose category is one of (comma-separated) this. */
                category__in?: string;
                /** @description Only rows whose category contains, in any case, this. */
                category__ilk?: string;
                /** @description Only rows whose object_types has this. */
                object_types?: string;
                /** @description Only rows whose object_types lacks this. */
                object_types__ne?: string;
                /** @description Only rows whose object_types has one of (comma-separated) this. */
                object_types__in?: string;
                /** @description Only rows whose object_types contains, in any case, this. */
                object_types__ilk?: string;
                /** @description Only rows whose owasp_category equals this. */
                owasp_category?: string;
                /** @description Only rows whose owasp_category differs from this. */
                owasp_category__ne?: string;
                /** @description Only rows whose owasp_category is one of (comma-separated) this. */
                owasp_category__in?: string;
                /** @description Only rows whose owasp_category contains, in any case, this. */
                owasp_category__ilk?: string;
                /** @description Only rows whose remediation equals this. */
                remediation?: string;
                /** @description Only rows whose remediation differs from this. */
                remediation__ne?: string;
                /** @description Only rows whose remediation is one of (comma-separated) this. */
                remediation__in?: string;
                /** @description Only rows whose remediation contains, in any case, this. */
                remediation__ilk?: string;
                /** @description Only rows whose source equals this. */
                source?: string;
                /** @description Only rows whose source differs from this. */
                source__ne?: string;
                /** @description Only rows whose source is one of (comma-separated) this. */
                source__in?: string;
                /** @description Only rows whose source contains, in any case, this. */
                source__ilk?: string;
                /** @description Only rows whose enabled equals this. */
                enabled?: boolean;
                /** @description Only rows whose enabled differs from this. */
                enabled__ne?: boolean;
                /** @description Only rows whose frameworks has this. */
                frameworks?: string;
                /** @description Only rows whose frameworks lacks this. */
                frameworks__ne?: string;
                /** @description Only rows whose frameworks has one of (comma-separated) this. */
                frameworks__in?: string;
                /** @description Only rows whose frameworks contains, in any case, this. */
                frameworks__ilk?: string;
                /** @description Only this workspace (the token must be granted it); all the token's workspaces when absent. */
                workspace_id?: string;
                /** @description Sort terms: `column[:asc|desc]`, comma-separated (rule_id, rule_name, severity, category, source). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of external rules. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetRuleInstances: {
        parameters: {
            query?: {
                /** @description Only this workspace (the token must be granted it); all the token's workspaces when absent. */
                workspace_id?: string;
                /** @description Which instances: open, resolved or all (default all). */
                status?: "open" | "resolved" | "all";
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose issue_id equals this. */
                issue_id?: string;
                /** @description Only rows whose issue_id differs from this. */
                issue_id__ne?: string;
                /** @description Only rows whose issue_id is one of (comma-separated) this. */
                issue_id__in?: string;
                /** @description Only rows whose issue_id contains, in any case, this. */
                issue_id__ilk?: string;
                /** @description Only rows whose rule_id equals this. */
                rule_id?: string;
                /** @description Only rows whose rule_id differs from this. */
                rule_id__ne?: string;
                /** @description Only rows whose rule_id is one of (comma-separated) this. */
                rule_id__in?: string;
                /** @description Only rows whose rule_id contains, in any case, this. */
                rule_id__ilk?: string;
                /** @description Only rows whose severity equals this. */
                severity?: string;
                /** @description Only rows whose severity differs from this. */
                severity__ne?: string;
                /** @description Only rows whose severity is one of (comma-separated) this. */
                severity__in?: string;
                /** @description Only rows whose severity contains, in any case, this. */
                severity__ilk?: string;
                /** @description Only rows whose status differs from this. */
                status__ne?: string;
                /** @description Only rows whose status is one of (comma-separated) this. */
                status__in?: string;
                /** @description Only rows whose status contains, in any case, this. */
                status__ilk?: string;
                /** @description Only rows whose title equals this. */
                title?: string;
                /** @description Only rows whose title differs from this. */
                title__ne?: string;
                /** @description Only rows whose title is one of (comma-separated) this. */
                title__in?: string;
                /** @description Only rows whose title contains, in any case, this. */
                title__ilk?: string;
                /** @description Only rows whose object_type equals this. */
                object_type?: string;
                /** @description Only rows whose object_type differs from this. */
                object_type__ne?: string;
                /** @description Only rows whose object_type is one of (comma-separated) this. */
                object_type__in?: string;
                /** @description Only rows whose object_type contains, in any case, this. */
                object_type__ilk?: string;
                /** @description Only rows whose object_id equals this. */
                object_id?: string;
                /** @description Only rows whose object_id differs from this. */
                object_id__ne?: string;
                /** @description Only rows whose object_id is one of (comma-separated) this. */
                object_id__in?: string;
                /** @description Only rows whose object_id contains, in any case, this. */
                object_id__ilk?: string;
                /** @description Only rows whose detected_at equals this. (RFC 3339 with a zone) */
                detected_at?: string;
                /** @description Only rows whose detected_at differs from this. (RFC 3339 with a zone) */
                detected_at__ne?: string;
                /** @description Only rows whose detected_at is greater than this. (RFC 3339 with a zone) */
                detected_at__gt?: string;
                /** @description Only rows whose detected_at is at least this. (RFC 3339 with a zone) */
                detected_at__gte?: string;
                /** @description Only rows whose detected_at is less than this. (RFC 3339 with a zone) */
                detected_at__lt?: string;
                /** @description Only rows whose detected_at is at most this. (RFC 3339 with a zone) */
                detected_at__lte?: string;
                /** @description Only rows whose resolved_at equals this. (RFC 3339 with a zone) */
                resolved_at?: string;
                /** @description Only rows whose resolved_at differs from this. (RFC 3339 with a zone) */
                resolved_at__ne?: string;
                /** @description Only rows whose resolved_at is greater than this. (RFC 3339 with a zone) */
                resolved_at__gt?: string;
                /** @description Only rows whose resolved_at is at least this. (RFC 3339 with a zone) */
                resolved_at__gte?: string;
                /** @description Only rows whose resolved_at is less than this. (RFC 3339 with a zone) */
                resolved_at__lt?: string;
                /** @description Only rows whose resolved_at is at most this. (RFC 3339 with a zone) */
                resolved_at__lte?: string;
                /** @description Only rows whose cvss_score equals this. */
                cvss_score?: number;
                /** @description Only rows whose cvss_score differs from this. */
                cvss_score__ne?: number;
                /** @description Only rows whose cvss_score is one of (comma-separated) this. */
                cvss_score__in?: string;
                /** @description Only rows whose cvss_score is greater than this. */
                cvss_score__gt?: number;
                /** @description Only rows whose cvss_score is at least this. */
                cvss_score__gte?: number;
                /** @description Only rows whose cvss_score is less than this. */
                cvss_score__lt?: number;
                /** @description Only rows whose cvss_score is at most this. */
                cvss_score__lte?: number;
                /** @description Only rows whose owasp_category equals this. */
                owasp_category?: string;
                /** @description Only rows whose owasp_category differs from this. */
                owasp_category__ne?: string;
                /** @description Only rows whose owasp_category is one of (comma-separated) this. */
                owasp_category__in?: string;
                /** @description Only rows whose owasp_category contains, in any case, this. */
                owasp_category__ilk?: string;
                /** @description Only rows whose scan_id equals this. */
                scan_id?: string;
                /** @description Only rows whose scan_id differs from this. */
                scan_id__ne?: string;
                /** @description Only rows whose scan_id is one of (comma-separated) this. */
                scan_id__in?: string;
                /** @description Only rows whose scan_id contains, in any case, this. */
                scan_id__ilk?: string;
                /** @description Only rows whose source equals this. */
                source?: string;
                /** @description Only rows whose source differs from this. */
                source__ne?: string;
                /** @description Only rows whose source is one of (comma-separated) this. */
                source__in?: string;
                /** @description Only rows whose source contains, in any case, this. */
                source__ilk?: string;
                /** @description Only rows whose category equals this. */
                category?: string;
                /** @description Only rows whose category differs from this. */
                category__ne?: string;
                /** @description Only rows whose category is one of (comma-separated) this. */
                category__in?: string;
                /** @description Only rows whose category contains, in any case, this. */
                category__ilk?: string;
                /** @description Only rows whose description equals this. */
                description?: string;
                /** @description Only rows whose description differs from this. */
                description__ne?: string;
                /** @description Only rows whose description is one of (comma-separated) this. */
                description__in?: string;
                /** @description Only rows whose description contains, in any case, this. */
                description__ilk?: string;
                /** @description Only rows whose remediation equals this. */
                remediation?: string;
                /** @description Only rows whose remediation differs from this. */
                remediation__ne?: string;
                /** @description Only rows whose remediation is one of (comma-separated) this. */
                remediation__in?: string;
                /** @description Only rows whose remediation contains, in any case, this. */
                remediation__ilk?: string;
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
            };
            header?: never;
            path: {
                /** @description Rule id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of instances. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetHistogramsAispm: {
        parameters: {
            query?: {
                /** @description Only this workspace (the token must be granted it); all the token's workspaces when absent. */
                workspace_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        issues_histogram: {
                            /** @description 12 entries, one per calendar month ending with the current one, oldest first. */
                            counts: {
                                /** @description The calendar month (UTC), YYYY-MM. */
                                month: string;
                                /** @description Instances of critical severity detected in the month. */
                                critical: number;
                                /** @description Instances of high severity detected in the month. */
                                high: number;
                                /** @description Instances of medium or low severity detected in the month. */
                                other: number;
                            }[];
                        };
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetSummaryAispmDashboard: {
        parameters: {
            query?: {
                /** @description Only this workspace (the token must be granted it); all the token's workspaces when absent. */
                workspace_id?: string;
                /** @description Length of the top lists, 1–100 (default 5). */
                top?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Per object type: objects in the inventory and the open issues on them. */
                        objects_counts: {
                            agent: {
                                /** @description Objects of the kind. */
                                inventory: number;
                                /** @description Open issues on objects of the kind, counted once per object they touch (the sum of the objects' total_issues). */
                                issues: number;
                                /** @description Of those, critical ones. */
                                critical: number;
                                /** @description Of those, high ones. */
                                high: number;
                            };
                            model: {
                                /** @description Objects of the kind. */
                                inventory: number;
                                /** @description Open issues on objects of the kind, counted once per object they touch (the sum of the objects' total_issues). */
                                issues: number;
                                /** @description Of those, critical ones. */
                                critical: number;
                                /** @description Of those, high ones. */
                                high: number;
                            };
                            tool: {
                                /** @description Objects of the kind. */
                                inventory: number;
                                /** @description Open issues on objects of the kind, counted once per object they touch (the sum of the objects' total_issues). */
                                issues: number;
                                /** @description Of those, critical ones. */
                                critical: number;
                                /** @description Of those, high ones. */
                                high: number;
                            };
                            mcp_server: {
                                /** @description Objects of the kind. */
                                inventory: number;
                                /** @description Open issues on objects of the kind, counted once per object they touch (the sum of the objects' total_issues). */
                                issues: number;
                                /** @description Of those, critical ones. */
                                critical: number;
                                /** @description Of those, high ones. */
                                high: number;
                            };
                            asset: {
                                /** @description Objects of the kind. */
                                inventory: number;
                                /** @description Open issues on objects of the kind, counted once per object they touch (the sum of the objects' total_issues). */
                                issues: number;
                                /** @description Of those, critical ones. */
                                critical: number;
                                /** @description Of those, high ones. */
                                high: number;
                            };
                            location: {
                                /** @description Objects of the kind. */
                                inventory: number;
                                /** @description Open issues on objects of the kind, counted once per object they touch (the sum of the objects' total_issues). */
                                issues: number;
                                /** @description Of those, critical ones. */
                                critical: number;
                                /** @description Of those, high ones. */
                                high: number;
                            };
                        };
                        /** @description The most severe open issues, then those with the most open instances. */
                        top_issues: {
                            workspace_id: string;
                            id: string;
                            rule_id: string;
                            rule_name: string;
                            severity: string;
                            category: string;
                            open_instances: number;
                            objects: number;
                            /** Format: date-time */
                            last_detected: string | null;
                        }[];
                        /** @description Per type, the objects of highest risk score (docs/POSTURE.md), then most critical open issues, then high, then any. */
                        top_at_risk: {
                            agents: {
                                workspace_id: string;
                                id: string;
                                name: string;
                                critical_issues: number;
                                high_issues: number;
                                total_issues: number;
                                /** @description The risk score (docs/POSTURE.md): open issues weighted by severity plus what the object reaches. */
                                risk_score: number;
                            }[];
                            models: {
                                workspace_id: string;
                                id: string;
                                name: string;
                                critical_issues: number;
                                high_issues: number;
                                total_issues: number;
                                /** @description The risk score (docs/POSTURE.md): open issues weighted by severity plus what the object reaches. */
                                risk_score: number;
                            }[];
                            tools: {
                                workspace_id: string;
                                id: string;
                                name: string;
                                critical_issues: number;
                                high_issues: number;
                                total_issues: number;
                                /** @description The risk score (docs/POSTURE.md): open issues weighted by severity plus what the object reaches. */
                                risk_score: number;
                            }[];
                            mcp_servers: {
                                workspace_id: string;
                                id: string;
                                name: string;
                                critical_issues: number;
                                high_issues: number;
                                total_issues: number;
                                /** @description The risk score (docs/POSTURE.md): open issues weighted by severity plus what the object reaches. */
                                risk_score: number;
                            }[];
                        };
                        issues_histogram: {
                            /** @description 12 entries, one per calendar month ending with the current one, oldest first. */
                            counts: {
                                /** @description The calendar month (UTC), YYYY-MM. */
                                month: string;
                                /** @description Instances of critical severity detected in the month. */
                                critical: number;
                                /** @description Instances of high severity detected in the month. */
                                high: number;
                                /** @description Instances of medium or low severity detected in the month. */
                                other: number;
                            }[];
                        };
                        /** @description The current scans and how many of them found AI objects (docs/SCANS.md). */
                        scans_counts: {
                            /** @description Current AI-SPM scans: finished scans that are the current scan of their sensor for at least one asset. */
                            current_scans: number;
                            /** @description Of those, the scans that reported at least one AI object (`ai_objects > 0`). */
                            with_ai_objects: number;
                            /** @description with_ai_objects as a percentage of current_scans, to one decimal; 0 when there are no current scans. */
                            with_ai_objects_pct: number;
                        };
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAispmLlmSessions: {
        parameters: {
            query?: {
                /** @description Only the sessions of this agent. */
                agent_id?: string;
                /** @description Only sessions that end at or after this time (RFC 3339 with a zone). */
                start_time?: string;
                /** @description Only sessions that start at or before this time (RFC 3339 with a zone). */
                end_time?: string;
                /** @description Only rows whose session_id equals this. */
                session_id?: string;
                /** @description Only rows whose session_id differs from this. */
                session_id__ne?: string;
                /** @description Only rows whose session_id is one of (comma-separated) this. */
                session_id__in?: string;
                /** @description Only rows whose session_id contains, in any case, this. */
                session_id__ilk?: string;
                /** @description Only rows whose agent_id differs from this. */
                agent_id__ne?: string;
                /** @description Only rows whose agent_id is one of (comma-separated) this. */
                agent_id__in?: string;
                /** @description Only rows whose agent_id contains, in any case, this. */
                agent_id__ilk?: string;
                /** @description Only rows whose start_time differs from this. (RFC 3339 with a zone) */
                start_time__ne?: string;
                /** @description Only rows whose start_time is greater than this. (RFC 3339 with a zone) */
                start_time__gt?: string;
                /** @description Only rows whose start_time is at least this. (RFC 3339 with a zone) */
                start_time__gte?: string;
                /** @description Only rows whose start_time is less than this. (RFC 3339 with a zone) */
                start_time__lt?: string;
                /** @description Only rows whose start_time is at most this. (RFC 3339 with a zone) */
                start_time__lte?: string;
                /** @description Only rows whose end_time differs from this. (RFC 3339 with a zone) */
                end_time__ne?: string;
                /** @description Only rows whose end_time is greater than this. (RFC 3339 with a zone) */
                end_time__gt?: string;
                /** @description Only rows whose end_time is at least this. (RFC 3339 with a zone) */
                end_time__gte?: string;
                /** @description Only rows whose end_time is less than this. (RFC 3339 with a zone) */
                end_time__lt?: string;
                /** @description Only rows whose end_time is at most this. (RFC 3339 with a zone) */
                end_time__lte?: string;
                /** @description Only rows whose duration_ms equals this. */
                duration_ms?: number;
                /** @description Only rows whose duration_ms differs from this. */
                duration_ms__ne?: number;
                /** @description Only rows whose duration_ms is one of (comma-separated) this. */
                duration_ms__in?: string;
                /** @description Only rows whose duration_ms is greater than this. */
                duration_ms__gt?: number;
                /** @description Only rows whose duration_ms is at least this. */
                duration_ms__gte?: number;
                /** @description Only rows whose duration_ms is less than this. */
                duration_ms__lt?: number;
                /** @description Only rows whose duration_ms is at most this. */
                duration_ms__lte?: number;
                /** @description Only rows whose turns equals this. */
                turns?: number;
                /** @description Only rows whose turns differs from this. */
                turns__ne?: number;
                /** @description Only rows whose turns is one of (comma-separated) this. */
                turns__in?: string;
                /** @description Only rows whose turns is greater than this. */
                turns__gt?: number;
                /** @description Only rows whose turns is at least this. */
                turns__gte?: number;
                /** @description Only rows whose turns is less than this. */
                turns__lt?: number;
                /** @description Only rows whose turns is at most this. */
                turns__lte?: number;
                /** @description Only rows whose input_tokens equals this. */
                input_tokens?: number;
                /** @description Only rows whose input_tokens differs from this. */
                input_tokens__ne?: number;
                /** @description Only rows whose input_tokens is one of (comma-separated) this. */
                input_tokens__in?: string;
                /** @description Only rows whose input_tokens is greater than this. */
                input_tokens__gt?: number;
                /** @description Only rows whose input_tokens is at least this. */
                input_tokens__gte?: number;
                /** @description Only rows whose input_tokens is less than this. */
                input_tokens__lt?: number;
                /** @description Only rows whose input_tokens is at most this. */
                input_tokens__lte?: number;
                /** @description Only rows whose output_tokens equals this. */
                output_tokens?: number;
                /** @description Only rows whose output_tokens differs from this. */
                output_tokens__ne?: number;
                /** @description Only rows whose output_tokens is one of (comma-separated) this. */
                output_tokens__in?: string;
                /** @description Only rows whose output_tokens is greater than this. */
                output_tokens__gt?: number;
                /** @description Only rows whose output_tokens is at least this. */
                output_tokens__gte?: number;
                /** @description Only rows whose output_tokens is less than this. */
                output_tokens__lt?: number;
                /** @description Only rows whose output_tokens is at most this. */
                output_tokens__lte?: number;
                /** @description Only rows whose total_tokens equals this. */
                total_tokens?: number;
                /** @description Only rows whose total_tokens differs from this. */
                total_tokens__ne?: number;
                /** @description Only rows whose total_tokens is one of (comma-separated) this. */
                total_tokens__in?: string;
                /** @description Only rows whose total_tokens is greater than this. */
                total_tokens__gt?: number;
                /** @description Only rows whose total_tokens is at least this. */
                total_tokens__gte?: number;
                /** @description Only rows whose total_tokens is less than this. */
                total_tokens__lt?: number;
                /** @description Only rows whose total_tokens is at most this. */
                total_tokens__lte?: number;
                /** @description Only rows whose cost equals this. */
                cost?: number;
                /** @description Only rows whose cost differs from this. */
                cost__ne?: number;
                /** @description Only rows whose cost is one of (comma-separated) this. */
                cost__in?: string;
                /** @description Only rows whose cost is greater than this. */
                cost__gt?: number;
                /** @description Only rows whose cost is at least this. */
                cost__gte?: number;
                /** @description Only rows whose cost is less than this. */
                cost__lt?: number;
                /** @description Only rows whose cost is at most this. */
                cost__lte?: number;
                /** @description Only rows whose ok equals this. */
                ok?: number;
                /** @description Only rows whose ok differs from this. */
                ok__ne?: number;
                /** @description Only rows whose ok is one of (comma-separated) this. */
                ok__in?: string;
                /** @description Only rows whose ok is greater than this. */
                ok__gt?: number;
                /** @description Only rows whose ok is at least this. */
                ok__gte?: number;
                /** @description Only rows whose ok is less than this. */
                ok__lt?: number;
                /** @description Only rows whose ok is at most this. */
                ok__lte?: number;
                /** @description Only rows whose alerted equals this. */
                alerted?: number;
                /** @description Only rows whose alerted differs from this. */
                alerted__ne?: number;
                /** @description Only rows whose alerted is one of (comma-separated) this. */
                alerted__in?: string;
                /** @description Only rows whose alerted is greater than this. */
                alerted__gt?: number;
                /** @description Only rows whose alerted is at least this. */
                alerted__gte?: number;
                /** @description Only rows whose alerted is less than this. */
                alerted__lt?: number;
                /** @description Only rows whose alerted is at most this. */
                alerted__lte?: number;
                /** @description Only rows whose blocked equals this. */
                blocked?: number;
                /** @description Only rows whose blocked differs from this. */
                blocked__ne?: number;
                /** @description Only rows whose blocked is one of (comma-separated) this. */
                blocked__in?: string;
                /** @description Only rows whose blocked is greater than this. */
                blocked__gt?: number;
                /** @description Only rows whose blocked is at least this. */
                blocked__gte?: number;
                /** @description Only rows whose blocked is less than this. */
                blocked__lt?: number;
                /** @description Only rows whose blocked is at most this. */
                blocked__lte?: number;
                /** @description Only rows whose redacted equals this. */
                redacted?: number;
                /** @description Only rows whose redacted differs from this. */
                redacted__ne?: number;
                /** @description Only rows whose redacted is one of (comma-separated) this. */
                redacted__in?: string;
                /** @description Only rows whose redacted is greater than this. */
                redacted__gt?: number;
                /** @description Only rows whose redacted is at least this. */
                redacted__gte?: number;
                /** @description Only rows whose redacted is less than this. */
                redacted__lt?: number;
                /** @description Only rows whose redacted is at most this. */
                redacted__lte?: number;
                /** @description Sort column: session_id, time, tokens, cost, turns, duration_ms (time is the session start; tokens is total_tokens). Default time. */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Sessions per page, 1–10000; default 10. */
                pageSize?: number;
                /** @description Alias of pageSize. */
                page_size?: number;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of sessions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAllAispmLlmInteractions: {
        parameters: {
            query?: {
                /** @description Only the interactions of this agent. */
                agent_id?: string;
                /** @description Only the interactions of this session. */
                session_id?: string;
                /** @description Earliest interaction time (RFC 3339 with a zone, inclusive). */
                start_time?: string;
                /** @description Latest interaction time (RFC 3339 with a zone, inclusive). */
                end_time?: string;
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose session_id differs from this. */
                session_id__ne?: string;
                /** @description Only rows whose session_id is one of (comma-separated) this. */
                session_id__in?: string;
                /** @description Only rows whose session_id contains, in any case, this. */
                session_id__ilk?: string;
                /** @description Only rows whose agent_id differs from this. */
                agent_id__ne?: string;
                /** @description Only rows whose agent_id is one of (comma-separated) this. */
                agent_id__in?: string;
                /** @description Only rows whose agent_id contains, in any case, this. */
                agent_id__ilk?: string;
                /** @description Only rows whose model equals this. */
                model?: string;
                /** @description Only rows whose model differs from this. */
                model__ne?: string;
                /** @description Only rows whose model is one of (comma-separated) this. */
                model__in?: string;
                /** @description Only rows whose model contains, in any case, this. */
                model__ilk?: string;
                /** @description Only rows whose provider equals this. */
                provider?: string;
                /** @description Only rows whose provider differs from this. */
                provider__ne?: string;
                /** @description Only rows whose provider is one of (comma-separated) this. */
                provider__in?: string;
                /** @description Only rows whose provider contains, in any case, this. */
                provider__ilk?: string;
                /** @description Only rows whose time equals this. (RFC 3339 with a zone) */
                time?: string;
                /** @description Only rows whose time differs from this. (RFC 3339 with a zone) */
                time__ne?: string;
                /** @description Only rows whose time is greater than this. (RFC 3339 with a zone) */
                time__gt?: string;
                /** @description Only rows whose time is at least this. (RFC 3339 with a zone) */
                time__gte?: string;
                /** @description Only rows whose time is less than this. (RFC 3339 with a zone) */
                time__lt?: string;
                /** @description Only rows whose time is at most this. (RFC 3339 with a zone) */
                time__lte?: string;
                /** @description Only rows whose duration_ms equals this. */
                duration_ms?: number;
                /** @description Only rows whose duration_ms differs from this. */
                duration_ms__ne?: number;
                /** @description Only rows whose duration_ms is one of (comma-separated) this. */
                duration_ms__in?: string;
                /** @description Only rows whose duration_ms is greater than this. */
                duration_ms__gt?: number;
                /** @description Only rows whose duration_ms is at least this. */
                duration_ms__gte?: number;
                /** @description Only rows whose duration_ms is less than this. */
                duration_ms__lt?: number;
                /** @description Only rows whose duration_ms is at most this. */
                duration_ms__lte?: number;
                /** @description Only rows whose input_tokens equals this. */
                input_tokens?: number;
                /** @description Only rows whose input_tokens differs from this. */
                input_tokens__ne?: number;
                /** @description Only rows whose input_tokens is one of (comma-separated) this. */
                input_tokens__in?: string;
                /** @description Only rows whose input_tokens is greater than this. */
                input_tokens__gt?: number;
                /** @description Only rows whose input_tokens is at least this. */
                input_tokens__gte?: number;
                /** @description Only rows whose input_tokens is less than this. */
                input_tokens__lt?: number;
                /** @description Only rows whose input_tokens is at most this. */
                input_tokens__lte?: number;
                /** @description Only rows whose output_tokens equals this. */
                output_tokens?: number;
                /** @description Only rows whose output_tokens differs from this. */
                output_tokens__ne?: number;
                /** @description Only rows whose output_tokens is one of (comma-separated) this. */
                output_tokens__in?: string;
                /** @description Only rows whose output_tokens is greater than this. */
                output_tokens__gt?: number;
                /** @description Only rows whose output_tokens is at least this. */
                output_tokens__gte?: number;
                /** @description Only rows whose output_tokens is less than this. */
                output_tokens__lt?: number;
                /** @description Only rows whose output_tokens is at most this. */
                output_tokens__lte?: number;
                /** @description Only rows whose total_tokens equals this. */
                total_tokens?: number;
                /** @description Only rows whose total_tokens differs from this. */
                total_tokens__ne?: number;
                /** @description Only rows whose total_tokens is one of (comma-separated) this. */
                total_tokens__in?: string;
                /** @description Only rows whose total_tokens is greater than this. */
                total_tokens__gt?: number;
                /** @description Only rows whose total_tokens is at least this. */
                total_tokens__gte?: number;
                /** @description Only rows whose total_tokens is less than this. */
                total_tokens__lt?: number;
                /** @description Only rows whose total_tokens is at most this. */
                total_tokens__lte?: number;
                /** @description Only rows whose cost equals this. */
                cost?: number;
                /** @description Only rows whose cost differs from this. */
                cost__ne?: number;
                /** @description Only rows whose cost is one of (comma-separated) this. */
                cost__in?: string;
                /** @description Only rows whose cost is greater than this. */
                cost__gt?: number;
                /** @description Only rows whose cost is at least this. */
                cost__gte?: number;
                /** @description Only rows whose cost is less than this. */
                cost__lt?: number;
                /** @description Only rows whose cost is at most this. */
                cost__lte?: number;
                /** @description Only rows whose prompt_outcome equals this. */
                prompt_outcome?: string;
                /** @description Only rows whose prompt_outcome differs from this. */
                prompt_outcome__ne?: string;
                /** @description Only rows whose prompt_outcome is one of (comma-separated) this. */
                prompt_outcome__in?: string;
                /** @description Only rows whose prompt_outcome contains, in any case, this. */
                prompt_outcome__ilk?: string;
                /** @description Only rows whose response_outcome equals this. */
                response_outcome?: string;
                /** @description Only rows whose response_outcome differs from this. */
                response_outcome__ne?: string;
                /** @description Only rows whose response_outcome is one of (comma-separated) this. */
                response_outcome__in?: string;
                /** @description Only rows whose response_outcome contains, in any case, this. */
                response_outcome__ilk?: string;
                /** @description Only rows whose categories has this. */
                categories?: string;
                /** @description Only rows whose categories lacks this. */
                categories__ne?: string;
                /** @description Only rows whose categories has one of (comma-separated) this. */
                categories__in?: string;
                /** @description Only rows whose categories contains, in any case, this. */
                categories__ilk?: string;
                /** @description Only rows whose outcome equals this. */
                outcome?: string;
                /** @description Only rows whose outcome differs from this. */
                outcome__ne?: string;
                /** @description Only rows whose outcome is one of (comma-separated) this. */
                outcome__in?: string;
                /** @description Only rows whose outcome contains, in any case, this. */
                outcome__ilk?: string;
                /** @description Only rows whose model_id equals this. */
                model_id?: string;
                /** @description Only rows whose model_id differs from this. */
                model_id__ne?: string;
                /** @description Only rows whose model_id is one of (comma-separated) this. */
                model_id__in?: string;
                /** @description Only rows whose model_id contains, in any case, this. */
                model_id__ilk?: string;
                /** @description Only rows whose mcp_server_ids has this. */
                mcp_server_ids?: string;
                /** @description Only rows whose mcp_server_ids lacks this. */
                mcp_server_ids__ne?: string;
                /** @description Only rows whose mcp_server_ids has one of (comma-separated) this. */
                mcp_server_ids__in?: string;
                /** @description Only rows whose mcp_server_ids contains, in any case, this. */
                mcp_server_ids__ilk?: string;
                /** @description Only rows whose cost_source equals this. */
                cost_source?: string;
                /** @description Only rows whose cost_source differs from this. */
                cost_source__ne?: string;
                /** @description Only rows whose cost_source is one of (comma-separated) this. */
                cost_source__in?: string;
                /** @description Only rows whose cost_source contains, in any case, this. */
                cost_source__ilk?: string;
                /** @description Sort column: time (the only one). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of interactions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAispmLlmInteractionDetails: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Interaction id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The interaction as one row. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Column names, aligned with every row. */
                        header: string[];
                        /** @description One array per row, aligned to header. */
                        rows: unknown[][];
                        /** @description Pass as `cursor` for the next page; empty on the last page. */
                        cursor: string;
                        /** @description Rows matching the query over all pages. */
                        total: number;
                        /** @description 1 when total is exact. */
                        total_sampling: number;
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAispmGuardrailCategories: {
        parameters: {
            query?: {
                /** @description Start of the window (RFC 3339 with a zone, inclusive). Default: 24 hours before end_time. */
                start_time?: string;
                /** @description End of the window (RFC 3339 with a zone, inclusive). Default: now. */
                end_time?: string;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Guardrail categories of the interactions a guardrail blocked or redacted. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Most frequent first, then by name. */
                        categories: {
                            category: string;
                            count: number;
                        }[];
                        /** @description Sum of the counts. */
                        total: number;
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAispmGuardrailInteractionCounts: {
        parameters: {
            query?: {
                /** @description Start of the window (RFC 3339 with a zone, inclusive). Default: 24 hours before end_time. */
                start_time?: string;
                /** @description End of the window (RFC 3339 with a zone, inclusive). Default: now. */
                end_time?: string;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Outcome totals of the window and per hour. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Interactions in the window. */
                        total: number;
                        /** @description Interactions whose outcome was OK. */
                        ok: number;
                        /** @description Interactions whose outcome was ALERTED. */
                        alerted: number;
                        /** @description Interactions whose outcome was BLOCKED. */
                        blocked: number;
                        /** @description Interactions whose outcome was REDACTED. */
                        redacted: number;
                        /** @description One member per UTC hour of the window, keyed by the hour's start (RFC 3339), oldest first; hours without interactions count 0. */
                        results: {
                            [key: string]: {
                                total: {
                                    count: number;
                                };
                                ok: {
                                    count: number;
                                };
                                alerted: {
                                    count: number;
                                };
                                blocked: {
                                    count: number;
                                };
                                redacted: {
                                    count: number;
                                };
                            };
                        };
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAispmGuardrailOutcomes: {
        parameters: {
            query?: {
                /** @description Start of the window (RFC 3339 with a zone, inclusive). Default: 24 hours before end_time. */
                start_time?: string;
                /** @description End of the window (RFC 3339 with a zone, inclusive). Default: now. */
                end_time?: string;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Interactions of the window by guardrail outcome. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Interactions in the window. */
                        total: number;
                        /** @description Interactions whose outcome was OK. */
                        ok: number;
                        /** @description Interactions whose outcome was ALERTED. */
                        alerted: number;
                        /** @description Interactions whose outcome was BLOCKED. */
                        blocked: number;
                        /** @description Interactions whose outcome was REDACTED. */
                        redacted: number;
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAllScansForAsset: {
        parameters: {
            query?: {
                /** @description Only this workspace (the token must be granted it); all the token's workspaces when absent. */
                workspace_id?: string;
                /** @description Sort terms: `column[:asc|desc]`, comma-separated, from id, sensor_type, started_at, ai_objects, findings. Default `started_at:desc` (newest first). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose sensor_type equals this. */
                sensor_type?: string;
                /** @description Only rows whose sensor_type differs from this. */
                sensor_type__ne?: string;
                /** @description Only rows whose sensor_type is one of (comma-separated) this. */
                sensor_type__in?: string;
                /** @description Only rows whose sensor_type contains, in any case, this. */
                sensor_type__ilk?: string;
                /** @description Only rows whose cicd_type equals this. */
                cicd_type?: string;
                /** @description Only rows whose cicd_type differs from this. */
                cicd_type__ne?: string;
                /** @description Only rows whose cicd_type is one of (comma-separated) this. */
                cicd_type__in?: string;
                /** @description Only rows whose cicd_type contains, in any case, this. */
                cicd_type__ilk?: string;
                /** @description Only rows whose repository equals this. */
                repository?: string;
                /** @description Only rows whose repository differs from this. */
                repository__ne?: string;
                /** @description Only rows whose repository is one of (comma-separated) this. */
                repository__in?: string;
                /** @description Only rows whose repository contains, in any case, this. */
                repository__ilk?: string;
                /** @description Only rows whose branch equals this. */
                branch?: string;
                /** @description Only rows whose branch differs from this. */
                branch__ne?: string;
                /** @description Only rows whose branch is one of (comma-separated) this. */
                branch__in?: string;
                /** @description Only rows whose branch contains, in any case, this. */
                branch__ilk?: string;
                /** @description Only rows whose commit equals this. */
                commit?: string;
                /** @description Only rows whose commit differs from this. */
                commit__ne?: string;
                /** @description Only rows whose commit is one of (comma-separated) this. */
                commit__in?: string;
                /** @description Only rows whose commit contains, in any case, this. */
                commit__ilk?: string;
                /** @description Only rows whose status equals this. */
                status?: string;
                /** @description Only rows whose status differs from this. */
                status__ne?: string;
                /** @description Only rows whose status is one of (comma-separated) this. */
                status__in?: string;
                /** @description Only rows whose status contains, in any case, this. */
                status__ilk?: string;
                /** @description Only rows whose started_at equals this. (RFC 3339 with a zone) */
                started_at?: string;
                /** @description Only rows whose started_at differs from this. (RFC 3339 with a zone) */
                started_at__ne?: string;
                /** @description Only rows whose started_at is greater than this. (RFC 3339 with a zone) */
                started_at__gt?: string;
                /** @description Only rows whose started_at is at least this. (RFC 3339 with a zone) */
                started_at__gte?: string;
                /** @description Only rows whose started_at is less than this. (RFC 3339 with a zone) */
                started_at__lt?: string;
                /** @description Only rows whose started_at is at most this. (RFC 3339 with a zone) */
                started_at__lte?: string;
                /** @description Only rows whose finished_at equals this. (RFC 3339 with a zone) */
                finished_at?: string;
                /** @description Only rows whose finished_at differs from this. (RFC 3339 with a zone) */
                finished_at__ne?: string;
                /** @description Only rows whose finished_at is greater than this. (RFC 3339 with a zone) */
                finished_at__gt?: string;
                /** @description Only rows whose finished_at is at least this. (RFC 3339 with a zone) */
                finished_at__gte?: string;
                /** @description Only rows whose finished_at is less than this. (RFC 3339 with a zone) */
                finished_at__lt?: string;
                /** @description Only rows whose finished_at is at most this. (RFC 3339 with a zone) */
                finished_at__lte?: string;
                /** @description Only rows whose is_current equals this. */
                is_current?: boolean;
                /** @description Only rows whose is_current differs from this. */
                is_current__ne?: boolean;
                /** @description Only rows whose assets equals this. */
                assets?: number;
                /** @description Only rows whose assets differs from this. */
                assets__ne?: number;
                /** @description Only rows whose assets is one of (comma-separated) this. */
                assets__in?: string;
                /** @description Only rows whose assets is greater than this. */
                assets__gt?: number;
                /** @description Only rows whose assets is at least this. */
                assets__gte?: number;
                /** @description Only rows whose assets is less than this. */
                assets__lt?: number;
                /** @description Only rows whose assets is at most this. */
                assets__lte?: number;
                /** @description Only rows whose current_assets equals this. */
                current_assets?: number;
                /** @description Only rows whose current_assets differs from this. */
                current_assets__ne?: number;
                /** @description Only rows whose current_assets is one of (comma-separated) this. */
                current_assets__in?: string;
                /** @description Only rows whose current_assets is greater than this. */
                current_assets__gt?: number;
                /** @description Only rows whose current_assets is at least this. */
                current_assets__gte?: number;
                /** @description Only rows whose current_assets is less than this. */
                current_assets__lt?: number;
                /** @description Only rows whose current_assets is at most this. */
                current_assets__lte?: number;
                /** @description Only rows whose ai_objects equals this. */
                ai_objects?: number;
                /** @description Only rows whose ai_objects differs from this. */
                ai_objects__ne?: number;
                /** @description Only rows whose ai_objects is one of (comma-separated) this. */
                ai_objects__in?: string;
                /** @description Only rows whose ai_objects is greater than this. */
                ai_objects__gt?: number;
                /** @description Only rows whose ai_objects is at least this. */
                ai_objects__gte?: number;
                /** @description Only rows whose ai_objects is less than this. */
                ai_objects__lt?: number;
                /** @description Only rows whose ai_objects is at most this. */
                ai_objects__lte?: number;
                /** @description Only rows whose findings equals this. */
                findings?: number;
                /** @description Only rows whose findings differs from this. */
                findings__ne?: number;
                /** @description Only rows whose findings is one of (comma-separated) this. */
                findings__in?: string;
                /** @description Only rows whose findings is greater than this. */
                findings__gt?: number;
                /** @description Only rows whose findings is at least this. */
                findings__gte?: number;
                /** @description Only rows whose findings is less than this. */
                findings__lt?: number;
                /** @description Only rows whose findings is at most this. */
                findings__lte?: number;
            };
            header?: never;
            path: {
                /** @description Asset id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of scans. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAllCurrentScans: {
        parameters: {
            query?: {
                /** @description Only scans of this sensor type (e.g. SENSOR_TYPE_STATIC_CODE_SCAN). */
                sensorType?: string;
                /** @description Only scans run in this CI/CD system (CICD_TYPE_GITHUB_ACTION, CICD_TYPE_GITLAB_CI). */
                cicdType?: string;
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose sensor_type equals this. */
                sensor_type?: string;
                /** @description Only rows whose sensor_type differs from this. */
                sensor_type__ne?: string;
                /** @description Only rows whose sensor_type is one of (comma-separated) this. */
                sensor_type__in?: string;
                /** @description Only rows whose sensor_type contains, in any case, this. */
                sensor_type__ilk?: string;
                /** @description Only rows whose cicd_type equals this. */
                cicd_type?: string;
                /** @description Only rows whose cicd_type differs from this. */
                cicd_type__ne?: string;
                /** @description Only rows whose cicd_type is one of (comma-separated) this. */
                cicd_type__in?: string;
                /** @description Only rows whose cicd_type contains, in any case, this. */
                cicd_type__ilk?: string;
                /** @description Only rows whose repository equals this. */
                repository?: string;
                /** @description Only rows whose repository differs from this. */
                repository__ne?: string;
                /** @description Only rows whose repository is one of (comma-separated) this. */
                repository__in?: string;
                /** @description Only rows whose repository contains, in any case, this. */
                repository__ilk?: string;
                /** @description Only rows whose branch equals this. */
                branch?: string;
                /** @description Only rows whose branch differs from this. */
                branch__ne?: string;
                /** @description Only rows whose branch is one of (comma-separated) this. */
                branch__in?: string;
                /** @description Only rows whose branch contains, in any case, this. */
                branch__ilk?: string;
                /** @description Only rows whose commit equals this. */
                commit?: string;
                /** @description Only rows whose commit differs from this. */
                commit__ne?: string;
                /** @description Only rows whose commit is one of (comma-separated) this. */
                commit__in?: string;
                /** @description Only rows whose commit contains, in any case, this. */
                commit__ilk?: string;
                /** @description Only rows whose status equals this. */
                status?: string;
                /** @description Only rows whose status differs from this. */
                status__ne?: string;
                /** @description Only rows whose status is one of (comma-separated) this. */
                status__in?: string;
                /** @description Only rows whose status contains, in any case, this. */
                status__ilk?: string;
                /** @description Only rows whose started_at equals this. (RFC 3339 with a zone) */
                started_at?: string;
                /** @description Only rows whose started_at differs from this. (RFC 3339 with a zone) */
                started_at__ne?: string;
                /** @description Only rows whose started_at is greater than this. (RFC 3339 with a zone) */
                started_at__gt?: string;
                /** @description Only rows whose started_at is at least this. (RFC 3339 with a zone) */
                started_at__gte?: string;
                /** @description Only rows whose started_at is less than this. (RFC 3339 with a zone) */
                started_at__lt?: string;
                /** @description Only rows whose started_at is at most this. (RFC 3339 with a zone) */
                started_at__lte?: string;
                /** @description Only rows whose finished_at equals this. (RFC 3339 with a zone) */
                finished_at?: string;
                /** @description Only rows whose finished_at differs from this. (RFC 3339 with a zone) */
                finished_at__ne?: string;
                /** @description Only rows whose finished_at is greater than this. (RFC 3339 with a zone) */
                finished_at__gt?: string;
                /** @description Only rows whose finished_at is at least this. (RFC 3339 with a zone) */
                finished_at__gte?: string;
                /** @description Only rows whose finished_at is less than this. (RFC 3339 with a zone) */
                finished_at__lt?: string;
                /** @description Only rows whose finished_at is at most this. (RFC 3339 with a zone) */
                finished_at__lte?: string;
                /** @description Only rows whose is_current equals this. */
                is_current?: boolean;
                /** @description Only rows whose is_current differs from this. */
                is_current__ne?: boolean;
                /** @description Only rows whose assets equals this. */
                assets?: number;
                /** @description Only rows whose assets differs from this. */
                assets__ne?: number;
                /** @description Only rows whose assets is one of (comma-separated) this. */
                assets__in?: string;
                /** @description Only rows whose assets is greater than this. */
                assets__gt?: number;
                /** @description Only rows whose assets is at least this. */
                assets__gte?: number;
                /** @description Only rows whose assets is less than this. */
                assets__lt?: number;
                /** @description Only rows whose assets is at most this. */
                assets__lte?: number;
                /** @description Only rows whose current_assets equals this. */
                current_assets?: number;
                /** @description Only rows whose current_assets differs from this. */
                current_assets__ne?: number;
                /** @description Only rows whose current_assets is one of (comma-separated) this. */
                current_assets__in?: string;
                /** @description Only rows whose current_assets is greater than this. */
                current_assets__gt?: number;
                /** @description Only rows whose current_assets is at least this. */
                current_assets__gte?: number;
                /** @description Only rows whose current_assets is less than this. */
                current_assets__lt?: number;
                /** @description Only rows whose current_assets is at most this. */
                current_assets__lte?: number;
                /** @description Only rows whose ai_objects equals this. */
                ai_objects?: number;
                /** @description Only rows whose ai_objects differs from this. */
                ai_objects__ne?: number;
                /** @description Only rows whose ai_objects is one of (comma-separated) this. */
                ai_objects__in?: string;
                /** @description Only rows whose ai_objects is greater than this. */
                ai_objects__gt?: number;
                /** @description Only rows whose ai_objects is at least this. */
                ai_objects__gte?: number;
                /** @description Only rows whose ai_objects is less than this. */
                ai_objects__lt?: number;
                /** @description Only rows whose ai_objects is at most this. */
                ai_objects__lte?: number;
                /** @description Only rows whose findings equals this. */
                findings?: number;
                /** @description Only rows whose findings differs from this. */
                findings__ne?: number;
                /** @description Only rows whose findings is one of (comma-separated) this. */
                findings__in?: string;
                /** @description Only rows whose findings is greater than this. */
                findings__gt?: number;
                /** @description Only rows whose findings is at least this. */
                findings__gte?: number;
                /** @description Only rows whose findings is less than this. */
                findings__lt?: number;
                /** @description Only rows whose findings is at most this. */
                findings__lte?: number;
                /** @description Sort terms: `column[:asc|desc]`, comma-separated, from id, sensor_type, started_at, ai_objects, findings. Default `started_at:desc` (newest first). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of current scans. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetSensorsUsed: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sensor types, e.g. ["SENSOR_TYPE_GARAK_PROBE", "SENSOR_TYPE_STATIC_CODE_SCAN"]. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": string[];
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetScan: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Scan id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The scan as a tabular result with one row, with the assets it covered and the findings (issue instances) that name it. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Column names, aligned with every row. */
                        header: string[];
                        /** @description One array per row, aligned to header. */
                        rows: unknown[][];
                        /** @description Pass as `cursor` for the next page; empty on the last page. */
                        cursor: string;
                        /** @description Rows matching the query over all pages. */
                        total: number;
                        /** @description 1 when total is exact. */
                        total_sampling: number;
                        assets: components["schemas"]["TabularResult"];
                        instances: components["schemas"]["TabularResult"];
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetScanAssets: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Only rows whose asset_id equals this. */
                asset_id?: string;
                /** @description Only rows whose asset_id differs from this. */
                asset_id__ne?: string;
                /** @description Only rows whose asset_id is one of (comma-separated) this. */
                asset_id__in?: string;
                /** @description Only rows whose asset_id contains, in any case, this. */
                asset_id__ilk?: string;
                /** @description Only rows whose asset_name equals this. */
                asset_name?: string;
                /** @description Only rows whose asset_name differs from this. */
                asset_name__ne?: string;
                /** @description Only rows whose asset_name is one of (comma-separated) this. */
                asset_name__in?: string;
                /** @description Only rows whose asset_name contains, in any case, this. */
                asset_name__ilk?: string;
                /** @description Only rows whose is_current equals this. */
                is_current?: boolean;
                /** @description Only rows whose is_current differs from this. */
                is_current__ne?: boolean;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Scan id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of assets. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetScanInstances: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose issue_id equals this. */
                issue_id?: string;
                /** @description Only rows whose issue_id differs from this. */
                issue_id__ne?: string;
                /** @description Only rows whose issue_id is one of (comma-separated) this. */
                issue_id__in?: string;
                /** @description Only rows whose issue_id contains, in any case, this. */
                issue_id__ilk?: string;
                /** @description Only rows whose rule_id equals this. */
                rule_id?: string;
                /** @description Only rows whose rule_id differs from this. */
                rule_id__ne?: string;
                /** @description Only rows whose rule_id is one of (comma-separated) this. */
                rule_id__in?: string;
                /** @description Only rows whose rule_id contains, in any case, this. */
                rule_id__ilk?: string;
                /** @description Only rows whose severity equals this. */
                severity?: string;
                /** @description Only rows whose severity differs from this. */
                severity__ne?: string;
                /** @description Only rows whose severity is one of (comma-separated) this. */
                severity__in?: string;
                /** @description Only rows whose severity contains, in any case, this. */
                severity__ilk?: string;
                /** @description Only rows whose status equals this. */
                status?: string;
                /** @description Only rows whose status differs from this. */
                status__ne?: string;
                /** @description Only rows whose status is one of (comma-separated) this. */
                status__in?: string;
                /** @description Only rows whose status contains, in any case, this. */
                status__ilk?: string;
                /** @description Only rows whose title equals this. */
                title?: string;
                /** @description Only rows whose title differs from this. */
                title__ne?: string;
                /** @description Only rows whose title is one of (comma-separated) this. */
                title__in?: string;
                /** @description Only rows whose title contains, in any case, this. */
                title__ilk?: string;
                /** @description Only rows whose object_type equals this. */
                object_type?: string;
                /** @description Only rows whose object_type differs from this. */
                object_type__ne?: string;
                /** @description Only rows whose object_type is one of (comma-separated) this. */
                object_type__in?: string;
                /** @description Only rows whose object_type contains, in any case, this. */
                object_type__ilk?: string;
                /** @description Only rows whose object_id equals this. */
                object_id?: string;
                /** @description Only rows whose object_id differs from this. */
                object_id__ne?: string;
                /** @description Only rows whose object_id is one of (comma-separated) this. */
                object_id__in?: string;
                /** @description Only rows whose object_id contains, in any case, this. */
                object_id__ilk?: string;
                /** @description Only rows whose detected_at equals this. (RFC 3339 with a zone) */
                detected_at?: string;
                /** @description Only rows whose detected_at differs from this. (RFC 3339 with a zone) */
                detected_at__ne?: string;
                /** @description Only rows whose detected_at is greater than this. (RFC 3339 with a zone) */
                detected_at__gt?: string;
                /** @description Only rows whose detected_at is at least this. (RFC 3339 with a zone) */
                detected_at__gte?: string;
                /** @description Only rows whose detected_at is less than this. (RFC 3339 with a zone) */
                detected_at__lt?: string;
                /** @description Only rows whose detected_at is at most this. (RFC 3339 with a zone) */
                detected_at__lte?: string;
                /** @description Only rows whose resolved_at equals this. (RFC 3339 with a zone) */
                resolved_at?: string;
                /** @description Only rows whose resolved_at differs from this. (RFC 3339 with a zone) */
                resolved_at__ne?: string;
                /** @description Only rows whose resolved_at is greater than this. (RFC 3339 with a zone) */
                resolved_at__gt?: string;
                /** @description Only rows whose resolved_at is at least this. (RFC 3339 with a zone) */
                resolved_at__gte?: string;
                /** @description Only rows whose resolved_at is less than this. (RFC 3339 with a zone) */
                resolved_at__lt?: string;
                /** @description Only rows whose resolved_at is at most this. (RFC 3339 with a zone) */
                resolved_at__lte?: string;
                /** @description Only rows whose cvss_score equals this. */
                cvss_score?: number;
                /** @description Only rows whose cvss_score differs from this. */
                cvss_score__ne?: number;
                /** @description Only rows whose cvss_score is one of (comma-separated) this. */
                cvss_score__in?: string;
                /** @description Only rows whose cvss_score is greater than this. */
                cvss_score__gt?: number;
                /** @description Only rows whose cvss_score is at least this. */
                cvss_score__gte?: number;
                /** @description Only rows whose cvss_score is less than this. */
                cvss_score__lt?: number;
                /** @description Only rows whose cvss_score is at most this. */
                cvss_score__lte?: number;
                /** @description Only rows whose owasp_category equals this. */
                owasp_category?: string;
                /** @description Only rows whose owasp_category differs from this. */
                owasp_category__ne?: string;
                /** @description Only rows whose owasp_category is one of (comma-separated) this. */
                owasp_category__in?: string;
                /** @description Only rows whose owasp_category contains, in any case, this. */
                owasp_category__ilk?: string;
                /** @description Only rows whose scan_id equals this. */
                scan_id?: string;
                /** @description Only rows whose scan_id differs from this. */
                scan_id__ne?: string;
                /** @description Only rows whose scan_id is one of (comma-separated) this. */
                scan_id__in?: string;
                /** @description Only rows whose scan_id contains, in any case, this. */
                scan_id__ilk?: string;
                /** @description Only rows whose source equals this. */
                source?: string;
                /** @description Only rows whose source differs from this. */
                source__ne?: string;
                /** @description Only rows whose source is one of (comma-separated) this. */
                source__in?: string;
                /** @description Only rows whose source contains, in any case, this. */
                source__ilk?: string;
                /** @description Only rows whose category equals this. */
                category?: string;
                /** @description Only rows whose category differs from this. */
                category__ne?: string;
                /** @description Only rows whose category is one of (comma-separated) this. */
                category__in?: string;
                /** @description Only rows whose category contains, in any case, this. */
                category__ilk?: string;
                /** @description Only rows whose description equals this. */
                description?: string;
                /** @description Only rows whose description differs from this. */
                description__ne?: string;
                /** @description Only rows whose description is one of (comma-separated) this. */
                description__in?: string;
                /** @description Only rows whose description contains, in any case, this. */
                description__ilk?: string;
                /** @description Only rows whose remediation equals this. */
                remediation?: string;
                /** @description Only rows whose remediation differs from this. */
                remediation__ne?: string;
                /** @description Only rows whose remediation is one of (comma-separated) this. */
                remediation__in?: string;
                /** @description Only rows whose remediation contains, in any case, this. */
                remediation__ilk?: string;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Scan id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of instances. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetWorkspaces: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Only rows whose workspace_id equals this. */
                workspace_id?: string;
                /** @description Only rows whose workspace_id differs from this. */
                workspace_id__ne?: string;
                /** @description Only rows whose workspace_id is one of (comma-separated) this. */
                workspace_id__in?: string;
                /** @description Only rows whose workspace_id contains, in any case, this. */
                workspace_id__ilk?: string;
                /** @description Only rows whose objects equals this. */
                objects?: number;
                /** @description Only rows whose objects differs from this. */
                objects__ne?: number;
                /** @description Only rows whose objects is one of (comma-separated) this. */
                objects__in?: string;
                /** @description Only rows whose objects is greater than this. */
                objects__gt?: number;
                /** @description Only rows whose objects is at least this. */
                objects__gte?: number;
                /** @description Only rows whose objects is less than this. */
                objects__lt?: number;
                /** @description Only rows whose objects is at most this. */
                objects__lte?: number;
                /** @description Only rows whose agents equals this. */
                agents?: number;
                /** @description Only rows whose agents differs from this. */
                agents__ne?: number;
                /** @description Only rows whose agents is one of (comma-separated) this. */
                agents__in?: string;
                /** @description Only rows whose agents is greater than this. */
                agents__gt?: number;
                /** @description Only rows whose agents is at least this. */
                agents__gte?: number;
                /** @description Only rows whose agents is less than this. */
                agents__lt?: number;
                /** @description Only rows whose agents is at most this. */
                agents__lte?: number;
                /** @description Only rows whose models equals this. */
                models?: number;
                /** @description Only rows whose models differs from this. */
                models__ne?: number;
                /** @description Only rows whose models is one of (comma-separated) this. */
                models__in?: string;
                /** @description Only rows whose models is greater than this. */
                models__gt?: number;
                /** @description Only rows whose models is at least this. */
                models__gte?: number;
                /** @description Only rows whose models is less than this. */
                models__lt?: number;
                /** @description Only rows whose models is at most this. */
                models__lte?: number;
                /** @description Only rows whose tools equals this. */
                tools?: number;
                /** @description Only rows whose tools differs from this. */
                tools__ne?: number;
                /** @description Only rows whose tools is one of (comma-separated) this. */
                tools__in?: string;
                /** @description Only rows whose tools is greater than this. */
                tools__gt?: number;
                /** @description Only rows whose tools is at least this. */
                tools__gte?: number;
                /** @description Only rows whose tools is less than this. */
                tools__lt?: number;
                /** @description Only rows whose tools is at most this. */
                tools__lte?: number;
                /** @description Only rows whose mcp_servers equals this. */
                mcp_servers?: number;
                /** @description Only rows whose mcp_servers differs from this. */
                mcp_servers__ne?: number;
                /** @description Only rows whose mcp_servers is one of (comma-separated) this. */
                mcp_servers__in?: string;
                /** @description Only rows whose mcp_servers is greater than this. */
                mcp_servers__gt?: number;
                /** @description Only rows whose mcp_servers is at least this. */
                mcp_servers__gte?: number;
                /** @description Only rows whose mcp_servers is less than this. */
                mcp_servers__lt?: number;
                /** @description Only rows whose mcp_servers is at most this. */
                mcp_servers__lte?: number;
                /** @description Only rows whose assets equals this. */
                assets?: number;
                /** @description Only rows whose assets differs from this. */
                assets__ne?: number;
                /** @description Only rows whose assets is one of (comma-separated) this. */
                assets__in?: string;
                /** @description Only rows whose assets is greater than this. */
                assets__gt?: number;
                /** @description Only rows whose assets is at least this. */
                assets__gte?: number;
                /** @description Only rows whose assets is less than this. */
                assets__lt?: number;
                /** @description Only rows whose assets is at most this. */
                assets__lte?: number;
                /** @description Only rows whose locations equals this. */
                locations?: number;
                /** @description Only rows whose locations differs from this. */
                locations__ne?: number;
                /** @description Only rows whose locations is one of (comma-separated) this. */
                locations__in?: string;
                /** @description Only rows whose locations is greater than this. */
                locations__gt?: number;
                /** @description Only rows whose locations is at least this. */
                locations__gte?: number;
                /** @description Only rows whose locations is less than this. */
                locations__lt?: number;
                /** @description Only rows whose locations is at most this. */
                locations__lte?: number;
                /** @description Only rows whose first_ingest equals this. (RFC 3339 with a zone) */
                first_ingest?: string;
                /** @description Only rows whose first_ingest differs from this. (RFC 3339 with a zone) */
                first_ingest__ne?: string;
                /** @description Only rows whose first_ingest is greater than this. (RFC 3339 with a zone) */
                first_ingest__gt?: string;
                /** @description Only rows whose first_ingest is at least this. (RFC 3339 with a zone) */
                first_ingest__gte?: string;
                /** @description Only rows whose first_ingest is less than this. (RFC 3339 with a zone) */
                first_ingest__lt?: string;
                /** @description Only rows whose first_ingest is at most this. (RFC 3339 with a zone) */
                first_ingest__lte?: string;
                /** @description Only rows whose last_ingest equals this. (RFC 3339 with a zone) */
                last_ingest?: string;
                /** @description Only rows whose last_ingest differs from this. (RFC 3339 with a zone) */
                last_ingest__ne?: string;
                /** @description Only rows whose last_ingest is greater than this. (RFC 3339 with a zone) */
                last_ingest__gt?: string;
                /** @description Only rows whose last_ingest is at least this. (RFC 3339 with a zone) */
                last_ingest__gte?: string;
                /** @description Only rows whose last_ingest is less than this. (RFC 3339 with a zone) */
                last_ingest__lt?: string;
                /** @description Only rows whose last_ingest is at most this. (RFC 3339 with a zone) */
                last_ingest__lte?: string;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of workspaces. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetGraphPaths: {
        parameters: {
            query: {
                /** @description Where paths start. A kind: its URL prefix (`aispm-agents`, `aispm-models`, `aispm-tools`, `aispm-mcp-servers`, `assets`, `locations`), its plural (`secrets`, `certs`, `keys`, `guardrails`, …) or its name (`agent`, `secret`). */
                from: string;
                /** @description Where paths end. A kind: its URL prefix (`aispm-agents`, `aispm-models`, `aispm-tools`, `aispm-mcp-servers`, `assets`, `locations`), its plural (`secrets`, `certs`, `keys`, `guardrails`, …) or its name (`agent`, `secret`). */
                to: string;
                /** @description Kinds the path must pass through, in this order, comma-separated. */
                via?: string;
                /** @description Longest path, in relations (1–6, default 4). */
                max_hops?: number;
                /** @description `out` (default): each relation the way it is stored (an agent uses a tool); `any`: either way. */
                direction?: "out" | "any";
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of paths. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetWebhookSubscriptions: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose url equals this. */
                url?: string;
                /** @description Only rows whose url differs from this. */
                url__ne?: string;
                /** @description Only rows whose url is one of (comma-separated) this. */
                url__in?: string;
                /** @description Only rows whose url contains, in any case, this. */
                url__ilk?: string;
                /** @description Only rows whose events has this. */
                events?: string;
                /** @description Only rows whose events lacks this. */
                events__ne?: string;
                /** @description Only rows whose events has one of (comma-separated) this. */
                events__in?: string;
                /** @description Only rows whose events contains, in any case, this. */
                events__ilk?: string;
                /** @description Only rows whose min_severity equals this. */
                min_severity?: string;
                /** @description Only rows whose min_severity differs from this. */
                min_severity__ne?: string;
                /** @description Only rows whose min_severity is one of (comma-separated) this. */
                min_severity__in?: string;
                /** @description Only rows whose min_severity contains, in any case, this. */
                min_severity__ilk?: string;
                /** @description Only rows whose description equals this. */
                description?: string;
                /** @description Only rows whose description differs from this. */
                description__ne?: string;
                /** @description Only rows whose description is one of (comma-separated) this. */
                description__in?: string;
                /** @description Only rows whose description contains, in any case, this. */
                description__ilk?: string;
                /** @description Only rows whose status equals this. */
                status?: string;
                /** @description Only rows whose status differs from this. */
                status__ne?: string;
                /** @description Only rows whose status is one of (comma-separated) this. */
                status__in?: string;
                /** @description Only rows whose status contains, in any case, this. */
                status__ilk?: string;
                /** @description Only rows whose disabled_reason equals this. */
                disabled_reason?: string;
                /** @description Only rows whose disabled_reason differs from this. */
                disabled_reason__ne?: string;
                /** @description Only rows whose disabled_reason is one of (comma-separated) this. */
                disabled_reason__in?: string;
                /** @description Only rows whose disabled_reason contains, in any case, this. */
                disabled_reason__ilk?: string;
                /** @description Only rows whose disabled_at equals this. (RFC 3339 with a zone) */
                disabled_at?: string;
                /** @description Only rows whose disabled_at differs from this. (RFC 3339 with a zone) */
                disabled_at__ne?: string;
                /** @description Only rows whose disabled_at is greater than this. (RFC 3339 with a zone) */
                disabled_at__gt?: string;
                /** @description Only rows whose disabled_at is at least this. (RFC 3339 with a zone) */
                disabled_at__gte?: string;
                /** @description Only rows whose disabled_at is less than this. (RFC 3339 with a zone) */
                disabled_at__lt?: string;
                /** @description Only rows whose disabled_at is at most this. (RFC 3339 with a zone) */
                disabled_at__lte?: string;
                /** @description Only rows whose last_success_at equals this. (RFC 3339 with a zone) */
                last_success_at?: string;
                /** @description Only rows whose last_success_at differs from this. (RFC 3339 with a zone) */
                last_success_at__ne?: string;
                /** @description Only rows whose last_success_at is greater than this. (RFC 3339 with a zone) */
                last_success_at__gt?: string;
                /** @description Only rows whose last_success_at is at least this. (RFC 3339 with a zone) */
                last_success_at__gte?: string;
                /** @description Only rows whose last_success_at is less than this. (RFC 3339 with a zone) */
                last_success_at__lt?: string;
                /** @description Only rows whose last_success_at is at most this. (RFC 3339 with a zone) */
                last_success_at__lte?: string;
                /** @description Only rows whose created_by equals this. */
                created_by?: string;
                /** @description Only rows whose created_by differs from this. */
                created_by__ne?: string;
                /** @description Only rows whose created_by is one of (comma-separated) this. */
                created_by__in?: string;
                /** @description Only rows whose created_by contains, in any case, this. */
                created_by__ilk?: string;
                /** @description Only rows whose created_at equals this. (RFC 3339 with a zone) */
                created_at?: string;
                /** @description Only rows whose created_at differs from this. (RFC 3339 with a zone) */
                created_at__ne?: string;
                /** @description Only rows whose created_at is greater than this. (RFC 3339 with a zone) */
                created_at__gt?: string;
                /** @description Only rows whose created_at is at least this. (RFC 3339 with a zone) */
                created_at__gte?: string;
                /** @description Only rows whose created_at is less than this. (RFC 3339 with a zone) */
                created_at__lt?: string;
                /** @description Only rows whose created_at is at most this. (RFC 3339 with a zone) */
                created_at__lte?: string;
                /** @description Only rows whose updated_at equals this. (RFC 3339 with a zone) */
                updated_at?: string;
                /** @description Only rows whose updated_at differs from this. (RFC 3339 with a zone) */
                updated_at__ne?: string;
                /** @description Only rows whose updated_at is greater than this. (RFC 3339 with a zone) */
                updated_at__gt?: string;
                /** @description Only rows whose updated_at is at least this. (RFC 3339 with a zone) */
                updated_at__gte?: string;
                /** @description Only rows whose updated_at is less than this. (RFC 3339 with a zone) */
                updated_at__lt?: string;
                /** @description Only rows whose updated_at is at most this. (RFC 3339 with a zone) */
                updated_at__lte?: string;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of subscriptions. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CreateWebhookSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description An https URL (http, private and loopback addresses only if the operator allows them). */
                    url: string;
                    /** @description Event types to receive. */
                    events: ("finding.created" | "finding.resolved" | "object.discovered")[];
                    /**
                     * @description Finding events below this severity are not sent (default low: all).
                     * @enum {string}
                     */
                    min_severity?: "low" | "medium" | "high" | "critical";
                    /** @description What it is for. */
                    description?: string;
                };
            };
        };
        responses: {
            /** @description The subscription and its signing secret, shown once. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Subscription id. */
                        id: string;
                        tenant_id: string;
                        workspace_id: string;
                        /** @description Where events are POSTed. */
                        url: string;
                        /** @description Event types it receives. */
                        events: ("finding.created" | "finding.resolved" | "object.discovered")[];
                        /**
                         * @description Finding events below this severity are not sent.
                         * @enum {string}
                         */
                        min_severity: "low" | "medium" | "high" | "critical";
                        description: string;
                        /**
                         * @description disabled after persistent failure (see disabled_reason).
                         * @enum {string}
                         */
                        status: "active" | "disabled";
                        /** @description Why it was disabled. */
                        disabled_reason: string | null;
                        /**
                         * Format: date-time
                         * @description When it was disabled.
                         */
                        disabled_at: string | null;
                        /**
                         * Format: date-time
                         * @description When a delivery last got through.
                         */
                        last_success_at: string | null;
                        /**
                         * Format: date-time
                         * @description After a rotation: until when the previous secret still signs beside the new one.
                         */
                        previous_secret_expires_at: string | null;
                        /** @description User of the token that created it. */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description The signing secret (`whsec_…`, Standard Webhooks): shown only in this answer. Verify each delivery with it (docs/WEBHOOKS.md). */
                        secret: string;
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetWebhookSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Subscription id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A webhook subscription (never its secret). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Subscription id. */
                        id: string;
                        tenant_id: string;
                        workspace_id: string;
                        /** @description Where events are POSTed. */
                        url: string;
                        /** @description Event types it receives. */
                        events: ("finding.created" | "finding.resolved" | "object.discovered")[];
                        /**
                         * @description Finding events below this severity are not sent.
                         * @enum {string}
                         */
                        min_severity: "low" | "medium" | "high" | "critical";
                        description: string;
                        /**
                         * @description disabled after persistent failure (see disabled_reason).
                         * @enum {string}
                         */
                        status: "active" | "disabled";
                        /** @description Why it was disabled. */
                        disabled_reason: string | null;
                        /**
                         * Format: date-time
                         * @description When it was disabled.
                         */
                        disabled_at: string | null;
                        /**
                         * Format: date-time
                         * @description When a delivery last got through.
                         */
                        last_success_at: string | null;
                        /**
                         * Format: date-time
                         * @description After a rotation: until when the previous secret still signs beside the new one.
                         */
                        previous_secret_expires_at: string | null;
                        /** @description User of the token that created it. */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeleteWebhookSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Subscription id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    RotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Subscription id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The subscription and its signing secret, shown once. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Subscription id. */
                        id: string;
                        tenant_id: string;
                        workspace_id: string;
                        /** @description Where events are POSTed. */
                        url: string;
                        /** @description Event types it receives. */
                        events: ("finding.created" | "finding.resolved" | "object.discovered")[];
                        /**
                         * @description Finding events below this severity are not sent.
                         * @enum {string}
                         */
                        min_severity: "low" | "medium" | "high" | "critical";
                        description: string;
                        /**
                         * @description disabled after persistent failure (see disabled_reason).
                         * @enum {string}
                         */
                        status: "active" | "disabled";
                        /** @description Why it was disabled. */
                        disabled_reason: string | null;
                        /**
                         * Format: date-time
                         * @description When it was disabled.
                         */
                        disabled_at: string | null;
                        /**
                         * Format: date-time
                         * @description When a delivery last got through.
                         */
                        last_success_at: string | null;
                        /**
                         * Format: date-time
                         * @description After a rotation: until when the previous secret still signs beside the new one.
                         */
                        previous_secret_expires_at: string | null;
                        /** @description User of the token that created it. */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                        /** @description The signing secret (`whsec_…`, Standard Webhooks): shown only in this answer. Verify each delivery with it (docs/WEBHOOKS.md). */
                        secret: string;
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    EnableWebhookSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Subscription id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A webhook subscription (never its secret). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description Subscription id. */
                        id: string;
                        tenant_id: string;
                        workspace_id: string;
                        /** @description Where events are POSTed. */
                        url: string;
                        /** @description Event types it receives. */
                        events: ("finding.created" | "finding.resolved" | "object.discovered")[];
                        /**
                         * @description Finding events below this severity are not sent.
                         * @enum {string}
                         */
                        min_severity: "low" | "medium" | "high" | "critical";
                        description: string;
                        /**
                         * @description disabled after persistent failure (see disabled_reason).
                         * @enum {string}
                         */
                        status: "active" | "disabled";
                        /** @description Why it was disabled. */
                        disabled_reason: string | null;
                        /**
                         * Format: date-time
                         * @description When it was disabled.
                         */
                        disabled_at: string | null;
                        /**
                         * Format: date-time
                         * @description When a delivery last got through.
                         */
                        last_success_at: string | null;
                        /**
                         * Format: date-time
                         * @description After a rotation: until when the previous secret still signs beside the new one.
                         */
                        previous_secret_expires_at: string | null;
                        /** @description User of the token that created it. */
                        created_by: string;
                        /** Format: date-time */
                        created_at: string;
                        /** Format: date-time */
                        updated_at: string;
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetWebhookDeliveries: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose event_id equals this. */
                event_id?: string;
                /** @description Only rows whose event_id differs from this. */
                event_id__ne?: string;
                /** @description Only rows whose event_id is one of (comma-separated) this. */
                event_id__in?: string;
                /** @description Only rows whose event_id contains, in any case, this. */
                event_id__ilk?: string;
                /** @description Only rows whose event_type equals this. */
                event_type?: string;
                /** @description Only rows whose event_type differs from this. */
                event_type__ne?: string;
                /** @description Only rows whose event_type is one of (comma-separated) this. */
                event_type__in?: string;
                /** @description Only rows whose event_type contains, in any case, this. */
                event_type__ilk?: string;
                /** @description Only rows whose subject equals this. */
                subject?: string;
                /** @description Only rows whose subject differs from this. */
                subject__ne?: string;
                /** @description Only rows whose subject is one of (comma-separated) this. */
                subject__in?: string;
                /** @description Only rows whose subject contains, in any case, this. */
                subject__ilk?: string;
                /** @description Only rows whose status equals this. */
                status?: string;
                /** @description Only rows whose status differs from this. */
                status__ne?: string;
                /** @description Only rows whose status is one of (comma-separated) this. */
                status__in?: string;
                /** @description Only rows whose status contains, in any case, this. */
                status__ilk?: string;
                /** @description Only rows whose attempts equals this. */
                attempts?: number;
                /** @description Only rows whose attempts differs from this. */
                attempts__ne?: number;
                /** @description Only rows whose attempts is one of (comma-separated) this. */
                attempts__in?: string;
                /** @description Only rows whose attempts is greater than this. */
                attempts__gt?: number;
                /** @description Only rows whose attempts is at least this. */
                attempts__gte?: number;
                /** @description Only rows whose attempts is less than this. */
                attempts__lt?: number;
                /** @description Only rows whose attempts is at most this. */
                attempts__lte?: number;
                /** @description Only rows whose last_status_code equals this. */
                last_status_code?: number;
                /** @description Only rows whose last_status_code differs from this. */
                last_status_code__ne?: number;
                /** @description Only rows whose last_status_code is one of (comma-separated) this. */
                last_status_code__in?: string;
                /** @description Only rows whose last_status_code is greater than this. */
                last_status_code__gt?: number;
                /** @description Only rows whose last_status_code is at least this. */
                last_status_code__gte?: number;
                /** @description Only rows whose last_status_code is less than this. */
                last_status_code__lt?: number;
                /** @description Only rows whose last_status_code is at most this. */
                last_status_code__lte?: number;
                /** @description Only rows whose last_error equals this. */
                last_error?: string;
                /** @description Only rows whose last_error differs from this. */
                last_error__ne?: string;
                /** @description Only rows whose last_error is one of (comma-separated) this. */
                last_error__in?: string;
                /** @description Only rows whose last_error contains, in any case, this. */
                last_error__ilk?: string;
                /** @description Only rows whose next_attempt_at equals this. (RFC 3339 with a zone) */
                next_attempt_at?: string;
                /** @description Only rows whose next_attempt_at differs from this. (RFC 3339 with a zone) */
                next_attempt_at__ne?: string;
                /** @description Only rows whose next_attempt_at is greater than this. (RFC 3339 with a zone) */
                next_attempt_at__gt?: string;
                /** @description Only rows whose next_attempt_at is at least this. (RFC 3339 with a zone) */
                next_attempt_at__gte?: string;
                /** @description Only rows whose next_attempt_at is less than this. (RFC 3339 with a zone) */
                next_attempt_at__lt?: string;
                /** @description Only rows whose next_attempt_at is at most this. (RFC 3339 with a zone) */
                next_attempt_at__lte?: string;
                /** @description Only rows whose last_attempt_at equals this. (RFC 3339 with a zone) */
                last_attempt_at?: string;
                /** @description Only rows whose last_attempt_at differs from this. (RFC 3339 with a zone) */
                last_attempt_at__ne?: string;
                /** @description Only rows whose last_attempt_at is greater than this. (RFC 3339 with a zone) */
                last_attempt_at__gt?: string;
                /** @description Only rows whose last_attempt_at is at least this. (RFC 3339 with a zone) */
                last_attempt_at__gte?: string;
                /** @description Only rows whose last_attempt_at is less than this. (RFC 3339 with a zone) */
                last_attempt_at__lt?: string;
                /** @description Only rows whose last_attempt_at is at most this. (RFC 3339 with a zone) */
                last_attempt_at__lte?: string;
                /** @description Only rows whose delivered_at equals this. (RFC 3339 with a zone) */
                delivered_at?: string;
                /** @description Only rows whose delivered_at differs from this. (RFC 3339 with a zone) */
                delivered_at__ne?: string;
                /** @description Only rows whose delivered_at is greater than this. (RFC 3339 with a zone) */
                delivered_at__gt?: string;
                /** @description Only rows whose delivered_at is at least this. (RFC 3339 with a zone) */
                delivered_at__gte?: string;
                /** @description Only rows whose delivered_at is less than this. (RFC 3339 with a zone) */
                delivered_at__lt?: string;
                /** @description Only rows whose delivered_at is at most this. (RFC 3339 with a zone) */
                delivered_at__lte?: string;
                /** @description Only rows whose created_at equals this. (RFC 3339 with a zone) */
                created_at?: string;
                /** @description Only rows whose created_at differs from this. (RFC 3339 with a zone) */
                created_at__ne?: string;
                /** @description Only rows whose created_at is greater than this. (RFC 3339 with a zone) */
                created_at__gt?: string;
                /** @description Only rows whose created_at is at least this. (RFC 3339 with a zone) */
                created_at__gte?: string;
                /** @description Only rows whose created_at is less than this. (RFC 3339 with a zone) */
                created_at__lt?: string;
                /** @description Only rows whose created_at is at most this. (RFC 3339 with a zone) */
                created_at__lte?: string;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Subscription id. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of deliveries. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetWebhookDelivery: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Delivery id. */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One delivery with its attempts and its event. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        subscription_id: string;
                        event_id: string;
                        /** @enum {string} */
                        event_type: "finding.created" | "finding.resolved" | "object.discovered";
                        subject: string;
                        /** @enum {string} */
                        status: "pending" | "delivered" | "failed";
                        attempts: number;
                        last_status_code: number | null;
                        last_error: string | null;
                        /**
                         * Format: date-time
                         * @description When it is tried next, while pending.
                         */
                        next_attempt_at: string | null;
                        /**
                         * Format: date-time
                         * @description When it was last tried.
                         */
                        last_attempt_at: string | null;
                        /**
                         * Format: date-time
                         * @description When the receiver accepted it.
                         */
                        delivered_at: string | null;
                        /** Format: date-time */
                        created_at: string;
                        /** @description Every attempt, first first. */
                        attempt_log: {
                            attempt: number;
                            /** Format: date-time */
                            started_at: string;
                            duration_ms: number;
                            /** @description HTTP status the receiver answered, or null (no answer, or refused before sending). */
                            status_code: number | null;
                            /** @enum {string} */
                            outcome: "delivered" | "failed" | "refused";
                            error: string | null;
                        }[];
                        /** @description The CloudEvent it sends, as sent. */
                        event: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetCompliancePosture: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        frameworks: {
                            /**
                             * @description Framework id: owasp-llm-2025, owasp-agentic-2026, mitre-atlas, nist-ai-rmf-1.0, eu-ai-act.
                             * @enum {string}
                             */
                            framework: "owasp-llm-2025" | "owasp-agentic-2026" | "mitre-atlas" | "nist-ai-rmf-1.0" | "eu-ai-act";
                            name: string;
                            version: string;
                            /** @description Controls of the framework in the table. */
                            controls: number;
                            /** @description Controls with at least one open finding of a rule mapped to them. */
                            controls_with_open_findings: number;
                            /** @description Open findings of the mapped rules, each once. */
                            open_findings: {
                                /** @description Critical. */
                                critical: number;
                                /** @description High. */
                                high: number;
                                /** @description Medium. */
                                medium: number;
                                /** @description Low. */
                                low: number;
                                /** @description Every severity. */
                                total: number;
                            };
                            /** @description Inventory objects of the kinds the mapped rules apply to (and any other a finding of theirs names). */
                            objects_in_scope: number;
                            /** @description Of those, the objects with at least one open finding of a mapped rule. */
                            objects_failing: number;
                            /** @description (objects_in_scope − objects_failing) / objects_in_scope, to 4 decimals; null when nothing is in scope. */
                            posture_score: number | null;
                            /** @description Findings of the mapped rules detected each month (resolved ones included), the past 12 months, oldest first. */
                            trend: {
                                /** @description YYYY-MM (UTC). */
                                month: string;
                                /** @description Critical. */
                                critical: number;
                                /** @description High. */
                                high: number;
                                /** @description Medium. */
                                medium: number;
                                /** @description Low. */
                                low: number;
                            }[];
                        }[];
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetComplianceControls: {
        parameters: {
            query?: {
                /** @description Only rows whose control_id equals this. */
                control_id?: string;
                /** @description Only rows whose control_id differs from this. */
                control_id__ne?: string;
                /** @description Only rows whose control_id is one of (comma-separated) this. */
                control_id__in?: string;
                /** @description Only rows whose control_id contains, in any case, this. */
                control_id__ilk?: string;
                /** @description Only rows whose name equals this. */
                name?: string;
                /** @description Only rows whose name differs from this. */
                name__ne?: string;
                /** @description Only rows whose name is one of (comma-separated) this. */
                name__in?: string;
                /** @description Only rows whose name contains, in any case, this. */
                name__ilk?: string;
                /** @description Only rows whose rules equals this. */
                rules?: number;
                /** @description Only rows whose rules differs from this. */
                rules__ne?: number;
                /** @description Only rows whose rules is one of (comma-separated) this. */
                rules__in?: string;
                /** @description Only rows whose rules is greater than this. */
                rules__gt?: number;
                /** @description Only rows whose rules is at least this. */
                rules__gte?: number;
                /** @description Only rows whose rules is less than this. */
                rules__lt?: number;
                /** @description Only rows whose rules is at most this. */
                rules__lte?: number;
                /** @description Only rows whose critical equals this. */
                critical?: number;
                /** @description Only rows whose critical differs from this. */
                critical__ne?: number;
                /** @description Only rows whose critical is one of (comma-separated) this. */
                critical__in?: string;
                /** @description Only rows whose critical is greater than this. */
                critical__gt?: number;
                /** @description Only rows whose critical is at least this. */
                critical__gte?: number;
                /** @description Only rows whose critical is less than this. */
                critical__lt?: number;
                /** @description Only rows whose critical is at most this. */
                critical__lte?: number;
                /** @description Only rows whose high equals this. */
                high?: number;
                /** @description Only rows whose high differs from this. */
                high__ne?: number;
                /** @description Only rows whose high is one of (comma-separated) this. */
                high__in?: string;
                /** @description Only rows whose high is greater than this. */
                high__gt?: number;
                /** @description Only rows whose high is at least this. */
                high__gte?: number;
                /** @description Only rows whose high is less than this. */
                high__lt?: number;
                /** @description Only rows whose high is at most this. */
                high__lte?: number;
                /** @description Only rows whose medium equals this. */
                medium?: number;
                /** @description Only rows whose medium differs from this. */
                medium__ne?: number;
                /** @description Only rows whose medium is one of (comma-separated) this. */
                medium__in?: string;
                /** @description Only rows whose medium is greater than this. */
                medium__gt?: number;
                /** @description Only rows whose medium is at least this. */
                medium__gte?: number;
                /** @description Only rows whose medium is less than this. */
                medium__lt?: number;
                /** @description Only rows whose medium is at most this. */
                medium__lte?: number;
                /** @description Only rows whose low equals this. */
                low?: number;
                /** @description Only rows whose low differs from this. */
                low__ne?: number;
                /** @description Only rows whose low is one of (comma-separated) this. */
                low__in?: string;
                /** @description Only rows whose low is greater than this. */
                low__gt?: number;
                /** @description Only rows whose low is at least this. */
                low__gte?: number;
                /** @description Only rows whose low is less than this. */
                low__lt?: number;
                /** @description Only rows whose low is at most this. */
                low__lte?: number;
                /** @description Only rows whose open_findings equals this. */
                open_findings?: number;
                /** @description Only rows whose open_findings differs from this. */
                open_findings__ne?: number;
                /** @description Only rows whose open_findings is one of (comma-separated) this. */
                open_findings__in?: string;
                /** @description Only rows whose open_findings is greater than this. */
                open_findings__gt?: number;
                /** @description Only rows whose open_findings is at least this. */
                open_findings__gte?: number;
                /** @description Only rows whose open_findings is less than this. */
                open_findings__lt?: number;
                /** @description Only rows whose open_findings is at most this. */
                open_findings__lte?: number;
                /** @description Only rows whose objects_failing equals this. */
                objects_failing?: number;
                /** @description Only rows whose objects_failing differs from this. */
                objects_failing__ne?: number;
                /** @description Only rows whose objects_failing is one of (comma-separated) this. */
                objects_failing__in?: string;
                /** @description Only rows whose objects_failing is greater than this. */
                objects_failing__gt?: number;
                /** @description Only rows whose objects_failing is at least this. */
                objects_failing__gte?: number;
                /** @description Only rows whose objects_failing is less than this. */
                objects_failing__lt?: number;
                /** @description Only rows whose objects_failing is at most this. */
                objects_failing__lte?: number;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Framework id: owasp-llm-2025, owasp-agentic-2026, mitre-atlas, nist-ai-rmf-1.0, eu-ai-act. */
                framework: "owasp-llm-2025" | "owasp-agentic-2026" | "mitre-atlas" | "nist-ai-rmf-1.0" | "eu-ai-act";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of controls. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetComplianceControlFindings: {
        parameters: {
            query?: {
                /** @description Which instances: open, resolved or all (default open). */
                status?: "open" | "resolved" | "all";
                /** @description Only rows whose id equals this. */
                id?: string;
                /** @description Only rows whose id differs from this. */
                id__ne?: string;
                /** @description Only rows whose id is one of (comma-separated) this. */
                id__in?: string;
                /** @description Only rows whose id contains, in any case, this. */
                id__ilk?: string;
                /** @description Only rows whose issue_id equals this. */
                issue_id?: string;
                /** @description Only rows whose issue_id differs from this. */
                issue_id__ne?: string;
                /** @description Only rows whose issue_id is one of (comma-separated) this. */
                issue_id__in?: string;
                /** @description Only rows whose issue_id contains, in any case, this. */
                issue_id__ilk?: string;
                /** @description Only rows whose rule_id equals this. */
                rule_id?: string;
                /** @description Only rows whose rule_id differs from this. */
                rule_id__ne?: string;
                /** @description Only rows whose rule_id is one of (comma-separated) this. */
                rule_id__in?: string;
                /** @description Only rows whose rule_id contains, in any case, this. */
                rule_id__ilk?: string;
                /** @description Only rows whose severity equals this. */
                severity?: string;
                /** @description Only rows whose severity differs from this. */
                severity__ne?: string;
                /** @description Only rows whose severity is one of (comma-separated) this. */
                severity__in?: string;
                /** @description Only rows whose severity contains, in any case, this. */
                severity__ilk?: string;
                /** @description Only rows whose status differs from this. */
                status__ne?: string;
                /** @description Only rows whose status is one of (comma-separated) this. */
                status__in?: string;
                /** @description Only rows whose status contains, in any case, this. */
                status__ilk?: string;
                /** @description Only rows whose title equals this. */
                title?: string;
                /** @description Only rows whose title differs from this. */
                title__ne?: string;
                /** @description Only rows whose title is one of (comma-separated) this. */
                title__in?: string;
                /** @description Only rows whose title contains, in any case, this. */
                title__ilk?: string;
                /** @description Only rows whose object_type equals this. */
                object_type?: string;
                /** @description Only rows whose object_type differs from this. */
                object_type__ne?: string;
                /** @description Only rows whose object_type is one of (comma-separated) this. */
                object_type__in?: string;
                /** @description Only rows whose object_type contains, in any case, this. */
                object_type__ilk?: string;
                /** @description Only rows whose object_id equals this. */
                object_id?: string;
                /** @description Only rows whose object_id differs from this. */
                object_id__ne?: string;
                /** @description Only rows whose object_id is one of (comma-separated) this. */
                object_id__in?: string;
                /** @description Only rows whose object_id contains, in any case, this. */
                object_id__ilk?: string;
                /** @description Only rows whose detected_at equals this. (RFC 3339 with a zone) */
                detected_at?: string;
                /** @description Only rows whose detected_at differs from this. (RFC 3339 with a zone) */
                detected_at__ne?: string;
                /** @description Only rows whose detected_at is greater than this. (RFC 3339 with a zone) */
                detected_at__gt?: string;
                /** @description Only rows whose detected_at is at least this. (RFC 3339 with a zone) */
                detected_at__gte?: string;
                /** @description Only rows whose detected_at is less than this. (RFC 3339 with a zone) */
                detected_at__lt?: string;
                /** @description Only rows whose detected_at is at most this. (RFC 3339 with a zone) */
                detected_at__lte?: string;
                /** @description Only rows whose resolved_at equals this. (RFC 3339 with a zone) */
                resolved_at?: string;
                /** @description Only rows whose resolved_at differs from this. (RFC 3339 with a zone) */
                resolved_at__ne?: string;
                /** @description Only rows whose resolved_at is greater than this. (RFC 3339 with a zone) */
                resolved_at__gt?: string;
                /** @description Only rows whose resolved_at is at least this. (RFC 3339 with a zone) */
                resolved_at__gte?: string;
                /** @description Only rows whose resolved_at is less than this. (RFC 3339 with a zone) */
                resolved_at__lt?: string;
                /** @description Only rows whose resolved_at is at most this. (RFC 3339 with a zone) */
                resolved_at__lte?: string;
                /** @description Only rows whose cvss_score equals this. */
                cvss_score?: number;
                /** @description Only rows whose cvss_score differs from this. */
                cvss_score__ne?: number;
                /** @description Only rows whose cvss_score is one of (comma-separated) this. */
                cvss_score__in?: string;
                /** @description Only rows whose cvss_score is greater than this. */
                cvss_score__gt?: number;
                /** @description Only rows whose cvss_score is at least this. */
                cvss_score__gte?: number;
                /** @description Only rows whose cvss_score is less than this. */
                cvss_score__lt?: number;
                /** @description Only rows whose cvss_score is at most this. */
                cvss_score__lte?: number;
                /** @description Only rows whose owasp_category equals this. */
                owasp_category?: string;
                /** @description Only rows whose owasp_category differs from this. */
                owasp_category__ne?: string;
                /** @description Only rows whose owasp_category is one of (comma-separated) this. */
                owasp_category__in?: string;
                /** @description Only rows whose owasp_category contains, in any case, this. */
                owasp_category__ilk?: string;
                /** @description Only rows whose scan_id equals this. */
                scan_id?: string;
                /** @description Only rows whose scan_id differs from this. */
                scan_id__ne?: string;
                /** @description Only rows whose scan_id is one of (comma-separated) this. */
                scan_id__in?: string;
                /** @description Only rows whose scan_id contains, in any case, this. */
                scan_id__ilk?: string;
                /** @description Only rows whose source equals this. */
                source?: string;
                /** @description Only rows whose source differs from this. */
                source__ne?: string;
                /** @description Only rows whose source is one of (comma-separated) this. */
                source__in?: string;
                /** @description Only rows whose source contains, in any case, this. */
                source__ilk?: string;
                /** @description Only rows whose category equals this. */
                category?: string;
                /** @description Only rows whose category differs from this. */
                category__ne?: string;
                /** @description Only rows whose category is one of (comma-separated) this. */
                category__in?: string;
                /** @description Only rows whose category contains, in any case, this. */
                category__ilk?: string;
                /** @description Only rows whose description equals this. */
                description?: string;
                /** @description Only rows whose description differs from this. */
                description__ne?: string;
                /** @description Only rows whose description is one of (comma-separated) this. */
                description__in?: string;
                /** @description Only rows whose description contains, in any case, this. */
                description__ilk?: string;
                /** @description Only rows whose remediation equals this. */
                remediation?: string;
                /** @description Only rows whose remediation differs from this. */
                remediation__ne?: string;
                /** @description Only rows whose remediation is one of (comma-separated) this. */
                remediation__in?: string;
                /** @description Only rows whose remediation contains, in any case, this. */
                remediation__ilk?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Framework id: owasp-llm-2025, owasp-agentic-2026, mitre-atlas, nist-ai-rmf-1.0, eu-ai-act. */
                framework: "owasp-llm-2025" | "owasp-agentic-2026" | "mitre-atlas" | "nist-ai-rmf-1.0" | "eu-ai-act";
                /** @description Control id (URL-encoded: `MEASURE%202.7`, `Article%2015`). */
                control: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of instances. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetAibom: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A CycloneDX 1.6 BOM. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.cyclonedx+json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetClientStorageTenantUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Client application id: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                client_id: string;
                /** @description Namespace within the client: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                namespace: string;
                /** @description Key within the namespace: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry. */
            200: {
                headers: {
                    /** @description Strong entity tag of the entry's current version, e.g. "1234567"; changes on every write. */
                    etag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description When the entry was first written (RFC 3339, UTC).
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description When the entry was last written (RFC 3339, UTC).
                         */
                        updated_at: string;
                        /** @description The stored JSON object, exactly as written (members in the order sent). */
                        value: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description The entry still has the ETag sent in If-None-Match. */
            304: {
                headers: {
                    /** @description Strong entity tag of the entry's current version, e.g. "1234567"; changes on every write. */
                    etag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PutClientStorageTenantUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Write only if the entry's ETag is one of these (or `*`: if it exists); else 412. */
                "if-match"?: string;
                /** @description PUT only: `*` creates the entry only if it does not exist; else 412. */
                "if-none-match"?: string;
            };
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Client application id: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                client_id: string;
                /** @description Namespace within the client: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                namespace: string;
                /** @description Key within the namespace: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                key: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A JSON object (not an array, string, number or null). */
                    value: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Stored. */
            204: {
                headers: {
                    /** @description Strong entity tag of the entry's current version, e.g. "1234567"; changes on every write. */
                    etag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A precondition (If-Match / If-None-Match) failed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body has an unsupported media type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user already keeps as many entries as allowed in this tenant. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeleteClientStorageTenantUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Write only if the entry's ETag is one of these (or `*`: if it exists); else 412. */
                "if-match"?: string;
                /** @description PUT only: `*` creates the entry only if it does not exist; else 412. */
                "if-none-match"?: string;
            };
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Client application id: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                client_id: string;
                /** @description Namespace within the client: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                namespace: string;
                /** @description Key within the namespace: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A precondition (If-Match / If-None-Match) failed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ListTenantUserClientStorageKeys: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Only rows whose key equals this. */
                key?: string;
                /** @description Only rows whose key differs from this. */
                key__ne?: string;
                /** @description Only rows whose key is one of (comma-separated) this. */
                key__in?: string;
                /** @description Only rows whose key contains, in any case, this. */
                key__ilk?: string;
                /** @description Only rows whose created_at equals this. (RFC 3339 with a zone) */
                created_at?: string;
                /** @description Only rows whose created_at differs from this. (RFC 3339 with a zone) */
                created_at__ne?: string;
                /** @description Only rows whose created_at is greater than this. (RFC 3339 with a zone) */
                created_at__gt?: string;
                /** @description Only rows whose created_at is at least this. (RFC 3339 with a zone) */
                created_at__gte?: string;
                /** @description Only rows whose created_at is less than this. (RFC 3339 with a zone) */
                created_at__lt?: string;
                /** @description Only rows whose created_at is at most this. (RFC 3339 with a zone) */
                created_at__lte?: string;
                /** @description Only rows whose updated_at equals this. (RFC 3339 with a zone) */
                updated_at?: string;
                /** @description Only rows whose updated_at differs from this. (RFC 3339 with a zone) */
                updated_at__ne?: string;
                /** @description Only rows whose updated_at is greater than this. (RFC 3339 with a zone) */
                updated_at__gt?: string;
                /** @description Only rows whose updated_at is at least this. (RFC 3339 with a zone) */
                updated_at__gte?: string;
                /** @description Only rows whose updated_at is less than this. (RFC 3339 with a zone) */
                updated_at__lt?: string;
                /** @description Only rows whose updated_at is at most this. (RFC 3339 with a zone) */
                updated_at__lte?: string;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Client application id: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                client_id: string;
                /** @description Namespace within the client: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                namespace: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of keys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetClientStorageTenantWorkspace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Client application id: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                client_id: string;
                /** @description Namespace within the client: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                namespace: string;
                /** @description Key within the namespace: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry. */
            200: {
                headers: {
                    /** @description Strong entity tag of the entry's current version, e.g. "1234567"; changes on every write. */
                    etag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description When the entry was first written (RFC 3339, UTC).
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description When the entry was last written (RFC 3339, UTC).
                         */
                        updated_at: string;
                        /** @description The stored JSON object, exactly as written (members in the order sent). */
                        value: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description The entry still has the ETag sent in If-None-Match. */
            304: {
                headers: {
                    /** @description Strong entity tag of the entry's current version, e.g. "1234567"; changes on every write. */
                    etag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PutClientStorageTenantWorkspace: {
        parameters: {
            query?: never;
            header?: {
                /** @description Write only if the entry's ETag is one of these (or `*`: if it exists); else 412. */
                "if-match"?: string;
                /** @description PUT only: `*` creates the entry only if it does not exist; else 412. */
                "if-none-match"?: string;
            };
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Client application id: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                client_id: string;
                /** @description Namespace within the client: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                namespace: string;
                /** @description Key within the namespace: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                key: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A JSON object (not an array, string, number or null). */
                    value: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Stored. */
            204: {
                headers: {
                    /** @description Strong entity tag of the entry's current version, e.g. "1234567"; changes on every write. */
                    etag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A precondition (If-Match / If-None-Match) failed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body has an unsupported media type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeleteClientStorageTenantWorkspace: {
        parameters: {
            query?: never;
            header?: {
                /** @description Write only if the entry's ETag is one of these (or `*`: if it exists); else 412. */
                "if-match"?: string;
                /** @description PUT only: `*` creates the entry only if it does not exist; else 412. */
                "if-none-match"?: string;
            };
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Client application id: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                client_id: string;
                /** @description Namespace within the client: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                namespace: string;
                /** @description Key within the namespace: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A precondition (If-Match / If-None-Match) failed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ListTenantWorkspaceClientStorageKeys: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Only rows whose key equals this. */
                key?: string;
                /** @description Only rows whose key differs from this. */
                key__ne?: string;
                /** @description Only rows whose key is one of (comma-separated) this. */
                key__in?: string;
                /** @description Only rows whose key contains, in any case, this. */
                key__ilk?: string;
                /** @description Only rows whose created_at equals this. (RFC 3339 with a zone) */
                created_at?: string;
                /** @description Only rows whose created_at differs from this. (RFC 3339 with a zone) */
                created_at__ne?: string;
                /** @description Only rows whose created_at is greater than this. (RFC 3339 with a zone) */
                created_at__gt?: string;
                /** @description Only rows whose created_at is at least this. (RFC 3339 with a zone) */
                created_at__gte?: string;
                /** @description Only rows whose created_at is less than this. (RFC 3339 with a zone) */
                created_at__lt?: string;
                /** @description Only rows whose created_at is at most this. (RFC 3339 with a zone) */
                created_at__lte?: string;
                /** @description Only rows whose updated_at equals this. (RFC 3339 with a zone) */
                updated_at?: string;
                /** @description Only rows whose updated_at differs from this. (RFC 3339 with a zone) */
                updated_at__ne?: string;
                /** @description Only rows whose updated_at is greater than this. (RFC 3339 with a zone) */
                updated_at__gt?: string;
                /** @description Only rows whose updated_at is at least this. (RFC 3339 with a zone) */
                updated_at__gte?: string;
                /** @description Only rows whose updated_at is less than this. (RFC 3339 with a zone) */
                updated_at__lt?: string;
                /** @description Only rows whose updated_at is at most this. (RFC 3339 with a zone) */
                updated_at__lte?: string;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
                /** @description Client application id: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                client_id: string;
                /** @description Namespace within the client: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                namespace: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of keys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetClientStorageTenant: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Client application id: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                client_id: string;
                /** @description Namespace within the client: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                namespace: string;
                /** @description Key within the namespace: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry. */
            200: {
                headers: {
                    /** @description Strong entity tag of the entry's current version, e.g. "1234567"; changes on every write. */
                    etag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description When the entry was first written (RFC 3339, UTC).
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description When the entry was last written (RFC 3339, UTC).
                         */
                        updated_at: string;
                        /** @description The stored JSON object, exactly as written (members in the order sent). */
                        value: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description The entry still has the ETag sent in If-None-Match. */
            304: {
                headers: {
                    /** @description Strong entity tag of the entry's current version, e.g. "1234567"; changes on every write. */
                    etag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PutClientStorageTenant: {
        parameters: {
            query?: never;
            header?: {
                /** @description Write only if the entry's ETag is one of these (or `*`: if it exists); else 412. */
                "if-match"?: string;
                /** @description PUT only: `*` creates the entry only if it does not exist; else 412. */
                "if-none-match"?: string;
            };
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Client application id: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                client_id: string;
                /** @description Namespace within the client: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                namespace: string;
                /** @description Key within the namespace: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                key: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A JSON object (not an array, string, number or null). */
                    value: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Stored. */
            204: {
                headers: {
                    /** @description Strong entity tag of the entry's current version, e.g. "1234567"; changes on every write. */
                    etag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A precondition (If-Match / If-None-Match) failed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body has an unsupported media type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeleteClientStorageTenant: {
        parameters: {
            query?: never;
            header?: {
                /** @description Write only if the entry's ETag is one of these (or `*`: if it exists); else 412. */
                "if-match"?: string;
                /** @description PUT only: `*` creates the entry only if it does not exist; else 412. */
                "if-none-match"?: string;
            };
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Client application id: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                client_id: string;
                /** @description Namespace within the client: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                namespace: string;
                /** @description Key within the namespace: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A precondition (If-Match / If-None-Match) failed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ListTenantClientStorageKeys: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Only rows whose key equals this. */
                key?: string;
                /** @description Only rows whose key differs from this. */
                key__ne?: string;
                /** @description Only rows whose key is one of (comma-separated) this. */
                key__in?: string;
                /** @description Only rows whose key contains, in any case, this. */
                key__ilk?: string;
                /** @description Only rows whose created_at equals this. (RFC 3339 with a zone) */
                created_at?: string;
                /** @description Only rows whose created_at differs from this. (RFC 3339 with a zone) */
                created_at__ne?: string;
                /** @description Only rows whose created_at is greater than this. (RFC 3339 with a zone) */
                created_at__gt?: string;
                /** @description Only rows whose created_at is at least this. (RFC 3339 with a zone) */
                created_at__gte?: string;
                /** @description Only rows whose created_at is less than this. (RFC 3339 with a zone) */
                created_at__lt?: string;
                /** @description Only rows whose created_at is at most this. (RFC 3339 with a zone) */
                created_at__lte?: string;
                /** @description Only rows whose updated_at equals this. (RFC 3339 with a zone) */
                updated_at?: string;
                /** @description Only rows whose updated_at differs from this. (RFC 3339 with a zone) */
                updated_at__ne?: string;
                /** @description Only rows whose updated_at is greater than this. (RFC 3339 with a zone) */
                updated_at__gt?: string;
                /** @description Only rows whose updated_at is at least this. (RFC 3339 with a zone) */
                updated_at__gte?: string;
                /** @description Only rows whose updated_at is less than this. (RFC 3339 with a zone) */
                updated_at__lt?: string;
                /** @description Only rows whose updated_at is at most this. (RFC 3339 with a zone) */
                updated_at__lte?: string;
            };
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Client application id: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                client_id: string;
                /** @description Namespace within the client: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                namespace: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of keys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetClientStorageUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Client application id: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                client_id: string;
                /** @description Namespace within the client: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                namespace: string;
                /** @description Key within the namespace: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The entry. */
            200: {
                headers: {
                    /** @description Strong entity tag of the entry's current version, e.g. "1234567"; changes on every write. */
                    etag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /**
                         * Format: date-time
                         * @description When the entry was first written (RFC 3339, UTC).
                         */
                        created_at: string;
                        /**
                         * Format: date-time
                         * @description When the entry was last written (RFC 3339, UTC).
                         */
                        updated_at: string;
                        /** @description The stored JSON object, exactly as written (members in the order sent). */
                        value: {
                            [key: string]: unknown;
                        };
                    };
                };
            };
            /** @description The entry still has the ETag sent in If-None-Match. */
            304: {
                headers: {
                    /** @description Strong entity tag of the entry's current version, e.g. "1234567"; changes on every write. */
                    etag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PutClientStorageUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Write only if the entry's ETag is one of these (or `*`: if it exists); else 412. */
                "if-match"?: string;
                /** @description PUT only: `*` creates the entry only if it does not exist; else 412. */
                "if-none-match"?: string;
            };
            path: {
                /** @description Client application id: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                client_id: string;
                /** @description Namespace within the client: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                namespace: string;
                /** @description Key within the namespace: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                key: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @description A JSON object (not an array, string, number or null). */
                    value: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Stored. */
            204: {
                headers: {
                    /** @description Strong entity tag of the entry's current version, e.g. "1234567"; changes on every write. */
                    etag?: string;
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A precondition (If-Match / If-None-Match) failed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body has an unsupported media type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The user already keeps as many entries as allowed in this tenant. */
            507: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeleteClientStorageUser: {
        parameters: {
            query?: never;
            header?: {
                /** @description Write only if the entry's ETag is one of these (or `*`: if it exists); else 412. */
                "if-match"?: string;
                /** @description PUT only: `*` creates the entry only if it does not exist; else 412. */
                "if-none-match"?: string;
            };
            path: {
                /** @description Client application id: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                client_id: string;
                /** @description Namespace within the client: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                namespace: string;
                /** @description Key within the namespace: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                key: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No such object in this workspace. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A precondition (If-Match / If-None-Match) failed. */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ListUserClientStorageKeys: {
        parameters: {
            query?: {
                /** @description Rows per page, 1–10000. */
                page_size?: number;
                /** @description Alias of page_size. */
                pageSize?: number;
                /** @description Cursor from the previous page. */
                cursor?: string;
                /** @description Column to sort by (a sortable column of the header). */
                sort?: string;
                /** @description Sort direction. */
                sort_dir?: "asc" | "desc";
                /** @description Only rows whose key equals this. */
                key?: string;
                /** @description Only rows whose key differs from this. */
                key__ne?: string;
                /** @description Only rows whose key is one of (comma-separated) this. */
                key__in?: string;
                /** @description Only rows whose key contains, in any case, this. */
                key__ilk?: string;
                /** @description Only rows whose created_at equals this. (RFC 3339 with a zone) */
                created_at?: string;
                /** @description Only rows whose created_at differs from this. (RFC 3339 with a zone) */
                created_at__ne?: string;
                /** @description Only rows whose created_at is greater than this. (RFC 3339 with a zone) */
                created_at__gt?: string;
                /** @description Only rows whose created_at is at least this. (RFC 3339 with a zone) */
                created_at__gte?: string;
                /** @description Only rows whose created_at is less than this. (RFC 3339 with a zone) */
                created_at__lt?: string;
                /** @description Only rows whose created_at is at most this. (RFC 3339 with a zone) */
                created_at__lte?: string;
                /** @description Only rows whose updated_at equals this. (RFC 3339 with a zone) */
                updated_at?: string;
                /** @description Only rows whose updated_at differs from this. (RFC 3339 with a zone) */
                updated_at__ne?: string;
                /** @description Only rows whose updated_at is greater than this. (RFC 3339 with a zone) */
                updated_at__gt?: string;
                /** @description Only rows whose updated_at is at least this. (RFC 3339 with a zone) */
                updated_at__gte?: string;
                /** @description Only rows whose updated_at is less than this. (RFC 3339 with a zone) */
                updated_at__lt?: string;
                /** @description Only rows whose updated_at is at most this. (RFC 3339 with a zone) */
                updated_at__lte?: string;
            };
            header?: never;
            path: {
                /** @description Client application id: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                client_id: string;
                /** @description Namespace within the client: 1 to 256 bytes of UTF-8, any character but NUL, percent-encoded in the URL (`/` as `%2F`). */
                namespace: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of keys. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TabularResult"];
                    "text/csv": string;
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ExportOtlpTraces: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Tenant (organisation) id. */
                tenant_id: string;
                /** @description Workspace id within the tenant. */
                workspace_id: string;
            };
            cookie?: never;
        };
        /** @description ExportTraceServiceRequest (protobuf or JSON). */
        requestBody: {
            content: {
                "application/x-protobuf": string;
                "application/json": string;
            };
        };
        responses: {
            /** @description ExportTraceServiceResponse (shown in its JSON form; protobuf when the request was protobuf). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        partialSuccess?: {
                            /** @description Spans not stored. */
                            rejectedSpans: number;
                            /** @description Why spans were rejected, and how many were ignored as not GenAI model calls. */
                            errorMessage: string;
                        };
                    };
                };
            };
            /** @description A parameter is malformed; the message names it. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No token, or a malformed, unknown, revoked or expired one. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token has no access to this tenant or workspace, or lacks the scope. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is larger than the limit. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body has an unsupported media type. */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Too many requests; see Retry-After. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Internal error; the message carries the request id. */
            500: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The database is unavailable; retry later. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
