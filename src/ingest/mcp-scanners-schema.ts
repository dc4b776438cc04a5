// JSON Schemas of the parts of MCP scanners' JSON outputs that an import reads (docs/IMPORTS.md),
// written here from the tools' own models, since neither publishes a schema: mcp-scan's
// (`mcp-scan scan --json`, Invariant Labs, now Snyk agent-scan: `ScanPathResult`, `ServerScanResult`,
// `StdioServer`, `RemoteServer`, `StaticToolsServer`, `ServerSignature` and `Issue` of its
// models.py) and Cisco's mcp-scanner (its raw JSON: `scan_results` as its report generator's
// `results_to_json` writes them). Members the import does not read are left open; what it reads is
// checked, so a file of another shape is refused naming its first problem. Array bounds keep one
// file within what one transaction writes.

import { Ajv, type ValidateFunction } from 'ajv';

const str = { type: 'string' };
const optStr = { type: ['string', 'null'] };
const obj = { type: 'object' };
const optObj = { type: ['object', 'null'] };

const entity = { type: 'object', required: ['name'], properties: { name: { type: 'string', minLength: 1 }, description: optStr } };

export const mcpScanSchema = {
  type: 'object',
  maxProperties: 10_000,
  additionalProperties: { $ref: '#/definitions/pathResult' },
  definitions: {
    pathResult: {
      type: 'object',
      required: ['path'],
      properties: {
        client: optStr,
        path: { type: 'string', minLength: 1 },
        servers: { type: ['array', 'null'], maxItems: 10_000, items: { $ref: '#/definitions/server' } },
        issues: { type: 'array', maxItems: 100_000, items: { $ref: '#/definitions/issue' } },
        labels: { type: 'array' },
        error: optObj,
      },
    },
    server: {
      type: 'object',
      required: ['server'],
      properties: {
        name: optStr,
        server: {
          oneOf: [
            {
              type: 'object',
              required: ['command'],
              properties: {
                command: { type: 'string', minLength: 1 },
                args: { type: ['array', 'null'], items: str, maxItems: 256 },
                type: { enum: ['stdio', null] },
                env: { type: ['object', 'null'], additionalProperties: str },
              },
            },
            {
              type: 'object',
              required: ['url'],
              properties: { url: { type: 'string', minLength: 1 }, type: { enum: ['sse', 'http', null] }, headers: obj },
            },
            {
              type: 'object',
              required: ['name', 'signature', 'type'],
              properties: { name: str, signature: { type: 'array' }, type: { const: 'tools' } },
            },
          ],
        },
        signature: {
          type: ['object', 'null'],
          properties: {
            metadata: obj,
            prompts: { type: 'array', maxItems: 10_000, items: entity },
            resources: { type: 'array', maxItems: 10_000, items: entity },
            resource_templates: { type: 'array', maxItems: 10_000, items: entity },
            tools: { type: 'array', maxItems: 10_000, items: entity },
          },
        },
        error: optObj,
      },
    },
    issue: {
      type: 'object',
      required: ['code', 'message'],
      properties: {
        code: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' },
        message: str,
        reference: {
          oneOf: [
            { type: 'null' },
            {
              type: 'array',
              minItems: 2,
              maxItems: 2,
              items: [
                { type: 'integer', minimum: 0 },
                { type: ['integer', 'null'], minimum: 0 },
              ],
            },
          ],
        },
        extra_data: optObj,
      },
    },
  },
};

const analyzer = {
  type: 'object',
  required: ['severity'],
  properties: {
    severity: { type: 'string', minLength: 1, maxLength: 32 },
    threat_names: { type: 'array', maxItems: 256, items: { type: 'string', minLength: 1, maxLength: 256 } },
    threat_summary: str,
    total_findings: { type: 'integer', minimum: 0 },
    mcp_taxonomies: { type: 'array' },
  },
};

export const ciscoScanSchema = {
  type: 'object',
  required: ['scan_results'],
  properties: {
    server_url: optStr,
    scan_target: optStr,
    requested_analyzers: { type: 'array' },
    scan_results: {
      type: 'array',
      maxItems: 100_000,
      items: {
        type: 'object',
        required: ['is_safe', 'findings'],
        properties: {
          status: str,
          is_safe: { type: 'boolean' },
          findings: { type: 'object', maxProperties: 64, additionalProperties: analyzer },
          item_type: { enum: ['tool', 'prompt', 'resource'] },
          tool_name: { type: 'string', minLength: 1 },
          tool_description: optStr,
          prompt_name: str,
          resource_name: str,
          resource_uri: str,
          server_name: optStr,
          server_source: optStr,
          server_url: optStr,
        },
      },
    },
  },
};

let compiled: { mcpScan: ValidateFunction; cisco: ValidateFunction } | undefined;

/** The two validators (compiled once per thread, on first use; the first problem is the one reported). */
export function mcpScannerValidators(): { mcpScan: ValidateFunction; cisco: ValidateFunction } {
  if (compiled) return compiled;
  const ajv = new Ajv({ allErrors: false, strict: false });
  compiled = { mcpScan: ajv.compile(mcpScanSchema), cisco: ajv.compile(ciscoScanSchema) };
  return compiled;
}
