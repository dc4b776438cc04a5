// What a saved view can be a view of: one list of a workspace, by name. Each is the list the
// service already answers (its ListSpec), so a view's filters, sort and columns are checked, and
// its rows read, exactly as the list's own route reads them: an export holds what the list shows.

import { routedKinds } from '../../catalog/kinds.ts';
import type { SqlDialect } from '../../platform/db/dialect.ts';
import type { SortTerm } from '../../platform/db/paging/keyset.ts';
import { badRequest } from '../../platform/errors.ts';
import { type Filter, readFilters } from '../../platform/lists/filters.ts';
import { filtersOf } from '../../platform/lists/list-page.ts';
import type { AnyListSpec } from '../../platform/lists/list-spec.ts';
import { parseSortTerms } from '../../platform/lists/sort-terms.ts';
import { workspaceInstances, workspaceIssues } from '../findings/lists.ts';
import { entityList } from '../inventory/lists.ts';
import { interactionsList } from '../runtime/interactions.ts';
import { sessionsList } from '../runtime/sessions.ts';
import { currentScans } from '../scans/lists.ts';

/** The lists a view may be of: each inventory kind, issues, instances, sessions, interactions and (current) scans. */
export const viewEntities: ReadonlyMap<string, AnyListSpec> = new Map<string, AnyListSpec>([
  ...routedKinds.map((k) => [k.name, entityList(k)] as const),
  ['issues', workspaceIssues],
  ['instances', workspaceInstances],
  ['sessions', sessionsList],
  ['interactions', interactionsList],
  ['scans', currentScans],
]);

export const entityNames = [...viewEntities.keys()];

/** The saved query of a view, as it is stored. */
export interface ViewQuery {
  entity: string;
  saved_filters: Record<string, string>;
  sort: string | null;
  columns: string[] | null;
}

/** A view's query, read against its list: the filters and sort terms it applies, and the columns it keeps. */
export interface ResolvedView {
  spec: AnyListSpec;
  filters: Filter[];
  sort: SortTerm[];
  /** The list's header. */
  header: string[];
  /** Positions in the header of the columns kept, in the view's order. */
  picked: number[];
}

export function listOf(entity: string): AnyListSpec {
  const spec = viewEntities.get(entity);
  if (!spec) throw badRequest(`entity: unknown "${entity.slice(0, 64)}"; a view is of one of ${entityNames.join(', ')}`);
  return spec;
}

/**
 * Reads a view's query against its list, with the list's own checks: every saved filter must be
 * one of the list's filters (paging and sort are not filters), its value of the column's type;
 * the sort terms sortable; the columns in the list's header. A 400 names what is wrong.
 */
export function resolveView(q: ViewQuery, d: SqlDialect): ResolvedView {
  const spec = listOf(q.entity);
  const own = new Map(filtersOf(spec, d).map((f) => [f.param, f]));
  const decls = [...own.values()];
  for (const key of Object.keys(q.saved_filters)) {
    if (own.has(key)) continue;
    const related = spec.related?.filter(key, d);
    if (!related) {
      throw badRequest(
        `saved_filters.${key.slice(0, 64)}: not a filter of the ${q.entity} list; it takes ${[...own.keys()].slice(0, 40).join(', ')}` +
          (spec.related ? `, and ${spec.related.pattern}` : ''),
      );
    }
    decls.push(related);
  }
  let filters: Filter[];
  try {
    filters = readFilters(decls, spec.columns, q.saved_filters);
  } catch (err) {
    if (err instanceof Error) err.message = `saved_filters.${err.message}`;
    throw err;
  }
  const sort = parseSortTerms(spec, q.sort ?? undefined, undefined);
  const header = [...(spec.header ?? spec.columns.map((c) => c.name))];
  const picked = (q.columns ?? header).map((c) => {
    const i = header.indexOf(c);
    if (i < 0)
      throw badRequest(`columns: "${c.slice(0, 64)}" is not a column of the ${q.entity} list; its columns are ${header.join(', ')}`);
    return i;
  });
  if (new Set(picked).size !== picked.length) throw badRequest('columns: a column is named twice');
  return { spec, filters, sort, header, picked };
}
