// Reading MCP scanners' JSON into ingest records (docs/IMPORTS.md): mcp-scan's (`mcp-scan scan
// --json`, Invariant Labs, now Snyk agent-scan) and Cisco's mcp-scanner's. Validated first against
// the schemas of the parts read (mcp-scanners-schema.ts), so a malformed file is refused naming its
// first problem before anything is written. A file is one scan (the scanner as the sensor); each
// issue code or threat an external rule (`mcp-scan:E001`, `cisco-mcp-scanner:prompt-injection`)
// with its severity and controls; each server an `mcp_server_scan` record with its tools and what
// was reported on them. Which stored MCP server a record is (the one `aispm scan` found in a
// client configuration with the same name and command or URL) needs the database: the batch step
// of src/areas/mcp-findings decides it.

import { createHash } from 'node:crypto';
import type { Severity } from '../catalog/rules/index.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../platform/json-depth.ts';
import { mcpScannerValidators } from './mcp-scanners-schema.ts';

/** A file refused, with the first problem found. */
export class McpScanError extends Error {}

type Json = Record<string, any>;

/** The formats read here, as `aispm import --format` and the ingest route's `format` name them; each is its findings' source. */
export const MCP_SCAN_FORMATS = ['mcp-scan', 'cisco-mcp-scanner'] as const;
export type McpScanFormat = (typeof MCP_SCAN_FORMATS)[number];

/**
 * The media types of the ingest route for each format (neither tool registers one; both write plain
 * JSON, which the service's other routes take as request bodies, hence types of the service's own).
 */
export const MCP_SCAN_MEDIA_TYPES: ReadonlyMap<string, McpScanFormat> = new Map([
  ['application/vnd.aispm.mcp-scan+json', 'mcp-scan'],
  ['application/vnd.aispm.cisco-mcp-scanner+json', 'cisco-mcp-scanner'],
]);

/** The category of the rules and findings an import writes. */
export const MCP_SCAN_CATEGORY = 'mcp-scanning';
const OBJECT_TYPES = ['mcp_server', 'tool'];

export interface McpScanRecord {
  record: Json;
  from: string;
}

interface RuleDef {
  name: string;
  severity: Severity;
  frameworks: string[];
}

/**
 * mcp-scan's issue codes that an import knows: what each means, its severity and controls. A code
 * not listed is kept too, named by its first message, its severity by its letter (E high, TF high,
 * W medium, else low), without controls.
 */
export const MCP_SCAN_CODES: ReadonlyMap<string, RuleDef> = new Map([
  [
    'E001',
    { name: 'Tool poisoning: a prompt injection in a tool description', severity: 'high', frameworks: ['LLM01', 'ASI01', 'AML.T0051'] },
  ],
  [
    'E002',
    {
      name: 'Cross-server tool shadowing: a description refers to tools of other servers',
      severity: 'high',
      frameworks: ['LLM01', 'ASI02', 'ASI04', 'AML.T0051'],
    },
  ],
  ['E003', { name: "A description tries to hijack the agent's behaviour", severity: 'high', frameworks: ['LLM01', 'ASI01', 'AML.T0051'] }],
  ['W001', { name: 'Suspicious instructions in a description', severity: 'medium', frameworks: ['LLM01', 'AML.T0051'] }],
  [
    'TF001',
    {
      name: 'Toxic flow: untrusted content, private data and a public sink in reach of one agent (data leak)',
      severity: 'critical',
      frameworks: ['LLM02', 'LLM06', 'ASI02', 'AML.T0057'],
    },
  ],
  [
    'TF002',
    {
      name: 'Toxic flow: untrusted content and a destructive tool in reach of one agent',
      severity: 'high',
      frameworks: ['LLM06', 'ASI02', 'AML.T0053'],
    },
  ],
]);

/** Cisco's threat names by what they say: the first that matches gives the controls. */
const CISCO_THREATS: [RegExp, string[]][] = [
  [/inject|jailbreak|poison|hijack|coerc/i, ['LLM01', 'ASI01', 'AML.T0051']],
  [/exfiltrat|leak|disclos|privacy|pii/i, ['LLM02', 'ASI02', 'AML.T0057']],
  [/command|code.?exec|execution|shell|injection.?attack/i, ['LLM05', 'ASI05', 'AML.T0050']],
  [/credential|secret|token/i, ['LLM02', 'AML.T0055']],
  [/shadow|mislead|deceptive|impersonat/i, ['ASI02', 'ASI09']],
  [/resource|denial|exhaust|consumption/i, ['LLM10', 'AML.T0029']],
];

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

/** The rule id of a scanner's code: `mcp-scan:E001`. */
export const mcpScanRuleId = (format: McpScanFormat, code: string) => `${format}:${code}`;

