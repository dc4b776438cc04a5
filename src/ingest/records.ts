// The NDJSON record format, version 1: one JSON object a line, `type` saying what it is. Every
// way in (`aispm import`, HTTP ingest, OTLP, the demo generator) goes through `parseRecord`, which
// checks a line against its schema and the catalogue and turns it into a normalised record
// (times as epoch milliseconds). docs/INGEST.md documents each type with an example.

import type Type from 'typebox';
import { Compile } from 'typebox/compile';
import { kindByName, relationByName } from '../catalog/kinds.ts';
import { withArticle } from '../catalog/labels.ts';
import { ruleControls, unknownControl } from '../catalog/frameworks.ts';
import type { ValueType } from '../catalog/types.ts';
import { parseTime } from '../platform/values.ts';
import { readAdvisory } from '../catalog/osv/record.ts';
import { osvProblem } from '../catalog/osv/validate.ts';
import { DEFAULT_SOURCE, recordSchemas, type RecordType, recordTypes } from './record-schemas.ts';
import type { Outcome, IngestRecord } from './record-types.ts';

export * from './record-schemas.ts';
export * from './record-types.ts';

type Validator = ReturnType<typeof Compile<(typeof recordSchemas)[RecordType]>>;

// Each record type's checker compiled when the first record of the type is read, not at load:
// compiling all of them was about 45 ms of the service's start (and of each body worker's).
const validators = new Map<RecordType, Validator>();
function validatorOf(type: RecordType): Validator {
  let v = validators.get(type);
  if (!v) {
    v = Compile(recordSchemas[type]) as Validator;
    validators.set(type, v);
  }
  return v;
}

export class RecordError extends Error {}

/** Interaction times accepted: from 2000-01-01 to a day past the service's clock. */
const EARLIEST_INTERACTION = Date.UTC(2000, 0, 1);
const INTERACTION_CLOCK_SKEW_MS = 86_400_000;

function firstError(type: RecordType, value: unknown): string {
  for (const e of validatorOf(type).Errors(value)) {
    if (e.keyword === 'boolean') continue;
    const where = e.instancePath ? e.instancePath.slice(1).replaceAll('/', '.') : type;
    if (e.keyword === 'additionalProperties') {
      const extra = (e.params as { additionalProperties?: string[] }).additionalProperties ?? [];
      return `${type}: unknown field${extra.length > 1 ? 's' : ''} ${extra.join(', ')}`;
    }
    if (e.keyword === 'required') {
      const missing = (e.params as { requiredProperties?: string[] }).requiredProperties ?? [];
      return `${type}: missing ${missing.join(', ')}`;
    }
    if (e.keyword === 'anyOf' || e.keyword === 'const') return `${type}.${where}: not one of the allowed values`;
    return `${type}.${where}: ${e.message}`;
  }
  return `${type}: invalid record`;
}

function time(value: string | undefined | null, field: string, fallback?: number): number {
  if (value === undefined || value === null) {
    if (fallback === undefined) throw new RecordError(`${field}: required`);
    return fallback;
  }
  const ms = parseTime(value);
  if (ms === null) throw new RecordError(`${field}: expected an RFC 3339 timestamp with a zone, got "${value.slice(0, 64)}"`);
  return ms;
}

