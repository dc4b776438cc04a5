// Turning stored values into wire values: times from epoch milliseconds to RFC 3339 UTC.

const DAY_MS = 86_400_000;
/** Date.prototype.toISOString's range: past it, and for NaN, that method answers (a RangeError). */
const MAX_TIME = 8.64e15;
const TWO = Array.from({ length: 60 }, (_, i) => String(i).padStart(2, '0'));
const THREE = Array.from({ length: 1000 }, (_, i) => String(i).padStart(3, '0'));
/** "YYYY-MM-DDT" of recently formatted days: the lists answer runs of times from a few days. */
const dayPrefixes = new Map<number, string>();
const MAX_DAYS_KEPT = 4096;

/**
 * Epoch milliseconds as RFC 3339 UTC, exactly as Date.prototype.toISOString writes them (a
 * fraction of a millisecond dropped toward zero, years past 9999 signed and six digits). The day's
 * part is kept and the time of day written from its digits: a page of 10,000 sessions writes
 * 20,000 times, and a Date and its toISOString cost about 0.6 µs each, a fifth of the page's time.
 */
export function rfc3339(ms: number | null | undefined): string | null {
  if (ms === null || ms === undefined) return null;
  const t = Math.trunc(Number(ms));
  if (!(Math.abs(t) <= MAX_TIME)) return new Date(t).toISOString();
  const day = Math.floor(t / DAY_MS);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    if (dayPrefixes.size >= MAX_DAYS_KEPT) dayPrefixes.clear();
    const iso = new Date(day * DAY_MS).toISOString();
    prefix = iso.slice(0, iso.indexOf('T') + 1);
    dayPrefixes.set(day, prefix);
  }
  let rest = t - day * DAY_MS;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = Math.floor(rest / 1000);
  return `${prefix}${TWO[hours]}:${TWO[minutes]}:${TWO[seconds]}.${THREE[rest - seconds * 1000]}Z`;
}

/** Parses an RFC 3339 timestamp (with a zone) into epoch milliseconds, or null when malformed. */
export function parseTime(text: string): number | null {
  const fast = text.length === 24 ? canonicalTime(text) : undefined;
  if (fast !== undefined) return fast;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

/** Where the digits of `YYYY-MM-DD` and of `HH:MM:SS.sss` are in a canonical time. */
const DAY_DIGITS = [0, 1, 2, 3, 5, 6, 8, 9];
const TIME_DIGITS = [11, 12, 14, 15, 17, 18, 20, 21, 22];
/** Epoch milliseconds of the start of recently parsed days ("YYYY-MM-DD" as the number YYYYMMDD), NaN for a day Date does not take. */
const dayStarts = new Map<number, number>();

/** The digit at `i` (0-9), or -1. */
function digit(text: string, i: number): number {
  const c = text.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1;
}

/**
 * `YYYY-MM-DDTHH:MM:SS.sssZ`, the form toISOString and the OpenTelemetry-built records write, read
 * from its digits with the day's start kept: the pattern and Date.parse cost 0.6-0.7 µs a time
 * and this 0.2, and every record carries two or more (an OTLP export of 256 model calls reads about
 * 1,200). Undefined for anything else, and for a day or time of day this does not
 * decide alone (a day Date refuses, hour 24, second 60): parseTime's general reading answers those.
 */
function canonicalTime(text: string): number | undefined {
  if (text.charCodeAt(4) !== 45 || text.charCodeAt(7) !== 45 || text.charCodeAt(10) !== 84) return undefined;
  if (text.charCodeAt(13) !== 58 || text.charCodeAt(16) !== 58 || text.charCodeAt(19) !== 46 || text.charCodeAt(23) !== 90)
    return undefined;
  let day = 0;
  for (const i of DAY_DIGITS) {
    const d = digit(text, i);
    if (d < 0) return undefined;
    day = day * 10 + d;
  }
  let time = 0;
  for (const i of TIME_DIGITS) {
    const d = digit(text, i);
    if (d < 0) return undefined;
    time = time * 10 + d;
  }
  // time is HHMMSSsss as one number.
  const hours = Math.floor(time / 10_000_000);
  const minutes = Math.floor(time / 100_000) % 100;
  const seconds = Math.floor(time / 1000) % 100;
  if (hours > 23 || minutes > 59 || seconds > 59) return undefined;
  let start = dayStarts.get(day);
  if (start === undefined) {
    if (dayStarts.size >= MAX_DAYS_KEPT) dayStarts.clear();
    start = Date.parse(`${text.slice(0, 10)}T00:00:00.000Z`);
    dayStarts.set(day, start);
  }
  if (Number.isNaN(start)) return undefined;
  return start + hours * 3_600_000 + minutes * 60_000 + seconds * 1000 + (time % 1000);
}

/** JSON text with object keys sorted: jsonb does not keep key order, so stored and built values compare canonically. */
export function canonicalJson(v: unknown): string {
  return JSON.stringify(v, (_k, x) =>
    x && typeof x === 'object' && !Array.isArray(x)
      ? Object.fromEntries(
          Object.keys(x)
            .sort()
            .map((k) => [k, (x as Record<string, unknown>)[k]]),
        )
      : x,
  );
}
