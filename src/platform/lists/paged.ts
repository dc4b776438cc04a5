// Shared handling of paged endpoints: sort and direction resolved against a column list, the
// cursor checked against the query's fingerprint, and the answer sent as JSON or, when the client
// accepts text/csv, as CSV with the cursor and total in headers.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ColumnDef } from '../../catalog/types.ts';
import { Cursors, type SortKey } from '../db/paging/cursor.ts';
import type { SortDir } from '../db/paging/keyset.ts';
import { csvStream, tabular, tabularJson, wantsCsv, type Tabular } from '../http/tabular.ts';
import type { AppContext } from '../http/context.ts';
import { badRequest } from '../errors.ts';

export interface SortChoice {
  column: ColumnDef;
  dir: SortDir;
}

/**
 * The sort a request asks for. Without `sort` the default order applies (and its direction);
 * with `sort` and no `sort_dir`, ascending.
 */
export function resolveSort(
  columns: ColumnDef[], fallback: { column: string; dir: SortDir }, sort: string | undefined, dir: SortDir | undefined,
): SortChoice {
  const name = sort ?? fallback.column;
  const column = columns.find((c) => c.name === name);
  if (!column || !column.sortable) {
    const allowed = columns.filter((c) => c.sortable).map((c) => c.name).join(', ');
    throw badRequest(`sort: ${column ? 'column cannot be sorted' : 'unknown column'} "${name.slice(0, 64)}"; sortable columns are ${allowed}`);
  }
  return { column, dir: dir ?? (sort === undefined ? fallback.dir : 'asc') };
}

/** A name__ilk value as the lower-cased needle, or undefined when absent or empty. */
export function needleOf(nameIlk: string | undefined): string | undefined {
  return nameIlk ? nameIlk.toLowerCase() : undefined;
}

export class Pager {
  readonly fingerprint: string;
  readonly after: SortKey | null;
  private readonly ctx: AppContext;

  /** `parts` names everything that defines the query (path, filters, sort), never the page size. */
  constructor(ctx: AppContext, parts: ReadonlyArray<unknown>, cursor: string | undefined) {
    this.ctx = ctx;
    this.fingerprint = Cursors.fingerprint(parts);
    this.after = cursor ? ctx.cursors.decode(this.fingerprint, cursor) : null;
  }

  cursorFor(next: SortKey | null): string {
    return next ? this.ctx.cursors.encode(this.fingerprint, next) : '';
  }
}

/** Sends a tabular result as JSON, or as CSV when the client asked for it. */
export function sendTabular(request: FastifyRequest, reply: FastifyReply, result: Tabular): FastifyReply {
  if (wantsCsv(request.headers.accept)) {
    reply.header('x-total-count', String(result.total));
    if (result.cursor) reply.header('x-next-cursor', result.cursor);
    return reply.type('text/csv; charset=utf-8').send(csvStream(result.header, result.rows));
  }
  return reply.send(result);
}

/** Like sendTabular, for rows that are JSON texts already (parsed only for CSV). */
export function sendTabularRows(
  request: FastifyRequest, reply: FastifyReply, header: string[], headerJson: string, rows: string[], cursor: string, total: number,
): FastifyReply {
  if (wantsCsv(request.headers.accept)) {
    return sendTabular(request, reply, tabular(header, rows.map((r) => JSON.parse(r) as unknown[]), cursor, total));
  }
  return reply.type('application/json; charset=utf-8').send(tabularJson(headerJson, rows, cursor, total));
}

export { tabular };
