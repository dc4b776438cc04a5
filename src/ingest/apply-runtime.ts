// Applying LLM interactions and price records, and keeping the runtime roll-ups current as each
// batch lands: sessions (turns, tokens, cost, start, end, duration, outcome counts), which
// sessions each agent, model and MCP server took part in, and daily per-agent cost.
// New interactions add their deltas; a re-sent interaction that changed makes its sessions be
// recounted from the raw rows, so arrival order and repeats never skew the totals.

import { costOf, findPrice, shippedPrices, type Price } from '../catalog/prices.ts';
import { inList, param, readJson } from '../store/db.ts';
import type { InteractionRecord, PriceRecord } from './records.ts';
import { worseOutcome } from './records.ts';
import type { BatchContext, Lined } from './batch-context.ts';
import { bulkInsert, chunks, json, updateRows } from './sql.ts';

const DAY = 86_400_000;
const dayOf = (ms: number) => Math.floor(ms / DAY) * DAY;

export async function applyPrices(ctx: BatchContext, records: Lined<PriceRecord>[]): Promise<void> {
  const last = new Map(records.map(({ record }) => [record.model, record]));
  await bulkInsert(ctx.tx, 'model_prices', ['tenant_id', 'model', 'input_per_million', 'output_per_million', 'source', 'updated_at'],
    [...last.values()].map((p) => [ctx.tenant, p.model, p.input, p.output, 'ingest', ctx.now]),
    { keys: ['tenant_id', 'model'], update: { input_per_million: 'excluded.input_per_million', output_per_million: 'excluded.output_per_million', source: 'excluded.source', updated_at: 'excluded.updated_at' } });
}

/** The shipped price table with this tenant's overrides laid over it. */
export async function tenantPrices(ctx: BatchContext): Promise<Price[]> {
  const t = ctx.db.template('ingest.prices', (b) => b.selectFrom('model_prices')
    .select(['model', 'input_per_million', 'output_per_million']).where('tenant_id', '=', param('tenant')));
  const own = (await ctx.tx.all<{ model: string; input_per_million: number; output_per_million: number }>(t, { tenant: ctx.tenant }))
    .map((r) => ({ model: r.model, input: Number(r.input_per_million), output: Number(r.output_per_million) }));
  const overridden = new Set(own.map((p) => p.model));
  return [...own, ...shippedPrices.filter((p) => !overridden.has(p.model))];
}

/** The stored form of an interaction: the columns that define it (prompt text aside). */
interface Stored {
  id: string; time: number; session_id: string; agent_id: string; model: string; model_id: string | null; provider: string;
  duration_ms: number; input_tokens: number; output_tokens: number; total_tokens: number; cost: number; cost_source: string;
  prompt_outcome: string; response_outcome: string; outcome: string; categories: string; mcp_server_ids: string;
  prompt: string | null; response: string | null; attributes: string;
}

const storedColumns = ['id', 'time', 'session_id', 'agent_id', 'model', 'model_id', 'provider', 'duration_ms', 'input_tokens',
  'output_tokens', 'total_tokens', 'cost', 'cost_source', 'prompt_outcome', 'response_outcome', 'outcome', 'categories',
  'mcp_server_ids', 'prompt', 'response', 'attributes'] as const;

