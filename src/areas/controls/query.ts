// A control's query, read and run. `list:` is an inventory list's URL prefix and its query string
// exactly as that list takes it (its filters and related filters); `paths:` a query string as the
// paths API takes it. Both are read with the list's and the paths route's own readers, so a query
// is refused (400 naming the problem) exactly where the route would refuse it, and run with the
// same readers: what a control answers is what the list or paths API answers.

import { routedKinds } from '../../catalog/kinds.ts';
import type { KindDef } from '../../catalog/types.ts';
import { objectKey } from '../../ingest/batch-context.ts';
import type { Db } from '../../platform/db/database.ts';
import type { SqlDialect } from '../../platform/db/dialect.ts';
import { badRequest } from '../../platform/errors.ts';
import { type Filter, type FilterDecl, readFilters } from '../../platform/lists/filters.ts';
import Type from 'typebox';
import { sql } from 'kysely';
import { filtersOf, type ListRows, readRows } from '../../platform/lists/list-page.ts';
import { workspaceScope } from '../../platform/lists/list-route.ts';
import type { AnyListSpec } from '../../platform/lists/list-spec.ts';
import { readPathsQuery } from '../graph/paths-query.ts';
import { type Direction, findPaths, PATH_LIMITS, type PathBounds, type PathQuery } from '../graph/paths.ts';
import { entityList } from '../inventory/lists.ts';

/**
 * Most objects one control may answer: a control is a query that should answer nothing, and its
 * findings are written in the ingest transaction. A query answering more is refused when saved.
 */
export const MAX_ANSWERS = 5000;
/** Paths kept as evidence of one start object's finding. */
const MAX_EVIDENCE_PATHS = 10;
const ROWS_PER_READ = 1000;

export type QueryKind = 'list' | 'paths';

/** A control's query, read against its list or the paths reader. */
export type ReadQuery =
  | { kind: 'list'; object: KindDef; spec: AnyListSpec; filters: Filter[] }
  | { kind: 'paths'; object: KindDef; paths: Omit<PathQuery, 'tenant' | 'workspace'> };

/** One object a query answers: its finding's object and evidence. */
export interface Answer {
  objectKind: string;
  objectId: string;
  name: string;
  /** Built only for the answers that open a finding: most answers of a batch are findings already open. */
  evidence: () => Record<string, unknown>;
}

const byPrefix = new Map(routedKinds.map((k) => [k.prefix!, k]));

/** The parameters of a query string; a parameter given twice is refused (the routes read one value). */
function paramsOf(field: QueryKind, text: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of new URLSearchParams(text)) {
    if (out.has(k)) throw badRequest(`${field}: ${k.slice(0, 64)} is given twice`);
    out.set(k, v);
  }
  return out;
}

/** Paging and order are the API's, not a control's: what it answers is every row. */
const notFilters = new Set(['cursor', 'page_size', 'pageSize', 'sort', 'sort_dir', 'format']);

function readList(text: string, d: SqlDialect): ReadQuery {
  const q = text.indexOf('?');
  const prefix = (q < 0 ? text : text.slice(0, q)).trim();
  const object = byPrefix.get(prefix);
  if (!object) throw badRequest(`list: unknown list "${prefix.slice(0, 64)}"; a control lists one of ${[...byPrefix.keys()].join(', ')}`);
  const spec = entityList(object);
  const own = new Map(filtersOf(spec, d).map((f) => [f.param, f]));
  const decls = [...own.values()];
  const values: Record<string, string> = {};
  for (const [key, value] of paramsOf('list', q < 0 ? '' : text.slice(q + 1))) {
    if (notFilters.has(key)) throw badRequest(`list: ${key} is not a filter; a control answers every row its filters keep`);
    if (!own.has(key)) {
      const related = spec.related?.filter(key, d);
      if (!related) {
        throw badRequest(
          `list: ${key.slice(0, 64)} is not a filter of the ${prefix} list; it takes ${[...own.keys()].slice(0, 40).join(', ')}` +
            (spec.related ? `, and ${spec.related.pattern}` : ''),
        );
      }
      decls.push(related);
    }
    values[key] = value;
  }
  try {
    return { kind: 'list', object, spec, filters: readFilters(decls, spec.columns, values) };
  } catch (err) {
    if (err instanceof Error) err.message = `list: ${err.message}`;
    throw err;
  }
}

const pathsKnown = new Set(['from', 'to', 'via', 'max_hops', 'direction']);

