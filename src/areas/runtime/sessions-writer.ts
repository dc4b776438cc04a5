// The one module that aggregates sessions. As each batch of interactions lands it keeps the
// runtime roll-ups current: sessions (turns, tokens, cost, start, end, duration, outcome counts),
// which sessions each agent, model and MCP server took part in, daily per-agent cost and
// sessions, daily cost per agent and model (cost-daily.ts), and the session and interaction counts per workspace and agent; retention lowers the
// interaction counts by what it deletes (discountDeleted) and leaves the rest as they are.
//
// New interactions add their deltas, applied in (time, id) order so the result does not depend
// on the order they arrive in. A re-sent interaction that changed makes its sessions (old and
// new) be recounted from the raw rows. A session's agent is the agent named by its earliest
// interaction that names one (ties: the smaller interaction id); when a delta cannot tell that
// without the raw rows (a second agent appears in a session), the session is recounted instead.

import { CompiledQuery, type Selectable } from 'kysely';
import type { BatchContext } from '../../ingest/batch-context.ts';
import { bulkInsert, chunks, updateRows } from '../../platform/db/bulk.ts';
import { param, readJson, type Executor } from '../../platform/db/database.ts';
import type { LlmSessionsTable } from '../../platform/db/tables/runtime.ts';
import { updateCostDaily } from './cost-daily.ts';
import { byTimeThenId, numeric, numericColumns, type Stored } from './stored-interactions.ts';

const DAY = 86_400_000;
const dayOf = (ms: number) => Math.floor(ms / DAY) * DAY;

const sessionColumns = [
  'session_id',
  'agent_id',
  'start_time',
  'end_time',
  'duration_ms',
  'turns',
  'input_tokens',
  'output_tokens',
  'total_tokens',
  'cost',
  'ok',
  'alerted',
  'blocked',
  'redacted',
  'unpriced_turns',
  'mcp_turns',
] as const;

/** A session's row without its scope, as the roll-up reads and writes it. */
type SessionRow = Pick<Selectable<LlmSessionsTable>, (typeof sessionColumns)[number]>;

function emptySession(id: string): SessionRow {
  return {
    session_id: id,
    agent_id: '',
    start_time: 0,
    end_time: 0,
    duration_ms: 0,
    turns: 0,
    input_tokens: 0,
    output_tokens: 0,
    total_tokens: 0,
    cost: 0,
    ok: 0,
    alerted: 0,
    blocked: 0,
    redacted: 0,
    unpriced_turns: 0,
    mcp_turns: 0,
  };
}

const outcomeColumn = { OK: 'ok', ALERTED: 'alerted', BLOCKED: 'blocked', REDACTED: 'redacted' } as const;

type Counted = Pick<
  Stored,
  | 'time'
  | 'duration_ms'
  | 'agent_id'
  | 'input_tokens'
  | 'output_tokens'
  | 'total_tokens'
  | 'cost'
  | 'outcome'
  | 'cost_source'
  | 'mcp_server_ids'
>;

/** An interaction no price covered: its cost is unknown, not zero. */
export const UNPRICED = 'unpriced';

/** Whether an interaction's MCP server list (JSON text as written, or parsed as PostgreSQL reads it back) names one. */
function namesMcpServer(ids: unknown): boolean {
  return ids !== '[]' && (readJson<string[] | null>(ids) ?? []).length > 0;
}

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
  if (i.cost_source === UNPRICED) s.unpriced_turns += 1;
  if (namesMcpServer(i.mcp_server_ids)) s.mcp_turns += 1;
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

/** Folds a batch's new and changed interactions into every runtime roll-up. */
export async function rollUpInteractions(
  ctx: BatchContext,
  fresh: Stored[],
  changed: Array<{ before: Stored; after: Stored }>,
): Promise<void> {
  const counts = new CountDeltas();
  for (const f of fresh) counts.interactions(f.agent_id, 1);
  for (const c of changed) {
    counts.interactions(c.before.agent_id, -1);
    counts.interactions(c.after.agent_id, 1);
  }
  await updateSessions(ctx, fresh, changed, counts);
  await updateAgentDaily(ctx, fresh, changed);
  await updateCostDaily(ctx, fresh, changed);
  await counts.apply(ctx);
}

