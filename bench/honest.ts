// The honest read workload (issue 23): each case draws every request from a large set of distinct
// URLs (ids across the dataset, cursors deep and shallow, filters and sorts, several callers), so
// the response cache hits only as often as traffic of that shape would make it. Each set is built
// from the loaded dataset before the case runs; requests walk it in a fixed shuffled order.

import { createToken } from '../src/platform/auth/tokens.ts';
import type { Db } from '../src/platform/db/database.ts';
import { param } from '../src/platform/db/database.ts';

/** One request of a case: its path, and the headers it sends besides the case's own. */
export interface Variant {
  path: string;
  headers?: Record<string, string>;
}

export interface HonestCtx {
  db: Db;
  tenant: string;
  workspace: string;
  base: string;
  headers: Record<string, string>;
}

/** A deterministic shuffle (a small LCG), so two runs send the same sequence. */
export function shuffled<T>(items: T[], seed = 7): T[] {
  const out = [...items];
  let s = seed;
  for (let i = out.length - 1; i > 0; i--) {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    const j = s % (i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** Ids of one kind in the workspace, up to `limit`, by id. */
export async function idsOf(ctx: HonestCtx, kind: string, limit: number): Promise<string[]> {
  const t = ctx.db.template('bench.honest.ids', (b) =>
    b
      .selectFrom('entities')
      .select('id')
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('kind', '=', param('kind'))
      .orderBy('id')
      .limit(param<number>('limit')),
  );
  const rows = await ctx.db.all<{ id: string }>(t, { tenant: ctx.tenant, workspace: ctx.workspace, kind, limit });
  return rows.map((r) => r.id);
}

/**
 * Cursors of a list: the first `shallow` pages of `pageSize` rows, then one every `step` rows
 * down to `deep` rows (read with 10,000-row pages, as a client paging far would have).
 */
export async function cursorsOf(
  ctx: HonestCtx,
  list: string,
  pageSize: number,
  shallow: number,
  step: number,
  deep: number,
): Promise<string[]> {
  const out: string[] = [];
  const sep = list.includes('?') ? '&' : '?';
  let cursor = '';
  for (let i = 0; i < shallow; i++) {
    const page = await getJson(ctx, `${list}${sep}page_size=${pageSize}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (!page.cursor) return out;
    cursor = page.cursor;
    out.push(cursor);
  }
  cursor = '';
  for (let seen = step; seen <= deep; seen += step) {
    const page = await getJson(ctx, `${list}${sep}page_size=${step}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
    if (!page.cursor) break;
    cursor = page.cursor;
    out.push(cursor);
  }
  return out;
}

async function getJson(ctx: HonestCtx, path: string): Promise<{ cursor: string; rows: unknown[] }> {
  const res = await fetch(ctx.base + path, { headers: ctx.headers });
  if (res.status !== 200) throw new Error(`${path} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  return (await res.json()) as { cursor: string; rows: unknown[] };
}

/**
 * Read tokens of several callers: the benchmark tenant's workspace alone, with others, every
 * workspace, and other tenants; the token-scoped answers (histogram) differ per caller.
 */
export async function callers(ctx: HonestCtx, count: number): Promise<Array<Record<string, string>>> {
  const out: Array<Record<string, string>> = [];
  const sets = [[ctx.workspace], ['*'], [ctx.workspace, 'http-bench'], [ctx.workspace, 'import-bench'], ['http-bench']];
  for (let i = 0; i < count; i++) {
    const tenant = i % 4 === 3 ? `${ctx.tenant}-other-${i}` : ctx.tenant;
    const { token } = await createToken(ctx.db, {
      tenantId: tenant,
      userId: `bench-caller-${i}`,
      workspaces: sets[i % sets.length]!,
      scopes: ['read', 'storage'],
    });
    out.push({ authorization: `Bearer ${token}` });
  }
  return out;
}
