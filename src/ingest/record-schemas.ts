// The NDJSON record format's schemas, version 1: one per `type` (docs/INGEST.md). parseRecord
// (records.ts) checks a line against its type's schema, then against the catalogue.

import Type, { type TSchema } from 'typebox';
import { severities } from '../catalog/rules/index.ts';
const Id = Type.String({ minLength: 1, maxLength: 512 });
const Text = (max = 10_000) => Type.String({ maxLength: max });
const Time = Type.String({ minLength: 1, maxLength: 64 });
const Op = Type.Optional(Type.Union([Type.Literal('upsert'), Type.Literal('delete')]));
const Version = Type.Optional(Type.Literal(1));
const SeverityT = Type.Union(severities.map((s) => Type.Literal(s)));
const Outcome = Type.Union(['OK', 'ALERTED', 'BLOCKED', 'REDACTED'].map((s) => Type.Literal(s)));
const Count = Type.Integer({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER });
const Obj = Type.Record(Type.String(), Type.Unknown());
/** Who reported an object or relation (`runtime` for telemetry, a scan's sensor, …): kept in its `sources`. */
const Source = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$' });
/** What an object or relation is said to come from when the record names no source. */
export const DEFAULT_SOURCE = 'ingest';
export { RUNTIME_SOURCE } from '../catalog/rules/index.ts';

function record<P extends Record<string, TSchema>>(type: string, props: P) {
  return Type.Object({ v: Version, type: Type.Literal(type), ...props }, { additionalProperties: false });
}

