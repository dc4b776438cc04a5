// The blast radius of a vulnerable object: every agent that reaches it through the graph, with the
// path (which MCP servers and tools it passes) and the secrets the agent reaches. Answered by the
// paths area's walk (graph/paths.ts), the same as `GET /graph/paths?from=agent&to=…`, not by a
// traversal of its own.

import { kindByName } from '../../catalog/kinds.ts';
import type { Db, Executor } from '../../platform/db/database.ts';
import { ApiError } from '../../platform/errors.ts';
import type { Filter } from '../../platform/lists/filters.ts';
import { filtersOf } from '../../platform/lists/list-page.ts';
import { objectKey } from '../../ingest/batch-context.ts';
import { findPaths, type PathNode } from '../graph/paths.ts';
import { entityList } from '../inventory/lists.ts';

/** One agent reaching a vulnerable object. */
export interface Reach {
  agent_id: string;
  agent_name: string | null;
  /** Relations from the agent to the object (0: the object is the agent). */
  hops: number;
  path: PathNode[];
  relations: string[];
  /** The MCP servers and tools on the path, in order (ids). */
  mcp_servers: string[];
  tools: string[];
  /** Secrets the agent reaches (ids), sorted. */
  secrets: string[];
}

export interface BlastRadius {
  agents: Reach[];
  /** Why the radius could not be given (a bound of the walk passed), else absent. */
  incomplete?: string;
}

/** How far from an agent a vulnerable object still counts as reached, in relations. */
export const BLAST_HOPS = 4;
/** Bounds of the walk when it runs inside a batch (the path route's own come from its settings). */
const BOUNDS = { starts: 50_000, visits: 2_000_000 };

/**
 * The database read inside a batch's transaction: what the batch wrote (a scan's new relations) is
 * seen by the walk, which reads through `db.all` (on PostgreSQL another connection would not see it).
 */
export function readingThrough(db: Db, tx: Executor): Db {
  return {
    dialect: tx.dialect,
    get builder() {
      return db.builder;
    },
    template: (key, build, options) => db.template(key, build, options),
    all: (t, args) => tx.all(t, args),
    first: (t, args) => tx.first(t, args),
    run: (t, args) => tx.run(t, args),
    runUncounted: (t, args) => tx.run(t, args),
    execute: (q) => tx.execute(q),
    exec: (s) => tx.exec(s),
    transaction: (fn) => fn(tx),
    ping: () => db.ping(),
    dataVersion: () => db.dataVersion(),
    unchangedSince: (version, reach) => db.unchangedSince(version, reach),
    poolStats: () => db.poolStats(),
    integrityCheck: () => db.integrityCheck(),
    close: () => db.close(),
  };
}

function idsIn(db: Db, kind: string, ids: string[]): Filter[] {
  const decl = filtersOf(entityList(kindByName.get(kind)!), db.dialect).find((f) => f.param === 'id__in')!;
  return [{ decl, type: 'string', value: ids }];
}

/** Per object (`kind\u0000id`), the agents that reach it, nearest first. */
export async function blastRadius(
  db: Db,
  tenant: string,
  workspace: string,
  objects: Array<{ kind: string; id: string; name: string }>,
): Promise<Map<string, BlastRadius>> {
  const out = new Map<string, BlastRadius>();
  for (const o of objects) out.set(objectKey(o.kind, o.id), { agents: [] });
  const agent = kindByName.get('agent')!;
  const byKind = new Map<string, typeof objects>();
  for (const o of objects) byKind.set(o.kind, [...(byKind.get(o.kind) ?? []), o]);
  try {
    for (const [kind, list] of byKind) {
      const to = kindByName.get(kind);
      if (!to) continue;
      const rows = await findPaths(db, {
        tenant,
        workspace,
        from: agent,
        to,
        via: [],
        maxHops: BLAST_HOPS,
        direction: 'out',
        fromFilters: [],
        toFilters: idsIn(
          db,
          kind,
          list.map((o) => o.id),
        ),
        bounds: BOUNDS,
      });
      for (const r of rows) {
        out.get(objectKey(kind, r.to_id))?.agents.push({
          agent_id: r.from_id,
          agent_name: r.from_name,
          hops: r.hops,
          path: r.path,
          relations: r.relations,
          mcp_servers: r.path
            .slice(1, -1)
            .filter((n) => n.kind === 'mcp_server')
            .map((n) => n.id),
          tools: r.path
            .slice(1, -1)
            .filter((n) => n.kind === 'tool')
            .map((n) => n.id),
          secrets: [],
        });
      }
      // A vulnerable agent is in its own blast radius.
      if (kind === 'agent') {
        for (const o of list) {
          out.get(objectKey(kind, o.id))!.agents.push({
            agent_id: o.id,
            agent_name: o.name,
            hops: 0,
            path: [{ kind, id: o.id, name: o.name }],
            relations: [],
            mcp_servers: [],
            tools: [],
            secrets: [],
          });
        }
      }
    }
    await addSecrets(db, tenant, workspace, out);
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    for (const r of out.values()) r.incomplete = err.message;
  }
  for (const r of out.values())
    r.agents.sort((a, b) => a.hops - b.hops || (a.agent_id < b.agent_id ? -1 : a.agent_id > b.agent_id ? 1 : 0));
  return out;
}

/** The secrets each reaching agent reaches (agent → asset it runs on → secret it holds, …). */
async function addSecrets(db: Db, tenant: string, workspace: string, out: Map<string, BlastRadius>): Promise<void> {
  const secret = kindByName.get('secret');
  const agents = [...new Set([...out.values()].flatMap((r) => r.agents.map((a) => a.agent_id)))];
  if (!secret || agents.length === 0) return;
  const rows = await findPaths(db, {
    tenant,
    workspace,
    from: kindByName.get('agent')!,
    to: secret,
    via: [],
    maxHops: BLAST_HOPS,
    direction: 'out',
    fromFilters: idsIn(db, 'agent', agents),
    toFilters: [],
    bounds: BOUNDS,
  });
  const secrets = new Map<string, string[]>();
  for (const r of rows) secrets.set(r.from_id, [...(secrets.get(r.from_id) ?? []), r.to_id]);
  for (const r of out.values()) for (const a of r.agents) a.secrets = (secrets.get(a.agent_id) ?? []).sort();
}