async function loadSessions(ctx: BatchContext, ids: string[]): Promise<Map<string, SessionRow>> {
  const out = new Map<string, SessionRow>();
  const t = ctx.db.template('ingest.sessions-existing', (b, d) => d.rowsByKeys('llm_sessions', sessionColumns, 'session_id').compile(b));
  for (const part of chunks(ids)) {
    for (const r of await ctx.tx.all(t, { tenant: ctx.tenant, workspace: ctx.workspace, ids: part })) {
      out.set(r.session_id, numeric(r, sessionColumns.slice(2)));
    }
  }
  return out;
}

/** One object (agent, model, MCP server) taking part in one session. */
interface Link {
  kind: string;
  id: string;
  session: string;
}

/** Adds the objects that took part in the interaction's session to `out` (pushed there: no array per interaction). */
function addLinks(out: Link[], i: Pick<Stored, 'agent_id' | 'model_id' | 'mcp_server_ids' | 'session_id'>): void {
  if (i.agent_id) out.push({ kind: 'agent', id: i.agent_id, session: i.session_id });
  if (i.model_id) out.push({ kind: 'model', id: i.model_id, session: i.session_id });
  if (i.mcp_server_ids === '[]') return;
  for (const m of readJson<string[]>(i.mcp_server_ids) ?? []) out.push({ kind: 'mcp_server', id: m, session: i.session_id });
}

/** Sessions recounted from their raw interactions, with the objects that took part in them. */
async function recountSessions(ctx: BatchContext, ids: string[]): Promise<{ sessions: Map<string, SessionRow>; links: Link[] }> {
  const sessions = new Map<string, SessionRow>();
  const links: Link[] = [];
  const columns = [
    'id',
    'session_id',
    'time',
    'duration_ms',
    'agent_id',
    'model_id',
    'mcp_server_ids',
    'input_tokens',
    'output_tokens',
    'total_tokens',
    'cost',
    'cost_source',
    'outcome',
  ] as const;
  const t = ctx.db.template('ingest.sessions-recount', (b, d) => d.rowsByKeys('llm_interactions', columns, 'session_id').compile(b));
  for (const part of chunks(ids)) {
    const rows = (await ctx.tx.all(t, { tenant: ctx.tenant, workspace: ctx.workspace, ids: part }))
      .map((r) => numeric(r, numericColumns))
      .sort(byTimeThenId);
    for (const i of rows) {
      let s = sessions.get(i.session_id);
      if (!s) {
        s = emptySession(i.session_id);
        sessions.set(i.session_id, s);
      }
      if (!s.agent_id && i.agent_id) s.agent_id = i.agent_id;
      addTotals(s, i);
      addLinks(links, i);
    }
  }
  return { sessions, links };
}

/** Changes to the per-workspace and per-agent session and interaction counts. */
class CountDeltas {
  private readonly byAgent = new Map<string, { sessions: number; interactions: number }>();
  private at(agent: string) {
    let d = this.byAgent.get(agent);
    if (!d) {
      d = { sessions: 0, interactions: 0 };
      this.byAgent.set(agent, d);
    }
    return d;
  }
  sessions(agent: string, by: number) {
    this.at(agent).sessions += by;
  }
  interactions(agent: string, by: number) {
    this.at(agent).interactions += by;
  }

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
      update: {
        sessions: 'llm_runtime_counts.sessions + excluded.sessions',
        interactions: 'llm_runtime_counts.interactions + excluded.interactions',
      },
    });
  }
}

