// MCP scanners' results (`mcp_server_scan` records, what an mcp-scan or Cisco mcp-scanner import
// sends: docs/IMPORTS.md) as findings on the MCP servers and tools they name. A scanner's server is
// the stored MCP server of the same name and the same command (a local server) or URL (a remote
// one), however it was found (`aispm scan` in a client configuration, telemetry, an earlier
// import); one nobody else knows becomes a new MCP server. Its tools are the server's tools of the
// same name (those `exposes_tool` names), else new tools the server exposes. A finding is on the
// tool it names, else on the server; on every stored server that matches.
//
// The writer places the records (and writes the new objects, so counts and rows follow); the step
// after the batch writes the findings through the shared writer of imported results
// (findings/settle-results.ts). The next scan of a server by the same scanner resolves the open
// findings of that scanner on the server and its tools that it no longer reports; a server the
// scanner could not reach keeps its findings.

import { createHash } from 'node:crypto';
import type { Severity } from '../../catalog/rules/index.ts';
import { type BatchContext, type Lined, objectKey, splitKey } from '../../ingest/batch-context.ts';
import { type BatchEffects, recordWriter } from '../../ingest/batch.ts';
import type { EntityRecord, McpServerScanRecord, RelationRecord } from '../../ingest/records.ts';
import { readJson } from '../../platform/db/database.ts';
import { loadRuleMeta, type RuleMeta } from '../findings/rules-writer.ts';
import { type OpenResult, settleResults } from '../findings/settle-results.ts';
import { readStored, type StoredInstance } from '../findings/instances-store.ts';
import { applyEntities, applyRelations } from '../inventory/inventory-writer.ts';
import { objectsNamed, objectsWithAttribute } from '../inventory/entities-store.ts';
import { namedNeighbours } from '../inventory/relations-store.ts';

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');

interface Placed {
  source: string;
  /** Findings of this batch, each on its object. */
  open: OpenResult[];
  /** The servers and tools whose earlier findings of `source` this batch may resolve. */
  covered: Set<string>;
}

interface Pending {
  bySource: Map<string, Placed>;
  rules: Map<string, RuleMeta>;
}

const pending = new WeakMap<BatchContext, Pending>();

interface StoredServer {
  id: string;
  name: string;
  command?: string;
  url?: string;
}

/** `/usr/local/bin/npx` and `npx.cmd` → `npx`. */
const commandBase = (c: string) =>
  c
    .replace(/\\/g, '/')
    .split('/')
    .pop()!
    .replace(/\.(?:exe|cmd)$/i, '')
    .toLowerCase();