export const recordSchemas = {
  entity: record('entity', {
    op: Op,
    kind: Id,
    id: Id,
    name: Type.Optional(Text(1024)),
    first_seen: Type.Optional(Time),
    last_seen: Type.Optional(Time),
    attributes: Type.Optional(Obj),
    source: Type.Optional(Source),
  }),
  relation: record('relation', {
    op: Op,
    from_kind: Id,
    from_id: Id,
    relation: Id,
    to_kind: Id,
    to_id: Id,
    first_seen: Type.Optional(Time),
    last_seen: Type.Optional(Time),
    source: Type.Optional(Source),
  }),
  rule: record('rule', {
    id: Id,
    name: Text(1024),
    description: Type.Optional(Text()),
    severity: SeverityT,
    category: Type.Optional(Text(256)),
    object_types: Type.Optional(Type.Array(Id, { maxItems: 64 })),
    remediation: Type.Optional(Text()),
    owasp_category: Type.Optional(Type.String({ pattern: '^ASI(0[1-9]|10)$' })),
    /** Control ids of the compliance frameworks (docs/COMPLIANCE.md): LLM01, ASI02, AML.T0051, MEASURE 2.7, Article 15. */
    frameworks: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: 64 })),
    /** What the rule's scanner tags it with (CWE ids as `CWE-79`). */
    tags: Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 256 }), { maxItems: 64 })),
    help_uri: Type.Optional(Text(2048)),
  }),
  rule_setting: record('rule_setting', {
    rule_id: Id,
    enabled: Type.Optional(Type.Boolean()),
    severity: Type.Optional(Type.Union([SeverityT, Type.Null()])),
  }),
  price: record('price', {
    model: Id,
    input_per_million: Type.Number({ minimum: 0 }),
    output_per_million: Type.Number({ minimum: 0 }),
  }),
  finding: record('finding', {
    op: Op,
    id: Id,
    rule_id: Id,
    severity: Type.Optional(SeverityT),
    object_kind: Type.Optional(Id),
    object_id: Type.Optional(Id),
    detected_at: Type.Optional(Time),
    status: Type.Optional(Type.Union([Type.Literal('open'), Type.Literal('resolved')])),
    resolved_at: Type.Optional(Type.Union([Time, Type.Null()])),
    title: Type.Optional(Text(1024)),
    description: Type.Optional(Text()),
    code_location: Type.Optional(Obj),
    evidence: Type.Optional(Obj),
    remediation: Type.Optional(Text()),
    cvss_score: Type.Optional(Type.Number({ minimum: 0, maximum: 10 })),
    owasp_category: Type.Optional(Type.String({ pattern: '^ASI(0[1-9]|10)$' })),
    scan_id: Type.Optional(Id),
  }),
  interaction: record('interaction', {
    id: Id,
    session_id: Id,
    agent_id: Type.Optional(Id),
    model: Type.Optional(Text(256)),
    model_id: Type.Optional(Id),
    provider: Type.Optional(Text(256)),
    time: Time,
    duration_ms: Type.Optional(Count),
    input_tokens: Type.Optional(Count),
    output_tokens: Type.Optional(Count),
    cache_read_tokens: Type.Optional(Count),
    cache_write_tokens: Type.Optional(Count),
    reasoning_tokens: Type.Optional(Count),
    cost: Type.Optional(Type.Number({ minimum: 0 })),
    prompt_outcome: Type.Optional(Outcome),
    response_outcome: Type.Optional(Outcome),
    categories: Type.Optional(Type.Array(Text(128), { maxItems: 64 })),
    mcp_server_ids: Type.Optional(Type.Array(Id, { maxItems: 64 })),
    prompt: Type.Optional(Type.String({ maxLength: 1_000_000 })),
    response: Type.Optional(Type.String({ maxLength: 1_000_000 })),
    attributes: Type.Optional(Obj),
  }),
  scan: record('scan', {
    id: Id,
    sensor_type: Id,
    cicd_type: Type.Optional(Type.Union([Id, Type.Null()])),
    repository: Type.Optional(Text(1024)),
    branch: Type.Optional(Text(1024)),
    commit: Type.Optional(Text(128)),
    started_at: Time,
    finished_at: Type.Optional(Type.Union([Time, Type.Null()])),
    status: Type.Union([Type.Literal('running'), Type.Literal('succeeded'), Type.Literal('failed')]),
    asset_ids: Type.Optional(Type.Array(Id, { maxItems: 10_000 })),
    ai_objects: Type.Optional(Count),
    findings: Type.Optional(Count),
    attributes: Type.Optional(Obj),
  }),
  /** An OSV record (docs/ADVISORIES.md), checked against the published OSV schema. */
  advisory: record('advisory', { osv: Obj }),
  /** A code scanner's result at a place in a repository (a SARIF import's, docs/IMPORTS.md). */
  code_finding: record('code_finding', {
    id: Id,
    rule_id: Id,
    scan_id: Id,
    location_id: Id,
    path: Text(4096),
    repository: Type.Optional(Text(1024)),
    start_line: Type.Optional(Count),
    end_line: Type.Optional(Count),
    start_column: Type.Optional(Count),
    end_column: Type.Optional(Count),
    severity: Type.Optional(SeverityT),
    title: Type.Optional(Text(1024)),
    description: Type.Optional(Text()),
    detected_at: Time,
    evidence: Type.Optional(Obj),
  }),
  /**
   * One MCP server as an MCP scanner saw it (an mcp-scan or Cisco mcp-scanner import, docs/IMPORTS.md):
   * how it is started or reached, the tools it listed, and what the scanner reported on it and them.
   * Matched to the MCP servers found by other means by name and command or URL.
   */
  mcp_server_scan: record('mcp_server_scan', {
    scan_id: Id,
    source: Source,
    name: Type.String({ minLength: 1, maxLength: 1024 }),
    transport: Type.Optional(Type.Union([Type.Literal('stdio'), Type.Literal('sse'), Type.Literal('streamable-http')])),
    command: Type.Optional(Text(4096)),
    url: Type.Optional(Text(4096)),
    config_path: Type.Optional(Text(4096)),
    client: Type.Optional(Text(256)),
    /** The scanner could not reach the server (no tools listed): its earlier findings stay as they are. */
    unreached: Type.Optional(Type.Boolean()),
    tools: Type.Optional(
      Type.Array(Type.Object({ name: Type.String({ minLength: 1, maxLength: 1024 }), description: Type.Optional(Text(100_000)) }), {
        maxItems: 10_000,
      }),
    ),
    findings: Type.Optional(
      Type.Array(
        Type.Object(
          {
            id: Id,
            rule_id: Id,
            tool: Type.Optional(Type.String({ minLength: 1, maxLength: 1024 })),
            severity: Type.Optional(SeverityT),
            title: Type.Optional(Text(1024)),
            description: Type.Optional(Text()),
            evidence: Type.Optional(Obj),
          },
          { additionalProperties: false },
        ),
        { maxItems: 10_000 },
      ),
    ),
    detected_at: Time,
  }),
};

export type RecordType = keyof typeof recordSchemas;
export const recordTypes = Object.keys(recordSchemas) as RecordType[];
