// What every tool's run uses: the limits of an answer, API paths and answers, filters as query
// parameters, answers bounded in bytes (long strings clipped), and the tool result with its summary
// and structured content.

import type { CallToolResult } from '@modelcontextprotocol/server';
import type { QueryValue } from './api.ts';
import { escapedJson, type Prose, proseText } from './untrusted.ts';

/**
 * An argument as one path segment of an API read, naming the argument when it cannot be one.
 * `encodeURIComponent` leaves `.` and `..` as they are, and URL resolution then removes them or
 * climbs a level (`id: ".."` read the workspace list's path without its id). A `/` is encoded
 * (`%2F`) and stays inside the segment: ids hold it (`pkg:huggingface/meta-llama/Llama-3-8B`).
 */

/** Rows a list tool answers by default and at most. */
export const DEFAULT_PAGE = 20;
export const MAX_PAGE = 100;
/** Largest structured answer, in bytes of JSON; a page that would pass it is read again with fewer rows. */
export const MAX_BYTES = 64 * 1024;
/** Items of each embedded section shown with one object (the `list_neighbours` tool pages the rest). */
export const SECTION_ITEMS = 20;

/** A failure the assistant should read: the API's refusal or a bad argument, with a message of ours. */
export class ToolError extends Error {}

export type Row = Record<string, unknown>;
export interface Tabular {
  header: string[];
  rows: unknown[][];
  cursor: string;
  total: number;
}

export function seg(argument: string, value: string): string {
  if (value === '.' || value === '..') throw new ToolError(`${argument}: "${value}" is not an id (it would name another path)`);
  return encodeURIComponent(value);
}
export const wsPath = (prefix: string, tenant: string, workspace: string) =>
  `/api/v1/${prefix}/tenants/${seg('tenant', tenant)}/workspaces/${seg('workspace', workspace)}`;

export function objectsOf(t: { header: string[]; rows: unknown[][] }): Row[] {
  return t.rows.map((r) => Object.fromEntries(t.header.map((h, i) => [h, r[i]])));
}

/** The 2xx body, or the API's refusal as a tool error naming what it named. */
export function ok<T>(answer: { status: number; body: unknown }): T {
  if (answer.status >= 200 && answer.status < 300) return answer.body as T;
  const b = answer.body as { message?: unknown } | null;
  const message = typeof b?.message === 'string' ? b.message : 'the service refused the request';
  throw new ToolError(`${message} (HTTP ${answer.status})`);
}

export function filterQuery(
  filters: Record<string, string | number | boolean> | undefined,
  reserved: readonly string[],
): Record<string, QueryValue> {
  const entries: Array<[string, QueryValue]> = [];
  for (const [k, v] of Object.entries(filters ?? {})) {
    if (reserved.includes(k) || k === 'cursor' || k === 'page_size' || k === 'pageSize' || k === 'sort' || k === 'sort_dir')
      throw new ToolError(`filters.${k}: give it as the tool's own argument, not as a filter`);
    entries.push([k, v]);
  }
  // fromEntries defines own properties: `out.__proto__ = v` would drop the filter silently instead
  // of passing it on for the API to refuse by name.
  return Object.fromEntries(entries);
}

export const size = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

/** Long strings cut, deepest first, until the value fits MAX_BYTES. */
export function clip<T>(value: T): { value: T; clipped: boolean } {
  if (size(value) <= MAX_BYTES) return { value, clipped: false };
  for (let limit = 4096; limit >= 32; limit = Math.floor(limit / 2)) {
    const cut = (v: unknown): unknown => {
      if (typeof v === 'string') return v.length > limit ? `${v.slice(0, limit)}… [${v.length - limit} more characters]` : v;
      if (Array.isArray(v)) return v.map(cut);
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cut(x)]));
      return v;
    };
    const out = cut(value) as T;
    if (size(out) <= MAX_BYTES) return { value: out, clipped: true };
  }
  throw new ToolError('the answer is too large to return even with its texts shortened; ask for fewer rows');
}

/**
 * Reads a page of a list, `wanted` rows, and reads it again with fewer when its answer would pass
 * MAX_BYTES: the cursor of the page read continues exactly after its last row, so nothing is skipped.
 */
export async function boundedPage<O extends object>(
  read: (rows: number) => Promise<Tabular>,
  wanted: number,
  shape: (t: Tabular) => O,
): Promise<O> {
  let rows = wanted;
  for (;;) {
    const t = await read(rows);
    const out = shape(t);
    const bytes = size(out);
    if (bytes <= MAX_BYTES) return out;
    if (t.rows.length <= 1) return { ...clip(out).value, clipped: true };
    rows = Math.max(1, Math.min(t.rows.length - 1, Math.floor((t.rows.length * MAX_BYTES) / bytes)));
  }
}

export const more = (cursor: string) => (cursor ? ' More: call again with the `cursor` of this answer.' : '');
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export interface Answer {
  /** Written with `say`: texts of the inventory are references to an untrusted-data block, never prose. */
  summary: Prose;
  data: Record<string, unknown>;
}

export function result(a: Answer): CallToolResult {
  // The summary for the reader, its inventory texts in a marked data block; the same data as JSON
  // text for clients that read only `content` (the specification's advice for tools returning
  // structured content), escaped like the summary's block so no text in it can pose as a delimiter.
  return {
    content: [
      { type: 'text', text: proseText(a.summary) },
      { type: 'text', text: escapedJson(a.data) },
    ],
    structuredContent: a.data,
  };
}

export function failure(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}
