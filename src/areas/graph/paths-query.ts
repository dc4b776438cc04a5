// Reading a paths query (its parameters, already of their schema's types) into what findPaths
// takes: the kinds at each end and on the way, and the `from.` / `to.` filters of each end's
// list. The paths route and saved controls (src/areas/controls) read it here, so a control's
// query is checked exactly as the route checks it.

import type { KindDef } from '../../catalog/types.ts';
import type { SqlDialect } from '../../platform/db/dialect.ts';
import { badRequest } from '../../platform/errors.ts';
import { type Filter, readFilters } from '../../platform/lists/filters.ts';
import { filtersOf } from '../../platform/lists/list-page.ts';
import { entityList } from '../inventory/lists.ts';
import { type Direction, kindOf, type PathBounds, type PathQuery } from './paths.ts';

/** The parameters of a paths query other than the end filters. */
export interface PathsParams {
  from: string;
  to: string;
  via?: string;
  max_hops?: number;
  direction?: Direction;
}

/** `from.<filter>` / `to.<filter>` parameters: the filters of the kind's list, prefixed. */
function endFilters(prefix: 'from' | 'to', kind: KindDef, query: Record<string, unknown>, d: SqlDialect): Filter[] {
  const spec = entityList(kind);
  const decls = filtersOf(spec, d);
  const values: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(query)) {
    if (!k.startsWith(`${prefix}.`)) continue;
    const name = k.slice(prefix.length + 1);
    if (!decls.some((f) => f.param === name)) {
      throw badRequest(
        `${k.slice(0, 80)}: ${kind.label}s take no filter "${name.slice(0, 64)}"; their columns are ${kind.columns
          .filter((c) => decls.some((f) => f.column === c.name))
          .map((c) => c.name)
          .join(', ')}`,
      );
    }
    values[name] = v;
  }
  return readFilters(decls, kind.columns, values);
}

/**
 * A paths query of a workspace: every parameter not in `known` must be a `from.` or `to.` filter
 * (a 400 names it otherwise), each filter one of its end's list, its value of the column's type.
 */
export function readPathsQuery(
  query: PathsParams & Record<string, unknown>,
  known: ReadonlySet<string>,
  scope: { tenant: string; workspace: string; bounds: PathBounds },
  d: SqlDialect,
): PathQuery {
  for (const k of Object.keys(query)) {
    if (!known.has(k) && !k.startsWith('from.') && !k.startsWith('to.')) {
      throw badRequest(
        `${k.slice(0, 64)}: unknown query parameter; this operation takes ${[...known].join(', ')}, and from.<filter> / to.<filter>`,
      );
    }
  }
  const from = kindOf('from', query.from);
  const to = kindOf('to', query.to);
  const via = (query.via ?? '')
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean)
    .map((v) => kindOf('via', v));
  return {
    tenant: scope.tenant,
    workspace: scope.workspace,
    from,
    to,
    via,
    maxHops: query.max_hops ?? 4,
    direction: query.direction ?? 'out',
    fromFilters: endFilters('from', from, query, d),
    toFilters: endFilters('to', to, query, d),
    bounds: scope.bounds,
  };
}