/** A Cisco threat name as a code: `PROMPT INJECTION` → `prompt-injection`. */
const threatCode = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 64) || 'unknown';

function severityOfCode(code: string): Severity {
  return /^E/i.test(code) || /^TF/i.test(code) ? 'high' : /^W/i.test(code) ? 'medium' : 'low';
}

/** Cisco's severities: HIGH high, MEDIUM medium, LOW (and INFO, UNKNOWN) low. */
function ciscoSeverity(s: string): Severity {
  const v = s.toUpperCase();
  return v === 'CRITICAL' ? 'critical' : v === 'HIGH' ? 'high' : v === 'MEDIUM' ? 'medium' : 'low';
}

function firstProblem(errors: unknown, what: string): string {
  const e = (Array.isArray(errors) ? errors[0] : undefined) as
    | { instancePath?: string; message?: string; params?: Record<string, unknown> }
    | undefined;
  if (!e) return `does not match ${what}`;
  const allowed = Array.isArray(e.params?.allowedValues) ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : '';
  return `${e.instancePath || '/'}: ${e.message ?? 'is not valid'}${allowed}`;
}

/** Parses and validates a file of `format`, or throws an McpScanError naming the first problem. */
export function validateMcpScan(format: McpScanFormat, text: string): Json {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new McpScanError(`not valid JSON: ${(err as Error).message.replace(/\s+/g, ' ').slice(0, 200)}`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc)) throw new McpScanError(`not ${format} output: expected a JSON object`);
  if (nestedDeeperThan(doc as Json, MAX_JSON_DEPTH)) throw new McpScanError(`the file nests more than ${MAX_JSON_DEPTH} levels deep`);
  const v = mcpScannerValidators();
  const validate = format === 'mcp-scan' ? v.mcpScan : v.cisco;
  const label = format === 'mcp-scan' ? "mcp-scan's JSON output (scan --json)" : "Cisco mcp-scanner's JSON output";
  if (!validate(doc)) throw new McpScanError(`not ${label}: ${firstProblem(validate.errors, label)}`);
  return doc as Json;
}

/** A server as the records carry it: what it is matched by. */
interface ServerOut {
  from: string;
  name: string;
  transport?: 'stdio' | 'sse' | 'streamable-http';
  command?: string;
  args?: string[];
  url?: string;
  configPath?: string;
  client?: string;
  error?: boolean;
  tools: Map<string, { name: string; description?: string }>;
  findings: Map<string, Json>;
}

/** A server's key for finding ids: the same server in the next run gives the same ids. */
const serverKey = (s: ServerOut) => [s.name, s.command ?? '', s.url ?? ''].join('\u0000');

/** A URL as kept: without user, password, query and fragment (credentials travel there). */
export function plainUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//').replace(/[?#].*$/, '');
  }
}

export interface McpScanContext {
  now: number;
}