/** A URL compared by scheme, host and path (credentials and query left out, a trailing slash ignored). */
function urlKey(u: string): string {
  try {
    const x = new URL(u);
    return `${x.protocol}//${x.host.toLowerCase()}${x.pathname.replace(/\/+$/, '')}`;
  } catch {
    return u.replace(/[?#].*$/, '').replace(/\/+$/, '');
  }
}

/** Whether a stored server is the scanner's: same name and command, or same URL (and name, when the scanner knew one). */
function matches(r: McpServerScanRecord, s: StoredServer): boolean {
  if (r.url) return !!s.url && urlKey(s.url) === urlKey(r.url) && (s.name === r.name || r.name === r.url);
  if (s.name !== r.name || s.url) return false;
  // Cisco's results name a configured server without its command: the name is all there is.
  return r.command ? !!s.command && commandBase(s.command) === commandBase(r.command) : true;
}

async function storedServers(ctx: BatchContext, records: McpServerScanRecord[]): Promise<StoredServer[]> {
  type Row = { id: string; name: string; attributes: unknown };
  const rows = new Map<string, Row>();
  for (const r of await objectsNamed(ctx, 'mcp_server', [...new Set(records.map((r) => r.name))])) rows.set(r.id, r);
  // A remote server named by its URL alone (a scan of one endpoint): found by its URL as written.
  for (const url of new Set(records.filter((r) => r.url && r.name === r.url).map((r) => r.url!)))
    for (const r of await objectsWithAttribute(ctx, 'mcp_server', 'url', url)) rows.set(r.id, r);
  return [...rows.values()].map((r) => {
    const a = readJson<Record<string, unknown>>(r.attributes) ?? {};
    return {
      id: r.id,
      name: r.name,
      ...(typeof a.command === 'string' ? { command: a.command } : {}),
      ...(typeof a.url === 'string' ? { url: a.url } : {}),
    };
  });
}

/** The tools the servers expose, by server and tool name. */
async function exposedTools(ctx: BatchContext, serverIds: string[]): Promise<Map<string, Map<string, string>>> {
  const out = new Map<string, Map<string, string>>();
  for (const r of await namedNeighbours(ctx, 'mcp_server', serverIds, 'exposes_tool', 'tool')) {
    const m = out.get(r.from) ?? new Map<string, string>();
    if (!m.has(r.name)) m.set(r.name, r.id);
    out.set(r.from, m);
  }
  return out;
}

/** The id of a server only a scanner knows: the same for both scanners when they say the same name and command or URL. */
const newServerId = (r: McpServerScanRecord) => `mcp-server-${hash('mcp-scanner', r.name, r.command ?? '', r.url ?? '').slice(0, 20)}`;
const newToolId = (serverId: string, name: string) => `tool-${hash('mcp-scanner-tool', serverId, name).slice(0, 20)}`;
/** A result's finding on one object: fixed per result and object. */
const findingOn = (resultId: string, kind: string, id: string) => `${resultId.split('-')[0]}-${hash(resultId, kind, id).slice(0, 24)}`;

async function placeScans(ctx: BatchContext, lined: Lined<McpServerScanRecord>[]): Promise<void> {
  const rules = await loadRuleMeta(ctx, [...new Set(lined.flatMap((l) => l.record.findings.map((f) => f.ruleId)))]);
  const records: McpServerScanRecord[] = [];
  const lineOf = new Map<McpServerScanRecord, number>();
  for (const { line, record } of lined) {
    lineOf.set(record, line);
    const unknown = record.findings.find((f) => !rules.has(f.ruleId));
    if (unknown) {
      ctx.reject(line, `mcp_server_scan.findings: unknown rule "${unknown.ruleId.slice(0, 128)}"; send a rule record first`);
      continue;
    }
    records.push(record);
  }
  if (!records.length) return;
  const stored = await storedServers(ctx, records);
  const entities: Lined<EntityRecord>[] = [];
  const relations: Lined<RelationRecord>[] = [];
  const objects = new Map<McpServerScanRecord, string[]>();
  for (const r of records) {
    const found = stored.filter((s) => matches(r, s)).map((s) => s.id);
    if (found.length) objects.set(r, found);
    else {
      const id = newServerId(r);
      objects.set(r, [id]);
      entities.push({
        line: lineOf.get(r)!,
        record: {
          type: 'entity',
          op: 'upsert',
          kind: 'mcp_server',
          id,
          name: r.name,
          firstSeen: r.detectedAt,
          lastSeen: r.detectedAt,
          source: r.source,
          attributes: {
            ...(r.transport ? { transport: r.transport } : {}),
            ...(r.command ? { command: r.command } : {}),
            ...(r.url ? { url: r.url } : {}),
            ...(r.configPath ? { config_path: r.configPath } : {}),
            ...(r.client ? { client: r.client } : {}),
          },
        },
      });
    }
  }
  const known = await exposedTools(ctx, [...new Set([...objects.values()].flat())]);
  const p = pending.get(ctx) ?? { bySource: new Map<string, Placed>(), rules: new Map<string, RuleMeta>() };
  pending.set(ctx, p);
  for (const [k, v] of rules) p.rules.set(k, v);
  for (const r of records) {
    const placed = p.bySource.get(r.source) ?? { source: r.source, open: [], covered: new Set<string>() };
    p.bySource.set(r.source, placed);
    for (const serverId of objects.get(r)!) {
      const tools = known.get(serverId) ?? new Map<string, string>();
      const toolId = (name: string): string => {
        let id = tools.get(name);
        if (id) return id;
        id = newToolId(serverId, name);
        tools.set(name, id);
        const description = r.tools.find((t) => t.name === name)?.description;
        entities.push({
          line: lineOf.get(r)!,
          record: {
            type: 'entity',
            op: 'upsert',
            kind: 'tool',
            id,
            name,
            firstSeen: r.detectedAt,
            lastSeen: r.detectedAt,
            source: r.source,
            attributes: { type: 'mcp', ...(description ? { description } : {}) },
          },
        });
        relations.push({
          line: lineOf.get(r)!,
          record: {
            type: 'relation',
            op: 'upsert',
            fromKind: 'mcp_server',
            fromId: serverId,
            relation: 'exposes_tool',
            toKind: 'tool',
            toId: id,
            firstSeen: r.detectedAt,
            lastSeen: r.detectedAt,
            source: r.source,
          },
        });
        return id;
      };
      for (const t of r.tools) toolId(t.name);
      if (!r.unreached) {
        placed.covered.add(`mcp_server\u0000${serverId}`);
        for (const id of tools.values()) placed.covered.add(`tool\u0000${id}`);
      }
      for (const f of r.findings) {
        const [objectKind, objectId] = f.tool ? ['tool', toolId(f.tool)] : ['mcp_server', serverId];
        placed.open.push({
          id: findingOn(f.id, objectKind, objectId),
          ruleId: f.ruleId,
          scanId: r.scanId,
          severity: f.severity as Severity | null,
          title: f.title,
          description: f.description,
          detectedAt: r.detectedAt,
          objectKind,
          objectId,
          codeLocation: null,
          evidence: {
            ...f.evidence,
            result_id: f.id,
            server: { name: r.name, ...(r.command ? { command: r.command } : {}), ...(r.url ? { url: r.url } : {}), id: serverId },
            ...(f.tool ? { tool_name: f.tool } : {}),
            ...(r.configPath ? { config_path: r.configPath } : {}),
          },
        });
      }
    }
  }
  await applyEntities(ctx, entities);
  await applyRelations(ctx, relations);
}

export const mcpServerScanWriter = recordWriter('mcp_server_scan', placeScans);

/** The open findings of `source` on the covered objects. */
async function openOn(ctx: BatchContext, source: string, covered: Set<string>): Promise<StoredInstance[]> {
  const ids = [...covered].map((k) => splitKey(k)[1]);
  const open = await readStored(ctx, { by: 'object_id', values: ids, source, status: 'open' });
  return open.filter((i) => covered.has(objectKey(i.object_kind, i.object_id)));
}

export async function settleMcpFindings(ctx: BatchContext, _effects: BatchEffects): Promise<void> {
  const p = pending.get(ctx);
  if (!p) return;
  pending.delete(ctx);
  for (const placed of p.bySource.values()) {
    const sweep = await openOn(ctx, placed.source, placed.covered);
    await settleResults(ctx, placed.source, placed.open, sweep, p.rules);
  }
}
