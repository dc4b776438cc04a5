// The `sort` parameter of every list: `column[:asc|desc]`, comma-separated, e.g.
// `severity:desc,open_instances:desc` (one column name is the simplest case). A term without a
// direction takes `sort_dir` when the request has one, else ascending. Without `sort` the list's
// default order applies; `sort_dir` alone turns it around.

import type { SortDir, SortTerm } from '../db/paging/keyset.ts';
import { badRequest } from '../errors.ts';
import type { ListDecl } from './list-spec.ts';

export type { SortTerm };

const MAX_TERMS = 4;

/** The columns `sort` may name, and the names the list documents for them. */
function sortable(spec: ListDecl): { names: string[]; resolve: (name: string) => string | undefined } {
  const columns = spec.columns.filter((c) => c.sortable).map((c) => c.name);
  // A Map: the name is the client's, and a plain object would answer `constructor` or `__proto__`.
  const aliases = new Map(Object.entries(spec.sortAliases ?? {}));
  return {
    names: [...(spec.sortNames ?? columns)],
    resolve: (name) => (columns.includes(name) ? name : aliases.get(name)),
  };
}

export function parseSortTerms(spec: ListDecl, sort: string | undefined, sortDir: SortDir | undefined): SortTerm[] {
  const { names, resolve } = sortable(spec);
  if (sort === undefined || sort.trim() === '') {
    return sortDir ? spec.defaultSort.map((t) => ({ ...t, dir: sortDir })) : [...spec.defaultSort];
  }
  const unknown = (name: string) => {
    const known = spec.columns.some((c) => c.name === name);
    return badRequest(
      `sort: ${known ? 'column cannot be sorted' : 'unknown column'} "${name.slice(0, 64)}"; sortable columns are ${names.join(', ')}`,
    );
  };
  const parts = sort.split(',').map((p) => p.trim());
  if (parts.length > MAX_TERMS) throw badRequest(`sort: at most ${MAX_TERMS} columns`);
  const terms: SortTerm[] = [];
  for (const part of parts) {
    const [name = '', dir, ...rest] = part.split(':');
    const column = resolve(name);
    if (!column) throw unknown(name);
    if (rest.length || (dir !== undefined && dir !== 'asc' && dir !== 'desc')) {
      throw badRequest(`sort: "${part.slice(0, 80)}" must be column, column:asc or column:desc`);
    }
    if (terms.some((t) => t.column === column)) throw badRequest(`sort: column "${name}" is named twice`);
    terms.push({ column, dir: (dir as SortDir | undefined) ?? sortDir ?? 'asc' });
  }
  return terms;
}

/** How the terms read in a cursor fingerprint. */
export function sortSignature(terms: readonly SortTerm[]): string {
  return terms.map((t) => `${t.column}:${t.dir}`).join(',');
}
