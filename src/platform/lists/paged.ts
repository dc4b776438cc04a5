// The cursor of a paged answer checked against the fingerprint of its query, and the answer sent
// as JSON or, when the client accepts text/csv, as CSV with the cursor and total in headers.

import type { FastifyReply, FastifyRequest } from 'fastify';
import { Cursors, type SortKey } from '../db/paging/cursor.ts';
import { csvStream, tabular, tabularJson, tabularText, wantsCsv, type Tabular } from '../http/tabular.ts';
import type { AppContext } from '../http/context.ts';

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
  return reply.type('application/json; charset=utf-8').send(tabularText(result));
}

/** Like sendTabular, for rows that are JSON texts already (parsed only for CSV). */
export function sendTabularRows(
  request: FastifyRequest,
  reply: FastifyReply,
  header: string[],
  headerJson: string,
  rows: string[],
  cursor: string,
  total: number,
): FastifyReply {
  if (wantsCsv(request.headers.accept)) {
    return sendTabular(
      request,
      reply,
      tabular(
        header,
        rows.map((r) => JSON.parse(r) as unknown[]),
        cursor,
        total,
      ),
    );
  }
  return reply.type('application/json; charset=utf-8').send(tabularJson(headerJson, rows, cursor, total));
}