function checkValue(type: ValueType, v: unknown): boolean {
  switch (type) {
    case 'string':
      return typeof v === 'string';
    case 'time':
      return typeof v === 'string' && parseTime(v) !== null;
    case 'integer':
      return Number.isSafeInteger(v);
    case 'number':
      return typeof v === 'number' && Number.isFinite(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'strings':
      return Array.isArray(v) && v.every((s) => typeof s === 'string');
    case 'object':
      return typeof v === 'object' && !Array.isArray(v);
  }
}

/** Attributes are checked against the kind's attribute columns; other keys are kept as sent. */
function checkAttributes(kindName: string, attrs: Record<string, unknown>): Record<string, unknown> {
  const kind = kindByName.get(kindName)!;
  for (const c of kind.columns) {
    if (!('attribute' in c.from)) continue;
    const v = attrs[c.from.attribute];
    if (v === undefined || v === null) continue;
    if (!checkValue(c.type, v))
      throw new RecordError(`entity.attributes.${c.from.attribute}: expected ${c.type} for ${withArticle(kind.label)}`);
  }
  return attrs;
}

function checkKind(kind: string, field: string): void {
  if (!kindByName.has(kind))
    throw new RecordError(`${field}: unknown kind "${kind.slice(0, 64)}"; kinds are ${[...kindByName.keys()].join(', ')}`);
}

function worse(a: Outcome, b: Outcome): Outcome {
  const rank = { OK: 0, ALERTED: 1, REDACTED: 2, BLOCKED: 3 };
  return rank[a] >= rank[b] ? a : b;
}
export { worse as worseOutcome };

/**
 * Checks one parsed JSON value and returns the normalised record, or throws RecordError with a
 * message naming the field. `now` fills in times a record may leave out.
 */
export function parseRecord(value: unknown, now: number): IngestRecord {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new RecordError('expected a JSON object');
  const type = (value as { type?: unknown }).type;
  // Own keys only: "__proto__" or "constructor" is not a record type.
  if (typeof type !== 'string' || !Object.hasOwn(recordSchemas, type)) {
    throw new RecordError(`type: expected one of ${recordTypes.join(', ')}`);
  }
  const t = type as RecordType;
  if (!validatorOf(t).Check(value)) throw new RecordError(firstError(t, value));
  switch (t) {
    case 'entity': {
      const r = value as Type.Static<typeof recordSchemas.entity>;
      checkKind(r.kind, 'entity.kind');
      const op = r.op ?? 'upsert';
      const lastSeen = time(r.last_seen, 'entity.last_seen', op === 'delete' ? now : undefined);
      const firstSeen = time(r.first_seen, 'entity.first_seen', lastSeen);
      if (firstSeen > lastSeen) throw new RecordError('entity.first_seen: later than last_seen');
      if (op === 'upsert' && r.name === undefined) throw new RecordError('entity: missing name');
      return {
        type: 'entity',
        op,
        kind: r.kind,
        id: r.id,
        name: r.name ?? '',
        firstSeen,
        lastSeen,
        attributes: op === 'upsert' ? checkAttributes(r.kind, r.attributes ?? {}) : {},
        source: r.source ?? DEFAULT_SOURCE,
      };
    }
    case 'relation': {
      const r = value as Type.Static<typeof recordSchemas.relation>;
      const rel = relationByName.get(r.relation);
      if (!rel)
        throw new RecordError(
          `relation.relation: unknown relation "${r.relation.slice(0, 64)}"; relations are ${[...relationByName.keys()].join(', ')}`,
        );
      if (!rel.pairs.some(([f, to]) => f === r.from_kind && to === r.to_kind)) {
        throw new RecordError(
          `relation: ${r.relation} does not join ${r.from_kind.slice(0, 64)} to ${r.to_kind.slice(0, 64)}; it joins ${rel.pairs.map(([f, to]) => `${f}→${to}`).join(', ')}`,
        );
      }
      const lastSeen = r.last_seen === undefined ? null : time(r.last_seen, 'relation.last_seen');
      const firstSeen = r.first_seen === undefined ? lastSeen : time(r.first_seen, 'relation.first_seen');
      if (firstSeen !== null && lastSeen !== null && firstSeen > lastSeen)
        throw new RecordError('relation.first_seen: later than last_seen');
      return {
        type: 'relation',
        op: r.op ?? 'upsert',
        fromKind: r.from_kind,
        fromId: r.from_id,
        relation: r.relation,
        toKind: r.to_kind,
        toId: r.to_id,
        firstSeen,
        lastSeen: lastSeen ?? firstSeen,
        source: r.source ?? DEFAULT_SOURCE,
      };
    }
    case 'rule': {
      const r = value as Type.Static<typeof recordSchemas.rule>;
      if (r.id.startsWith('SR-')) throw new RecordError('rule.id: ids starting with SR- are reserved for static rules');
      for (const k of r.object_types ?? []) checkKind(k, 'rule.object_types');
      const unknown = unknownControl(r.frameworks ?? []);
      if (unknown !== undefined)
        throw new RecordError(`rule.frameworks: unknown control "${unknown.slice(0, 64)}" (the controls are listed in docs/COMPLIANCE.md)`);
      return {
        type: 'rule',
        id: r.id,
        name: r.name,
        description: r.description ?? '',
        severity: r.severity,
        category: r.category ?? 'external',
        objectTypes: r.object_types ?? [],
        remediation: r.remediation ?? '',
        owasp: r.owasp_category ?? null,
        frameworks: ruleControls(r.frameworks ?? [], r.owasp_category ?? null),
        tags: [...new Set(r.tags ?? [])],
        helpUri: r.help_uri ?? null,
      };
    }
    case 'rule_setting': {
      const r = value as Type.Static<typeof recordSchemas.rule_setting>;
      return { type: 'rule_setting', ruleId: r.rule_id, enabled: r.enabled ?? true, severity: r.severity ?? null };
    }
    case 'price': {
      const r = value as Type.Static<typeof recordSchemas.price>;
      return { type: 'price', model: r.model.toLowerCase(), input: r.input_per_million, output: r.output_per_million };
    }
    case 'finding': {
      const r = value as Type.Static<typeof recordSchemas.finding>;
      const op = r.op ?? 'upsert';
      if (op === 'upsert') {
        if (r.object_kind === undefined || r.object_id === undefined) throw new RecordError('finding: missing object_kind, object_id');
        checkKind(r.object_kind, 'finding.object_kind');
      }
      const detectedAt = time(r.detected_at, 'finding.detected_at', op === 'delete' ? now : undefined);
      const status = r.status ?? (r.resolved_at ? 'resolved' : 'open');
      const resolvedAt = status === 'resolved' ? time(r.resolved_at, 'finding.resolved_at', detectedAt) : null;
      return {
        type: 'finding',
        op,
        id: r.id,
        ruleId: r.rule_id,
        severity: r.severity ?? null,
        objectKind: r.object_kind ?? '',
        objectId: r.object_id ?? '',
        detectedAt,
        status,
        resolvedAt,
        title: r.title ?? '',
        description: r.description ?? '',
        codeLocation: r.code_location ?? null,
        evidence: r.evidence ?? null,
        remediation: r.remediation ?? '',
        cvssScore: r.cvss_score ?? null,
        owasp: r.owasp_category ?? null,
        scanId: r.scan_id ?? null,
      };
    }
    case 'interaction': {
      const r = value as Type.Static<typeof recordSchemas.interaction>;
      const at = time(r.time, 'interaction.time');
      // Each month of interaction time is a table on PostgreSQL: times far from now would let one
      // sender create thousands of them (and before year 100 JavaScript's month arithmetic breaks).
      if (at < EARLIEST_INTERACTION || at > now + INTERACTION_CLOCK_SKEW_MS) {
        throw new RecordError(
          `interaction.time: ${r.time.slice(0, 64)} is before 2000-01-01 or more than a day ahead of the service's clock`,
        );
      }
      return {
        type: 'interaction',
        id: r.id,
        sessionId: r.session_id,
        agentId: r.agent_id ?? '',
        model: r.model ?? '',
        modelId: r.model_id ?? null,
        provider: r.provider ?? '',
        time: at,
        durationMs: r.duration_ms ?? 0,
        inputTokens: r.input_tokens ?? 0,
        outputTokens: r.output_tokens ?? 0,
        cacheReadTokens: r.cache_read_tokens ?? 0,
        cacheWriteTokens: r.cache_write_tokens ?? 0,
        reasoningTokens: r.reasoning_tokens ?? 0,
        cost: r.cost ?? null,
        promptOutcome: r.prompt_outcome ?? 'OK',
        responseOutcome: r.response_outcome ?? 'OK',
        categories: r.categories ?? [],
        mcpServerIds: r.mcp_server_ids ?? [],
        prompt: r.prompt ?? null,
        response: r.response ?? null,
        attributes: r.attributes ?? {},
      };
    }
    case 'scan': {
      const r = value as Type.Static<typeof recordSchemas.scan>;
      const startedAt = time(r.started_at, 'scan.started_at');
      const finishedAt = r.finished_at ? time(r.finished_at, 'scan.finished_at') : null;
      if (finishedAt !== null && finishedAt < startedAt) throw new RecordError('scan.finished_at: earlier than started_at');
      // Finished means a finish time: the current scan of an asset is chosen among those that have one.
      if (r.status === 'running' && finishedAt !== null)
        throw new RecordError('scan.finished_at: must be absent or null while status is running');
      if (r.status !== 'running' && finishedAt === null) throw new RecordError(`scan.finished_at: required when status is ${r.status}`);
      return {
        type: 'scan',
        id: r.id,
        sensorType: r.sensor_type,
        cicdType: r.cicd_type ?? null,
        repository: r.repository ?? null,
        branch: r.branch ?? null,
        commit: r.commit ?? null,
        startedAt,
        finishedAt,
        status: r.status,
        assetIds: [...new Set(r.asset_ids ?? [])],
        aiObjects: r.ai_objects ?? 0,
        findings: r.findings ?? 0,
        attributes: r.attributes ?? {},
      };
    }
    case 'advisory': {
      const r = value as Type.Static<typeof recordSchemas.advisory>;
      const problem = osvProblem(r.osv);
      if (problem) throw new RecordError(`advisory.${problem}`);
      return { type: 'advisory', advisory: readAdvisory(r.osv), osv: r.osv };
    }
    case 'code_finding': {
      const r = value as Type.Static<typeof recordSchemas.code_finding>;
      const startLine = r.start_line ?? null;
      const endLine = startLine === null ? null : (r.end_line ?? startLine);
      if (endLine !== null && startLine !== null && endLine < startLine) throw new RecordError('code_finding.end_line: before start_line');
      return {
        type: 'code_finding',
        id: r.id,
        ruleId: r.rule_id,
        scanId: r.scan_id,
        locationId: r.location_id,
        path: r.path,
        repository: r.repository ?? null,
        startLine,
        endLine,
        startColumn: r.start_column ?? null,
        endColumn: r.end_column ?? null,
        severity: r.severity ?? null,
        title: r.title ?? '',
        description: r.description ?? '',
        detectedAt: time(r.detected_at, 'code_finding.detected_at'),
        evidence: r.evidence ?? {},
      };
    }
    case 'mcp_server_scan': {
      const r = value as Type.Static<typeof recordSchemas.mcp_server_scan>;
      if (!r.command && !r.url && r.transport !== undefined && r.transport !== 'stdio')
        throw new RecordError('mcp_server_scan.url: a remote server needs its url');
      return {
        type: 'mcp_server_scan',
        scanId: r.scan_id,
        source: r.source,
        name: r.name,
        transport: r.transport ?? null,
        command: r.command ?? null,
        url: r.url ?? null,
        configPath: r.config_path ?? null,
        client: r.client ?? null,
        unreached: r.unreached ?? false,
        tools: (r.tools ?? []).map((t) => ({ name: t.name, description: t.description ?? null })),
        findings: (r.findings ?? []).map((f) => ({
          id: f.id,
          ruleId: f.rule_id,
          tool: f.tool ?? null,
          severity: f.severity ?? null,
          title: f.title ?? '',
          description: f.description ?? '',
          evidence: f.evidence ?? {},
        })),
        detectedAt: time(r.detected_at, 'mcp_server_scan.detected_at'),
      };
    }
  }
}
