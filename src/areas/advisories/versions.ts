// Whether a package version is affected by an OSV `affected` entry, with each ecosystem's own
// version order: npm's semver (the `semver` package, pre-releases before their release) and
// PyPI's PEP 440 (`@renovatebot/pep440`: epochs, pre-, post- and dev-releases, local versions).
// Never string comparison: "1.10.0" is after "1.9.0", "1!0.1" after "2.0".
//
// The OSV rule (ossf.github.io/osv-schema, "Evaluation"): a version is affected when the
// `versions` list names it, or when some SEMVER / ECOSYSTEM range, its events sorted by version,
// leaves it inside: `introduced` at or below it opens, `fixed` at or below it closes,
// `last_affected` below it closes. GIT ranges name commits, not versions: they are not matched.

import * as pep440 from '@renovatebot/pep440';
import semver from 'semver';
import type { AffectedPackage, Ecosystem, OsvEvent } from '../../catalog/osv/record.ts';

interface Order {
  valid(v: string): boolean;
  compare(a: string, b: string): number;
}

const orders: Record<Ecosystem, Order> = {
  npm: { valid: (v) => semver.valid(v) !== null, compare: (a, b) => semver.compare(a, b) },
  pypi: { valid: (v) => pep440.valid(v) !== null, compare: (a, b) => pep440.compare(a, b) },
};

function eventVersion(e: OsvEvent): string | undefined {
  return e.introduced ?? e.fixed ?? e.last_affected ?? e.limit;
}

function inRange(order: Order, version: string, events: OsvEvent[]): boolean {
  // "0" is before every version; an event whose version the ecosystem cannot read makes the range unreadable.
  const usable = events.filter((e) => e.limit === undefined);
  for (const e of usable) {
    const v = eventVersion(e)!;
    if (!(e.introduced === '0' || order.valid(v))) return false;
  }
  const key = (e: OsvEvent) => eventVersion(e)!;
  const sorted = [...usable].sort((a, b) => {
    if (a.introduced === '0') return b.introduced === '0' ? 0 : -1;
    if (b.introduced === '0') return 1;
    return order.compare(key(a), key(b));
  });
  let affected = false;
  for (const e of sorted) {
    if (e.introduced !== undefined) {
      if (e.introduced === '0' || order.compare(version, e.introduced) >= 0) affected = true;
    } else if (e.fixed !== undefined) {
      if (order.compare(version, e.fixed) >= 0) affected = false;
    } else if (e.last_affected !== undefined) {
      if (order.compare(version, e.last_affected) > 0) affected = false;
    }
  }
  return affected;
}

/** Whether `version` (a valid version of the package's ecosystem) is affected by the entry. */
export function affects(entry: AffectedPackage, version: string): boolean {
  const order = orders[entry.ecosystem];
  if (!order.valid(version)) return false;
  if (entry.versions.some((v) => order.valid(v) && order.compare(v, version) === 0)) return true;
  return entry.ranges.some((r) => (r.type === 'SEMVER' || r.type === 'ECOSYSTEM') && inRange(order, version, r.events));
}

/** The versions that fix the entry (its `fixed` events), in the ecosystem's order. */
export function fixedVersions(entry: AffectedPackage): string[] {
  const order = orders[entry.ecosystem];
  const out = new Set<string>();
  for (const r of entry.ranges) for (const e of r.events) if (e.fixed !== undefined && order.valid(e.fixed)) out.add(e.fixed);
  return [...out].sort((a, b) => order.compare(a, b));
}

/** A version the scan recorded: exact, or the lowest a range allows (no lock file named the installed one). */
export interface Resolved {
  version: string;
  /** `exact`, or `lowest allowed by <range>`. */
  basis: string;
}

/**
 * The version to match for what a manifest says: an exact version as is; for a range, the lowest
 * version it allows (npm: semver's minVersion; PyPI: the highest of its `>=`, `~=`, `==` bounds that
 * the specifier admits). Null when nothing can be read (a URL, a tag, `*`).
 */
export function resolveVersion(ecosystem: Ecosystem, spec: string): Resolved | null {
  const s = spec.trim();
  if (ecosystem === 'npm') {
    const exact = semver.valid(s.replace(/^=/, ''));
    if (exact) return { version: exact, basis: 'exact' };
    if (!semver.validRange(s) || s === '*' || s === '') return null;
    const low = semver.minVersion(s);
    return low && low.version !== '0.0.0' ? { version: low.version, basis: `lowest allowed by ${s}` } : null;
  }
  const bare = s.replace(/^===?\s*/, '');
  if (pep440.valid(bare) && !/[<>=~*,]|!=/.test(bare)) return { version: bare, basis: 'exact' };
  if (!pep440.validRange(s)) return null;
  const bounds = [...s.matchAll(/(?:~=|===|==|>=)\s*([^,;\s*]+)(?![.*\w])/g)].map((m) => m[1]!).filter((v) => pep440.valid(v));
  const candidates = bounds.filter((v) => pep440.satisfies(v, s)).sort((a, b) => pep440.compare(a, b));
  const low = candidates.at(-1);
  return low ? { version: low, basis: `lowest allowed by ${s}` } : null;
}