/** The records of a validated file. */
export function mcpScanRecords(format: McpScanFormat, doc: Json, context: McpScanContext): McpScanRecord[] {
  const at = new Date(context.now).toISOString();
  const scanId = `${format}-${hash(format, JSON.stringify(doc)).slice(0, 24)}`;
  const rules = new Map<string, McpScanRecord>();
  const servers: ServerOut[] = [];
  const counts = { servers: 0, tools: 0, issues: 0, findings: 0, unplaced: 0, unreached: 0 };

  const rule = (code: string, from: string, fallbackName: string, severity?: Severity, frameworks?: string[]) => {
    const id = mcpScanRuleId(format, code);
    if (rules.has(id)) return id;
    const known = format === 'mcp-scan' ? MCP_SCAN_CODES.get(code) : undefined;
    rules.set(id, {
      from,
      record: {
        type: 'rule',
        id,
        name: clip(known?.name ?? fallbackName, 1024),
        description: clip(
          `${format === 'mcp-scan' ? 'mcp-scan' : "Cisco's mcp-scanner"} reports ${code}: ${known?.name ?? fallbackName}`,
          10_000,
        ),
        severity: known?.severity ?? severity ?? severityOfCode(code),
        category: MCP_SCAN_CATEGORY,
        object_types: OBJECT_TYPES,
        frameworks: known?.frameworks ?? frameworks ?? [],
        tags: [format],
      },
    });
    return id;
  };
  const finding = (s: ServerOut, ruleId: string, tool: string | undefined, title: string, evidence: Json, severity?: Severity) => {
    const id = `${format}-${hash(format, serverKey(s), tool ?? '', ruleId).slice(0, 24)}`;
    const prev = s.findings.get(id);
    if (prev) {
      // The same code twice on one object (a toxic flow naming a tool in two roles): one finding, both kept.
      prev.evidence.also = [...((prev.evidence.also as unknown[]) ?? []), evidence];
      return;
    }
    counts.findings++;
    s.findings.set(id, {
      id,
      rule_id: ruleId,
      ...(tool ? { tool: clip(tool, 1024) } : {}),
      ...(severity ? { severity } : {}),
      title: clip(title, 1024),
      evidence,
    });
  };

  if (format === 'mcp-scan') {
    for (const [key, result] of Object.entries(doc)) {
      const pathFrom = `/${key.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      const r = result as Json;
      const here: ServerOut[] = [];
      const entities: { kind: string; name: string }[][] = [];
      (Array.isArray(r.servers) ? (r.servers as Json[]) : []).forEach((sv, i) => {
        const from = `${pathFrom}/servers/${i}`;
        const server = sv.server as Json;
        const stdio = typeof server.command === 'string';
        const remote = typeof server.url === 'string';
        const name = str(sv.name) ?? str(server.name) ?? (remote ? plainUrl(server.url) : stdio ? server.command : `server ${i}`);
        const s: ServerOut = {
          from,
          name: clip(name, 1024),
          ...(stdio ? { transport: 'stdio' as const, command: clip(server.command, 4096) } : {}),
          ...(remote
            ? { transport: server.type === 'sse' ? ('sse' as const) : ('streamable-http' as const), url: clip(plainUrl(server.url), 4096) }
            : {}),
          configPath: clip(str(r.path) ?? key, 4096),
          ...(str(r.client) ? { client: clip(r.client, 256) } : {}),
          error: !!sv.error || !sv.signature,
          tools: new Map(),
          findings: new Map(),
        };
        if (s.error) counts.unreached++;
        const sig = (sv.signature ?? {}) as Json;
        // An issue's entity index counts prompts, resources, resource templates, then tools (ServerSignature.entities).
        const list: { kind: string; name: string }[] = [];
        for (const [member, kind] of [
          ['prompts', 'prompt'],
          ['resources', 'resource'],
          ['resource_templates', 'resource template'],
          ['tools', 'tool'],
        ] as const) {
          for (const e of Array.isArray(sig[member]) ? (sig[member] as Json[]) : []) {
            list.push({ kind, name: e.name });
            if (kind === 'tool' && !s.tools.has(e.name)) {
              s.tools.set(e.name, {
                name: clip(e.name, 1024),
                ...(str(e.description) ? { description: clip(e.description, 100_000) } : {}),
              });
              counts.tools++;
            }
          }
        }
        entities.push(list);
        here.push(s);
        counts.servers++;
      });
      (Array.isArray(r.issues) ? (r.issues as Json[]) : []).forEach((issue, i) => {
        const from = `${pathFrom}/issues/${i}`;
        counts.issues++;
        const code = issue.code as string;
        const ruleId = rule(code, from, clip(String(issue.message).split('\n')[0] || code, 200));
        const evidence = (extra: Json = {}) => ({
          tool: { name: 'mcp-scan' },
          code,
          message: clip(String(issue.message), 4000),
          config_path: here[0]?.configPath ?? key,
          ...extra,
        });
        const ref = issue.reference as [number, number | null] | null;
        if (ref) {
          const s = here[ref[0]];
          if (!s) throw new McpScanError(`${from}/reference/0: names server ${ref[0]}, but ${key} lists ${here.length}`);
          const e = ref[1] === null ? undefined : entities[ref[0]]![ref[1]];
          if (ref[1] !== null && !e)
            throw new McpScanError(
              `${from}/reference/1: names entity ${ref[1]} of server "${s.name}", which lists ${entities[ref[0]]!.length}`,
            );
          // A prompt's or resource's issue is on its server (they are no objects here); the entity named in the evidence.
          if (e?.kind === 'tool') finding(s, ruleId, e.name, issue.message, evidence());
          else finding(s, ruleId, undefined, issue.message, evidence(e ? { entity: e } : {}));
          return;
        }
        // A toxic flow names the tools of each role in extra_data ({role: [{reference, label_value}]}): a finding on each.
        let placed = false;
        for (const [role, refs] of Object.entries((issue.extra_data ?? {}) as Json)) {
          for (const t of Array.isArray(refs) ? (refs as Json[]) : []) {
            const tr = t?.reference;
            if (!Array.isArray(tr) || typeof tr[0] !== 'number' || typeof tr[1] !== 'number') continue;
            const s = here[tr[0]];
            const e = entities[tr[0]]?.[tr[1]];
            if (!s || !e) continue;
            placed = true;
            const ev = evidence({ role, ...(typeof t.label_value === 'number' ? { label_value: t.label_value } : {}) });
            if (e.kind === 'tool') finding(s, ruleId, e.name, issue.message, ev);
            else finding(s, ruleId, undefined, issue.message, { ...ev, entity: e });
          }
        }
        if (!placed) counts.unplaced++;
      });
      servers.push(...here);
    }
  } else {
    const byServer = new Map<string, ServerOut>();
    const target = str(doc.server_url) ?? str(doc.scan_target);
    (doc.scan_results as Json[]).forEach((res, i) => {
      const from = `/scan_results/${i}`;
      const url = str(res.server_url) ?? (target && /^https?:\/\//i.test(target) ? target : undefined);
      const name = str(res.server_name) ?? (url ? plainUrl(url) : undefined);
      if (!name) throw new McpScanError(`${from}: names no server (server_name, or server_url at the top)`);
      const key = `${name}\u0000${url ?? ''}`;
      let s = byServer.get(key);
      if (!s) {
        s = {
          from,
          name: clip(name, 1024),
          ...(url ? { transport: 'streamable-http' as const, url: clip(plainUrl(url), 4096) } : {}),
          ...(str(res.server_source) ? { configPath: clip(res.server_source, 4096) } : {}),
          tools: new Map(),
          findings: new Map(),
        };
        byServer.set(key, s);
        counts.servers++;
      }
      const itemType = (res.item_type as string | undefined) ?? (str(res.tool_name) ? 'tool' : undefined);
      const tool = itemType === 'tool' ? str(res.tool_name) : undefined;
      if (tool && !s.tools.has(tool)) {
        s.tools.set(tool, {
          name: clip(tool, 1024),
          ...(str(res.tool_description) ? { description: clip(res.tool_description, 100_000) } : {}),
        });
        counts.tools++;
      }
      const entity =
        itemType === 'prompt'
          ? str(res.prompt_name)
          : itemType === 'resource'
            ? (str(res.resource_name) ?? str(res.resource_uri))
            : undefined;
      for (const [analyzer, a] of Object.entries(res.findings as Json)) {
        const data = a as Json;
        const severity = String(data.severity).toUpperCase();
        if (severity === 'SAFE' || data.total_findings === 0) continue;
        counts.issues++;
        const names: string[] = Array.isArray(data.threat_names) && data.threat_names.length ? data.threat_names : ['unknown'];
        for (const threat of names) {
          const code = threatCode(threat);
          const frameworks = CISCO_THREATS.find(([re]) => re.test(threat))?.[1] ?? ['ASI02', 'AML.T0053'];
          const label = threat.replace(/[_-]+/g, ' ').trim();
          const ruleId = rule(
            code,
            `${from}/findings/${analyzer}`,
            `${label.charAt(0).toUpperCase()}${label.slice(1)}`,
            ciscoSeverity(severity),
            frameworks,
          );
          finding(
            s,
            ruleId,
            tool,
            str(data.threat_summary) ?? label,
            {
              tool: { name: 'mcp-scanner', vendor: 'Cisco' },
              analyzer,
              threat,
              severity,
              ...(typeof data.total_findings === 'number' ? { total_findings: data.total_findings } : {}),
              ...(Array.isArray(data.mcp_taxonomies) && data.mcp_taxonomies.length
                ? { mcp_taxonomies: data.mcp_taxonomies.slice(0, 16) }
                : {}),
              ...(entity ? { entity: { kind: itemType, name: entity } } : {}),
            },
            ciscoSeverity(severity),
          );
        }
      }
    });
    servers.push(...byServer.values());
  }

  const out: McpScanRecord[] = [
    {
      from: '/',
      record: {
        type: 'scan',
        id: scanId,
        sensor_type: format,
        started_at: at,
        finished_at: at,
        status: 'succeeded',
        findings: counts.findings,
        attributes: { format, results: counts },
      },
    },
    ...rules.values(),
  ];
  for (const s of servers) {
    out.push({
      from: s.from,
      record: {
        type: 'mcp_server_scan',
        scan_id: scanId,
        source: format,
        name: s.name,
        ...(s.transport ? { transport: s.transport } : {}),
        ...(s.command ? { command: s.command } : {}),
        ...(s.url ? { url: s.url } : {}),
        ...(s.configPath ? { config_path: s.configPath } : {}),
        ...(s.client ? { client: s.client } : {}),
        ...(s.error ? { unreached: true } : {}),
        tools: [...s.tools.values()],
        findings: [...s.findings.values()],
        detected_at: at,
      },
    });
  }
  return out;
}

/** A file as NDJSON records for the ingest pipeline, where each line came from, and how many findings it raises. */
export function mcpScanToNdjson(
  format: McpScanFormat,
  text: string,
  context: McpScanContext,
): { ndjson: Buffer; origins: string[]; findings: number } {
  const records = mcpScanRecords(format, validateMcpScan(format, text), context);
  const findings = (records[0]!.record.attributes.results as { findings: number }).findings;
  return {
    ndjson: Buffer.from(records.map((r) => `${JSON.stringify(r.record)}\n`).join('')),
    origins: records.map((r) => r.from),
    findings,
  };
}
