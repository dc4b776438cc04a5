// The benchmark cases and their targets (issue 7). A case's path may be computed against the
// running service (a deep cursor, an entry written first).

import type { Db } from '../src/platform/db/database.ts';
import { callers, cursorsOf, type HonestCtx, idsOf, shuffled, type Variant } from './honest.ts';

export type Target = { kind: 'ratio'; min: number } | { kind: 'p50'; maxMs: number } | { kind: 'relative'; to: string; min: number };

export interface BenchCase {
  id: string;
  name: string;
  path: string | ((base: string, headers: Record<string, string>) => Promise<string>);
  target: Target;
  /** Connections for this case, when not the suite's 50 (a latency target is for one client). */
  connections?: number;
  /** Sent with every request: `cache-control: no-cache` measures the query, not the response cache. */
  headers?: Record<string, string>;
  /**
   * The honest workload: the distinct requests the case draws from, in order (bench/honest.ts).
   * The case's `path` is then the first of them, read once to size the ceiling's answer.
   */
  variants?: (ctx: HonestCtx) => Promise<Variant[]>;
}

export interface LoadFigures {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface Measured {
  case: BenchCase;
  path: string;
  bytes: number;
  ceiling: LoadFigures;
  /** The second anchor: bare Fastify answering the same bytes (runs before issue 39 lack it). */
  fastify?: LoadFigures;
  service: LoadFigures;
  /** Honest cases: how many distinct requests, and the share the response cache answered. */
  variants?: number;
  hitRatio?: number;
}

interface Ctx {
  db: Db;
  tenant: string;
  workspace: string;
}

async function deepCursor(base: string, headers: Record<string, string>, list: string, rows: number): Promise<string> {
  let cursor = '';
  for (let seen = 0; seen < rows; seen += 10_000) {
    const res = await fetch(`${base}${list}?page_size=10000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers });
    const page = (await res.json()) as { cursor: string; rows: unknown[] };
    if (!page.cursor) throw new Error(`${list} has fewer than ${rows} rows`);
    cursor = page.cursor;
  }
  return cursor;
}

export function cases(ctx: Ctx): BenchCase[] {
  const ws = `tenants/${ctx.tenant}/workspaces/${ctx.workspace}`;
  const models = `/api/v1/aispm-models/${ws}`;
  const sessions = `/api/v1/aispm-llm-sessions/${ws}`;
  const storage = `/api/v1/client-storage/tenants/${ctx.tenant}/users/bench-client/prefs/layout`;
  const fresh = { 'cache-control': 'no-cache' };
  return [
    {
      id: 'model-detail',
      name: 'model detail (one row, embedded sections)',
      path: `${models}/model-00001`,
      target: { kind: 'ratio', min: 0.6 },
    },
    { id: 'models-list', name: 'models list, 100 rows', path: `${models}?page_size=100`, target: { kind: 'ratio', min: 0.4 } },
    {
      id: 'models-deep',
      name: 'models list, page after the first 50,000 rows',
      path: async (base, headers) =>
        `${models}?page_size=100&cursor=${encodeURIComponent(await deepCursor(base, headers, models, 50_000))}`,
      target: { kind: 'relative', to: 'models-list', min: 0.85 },
    },
    {
      id: 'agent-edge',
      name: 'agent edge aispm_model_dependencies',
      path: `/api/v1/aispm-agents/${ws}/agent-00001/aispm_model_dependencies`,
      target: { kind: 'ratio', min: 0.4 },
    },
    {
      id: 'sessions-cost',
      name: 'sessions, sort cost desc, pageSize 10',
      path: `${sessions}?sort=cost&sort_dir=desc&pageSize=10`,
      target: { kind: 'ratio', min: 0.4 },
    },
    {
      id: 'sessions-cost-agent',
      name: 'sessions, sort cost desc, pageSize 10, agent_id',
      path: `${sessions}?sort=cost&sort_dir=desc&pageSize=10&agent_id=agent-00001`,
      target: { kind: 'ratio', min: 0.4 },
    },
    // A latency target: with 50 connections the p50 would be queueing behind 49 other 10,000-row
    // answers, so this case is one client asking again and again.
    {
      id: 'sessions-10000',
      name: 'sessions, pageSize 10000 (1 connection)',
      path: `${sessions}?pageSize=10000`,
      target: { kind: 'p50', maxMs: 150 },
      connections: 1,
    },
    // The questions of issue 18, each one call, read from the database every time (no-cache): a
    // filtered list with a filter on related objects, and a 4-hop path query.
    {
      id: 'agents-filtered',
      name: 'agents using an Anthropic model with critical issues, by risk (no cache, 1 connection)',
      path: `/api/v1/aispm-agents/${ws}?models.provider=anthropic&critical_issues__gt=0&sort=risk_score:desc&page_size=100`,
      target: { kind: 'p50', maxMs: 50 },
      connections: 1,
      headers: fresh,
    },
    {
      id: 'models-filtered',
      name: 'models of one provider seen in the last 30 days, 100 rows (no cache, 1 connection)',
      path: `${models}?provider=anthropic&last_seen__gte=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}T00:00:00Z&page_size=100`,
      target: { kind: 'p50', maxMs: 20 },
      connections: 1,
      headers: fresh,
    },
    {
      id: 'paths-4hop',
      // One agent's paths: every production agent at once walks more states than the visit bound
      // allows at benchmark scale (docs/GRAPH.md), and the answer would be the bound's 400.
      name: 'paths from one agent to secrets, up to 4 hops (no cache, 1 connection)',
      path: `/api/v1/graph/paths/${ws}?from=aispm-agents&to=secrets&max_hops=4&from.id=agent-00001&page_size=100`,
      target: { kind: 'p50', maxMs: 50 },
      connections: 1,
      headers: fresh,
    },
    { id: 'histogram', name: 'histogram /histograms/aispm', path: '/api/v1/histograms/aispm', target: { kind: 'ratio', min: 0.5 } },
    {
      id: 'storage-get',
      name: 'client storage GET, 1 KiB value',
      path: async (base, headers) => {
        const value = {
          columns: Array.from({ length: 30 }, (_, i) => `column_${i}`),
          filters: { severity: ['critical', 'high'] },
          note: 'x'.repeat(500),
        };
        const res = await fetch(base + storage, {
          method: 'PUT',
          headers: { ...headers, 'content-type': 'application/json' },
          body: JSON.stringify({ value }),
        });
        if (res.status !== 204) throw new Error(`storage PUT answered ${res.status}`);
        return storage;
      },
      target: { kind: 'ratio', min: 0.6 },
    },
    // The honest workload (issue 23): the same questions over thousands of distinct URLs, as real
    // traffic asks them, with the response cache on; the report gives the share it answered.
    {
      id: 'model-detail-honest',
      name: 'model detail, distinct models across the dataset (honest)',
      path: `${models}/model-00001`,
      variants: async (h) => shuffled(await idsOf(h, 'model', 20_000)).map((id) => ({ path: `${models}/${id}` })),
      target: { kind: 'ratio', min: 0.4 },
    },
    {
      id: 'models-list-honest',
      name: 'models list, 100 rows: sorts, filters, shallow and deep cursors (honest)',
      path: `${models}?page_size=100`,
      variants: async (h) => {
        const out: string[] = [];
        for (const sort of ['', '&sort=name', '&sort=last_seen:desc', '&sort=critical_issues:desc,name'])
          for (const f of ['', '&provider=openai', '&provider=anthropic', '&type=chat', '&hosting=api', '&name__ilk=gpt'])
            out.push(`${models}?page_size=100${sort}${f}`);
        for (const c of await cursorsOf(h, models, 100, 200, 10_000, 100_000))
          out.push(`${models}?page_size=100&cursor=${encodeURIComponent(c)}`);
        return shuffled(out).map((path) => ({ path }));
      },
      target: { kind: 'ratio', min: 0.25 },
    },
    {
      id: 'sessions-honest',
      name: 'sessions page of 10: every sort and direction, per agent and overall (honest)',
      path: `${sessions}?pageSize=10`,
      variants: async (h) => {
        const out: string[] = [];
        const agents = ['', ...(await idsOf(h, 'agent', 300)).map((a) => `&agent_id=${a}`)];
        for (const sort of ['cost', 'time', 'tokens', 'turns', 'duration_ms', 'session_id'])
          for (const dir of ['asc', 'desc']) for (const a of agents) out.push(`${sessions}?pageSize=10&sort=${sort}&sort_dir=${dir}${a}`);
        return shuffled(out).map((path) => ({ path }));
      },
      target: { kind: 'ratio', min: 0.35 },
    },
    {
      id: 'histogram-honest',
      name: 'histogram, 24 callers of several tenants and workspace sets (honest)',
      path: '/api/v1/histograms/aispm',
      variants: async (h) => (await callers(h, 24)).map((headers) => ({ path: '/api/v1/histograms/aispm', headers })),
      target: { kind: 'ratio', min: 0.5 },
    },
    {
      id: 'storage-get-honest',
      name: 'client storage GET, 2,000 distinct keys (honest)',
      path: `${storage}-0`,
      variants: async (h) => {
        const out: string[] = [];
        for (let i = 0; i < 2000; i++) {
          const res = await fetch(`${h.base}${storage}-${i}`, {
            method: 'PUT',
            headers: { ...h.headers, 'content-type': 'application/json' },
            body: JSON.stringify({ value: { columns: [`column_${i}`], note: 'x'.repeat(500 + (i % 200)) } }),
          });
          if (res.status !== 204) throw new Error(`storage PUT answered ${res.status}`);
          out.push(`${storage}-${i}`);
        }
        return shuffled(out).map((path) => ({ path }));
      },
      target: { kind: 'ratio', min: 0.5 },
    },
    {
      id: 'agents-filtered-honest',
      name: 'agents filtered on related models and issue counts, several sorts (honest)',
      path: `/api/v1/aispm-agents/${ws}?models.provider=anthropic&page_size=100`,
      variants: async () => {
        const out: string[] = [];
        for (const provider of ['openai', 'anthropic', 'google', 'meta', 'mistral'])
          for (const n of [0, 1, 2, 3])
            for (const sort of ['risk_score:desc', 'name', 'critical_issues:desc', 'last_seen:desc'])
              out.push(`/api/v1/aispm-agents/${ws}?models.provider=${provider}&critical_issues__gt=${n}&sort=${sort}&page_size=100`);
        return shuffled(out).map((path) => ({ path }));
      },
      target: { kind: 'ratio', min: 0.2 },
    },
    {
      id: 'paths-4hop-honest',
      name: 'paths to secrets up to 4 hops, from each of 300 agents (honest, 1 connection)',
      path: `/api/v1/graph/paths/${ws}?from=aispm-agents&to=secrets&max_hops=4&from.id=agent-00001&page_size=100`,
      variants: async (h) =>
        shuffled(await idsOf(h, 'agent', 300)).map((id) => ({
          path: `/api/v1/graph/paths/${ws}?from=aispm-agents&to=secrets&max_hops=4&from.id=${id}&page_size=100`,
        })),
      target: { kind: 'p50', maxMs: 50 },
      connections: 1,
    },
  ];
}
