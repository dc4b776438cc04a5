// Entity tags and the conditional request headers of RFC 9110 (section 13) for resources whose
// version is a number: the ETag is that number in quotes, strong. If-Match compares strongly (a
// weak tag W/"…" never matches); If-None-Match compares weakly.

import { badRequest } from '../errors.ts';

export function etagOf(version: number): string {
  return `"${version}"`;
}

/** `*`, or the entity tags of a comma-separated list; a 400 naming the header when malformed. */
function parseTagList(header: string, name: string): '*' | Array<{ weak: boolean; tag: string }> {
  const text = header.trim();
  if (text === '*') return '*';
  const tags: Array<{ weak: boolean; tag: string }> = [];
  // entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE, where etagc excludes DQUOTE.
  const re = /\s*(W\/)?"([^"]*)"\s*(,|$)/y;
  let at = 0;
  while (at < text.length) {
    re.lastIndex = at;
    const m = re.exec(text);
    if (!m) throw badRequest(`${name}: expected * or a comma-separated list of quoted entity tags such as "1234"`);
    tags.push({ weak: m[1] !== undefined, tag: m[2]! });
    at = re.lastIndex;
    if (m[3] === '') break;
  }
  if (!tags.length) throw badRequest(`${name}: expected * or a comma-separated list of quoted entity tags such as "1234"`);
  return tags;
}

/** A tag this service could have issued: a version number. */
function versionOfTag(tag: string): number | null {
  return /^[1-9]\d{0,9}$/.test(tag) ? Number(tag) : null;
}

/**
 * If-Match as the versions it accepts: 'any' for *, a list of versions otherwise (possibly empty:
 * tags this service never issued, or weak ones, match nothing), undefined without the header.
 */
export function ifMatchVersions(header: string | undefined): number[] | 'any' | undefined {
  if (header === undefined) return undefined;
  const parsed = parseTagList(header, 'If-Match');
  if (parsed === '*') return 'any';
  const out: number[] = [];
  for (const t of parsed) {
    const v = t.weak ? null : versionOfTag(t.tag);
    if (v !== null) out.push(v);
  }
  return out;
}

/** Whether If-None-Match is exactly `*` (the only form PUT takes); a 400 for any other form. */
export function ifNoneMatchAny(header: string | undefined, method: string): boolean {
  if (header === undefined) return false;
  if (parseTagList(header, 'If-None-Match') !== '*') {
    throw badRequest(`If-None-Match: ${method} accepts only * (create the entry only if it does not exist)`);
  }
  return true;
}

/**
 * Whether a GET's If-None-Match matches the current tag (weak comparison): then 304. A malformed
 * header is ignored here (a GET without a cached copy is always safe), unlike on writes.
 */
export function noneMatchHits(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  let parsed: ReturnType<typeof parseTagList>;
  try {
    parsed = parseTagList(header, 'If-None-Match');
  } catch {
    return false;
  }
  return parsed === '*' || parsed.some((t) => `"${t.tag}"` === etag);
}
