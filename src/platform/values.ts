// Turning stored values into wire values: times from epoch milliseconds to RFC 3339 UTC.

export function rfc3339(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined) return null;
  return new Date(Number(ms)).toISOString();
}

/** Parses an RFC 3339 timestamp (with a zone) into epoch milliseconds, or null when malformed. */
export function parseTime(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}