function readPaths(text: string, d: SqlDialect, bounds: PathBounds): ReadQuery {
  const params = paramsOf('paths', text);
  const query: Record<string, unknown> = Object.fromEntries(params);
  for (const k of ['from', 'to'] as const) if (!params.get(k)) throw badRequest(`paths: ${k} is required`);
  const hops = params.get('max_hops');
  if (hops !== undefined) {
    const n = Number(hops);
    if (!/^\d+$/.test(hops) || n < 1 || n > PATH_LIMITS.maxHops) throw badRequest(`paths: max_hops must be 1–${PATH_LIMITS.maxHops}`);
    query.max_hops = n;
  }
  const direction = params.get('direction');
  if (direction !== undefined && direction !== 'out' && direction !== 'any') throw badRequest('paths: direction must be out or any');
  try {
    const read = readPathsQuery(
      query as { from: string; to: string; direction?: Direction } & Record<string, unknown>,
      pathsKnown,
      { tenant: '', workspace: '', bounds },
      d,
    );
    const { tenant: _t, workspace: _w, ...paths } = read;
    return { kind: 'paths', object: read.from, paths };
  } catch (err) {
    if (err instanceof Error) err.message = `paths: ${err.message}`;
    throw err;
  }
}

/** Reads a control's query as its route would (a 400 names what is wrong). */
export function readQuery(kind: QueryKind, text: string, d: SqlDialect, bounds: PathBounds): ReadQuery {
  return kind === 'list' ? readList(text, d) : readPaths(text, d, bounds);
}

/** Binds a list of ids (the list's `id` column) as a filter. */
const candidateDecl: FilterDecl = {
  param: 'control_candidates',
  column: 'id',
  op: 'in',
  schema: Type.Array(Type.String()),
  matching: { column: 'id', select: () => sql<{ id: string }>`select null as id` },
};

/**
 * The query on the rows of `ids` only (the same answer on those rows): the ids are bound as a
 * filter beside the query's own (a related filter is resolved to its ids as the route does).
 */
function restricted(q: ReadQuery, ids: readonly string[]): ReadQuery {
  const only: Filter = { decl: candidateDecl, type: 'string', value: null, ids };
  if (q.kind === 'paths') return { ...q, paths: { ...q.paths, fromFilters: [...q.paths.fromFilters, only] } };
  return { ...q, filters: [only, ...q.filters] };
}

/**
 * Every object the query answers in the workspace, by object key, at most `MAX_ANSWERS` (the
 * first in the list's or the paths' order; `truncated` says more answered). `db` may read
 * inside a transaction (reader.ts). With `only`, the query is read on those ids of its kind only.
 */
export async function runQuery(
  db: Db,
  q: ReadQuery,
  tenant: string,
  workspace: string,
  only?: readonly string[],
): Promise<{ answers: Map<string, Answer>; truncated: boolean }> {
  const answers = new Map<string, Answer>();
  if (only) q = restricted(q, only);
  if (q.kind === 'list') {
    const header = [...(q.spec.header ?? q.spec.columns.map((c) => c.name))];
    const idAt = header.indexOf('id');
    const nameAt = header.indexOf('name');
    const scope = workspaceScope({ tenant_id: tenant, workspace_id: workspace });
    let after: unknown[] | null = null;
    do {
      // On candidates, by id: the candidate rows drive the read (the list's own order made PostgreSQL walk every row of the kind in that order).
      const sort = only ? [{ column: 'id', dir: 'asc' as const }] : [...q.spec.defaultSort];
      const page: ListRows = await readRows(db, q.spec, scope, { filters: q.filters, sort, after, limit: ROWS_PER_READ });
      for (const row of page.rows) {
        const values = (typeof row === 'string' ? JSON.parse(row) : row) as unknown[];
        if (answers.size >= MAX_ANSWERS) return { answers, truncated: true };
        const id = String(values[idAt]);
        answers.set(objectKey(q.object.name, id), {
          objectKind: q.object.name,
          objectId: id,
          name: nameAt >= 0 && values[nameAt] ? String(values[nameAt]) : id,
          evidence: () => Object.fromEntries(header.map((c, i) => [c, values[i] ?? null])),
        });
      }
      after = page.next;
    } while (after);
    return { answers, truncated: false };
  }
  const rows = await findPaths(db, { ...q.paths, tenant, workspace });
  const sorted = [...rows].sort((a, b) => a.hops - b.hops || (a.to_id < b.to_id ? -1 : a.to_id > b.to_id ? 1 : 0));
  let truncated = false;
  const found = new Map<string, { path_count: number; paths: unknown[] }>();
  for (const r of sorted) {
    const key = objectKey(q.object.name, r.from_id);
    let ev = found.get(key);
    if (!ev) {
      if (answers.size >= MAX_ANSWERS) {
        truncated = true;
        continue;
      }
      const own = { path_count: 0, paths: [] as unknown[] };
      ev = own;
      found.set(key, own);
      answers.set(key, { objectKind: q.object.name, objectId: r.from_id, name: r.from_name ?? r.from_id, evidence: () => own });
    }
    ev.path_count++;
    if (ev.paths.length < MAX_EVIDENCE_PATHS) {
      ev.paths.push({ to_id: r.to_id, to_name: r.to_name, hops: r.hops, path: r.path, relations: r.relations });
    }
  }
  return { answers, truncated };
}
