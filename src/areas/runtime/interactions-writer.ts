// Applying LLM interactions and price records, and keeping the runtime roll-ups current as each
// batch lands: sessions (turns, tokens, cost, start, end, duration, outcome counts), which
// sessions each agent, model and MCP server took part in, daily per-agent cost, and the session
// and interaction counts per workspace and agent.
//
// New interactions add their deltas, applied in (time, id) order so the result does not depend
// on the order they arrive in. A re-sent interaction identical to the stored one changes
// nothing; one that changed makes its sessions (old and new) be recounted from the raw rows.
// A session's agent is the agent named by its earliest interaction that names one (ties: the
// smaller interaction id); when a delta cannot tell that without the raw rows (a second agent
// appears in a session), the session is recounted instead.

import { sql } from 'kysely';
import { costOf, findPrice, shippedPrices, type Price } from '../../catalog/prices.ts';
import { inList, param, readJson, type Engine } from '../../platform/db/database.ts';
import { ensurePartitions, noteWritten } from './partitions.ts';
import type { InteractionRecord, PriceRecord } from '../../ingest/records.ts';
import { worseOutcome } from '../../ingest/records.ts';
import type { BatchContext, Lined } from '../../ingest/batch-context.ts';
import { bulkInsert, chunks, json, updateRows } from '../../platform/db/bulk.ts';

const DAY = 86_400_000;
const dayOf = (ms: number) => Math.floor(ms / DAY) * DAY;

/** Tenant of the prices that apply to every tenant (shipped table overrides from configuration). */
export const ALL_TENANTS = '*';

export async function applyPrices(ctx: BatchContext, records: Lined<PriceRecord>[]): Promise<void> {
  const last = new Map(records.map(({ record }) => [record.model, record]));
  await bulkInsert(ctx.tx, 'model_prices', ['tenant_id', 'model', 'input_per_million', 'output_per_million', 'source', 'updated_at'],
    [...last.values()].map((p) => [ctx.tenant, p.model, p.input, p.output, 'ingest', ctx.now]),
    { keys: ['tenant_id', 'model'], update: { input_per_million: 'excluded.input_per_million', output_per_million: 'excluded.output_per_million', source: 'excluded.source', updated_at: 'excluded.updated_at' } });
}

/**
 * The prices that apply to a tenant: its own (`price` records), over the service-wide ones from
 * configuration, over the table shipped with the service.
 */
export async function tenantPrices(ctx: BatchContext): Promise<Price[]> {
  const t = ctx.db.template('ingest.prices', (b) => b.selectFrom('model_prices')
    .select(['tenant_id', 'model', 'input_per_million', 'output_per_million'])
    .where((eb) => eb.or([eb('tenant_id', '=', param('tenant')), eb('tenant_id', '=', ALL_TENANTS)])));
  const rows = await ctx.tx.all<{ tenant_id: string; model: string; input_per_million: number; output_per_million: number }>(t, { tenant: ctx.tenant });
  const byModel = new Map<string, Price>();
  for (const p of shippedPrices) byModel.set(p.model, p);
  for (const tenant of [ALL_TENANTS, ctx.tenant]) {
    for (const r of rows) if (r.tenant_id === tenant) byModel.set(r.model, { model: r.model, input: Number(r.input_per_million), output: Number(r.output_per_million) });
  }
  return [...byModel.values()];
}

/** The stored form of an interaction. */
interface Stored {
  id: string; time: number; session_id: string; agent_id: string; model: string; model_id: string | null; provider: string;
  duration_ms: number; input_tokens: number; output_tokens: number; total_tokens: number; cost: number; cost_source: string;
  prompt_outcome: string; response_outcome: string; outcome: string; categories: string; mcp_server_ids: string;
  prompt: string | null; response: string | null; attributes: string;
}

const storedColumns = ['id', 'time', 'session_id', 'agent_id', 'model', 'model_id', 'provider', 'duration_ms', 'input_tokens',
  'output_tokens', 'total_tokens', 'cost', 'cost_source', 'prompt_outcome', 'response_outcome', 'outcome', 'categories',
  'mcp_server_ids', 'prompt', 'response', 'attributes'] as const;

