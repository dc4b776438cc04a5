// An OSV record (validated against the schema, validate.ts) reduced to what matching and findings
// need: its id and times, aliases, severity, references, and the npm and PyPI packages it affects
// with their ranges and version lists. Other ecosystems are kept in the stored record only.

import { createRequire } from 'node:module';
import type { Severity } from '../rules/index.ts';

export type Ecosystem = 'npm' | 'pypi';

export interface OsvEvent {
  introduced?: string;
  fixed?: string;
  last_affected?: string;
  limit?: string;
}

export interface AffectedPackage {
  ecosystem: Ecosystem;
  name: string;
  ranges: Array<{ type: string; events: OsvEvent[] }>;
  versions: string[];
}

export interface Cvss {
  /** `CVSS_V3`, `CVSS_V4` or `CVSS_V2`, as OSV names it. */
  type: string;
  vector: string;
  /** The base score the vector gives (FIRST's formulas, computed by ae-cvss-calculator). */
  score: number;
}

export interface Advisory {
  id: string;
  modified: number;
  published: number | null;
  withdrawn: number | null;
  aliases: string[];
  summary: string;
  severity: Severity;
  cvss: Cvss | null;
  references: Array<{ type: string; url: string }>;
  affected: AffectedPackage[];
}

/** PyPI names compare after PEP 503 normalisation (as `aispm scan` records them). */
export function normalisePypi(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

function ecosystemOf(name: string): Ecosystem | null {
  if (name === 'npm') return 'npm';
  if (name === 'PyPI') return 'pypi';
  return null;
}

// Required at the first vector read, not at start: the library is about 15 ms of every start
// (BENCHMARKS.md, start to /readyz), and only advisory imports and rescans read vectors.
let cvssLibrary: typeof import('ae-cvss-calculator') | undefined;
const cvss = () => (cvssLibrary ??= createRequire(import.meta.url)('ae-cvss-calculator') as typeof import('ae-cvss-calculator'));

/** The base score of a CVSS vector, or null when the library cannot read it. */
export function cvssBase(type: string, vector: string): number | null {
  try {
    const { Cvss2, Cvss3P0, Cvss3P1, Cvss4P0 } = cvss();
    const v =
      type === 'CVSS_V3'
        ? vector.startsWith('CVSS:3.0/')
          ? new Cvss3P0(vector)
          : new Cvss3P1(vector)
        : type === 'CVSS_V4'
          ? new Cvss4P0(vector)
          : type === 'CVSS_V2'
            ? new Cvss2(vector)
            : null;
    const base = v?.calculateScores().base;
    return typeof base === 'number' && Number.isFinite(base) ? base : null;
  } catch {
    return null;
  }
}

/** CVSS qualitative rating (v3.1 section 5), with "none" counted as low: findings have four severities. */
export function severityOfScore(score: number): Severity {
  if (score >= 9) return 'critical';
  if (score >= 7) return 'high';
  if (score >= 4) return 'medium';
  return 'low';
}

const ghsaSeverity: Record<string, Severity> = { CRITICAL: 'critical', HIGH: 'high', MODERATE: 'medium', MEDIUM: 'medium', LOW: 'low' };

interface RawSeverity {
  type: string;
  score: string;
}

/** The record's CVSS (v3 before v4 before v2), from its own severity or, failing that, its packages'. */
function cvssOf(osv: Record<string, any>): Cvss | null {
  const all: RawSeverity[] = [...(osv.severity ?? []), ...(osv.affected ?? []).flatMap((a: any) => a.severity ?? [])];
  for (const type of ['CVSS_V3', 'CVSS_V4', 'CVSS_V2']) {
    for (const s of all) {
      if (s.type !== type) continue;
      const score = cvssBase(type, s.score);
      if (score !== null) return { type, vector: s.score, score };
    }
  }
  return null;
}

function time(v: unknown): number | null {
  return typeof v === 'string' ? Date.parse(v) : null;
}

/** The advisory an OSV record (already valid per the schema) says. */
export function readAdvisory(osv: Record<string, any>): Advisory {
  const score = cvssOf(osv);
  const stated = osv.database_specific?.severity;
  const severity = score
    ? severityOfScore(score.score)
    : typeof stated === 'string' && Object.hasOwn(ghsaSeverity, stated.toUpperCase())
      ? ghsaSeverity[stated.toUpperCase()]!
      : 'medium';
  const affected: AffectedPackage[] = [];
  for (const a of osv.affected ?? []) {
    const ecosystem = a.package ? ecosystemOf(a.package.ecosystem) : null;
    if (!ecosystem) continue;
    affected.push({
      ecosystem,
      name: ecosystem === 'pypi' ? normalisePypi(a.package.name) : a.package.name,
      ranges: (a.ranges ?? []).map((r: any) => ({ type: r.type, events: r.events })),
      versions: a.versions ?? [],
    });
  }
  return {
    id: osv.id,
    modified: time(osv.modified)!,
    published: time(osv.published),
    withdrawn: time(osv.withdrawn),
    aliases: osv.aliases ?? [],
    summary: osv.summary ?? (typeof osv.details === 'string' ? osv.details.split('\n')[0]!.slice(0, 200) : ''),
    severity,
    cvss: score,
    references: (osv.references ?? []).map((r: any) => ({ type: r.type, url: r.url })),
    affected,
  };
}