async function updateSessions(
  ctx: BatchContext,
  fresh: Stored[],
  changed: Array<{ before: Stored; after: Stored }>,
  counts: CountDeltas,
): Promise<void> {
  const { tx, db, tenant, workspace } = ctx;
  const recount = new Set<string>();
  for (const c of changed) {
    recount.add(c.before.session_id);
    recount.add(c.after.session_id);
  }
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
    addLinks(links, f);
  }
  const recounted = await recountSessions(ctx, [...recount]);
  for (const id of recount) {
    const s = recounted.sessions.get(id);
    if (s) after.set(id, s);
    else after.delete(id);
  }
  const gone = [...recount].filter((id) => !after.has(id) && before.has(id));

  if (gone.length) {
    const del = db.template('ingest.sessions-delete', (b, d) =>
      b
        .deleteFrom('llm_sessions')
        .where('tenant_id', '=', param('tenant'))
        .where('workspace_id', '=', param('workspace'))
        .where(d.inList('session_id', param('ids'))),
    );
    for (const part of chunks(gone)) await tx.run(del, { tenant, workspace, ids: part });
  }
  await bulkInsert(
    tx,
    'llm_sessions',
    ['tenant_id', 'workspace_id', ...sessionColumns, 'updated_at'],
    [...after.values()].map((s) => [tenant, workspace, ...sessionColumns.map((c) => s[c]), ctx.now]),
    {
      keys: ['tenant_id', 'workspace_id', 'session_id'],
      update: Object.fromEntries([...sessionColumns.slice(1), 'updated_at'].map((c) => [c, `excluded.${c}`])),
    },
  );

  // Which objects took part in each session, with the session's start for newest-first paging.
  // Recounted sessions get their links rebuilt from the raw rows, so a re-send that moved an
  // interaction to another session or model leaves no stale link behind.
  if (recount.size) {
    const del = db.template('ingest.session-links-delete', (b, d) =>
      b
        .deleteFrom('llm_session_objects')
        .where('tenant_id', '=', param('tenant'))
        .where('workspace_id', '=', param('workspace'))
        .where(d.inList('session_id', param('ids'))),
    );
    for (const part of chunks([...recount])) await tx.run(del, { tenant, workspace, ids: part });
  }
  const linkRows = new Map<string, unknown[]>();
  const addRow = (l: Link) => {
    const s = after.get(l.session);
    if (!s) return;
    const key = `${l.kind}\u0000${l.id}\u0000${l.session}`;
    // A session's turns name the same agent and model again and again: one row each, built once.
    if (!linkRows.has(key)) linkRows.set(key, [tenant, workspace, l.kind, l.id, l.session, s.start_time]);
  };
  for (const l of links) if (!recount.has(l.session)) addRow(l);
  for (const l of recounted.links) addRow(l);
  await bulkInsert(
    tx,
    'llm_session_objects',
    ['tenant_id', 'workspace_id', 'object_kind', 'object_id', 'session_id', 'start_time'],
    [...linkRows.values()],
    { keys: ['tenant_id', 'workspace_id', 'object_kind', 'object_id', 'session_id'], update: { start_time: 'excluded.start_time' } },
  );
  const moved = [...after.values()].filter((s) => before.has(s.session_id) && before.get(s.session_id)!.start_time !== s.start_time);
  if (moved.length) {
    await updateRows(
      db,
      tx,
      'llm_session_objects',
      { tenant, workspace },
      ['session_id'],
      [{ column: 'start_time', type: 'bigint' }],
      moved.map((s) => [s.session_id, s.start_time]),
    );
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
  for (const id of gone) {
    const b = before.get(id)!;
    shift(b.agent_id, b.start_time, -1);
  }
  await addDaily(
    ctx,
    [...sessionDays]
      .filter(([, n]) => n !== 0)
      .map(([k, n]) => {
        const [agent, day] = k.split('\u0000') as [string, string];
        return { agent, day: Number(day), interactions: 0, sessions: n, input: 0, output: 0, cost: 0 };
      }),
  );
}

interface DailyDelta {
  agent: string;
  day: number;
  interactions: number;
  sessions: number;
  input: number;
  output: number;
  cost: number;
}

