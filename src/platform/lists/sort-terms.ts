// The `sort` parameter of the findings and rules lists: `column[:asc|desc]`, comma-separated,
// e.g. `severity:desc,open_instances:desc`. A term without a direction takes `sort_dir` when the
// request has one, else ascending (as the inventory's `sort` does). Without `sort` the list's
// default order applies; `sort_dir` alone turns it around.

import type { ColumnDef } from '../../catalog/types.ts';
import type { SortDir } from '../db/paging/keyset.ts';
import type { SortTerm } from '../db/paging/keyset-multi.ts';
import { badRequest } from '../errors.ts';

export type { SortTerm };

const MAX_TERMS = 4;

export function parseSortTerms(
  columns: ColumnDef[], sort: string | undefined, sortDir: SortDir | undefined, fallback: SortTerm[],
): SortTerm[] {
  const sortable = columns.filter((c) => c.sortable).map((c) => c.name);
  if (sort === undefined || sort.trim() === '') {
    return sortDir ? fallback.map((t) => ({ ...t, dir: sortDir })) : fallback;
  }
  const parts = sort.split(',').map((p) => p.trim());
  if (parts.length > MAX_TERMS) throw badRequest(`sort: at most ${MAX_TERMS} columns`);
  const terms: SortTerm[] = [];
  for (const part of parts) {
    const [name = '', dir, ...rest] = part.split(':');
    if (!sortable.includes(name)) {
      const known = columns.some((c) => c.name === name);
      throw badRequest(`sort: ${known ? 'column cannot be sorted' : 'unknown column'} "${name.slice(0, 64)}"; sortable columns are ${sortable.join(', ')}`);
    }
    if (rest.length || (dir !== undefined && dir !== 'asc' && dir !== 'desc')) {
      throw badRequest(`sort: "${part.slice(0, 80)}" must be column, column:asc or column:desc`);
    }
    if (terms.some((t) => t.column === name)) throw badRequest(`sort: column "${name}" is named twice`);
    terms.push({ column: name, dir: (dir as SortDir | undefined) ?? sortDir ?? 'asc' });
  }
  return terms;
}

/** How the terms read in a cursor fingerprint. */
export function sortSignature(terms: SortTerm[]): string {
  return terms.map((t) => `${t.column}:${t.dir}`).join(',');
}
