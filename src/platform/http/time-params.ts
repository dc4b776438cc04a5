// Time-window query parameters shared by the runtime endpoints: RFC 3339 with a zone, inclusive.

import { parseTime } from '../values.ts';
import { badRequest } from '../errors.ts';

/** An optional RFC 3339 query parameter as epoch milliseconds; 400 naming it when malformed. */
export function timeParam(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = parseTime(value);
  if (ms === null) throw badRequest(`${name}: expected an RFC 3339 time with a zone, such as 2026-01-31T09:00:00Z`);
  return ms;
}

/** 400 when a window's start is after its end. */
export function checkOrder(start: number | undefined, end: number | undefined): void {
  if (start !== undefined && end !== undefined && start > end) throw badRequest('start_time: later than end_time');
}