const numericColumns = ['time', 'duration_ms', 'input_tokens', 'output_tokens', 'total_tokens', 'cost'] as const;

/** JSON text with object keys sorted: jsonb does not keep key order, so compare canonically. */
function canonical(v: unknown): string {
  return JSON.stringify(v, (_k, x) => (x && typeof x === 'object' && !Array.isArray(x)
    ? Object.fromEntries(Object.keys(x).sort().map((k) => [k, (x as Record<string, unknown>)[k]])) : x));
}

function signature(s: Stored): string {
  return JSON.stringify(storedColumns.map((c) => {
    const v = s[c];
    return c === 'categories' || c === 'mcp_server_ids' || c === 'attributes' ? canonical(readJson(v)) : v;
  }));
}

function numeric<T extends object>(r: T, columns: readonly string[]): T {
  const out = { ...r } as Record<string, unknown>;
  for (const c of columns) out[c] = Number(out[c]);
  return out as T;
}

const byTimeThenId = (a: { time: number; id: string }, b: { time: number; id: string }) =>
  a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Interaction rows whose `column` is in a list bound as one parameter. On PostgreSQL a join from
 * unnest() probes each partition's index once per key; on SQLite `in (select value from
 * json_each(…))` does the same, where a join could put the table in the outer loop.
 */
function interactionsWhere(engine: Engine, columns: readonly string[], column: 'id' | 'session_id') {
  const cols = sql.join(columns.map((c) => sql.ref(`i.${c}`)));
  return engine === 'sqlite'
    ? sql`select ${cols} from llm_interactions i where i.tenant_id = ${param('tenant')} and i.workspace_id = ${param('workspace')}
        and ${sql.ref(`i.${column}`)} in (select value from json_each(${param('ids')}))`
    : sql`select ${cols} from unnest(${param('ids')}::text[]) as k(value) join llm_interactions i
        on i.tenant_id = ${param('tenant')} and i.workspace_id = ${param('workspace')} and ${sql.ref(`i.${column}`)} = k.value`;
}

/** Model names sent without a model id are linked to the inventory model with that id or name. */
async function resolveModels(ctx: BatchContext, names: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  if (names.length === 0) return out;
  const t = ctx.db.template('ingest.model-ids', (b, engine) => b.selectFrom('entities').select(['id', 'name'])
    .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace')).where('kind', '=', 'model')
    .where((eb) => eb.or([inList(engine, 'id', param('names')), inList(engine, 'name', param('names'))]))
    .orderBy('id'));
  for (const part of chunks(names)) {
    const rows = await ctx.tx.all<{ id: string; name: string }>(t, { tenant: ctx.tenant, workspace: ctx.workspace, names: part });
    for (const r of rows) if (!out.has(r.name)) out.set(r.name, r.id);
    for (const r of rows) if (part.includes(r.id)) out.set(r.id, r.id);
  }
  return out;
}

interface SessionRow {
  session_id: string; agent_id: string; start_time: number; end_time: number; duration_ms: number; turns: number;
  input_tokens: number; output_tokens: number; total_tokens: number; cost: number;
  ok: number; alerted: number; blocked: number; redacted: number;
}

const sessionColumns = ['session_id', 'agent_id', 'start_time', 'end_time', 'duration_ms', 'turns', 'input_tokens', 'output_tokens',
  'total_tokens', 'cost', 'ok', 'alerted', 'blocked', 'redacted'] as const;

function emptySession(id: string): SessionRow {
  return {
    session_id: id, agent_id: '', start_time: 0, end_time: 0, duration_ms: 0, turns: 0, input_tokens: 0,
    output_tokens: 0, total_tokens: 0, cost: 0, ok: 0, alerted: 0, blocked: 0, redacted: 0,
  };
}

const outcomeColumn = { OK: 'ok', ALERTED: 'alerted', BLOCKED: 'blocked', REDACTED: 'redacted' } as const;

type Counted = Pick<Stored, 'time' | 'duration_ms' | 'agent_id' | 'input_tokens' | 'output_tokens' | 'total_tokens' | 'cost' | 'outcome'>;

/** Adds the interaction's totals and widens the session's time span. */
function addTotals(s: SessionRow, i: Counted): void {
  if (s.turns === 0) {
    s.start_time = i.time;
    s.end_time = i.time + i.duration_ms;
  } else {
    s.start_time = Math.min(s.start_time, i.time);
    s.end_time = Math.max(s.end_time, i.time + i.duration_ms);
  }
  s.duration_ms = s.end_time - s.start_time;
  s.turns += 1;
  s.input_tokens += i.input_tokens;
  s.output_tokens += i.output_tokens;
  s.total_tokens += i.total_tokens;
  s.cost += i.cost;
  s[outcomeColumn[i.outcome as keyof typeof outcomeColumn]] += 1;
}

/**
 * Adds one new interaction to a session built from earlier rows. Returns false when the
 * session's agent cannot be decided without the raw rows (then the session is recounted).
 */
function addFresh(s: SessionRow, i: Counted): boolean {
  let ok = true;
  if (i.agent_id && i.agent_id !== s.agent_id) {
    if (s.turns === 0 || !s.agent_id || i.time < s.start_time) s.agent_id = i.agent_id;
    else ok = false;
  }
  addTotals(s, i);
  return ok;
}

export async function applyInteractions(ctx: BatchContext, records: Lined<InteractionRecord>[]): Promise<void> {
  if (records.length === 0) return;
  const { tx, db, tenant, workspace } = ctx;
  const last = new Map<string, InteractionRecord>();
  for (const { record } of records) last.set(record.id, record);

  const prices = await tenantPrices(ctx);
  const priceOf = new Map<string, Price | undefined>();
  const unresolved = [...new Set([...last.values()].filter((r) => !r.modelId && r.model).map((r) => r.model))];
  const modelIds = await resolveModels(ctx, unresolved);

  const incoming: Stored[] = [];
  for (const r of last.values()) {
    let cost = r.cost;
    let costSource = 'reported';
    if (cost === null) {
      if (!priceOf.has(r.model)) priceOf.set(r.model, findPrice(prices, r.model));
      const p = priceOf.get(r.model);
      cost = p ? costOf(p, r.inputTokens, r.outputTokens) : 0;
      costSource = p ? 'price_table' : 'unknown';
    }
    incoming.push({
      id: r.id, time: r.time, session_id: r.sessionId, agent_id: r.agentId, model: r.model,
      model_id: r.modelId ?? modelIds.get(r.model) ?? null, provider: r.provider, duration_ms: r.durationMs,
      input_tokens: r.inputTokens, output_tokens: r.outputTokens, total_tokens: r.inputTokens + r.outputTokens, cost,
      cost_source: costSource, prompt_outcome: r.promptOutcome, response_outcome: r.responseOutcome,
      outcome: worseOutcome(r.promptOutcome, r.responseOutcome), categories: json(r.categories),
      mcp_server_ids: json(r.mcpServerIds), prompt: ctx.options.storePrompts ? r.prompt : null,
      response: ctx.options.storePrompts ? r.response : null, attributes: json(r.attributes),
    });
  }

  const existing = new Map<string, Stored>();
  const existingQuery = db.template('ingest.interactions-existing', (b, engine) => interactionsWhere(engine, storedColumns, 'id').compile(b));
  for (const part of chunks([...last.keys()])) {
    for (const r of await tx.all<Stored>(existingQuery, { tenant, workspace, ids: part })) existing.set(r.id, numeric(r, numericColumns));
  }

  const fresh: Stored[] = [];
  const changed: Array<{ before: Stored; after: Stored }> = [];
  for (const s of incoming) {
    const before = existing.get(s.id);
    if (!before) fresh.push(s);
    else if (signature(before) !== signature(s)) changed.push({ before, after: s });
  }
  if (fresh.length === 0 && changed.length === 0) return;
  fresh.sort(byTimeThenId);

  const written = [...fresh, ...changed.map((c) => c.after)];
  await ensurePartitions(tx, written.map((s) => s.time));
  if (changed.length) {
    const del = db.template('ingest.interactions-delete', (b, engine) => b.deleteFrom('llm_interactions')
      .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace')).where(inList(engine, 'id', param('ids'))));
    for (const part of chunks(changed.map((c) => c.before.id))) await tx.run(del, { tenant, workspace, ids: part });
  }
  await bulkInsert(tx, 'llm_interactions', ['tenant_id', 'workspace_id', ...storedColumns],
    written.map((s) => [tenant, workspace, ...storedColumns.map((c) => s[c])]));
  await noteWritten(tx, written.map((s) => s.time));

  const counts = new CountDeltas();
  for (const f of fresh) counts.interactions(f.agent_id, 1);
  for (const c of changed) { counts.interactions(c.before.agent_id, -1); counts.interactions(c.after.agent_id, 1); }
  await updateSessions(ctx, fresh, changed, counts);
  await updateAgentDaily(ctx, fresh, changed);
  await counts.apply(ctx);
}

async function loadSessions(ctx: BatchContext, ids: string[]): Promise<Map<string, SessionRow>> {
  const out = new Map<string, SessionRow>();
  // As for interactions: on PostgreSQL probe the primary key once per id from unnest().
  const t = ctx.db.template('ingest.sessions-existing', (b, engine) => (engine === 'sqlite'
    ? b.selectFrom('llm_sessions').select(sessionColumns)
      .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace')).where(inList(engine, 'session_id', param('ids')))
    : sql`select ${sql.join(sessionColumns.map((c) => sql.ref(`s.${c}`)))} from unnest(${param('ids')}::text[]) as k(value)
        join llm_sessions s on s.tenant_id = ${param('tenant')} and s.workspace_id = ${param('workspace')} and s.session_id = k.value`.compile(b)));
  for (const part of chunks(ids)) {
    for (const r of await ctx.tx.all<SessionRow>(t, { tenant: ctx.tenant, workspace: ctx.workspace, ids: part })) {
      out.set(r.session_id, numeric(r, sessionColumns.slice(2)));
    }
  }
  return out;
}

/** One object (agent, model, MCP server) taking part in one session. */
interface Link { kind: string; id: string; session: string }

function linksOf(i: Pick<Stored, 'agent_id' | 'model_id' | 'mcp_server_ids' | 'session_id'>): Link[] {
  const out: Link[] = [];
  if (i.agent_id) out.push({ kind: 'agent', id: i.agent_id, session: i.session_id });
  if (i.model_id) out.push({ kind: 'model', id: i.model_id, session: i.session_id });
  for (const m of readJson<string[]>(i.mcp_server_ids) ?? []) out.push({ kind: 'mcp_server', id: m, session: i.session_id });
  return out;
}

/** Sessions recounted from their raw interactions, with the objects that took part in them. */
async function recountSessions(ctx: BatchContext, ids: string[]): Promise<{ sessions: Map<string, SessionRow>; links: Link[] }> {
  const sessions = new Map<string, SessionRow>();
  const links: Link[] = [];
  const columns = ['id', 'session_id', 'time', 'duration_ms', 'agent_id', 'model_id', 'mcp_server_ids', 'input_tokens', 'output_tokens', 'total_tokens', 'cost', 'outcome'];
  const t = ctx.db.template('ingest.sessions-recount', (b, engine) => interactionsWhere(engine, columns, 'session_id').compile(b));
  for (const part of chunks(ids)) {
    const rows = (await ctx.tx.all<Stored>(t, { tenant: ctx.tenant, workspace: ctx.workspace, ids: part }))
      .map((r) => numeric(r, numericColumns)).sort(byTimeThenId);
    for (const i of rows) {
      let s = sessions.get(i.session_id);
      if (!s) { s = emptySession(i.session_id); sessions.set(i.session_id, s); }
      if (!s.agent_id && i.agent_id) s.agent_id = i.agent_id;
      addTotals(s, i);
      links.push(...linksOf(i));
    }
  }
  return { sessions, links };
}

/** Changes to the per-workspace and per-agent session and interaction counts. */
class CountDeltas {
  private readonly byAgent = new Map<string, { sessions: number; interactions: number }>();
  private at(agent: string) {
    let d = this.byAgent.get(agent);
    if (!d) { d = { sessions: 0, interactions: 0 }; this.byAgent.set(agent, d); }
    return d;
  }
  sessions(agent: string, by: number) { this.at(agent).sessions += by; }
  interactions(agent: string, by: number) { this.at(agent).interactions += by; }

  async apply(ctx: BatchContext): Promise<void> {
    const rows: unknown[][] = [];
    let sessions = 0;
    let interactions = 0;
    for (const [agent, d] of this.byAgent) {
      if (d.sessions === 0 && d.interactions === 0) continue;
      rows.push([ctx.tenant, ctx.workspace, 'agent', agent, d.sessions, d.interactions]);
      sessions += d.sessions;
      interactions += d.interactions;
    }
    if (rows.length === 0) return;
    rows.push([ctx.tenant, ctx.workspace, 'workspace', '', sessions, interactions]);
    await bulkInsert(ctx.tx, 'llm_runtime_counts', ['tenant_id', 'workspace_id', 'scope', 'agent_id', 'sessions', 'interactions'], rows, {
      keys: ['tenant_id', 'workspace_id', 'scope', 'agent_id'],
      update: { sessions: 'llm_runtime_counts.sessions + excluded.sessions', interactions: 'llm_runtime_counts.interactions + excluded.interactions' },
    });
  }
}

async function updateSessions(
  ctx: BatchContext, fresh: Stored[], changed: Array<{ before: Stored; after: Stored }>, counts: CountDeltas,
): Promise<void> {
  const { tx, db, tenant, workspace } = ctx;
  const recount = new Set<string>();
  for (const c of changed) { recount.add(c.before.session_id); recount.add(c.after.session_id); }
  const before = await loadSessions(ctx, [...new Set([...recount, ...fresh.map((f) => f.session_id)])]);

  // Deltas first (fresh is in time order); sessions a delta cannot settle join the recount.
  const after = new Map<string, SessionRow>();
  const links: Link[] = [];
  for (const f of fresh) {
    if (recount.has(f.session_id)) continue;
    let s = after.get(f.session_id);
    if (!s) {
      const b = before.get(f.session_id);
      s = b ? { ...b } : emptySession(f.session_id);
      after.set(f.session_id, s);
    }
    if (!addFresh(s, f)) recount.add(f.session_id);
    links.push(...linksOf(f));
  }
  const recounted = await recountSessions(ctx, [...recount]);
  for (const id of recount) {
    const s = recounted.sessions.get(id);
    if (s) after.set(id, s); else after.delete(id);
  }
  const gone = [...recount].filter((id) => !after.has(id) && before.has(id));

  if (gone.length) {
    const del = db.template('ingest.sessions-delete', (b, engine) => b.deleteFrom('llm_sessions')
      .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace')).where(inList(engine, 'session_id', param('ids'))));
    for (const part of chunks(gone)) await tx.run(del, { tenant, workspace, ids: part });
  }
  await bulkInsert(tx, 'llm_sessions', ['tenant_id', 'workspace_id', ...sessionColumns, 'updated_at'],
    [...after.values()].map((s) => [tenant, workspace, ...sessionColumns.map((c) => s[c]), ctx.now]),
    { keys: ['tenant_id', 'workspace_id', 'session_id'], update: Object.fromEntries([...sessionColumns.slice(1), 'updated_at'].map((c) => [c, `excluded.${c}`])) });

  // Which objects took part in each session, with the session's start for newest-first paging.
  // Recounted sessions get their links rebuilt from the raw rows, so a re-send that moved an
  // interaction to another session or model leaves no stale link behind.
  if (recount.size) {
    const del = db.template('ingest.session-links-delete', (b, engine) => b.deleteFrom('llm_session_objects')
      .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace')).where(inList(engine, 'session_id', param('ids'))));
    for (const part of chunks([...recount])) await tx.run(del, { tenant, workspace, ids: part });
  }
  const linkRows = new Map<string, unknown[]>();
  for (const l of [...links.filter((l) => !recount.has(l.session)), ...recounted.links]) {
    const s = after.get(l.session);
    if (s) linkRows.set(`${l.kind}\u0000${l.id}\u0000${l.session}`, [tenant, workspace, l.kind, l.id, l.session, s.start_time]);
  }
  await bulkInsert(tx, 'llm_session_objects', ['tenant_id', 'workspace_id', 'object_kind', 'object_id', 'session_id', 'start_time'],
    [...linkRows.values()], { keys: ['tenant_id', 'workspace_id', 'object_kind', 'object_id', 'session_id'], update: { start_time: 'excluded.start_time' } });
  const moved = [...after.values()].filter((s) => before.has(s.session_id) && before.get(s.session_id)!.start_time !== s.start_time);
  if (moved.length) {
    await updateRows(db, tx, 'llm_session_objects', { tenant, workspace }, ['session_id'], [{ column: 'start_time', type: 'bigint' }],
      moved.map((s) => [s.session_id, s.start_time]));
  }

  // Sessions counted per agent (for the totals of the sessions list) and per agent per day of
  // their start (for cost per session).
  const sessionDays = new Map<string, number>();
  const shift = (agent: string, start: number, by: number) => {
    counts.sessions(agent, by);
    if (!agent) return;
    const k = `${agent}\u0000${dayOf(start)}`;
    sessionDays.set(k, (sessionDays.get(k) ?? 0) + by);
  };
  for (const s of after.values()) {
    const b = before.get(s.session_id);
    if (b && b.agent_id === s.agent_id && dayOf(b.start_time) === dayOf(s.start_time)) continue;
    if (b) shift(b.agent_id, b.start_time, -1);
    shift(s.agent_id, s.start_time, 1);
  }
  for (const id of gone) { const b = before.get(id)!; shift(b.agent_id, b.start_time, -1); }
  await addDaily(ctx, [...sessionDays].filter(([, n]) => n !== 0).map(([k, n]) => {
    const [agent, day] = k.split('\u0000') as [string, string];
    return { agent, day: Number(day), interactions: 0, sessions: n, input: 0, output: 0, cost: 0 };
  }));
}

interface DailyDelta { agent: string; day: number; interactions: number; sessions: number; input: number; output: number; cost: number }

async function addDaily(ctx: BatchContext, deltas: DailyDelta[]): Promise<void> {
  const merged = new Map<string, DailyDelta>();
  for (const d of deltas) {
    const k = `${d.agent}\u0000${d.day}`;
    const m = merged.get(k);
    if (!m) { merged.set(k, { ...d }); continue; }
    m.interactions += d.interactions; m.sessions += d.sessions; m.input += d.input; m.output += d.output; m.cost += d.cost;
  }
  await bulkInsert(ctx.tx, 'llm_agent_daily',
    ['tenant_id', 'workspace_id', 'agent_id', 'day', 'interactions', 'sessions', 'input_tokens', 'output_tokens', 'cost'],
    [...merged.values()].map((d) => [ctx.tenant, ctx.workspace, d.agent, d.day, d.interactions, d.sessions, d.input, d.output, d.cost]),
    {
      keys: ['tenant_id', 'workspace_id', 'agent_id', 'day'],
      update: Object.fromEntries(['interactions', 'sessions', 'input_tokens', 'output_tokens', 'cost'].map((c) => [c, `llm_agent_daily.${c} + excluded.${c}`])),
    });
}

async function updateAgentDaily(ctx: BatchContext, fresh: Stored[], changed: Array<{ before: Stored; after: Stored }>): Promise<void> {
  const deltas: DailyDelta[] = [];
  const add = (s: Stored, sign: number) => {
    if (!s.agent_id) return;
    deltas.push({ agent: s.agent_id, day: dayOf(s.time), interactions: sign, sessions: 0, input: sign * s.input_tokens, output: sign * s.output_tokens, cost: sign * s.cost });
  };
  for (const f of fresh) add(f, 1);
  for (const c of changed) { add(c.before, -1); add(c.after, 1); }
  await addDaily(ctx, deltas);
}