async function addDaily(ctx: BatchContext, deltas: DailyDelta[]): Promise<void> {
  const merged = new Map<string, DailyDelta>();
  for (const d of deltas) {
    const k = `${d.agent}\u0000${d.day}`;
    const m = merged.get(k);
    if (!m) {
      merged.set(k, { ...d });
      continue;
    }
    m.interactions += d.interactions;
    m.sessions += d.sessions;
    m.input += d.input;
    m.output += d.output;
    m.cost += d.cost;
  }
  await bulkInsert(
    ctx.tx,
    'llm_agent_daily',
    ['tenant_id', 'workspace_id', 'agent_id', 'day', 'interactions', 'sessions', 'input_tokens', 'output_tokens', 'cost'],
    [...merged.values()].map((d) => [ctx.tenant, ctx.workspace, d.agent, d.day, d.interactions, d.sessions, d.input, d.output, d.cost]),
    {
      keys: ['tenant_id', 'workspace_id', 'agent_id', 'day'],
      update: Object.fromEntries(
        ['interactions', 'sessions', 'input_tokens', 'output_tokens', 'cost'].map((c) => [c, `llm_agent_daily.${c} + excluded.${c}`]),
      ),
    },
  );
}

async function updateAgentDaily(ctx: BatchContext, fresh: Stored[], changed: Array<{ before: Stored; after: Stored }>): Promise<void> {
  // Summed per agent and day as the interactions are walked: one delta each, no key string per interaction.
  const byAgent = new Map<string, Map<number, DailyDelta>>();
  const add = (s: Stored, sign: number) => {
    if (!s.agent_id) return;
    const day = dayOf(s.time);
    let days = byAgent.get(s.agent_id);
    if (!days) {
      days = new Map();
      byAgent.set(s.agent_id, days);
    }
    let d = days.get(day);
    if (!d) {
      d = { agent: s.agent_id, day, interactions: 0, sessions: 0, input: 0, output: 0, cost: 0 };
      days.set(day, d);
    }
    d.interactions += sign;
    d.input += sign * s.input_tokens;
    d.output += sign * s.output_tokens;
    d.cost += sign * s.cost;
  };
  for (const f of fresh) add(f, 1);
  for (const c of changed) {
    add(c.before, -1);
    add(c.after, 1);
  }
  const deltas: DailyDelta[] = [];
  for (const days of byAgent.values()) for (const d of days.values()) deltas.push(d);
  await addDaily(ctx, deltas);
}

/** Interactions deleted by retention, per agent. */
export type DeletedCount = { tenant_id: string; workspace_id: string; agent_id: string; n: number };

/** Lowers the interaction counts by what retention deleted; returns how many that was. */
export async function discountDeleted(tx: Executor, rows: DeletedCount[]): Promise<number> {
  let total = 0;
  const byWorkspace = new Map<string, { tenant: string; workspace: string; n: number }>();
  for (const r of rows) {
    const n = Number(r.n);
    total += n;
    const k = JSON.stringify([r.tenant_id, r.workspace_id]);
    const w = byWorkspace.get(k) ?? { tenant: r.tenant_id, workspace: r.workspace_id, n: 0 };
    w.n += n;
    byWorkspace.set(k, w);
    await tx.execute(
      CompiledQuery.raw(
        `update llm_runtime_counts set interactions = interactions - ${ph(tx, 1)}
      where tenant_id = ${ph(tx, 2)} and workspace_id = ${ph(tx, 3)} and scope = 'agent' and agent_id = ${ph(tx, 4)}`,
        [n, r.tenant_id, r.workspace_id, r.agent_id],
      ),
    );
  }
  for (const w of byWorkspace.values()) {
    await tx.execute(
      CompiledQuery.raw(
        `update llm_runtime_counts set interactions = interactions - ${ph(tx, 1)}
      where tenant_id = ${ph(tx, 2)} and workspace_id = ${ph(tx, 3)} and scope = 'workspace' and agent_id = ''`,
        [w.n, w.tenant, w.workspace],
      ),
    );
  }
  return total;
}

const ph = (tx: Executor, i: number) => tx.dialect.placeholder(i);