function signature(s: Stored): string {
  return JSON.stringify(storedColumns.map((c) => {
    const v = s[c];
    return c === 'categories' || c === 'mcp_server_ids' || c === 'attributes' ? JSON.stringify(readJson(v)) : v;
  }));
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

const partitionsMade = new Set<string>();

/** Monthly partitions of llm_interactions on PostgreSQL, created the first time a month arrives. */
async function ensurePartitions(ctx: BatchContext, times: number[]): Promise<void> {
  if (ctx.tx.engine !== 'postgres') return;
  const months = new Set(times.map((t) => new Date(t).toISOString().slice(0, 7)));
  for (const m of months) {
    if (partitionsMade.has(m)) continue;
    const [y, mo] = m.split('-').map(Number) as [number, number];
    const from = Date.UTC(y, mo - 1, 1);
    const to = Date.UTC(y, mo, 1);
    const name = `llm_interactions_${m.replace('-', '_')}`;
    await ctx.tx.exec(`create table if not exists ${name} partition of llm_interactions for values from (${from}) to (${to})`);
    partitionsMade.add(m);
  }
}

interface SessionRow {
  session_id: string; agent_id: string; start_time: number; end_time: number; duration_ms: number; turns: number;
  input_tokens: number; output_tokens: number; total_tokens: number; cost: number;
  ok: number; alerted: number; blocked: number; redacted: number;
}

function emptySession(id: string, agent: string, time: number): SessionRow {
  return {
    session_id: id, agent_id: agent, start_time: time, end_time: time, duration_ms: 0, turns: 0, input_tokens: 0,
    output_tokens: 0, total_tokens: 0, cost: 0, ok: 0, alerted: 0, blocked: 0, redacted: 0,
  };
}

const outcomeColumn = { OK: 'ok', ALERTED: 'alerted', BLOCKED: 'blocked', REDACTED: 'redacted' } as const;

function addTo(s: SessionRow, i: Stored): void {
  if (i.time < s.start_time || s.turns === 0) {
    s.start_time = s.turns === 0 ? i.time : Math.min(s.start_time, i.time);
    if (i.agent_id) s.agent_id = i.agent_id;
  }
  s.end_time = Math.max(s.end_time, i.time + i.duration_ms);
  s.duration_ms = s.end_time - s.start_time;
  s.turns += 1;
  s.input_tokens += i.input_tokens;
  s.output_tokens += i.output_tokens;
  s.total_tokens += i.total_tokens;
  s.cost += i.cost;
  s[outcomeColumn[i.outcome as keyof typeof outcomeColumn]] += 1;
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
  for (const part of chunks([...last.keys()])) {
    const t = db.template('ingest.interactions-existing', (b, engine) => b.selectFrom('llm_interactions').select(storedColumns)
      .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace')).where(inList(engine, 'id', param('ids'))));
    for (const r of await tx.all<Stored>(t, { tenant, workspace, ids: part })) {
      existing.set(r.id, { ...r, time: Number(r.time), duration_ms: Number(r.duration_ms), input_tokens: Number(r.input_tokens),
        output_tokens: Number(r.output_tokens), total_tokens: Number(r.total_tokens), cost: Number(r.cost) });
    }
  }

  const fresh: Stored[] = [];
  const changed: Array<{ before: Stored; after: Stored }> = [];
  for (const s of incoming) {
    const before = existing.get(s.id);
    if (!before) fresh.push(s);
    else if (signature(before) !== signature(s)) changed.push({ before, after: s });
  }
  if (fresh.length === 0 && changed.length === 0) return;

  await ensurePartitions(ctx, [...fresh, ...changed.map((c) => c.after)].map((s) => s.time));
  if (changed.length) {
    const del = db.template('ingest.interactions-delete', (b, engine) => b.deleteFrom('llm_interactions')
      .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace')).where(inList(engine, 'id', param('ids'))));
    for (const part of chunks(changed.map((c) => c.before.id))) await tx.run(del, { tenant, workspace, ids: part });
  }
  await bulkInsert(tx, 'llm_interactions', ['tenant_id', 'workspace_id', ...storedColumns],
    [...fresh, ...changed.map((c) => c.after)].map((s) => [tenant, workspace, ...storedColumns.map((c) => s[c])]));

  await updateSessions(ctx, fresh, changed);
  await updateAgentDaily(ctx, fresh, changed);
}

async function loadSessions(ctx: BatchContext, ids: string[]): Promise<Map<string, SessionRow>> {
  const out = new Map<string, SessionRow>();
  const t = ctx.db.template('ingest.sessions-existing', (b, engine) => b.selectFrom('llm_sessions')
    .select(['session_id', 'agent_id', 'start_time', 'end_time', 'duration_ms', 'turns', 'input_tokens', 'output_tokens',
      'total_tokens', 'cost', 'ok', 'alerted', 'blocked', 'redacted'])
    .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace')).where(inList(engine, 'session_id', param('ids'))));
  for (const part of chunks(ids)) {
    for (const r of await ctx.tx.all<SessionRow>(t, { tenant: ctx.tenant, workspace: ctx.workspace, ids: part })) {
      const row = Object.fromEntries(Object.entries(r).map(([k, v]) => [k, k === 'session_id' || k === 'agent_id' ? v : Number(v)])) as unknown as SessionRow;
      out.set(r.session_id, row);
    }
  }
  return out;
}

/** Sessions recounted from their raw interactions (after a changed interaction). */
async function recountSessions(ctx: BatchContext, ids: string[]): Promise<Map<string, SessionRow>> {
  const out = new Map<string, SessionRow>();
  const t = ctx.db.template('ingest.sessions-recount', (b, engine) => b.selectFrom('llm_interactions')
    .select(['session_id', 'time', 'duration_ms', 'agent_id', 'input_tokens', 'output_tokens', 'total_tokens', 'cost', 'outcome'])
    .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace')).where(inList(engine, 'session_id', param('ids')))
    .orderBy('time').orderBy('id'));
  for (const part of chunks(ids)) {
    for (const r of await ctx.tx.all<Stored>(t, { tenant: ctx.tenant, workspace: ctx.workspace, ids: part })) {
      const i = { ...r, time: Number(r.time), duration_ms: Number(r.duration_ms), input_tokens: Number(r.input_tokens),
        output_tokens: Number(r.output_tokens), total_tokens: Number(r.total_tokens), cost: Number(r.cost) };
      let s = out.get(i.session_id);
      if (!s) { s = emptySession(i.session_id, i.agent_id, i.time); out.set(i.session_id, s); }
      addTo(s, i);
    }
  }
  return out;
}

async function updateSessions(ctx: BatchContext, fresh: Stored[], changed: Array<{ before: Stored; after: Stored }>): Promise<void> {
  const { tx, db, tenant, workspace } = ctx;
  const recount = new Set<string>();
  for (const c of changed) { recount.add(c.before.session_id); recount.add(c.after.session_id); }
  const touched = new Set([...recount, ...fresh.map((f) => f.session_id)]);
  const before = await loadSessions(ctx, [...touched]);

  const after = new Map<string, SessionRow>();
  for (const [id, s] of await recountSessions(ctx, [...recount])) after.set(id, s);
  for (const f of fresh) {
    if (recount.has(f.session_id)) continue;
    let s = after.get(f.session_id);
    if (!s) {
      const b = before.get(f.session_id);
      s = b ? { ...b } : emptySession(f.session_id, f.agent_id, f.time);
      after.set(f.session_id, s);
    }
    addTo(s, f);
  }

  const gone = [...recount].filter((id) => !after.has(id));
  if (gone.length) {
    const del = db.template('ingest.sessions-delete', (b, engine) => b.deleteFrom('llm_sessions')
      .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace')).where(inList(engine, 'session_id', param('ids'))));
    await tx.run(del, { tenant, workspace, ids: gone });
  }
  const cols = ['session_id', 'agent_id', 'start_time', 'end_time', 'duration_ms', 'turns', 'input_tokens', 'output_tokens',
    'total_tokens', 'cost', 'ok', 'alerted', 'blocked', 'redacted'] as const;
  await bulkInsert(tx, 'llm_sessions', ['tenant_id', 'workspace_id', ...cols, 'updated_at'],
    [...after.values()].map((s) => [tenant, workspace, ...cols.map((c) => s[c]), ctx.now]),
    { keys: ['tenant_id', 'workspace_id', 'session_id'], update: Object.fromEntries([...cols.slice(1), 'updated_at'].map((c) => [c, `excluded.${c}`])) });

  // Which objects took part in each session, with the session's start for newest-first paging.
  const links = new Map<string, unknown[]>();
  const link = (kind: string, id: string | null, session: SessionRow) => {
    if (!id) return;
    links.set(`${kind}\u0000${id}\u0000${session.session_id}`, [tenant, workspace, kind, id, session.session_id, session.start_time]);
  };
  for (const s of after.values()) link('agent', s.agent_id, s);
  for (const i of [...fresh, ...changed.map((c) => c.after)]) {
    const s = after.get(i.session_id)!;
    link('model', i.model_id, s);
    for (const m of readJson<string[]>(i.mcp_server_ids)) link('mcp_server', m, s);
  }
  await bulkInsert(tx, 'llm_session_objects', ['tenant_id', 'workspace_id', 'object_kind', 'object_id', 'session_id', 'start_time'],
    [...links.values()], { keys: ['tenant_id', 'workspace_id', 'object_kind', 'object_id', 'session_id'], update: { start_time: 'excluded.start_time' } });
  const moved = [...after.values()].filter((s) => before.has(s.session_id) && before.get(s.session_id)!.start_time !== s.start_time);
  if (moved.length) {
    await updateRows(db, tx, 'llm_session_objects', { tenant, workspace }, ['session_id'], [{ column: 'start_time', type: 'bigint' }],
      moved.map((s) => [s.session_id, s.start_time]));
  }

  // Sessions counted per agent per day of their start, for cost per session.
  const sessionDays = new Map<string, number>();
  const shift = (agent: string, start: number, by: number) => {
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
  for (const id of gone) { const b = before.get(id); if (b) shift(b.agent_id, b.start_time, -1); }
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
