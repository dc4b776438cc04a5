// Reading raw LLM interactions: a time-ordered list with optional agent, session and time-window
// filters, and one interaction by id. The list walks (tenant, workspace[, agent | session], time,
// id): the session index when a session is named, else the agent index, else the time index.

import { llmInteraction } from '../../catalog/rowsets.ts';
import { keysetPage, type KeysetPage, type SortDir } from '../../platform/db/paging/keyset.ts';
import type { SortKey } from '../../platform/db/paging/cursor.ts';
import { rfc3339 } from '../../platform/values.ts';
import type { Builder, Db } from '../../platform/db/database.ts';
import { param, readJson } from '../../platform/db/database.ts';
import { runtimeCounts } from './sessions.ts';

export interface InteractionFilter {
  tenant: string;
  workspace: string;
  agent?: string;
  session?: string;
  /** Inclusive bounds, epoch milliseconds. */
  start?: number;
  end?: number;
}

const listed = llmInteraction.columns.map((c) => c.name) as Array<'id'>;
const detailed = [...listed, 'prompt', 'response', 'attributes'] as Array<'id'>;

function filtered(b: Builder, f: InteractionFilter, columns: Array<'id'>) {
  let q = b.selectFrom('llm_interactions').select(columns)
    .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace'));
  if (f.agent !== undefined) q = q.where('agent_id', '=', param('agent'));
  if (f.session !== undefined) q = q.where('session_id', '=', param('session'));
  if (f.start !== undefined) q = q.where('time', '>=', param<number>('start'));
  if (f.end !== undefined) q = q.where('time', '<=', param<number>('end'));
  return q;
}

function shapeKey(f: InteractionFilter): string {
  return [f.agent, f.session, f.start, f.end].map((v) => (v === undefined ? '-' : '+')).join('');
}

function args(f: InteractionFilter) {
  return { tenant: f.tenant, workspace: f.workspace, agent: f.agent, session: f.session, start: f.start, end: f.end };
}

/** A stored interaction as the list header describes it. */
export function interactionRow(r: Record<string, unknown>): unknown[] {
  return llmInteraction.columns.map((c) => {
    const v = r[c.name];
    switch (c.type) {
      case 'time': return rfc3339(v as number);
      case 'integer': case 'number': return Number(v);
      case 'strings': return readJson<string[]>(v) ?? [];
      default: return v ?? (c.name === 'model_id' ? null : '');
    }
  });
}

export function interactionDetailRow(r: Record<string, unknown>): unknown[] {
  return [...interactionRow(r), r.prompt ?? null, r.response ?? null, readJson(r.attributes) ?? {}];
}

export async function listInteractions(
  db: Db, f: InteractionFilter, dir: SortDir, after: SortKey | null, limit: number,
): Promise<KeysetPage<Record<string, unknown>>> {
  return keysetPage(db, {
    key: `interactions.list:${shapeKey(f)}`,
    base: (b) => filtered(b, f, listed),
    sort: 'time',
    tie: 'id',
    dir,
  }, args(f), after, limit);
}

export async function countInteractions(db: Db, f: InteractionFilter): Promise<number> {
  // Without a session or time filter the count is kept by ingest and retention.
  if (f.session === undefined && f.start === undefined && f.end === undefined) {
    return (await runtimeCounts(db, f.tenant, f.workspace, f.agent)).interactions;
  }
  const t = db.template(`interactions.count:${shapeKey(f)}`, (b) => filtered(b, f, []).clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('count')));
  return Number((await db.first<{ count: number }>(t, args(f)))?.count ?? 0);
}

export async function getInteraction(db: Db, tenant: string, workspace: string, id: string): Promise<Record<string, unknown> | undefined> {
  const t = db.template('interactions.get', (b) => b.selectFrom('llm_interactions').select(detailed)
    .where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace')).where('id', '=', param('id')));
  return db.first(t, { tenant, workspace, id });
}
