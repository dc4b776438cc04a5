// Reading a SARIF 2.1.0 log into ingest records (docs/IMPORTS.md): validated first against the
// OASIS schema (sarif-schema.ts), so a malformed log is refused naming its first problem before
// anything is written; then each run becomes one scan (its tool's driver as the sensor), each
// reporting descriptor an external rule, each result a `code_finding` on a location of the
// repository. Placing findings on the objects declared at the same lines, keeping detection times
// and resolving what the next run of the same tool no longer reports need the database: the batch
// step of src/areas/code-findings does that with these records.
//
// Paths are made relative to the repository's top whatever the tool wrote: a relative URI with a
// `uriBaseId` resolved through `originalUriBaseIds`, an absolute `file://` URI (ESLint writes
// them) relative to the root the caller gives (`--root`, or the git top level the CLI found), a
// relative URI without a base as relative to the top already.

import { createHash } from 'node:crypto';
import { canonicalRepository, repositoryAssetId } from '../catalog/repositories.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan } from '../platform/json-depth.ts';
import { sarifValidator } from './sarif-schema.ts';

/** A log refused, with the first problem found. */
export class SarifError extends Error {}

type Json = Record<string, any>;
type Severity = 'critical' | 'high' | 'medium' | 'low';

/** What the caller knows that the log may not say. */
export interface SarifContext {
  /** The repository's top directory as an absolute path (`/home/ci/work/app`): absolute file URIs are made relative to it. */
  root?: string;
  /** Repository, branch and commit when the log names none (`versionControlProvenance`). */
  repository?: string;
  branch?: string;
  commit?: string;
  /** When the run says nothing of its time. */
  now: number;
}

/** A record with where in the log it came from (a JSON pointer), for messages. */
export interface SarifRecord {
  record: Json;
  from: string;
}

/** The media type of a SARIF log (the ingest route's `Content-Type`). */
export const SARIF_MEDIA_TYPE = 'application/sarif+json';

/** Who reported the locations: kept in their `sources`. */
export const SARIF_SOURCE = 'sarif';
/** The category of the rules and findings an import writes. */
export const CODE_CATEGORY = 'code-scanning';
/** What a SARIF rule may be found on: its location, and the objects declared there. */
const OBJECT_TYPES = ['location', 'agent', 'tool', 'mcp_server', 'model'];

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The first schema error, in words: where, and what. */
function firstProblem(errors: unknown): string {
  const e = (Array.isArray(errors) ? errors[0] : undefined) as
    | { instancePath?: string; message?: string; params?: Record<string, unknown> }
    | undefined;
  if (!e) return 'does not match the SARIF 2.1.0 schema';
  const allowed = Array.isArray(e.params?.allowedValues) ? ` (${(e.params.allowedValues as unknown[]).join(', ')})` : '';
  const extra = typeof e.params?.additionalProperty === 'string' ? ` "${e.params.additionalProperty}"` : '';
  return `${e.instancePath || '/'}: ${e.message ?? 'is not valid'}${extra}${allowed}`;
}

/** Parses and validates a log, or throws a SarifError naming the first problem. */
export function validateSarif(text: string): Json {
  let log: unknown;
  try {
    log = JSON.parse(text);
  } catch (err) {
    throw new SarifError(`not valid JSON: ${(err as Error).message.replace(/\s+/g, ' ').slice(0, 200)}`);
  }
  if (typeof log !== 'object' || log === null || Array.isArray(log)) throw new SarifError('not a SARIF log: expected a JSON object');
  const l = log as Json;
  if (l.version !== '2.1.0')
    throw new SarifError(`version ${JSON.stringify(l.version ?? null).slice(0, 40)} is not supported; send SARIF 2.1.0`);
  if (nestedDeeperThan(l, MAX_JSON_DEPTH)) throw new SarifError(`the log nests more than ${MAX_JSON_DEPTH} levels deep`);
  const validate = sarifValidator();
  if (!validate(l)) throw new SarifError(`not valid SARIF 2.1.0: ${firstProblem(validate.errors)}`);
  return l;
}

/** GitHub's reading of `security-severity` (a CVSS-like score): 9.0 critical, 7.0 high, 4.0 medium, else low. */
export function severityOfScore(score: number): Severity {
  return score >= 9 ? 'critical' : score >= 7 ? 'high' : score >= 4 ? 'medium' : 'low';
}

/** A level without a score: error high, warning medium, note and none low. */
function severityOfLevel(level: unknown): Severity {
  return level === 'error' ? 'high' : level === 'note' || level === 'none' ? 'low' : 'medium';
}

function securitySeverity(props: unknown): number | undefined {
  const v = (props as Json | undefined)?.['security-severity'];
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN;
  return Number.isFinite(n) && n >= 0 && n <= 10 ? n : undefined;
}

/** CWE ids among a rule's tags (`external/cwe/cwe-079`, `CWE-79`) and its relationships to the CWE taxonomy. */
function cweIds(rule: Json): string[] {
  const out: string[] = [];
  const tags: unknown[] = Array.isArray(rule.properties?.tags) ? rule.properties.tags : [];
  for (const t of tags) {
    const m = typeof t === 'string' ? /(?:^|\/)cwe[-/_:]?0*(\d+)$/i.exec(t) : null;
    if (m) out.push(`CWE-${m[1]}`);
  }
  for (const r of Array.isArray(rule.relationships) ? rule.relationships : []) {
    const id = str(r?.target?.id);
    const m = id ? /^(?:CWE-?)?0*(\d+)$/i.exec(id) : null;
    if (m && /cwe/i.test(String(r?.target?.toolComponent?.name ?? id))) out.push(`CWE-${m[1]}`);
  }
  return out;
}

/** A message's text: its own, else the rule's message string of its id, with `{n}` arguments filled in. */
function messageText(message: Json | undefined, rule: Json | undefined): string {
  let text = str(message?.text) ?? str(message?.markdown);
  if (!text && str(message?.id)) {
    const strings = rule?.messageStrings as Json | undefined;
    const s = strings && Object.hasOwn(strings, message!.id) ? strings[message!.id] : undefined;
    text = str(s?.text) ?? str(s?.markdown);
  }
  if (!text) return '';
  const args: unknown[] = Array.isArray(message?.arguments) ? message!.arguments : [];
  return text.replace(/\{(\d+)\}/g, (all, n) => (Number(n) < args.length ? String(args[Number(n)]) : all));
}

/** `file:///a/b%20c.js` → `/a/b c.js`; anything else → undefined. */
function filePath(uri: string): string | undefined {
  if (!/^file:/i.test(uri)) return undefined;
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return undefined;
  }
}

const isAbsoluteUri = (uri: string) => /^[a-z][a-z0-9+.-]*:/i.test(uri);

/** A relative URI's path, decoded, without `./` and leading slashes. */
function relativePath(uri: string): string {
  let p = uri.split(/[?#]/)[0]!;
  try {
    p = decodeURIComponent(p);
  } catch {
    // As written.
  }
  return p.replace(/^(\.\/)+/, '').replace(/^\/+/, '');
}

/** `a/b/` + `c/../d` → `a/b/d`: folded, without leading or trailing slashes; null when `..` climbs above the start. */
function joinRel(base: string, rel: string): string | null {
  const parts: string[] = [];
  for (const seg of `${base}/${rel}`.split('/')) {
    if (seg === '..') {
      if (parts.pop() === undefined) return null;
    } else if (seg !== '.' && seg !== '') parts.push(seg);
  }
  return parts.join('/');
}

/** An absolute path relative to the root: '' for the root itself, null outside it. */
function underRoot(root: string, abs: string): string | null {
  const r = root.replace(/\/+$/, '');
  const a = abs.replace(/\/+$/, '');
  if (a === r) return '';
  return a.startsWith(`${r}/`) ? joinRel('', a.slice(r.length + 1)) : null;
}

interface RunPaths {
  /** Each base id as a directory relative to the repository's top; null when it lies outside the root. */
  base: (id: string) => string | null;
  root: string | undefined;
}

/**
 * Base ids as directories of the repository: a base the log leaves undefined (given on the tool's
 * command line, as `%SRCROOT%`), defines without a URI, or maps to the repository
 * (`versionControlProvenance[].mappedTo`) is its top; an absolute one is placed under the root when
 * one is known (else taken as the top); a relative one under its own base (bases may chain).
 */
function runBases(run: Json, root: string | undefined): RunPaths {
  const original: Json = run.originalUriBaseIds ?? {};
  const top = new Set<string>();
  for (const v of Array.isArray(run.versionControlProvenance) ? run.versionControlProvenance : []) {
    if (str(v?.mappedTo?.uriBaseId)) top.add(v.mappedTo.uriBaseId);
  }
  const known = new Map<string, string | null>();
  const base = (id: string, depth = 0): string | null => {
    const have = known.get(id);
    if (have !== undefined) return have;
    let out: string | null = '';
    const loc = Object.hasOwn(original, id) ? (original[id] as Json) : undefined;
    const uri = str(loc?.uri);
    if (!top.has(id) && loc && uri) {
      if (isAbsoluteUri(uri)) {
        const abs = filePath(uri);
        out = abs === undefined ? null : root ? underRoot(root, abs) : '';
      } else {
        const parent = str(loc.uriBaseId) && depth < 16 ? base(loc.uriBaseId, depth + 1) : '';
        out = parent === null ? null : joinRel(parent, relativePath(uri));
      }
    }
    known.set(id, out);
    return out;
  };
  return { base, root };
}

/** A location's path relative to the repository's top, or a SarifError saying why it cannot be. */
function repoPath(paths: RunPaths, artifact: Json, from: string): string {
  const uri = str(artifact.uri);
  if (!uri) throw new SarifError(`${from}: the location names no file (no artifactLocation.uri)`);
  let path: string | null;
  if (isAbsoluteUri(uri)) {
    const abs = filePath(uri);
    if (!abs)
      throw new SarifError(`${from}: ${clip(uri, 200)} is not a file of the repository (only file: URIs and relative paths are read)`);
    if (!paths.root)
      throw new SarifError(
        `${from}: ${clip(uri, 200)} is an absolute path: give the repository's top directory (--root, or root= on the ingest route)`,
      );
    path = underRoot(paths.root, abs);
    if (!path) throw new SarifError(`${from}: ${clip(abs, 200)} is outside the repository's top directory ${clip(paths.root, 200)}`);
    return path;
  }
  const dirOf = str(artifact.uriBaseId) ? paths.base(artifact.uriBaseId) : '';
  path = dirOf === null ? null : joinRel(dirOf, relativePath(uri));
  if (!path)
    throw new SarifError(
      `${from}: ${clip(uri, 200)}${artifact.uriBaseId ? ` (from ${clip(String(artifact.uriBaseId), 64)})` : ''} is outside the repository`,
    );
  return path;
}

interface RuleRef {
  id: string;
  descriptor: Json | undefined;
}

/** The rule a result names: through `rule` (index, toolComponent), `ruleIndex`, else `ruleId` alone. */
function ruleOf(run: Json, result: Json): RuleRef | undefined {
  const driver = run.tool.driver as Json;
  const extensions: Json[] = Array.isArray(run.tool.extensions) ? run.tool.extensions : [];
  let component: Json = driver;
  const tc = result.rule?.toolComponent;
  if (tc && typeof tc.index === 'number' && extensions[tc.index]) component = extensions[tc.index]!;
  else if (tc && str(tc.name)) component = extensions.find((e) => e.name === tc.name) ?? driver;
  const rules: Json[] = Array.isArray(component.rules) ? component.rules : [];
  const index = typeof result.rule?.index === 'number' && result.rule.index >= 0 ? result.rule.index : result.ruleIndex;
  const byIndex = typeof index === 'number' && index >= 0 ? rules[index] : undefined;
  const id = str(result.ruleId) ?? str(result.rule?.id) ?? str(byIndex?.id);
  if (!id) return undefined;
  const descriptor = byIndex?.id === id ? byIndex : (rules.find((r) => r.id === id) ?? byIndex);
  return { id, descriptor };
}

/** The service's id of a SARIF rule: its tool and its own id. */
export const sarifRuleId = (tool: string, ruleId: string) => `sarif:${tool}/${ruleId}`;

/** Whether a result is in effect: not suppressed (a suppression accepted or without status), not absent from the baseline, a problem. */
function disposition(result: Json): 'open' | 'suppressed' | 'absent' | 'not_a_problem' {
  const kind = result.kind ?? 'fail';
  if (kind === 'pass' || kind === 'notApplicable' || kind === 'informational') return 'not_a_problem';
  const sup: Json[] = Array.isArray(result.suppressions) ? result.suppressions : [];
  if (sup.some((s) => s.status === undefined || s.status === 'accepted')) return 'suppressed';
  if (result.baselineState === 'absent') return 'absent';
  return 'open';
}

/** A result's identity across runs: its fingerprints, else its rule, place and message. */
function fingerprintOf(result: Json, ruleId: string, path: string, line: number | undefined, message: string): string {
  const entries = (o: unknown) =>
    o && typeof o === 'object'
      ? Object.keys(o)
          .sort()
          .map((k) => `${k}=${(o as Json)[k]}`)
      : [];
  const fp = entries(result.fingerprints);
  if (fp.length) return `fp\u0000${fp.join('\u0000')}`;
  const partial = entries(result.partialFingerprints);
  if (partial.length) return `partial\u0000${ruleId}\u0000${path}\u0000${partial.join('\u0000')}`;
  if (str(result.guid) && str(result.correlationGuid)) return `correlation\u0000${result.correlationGuid}`;
  return `place\u0000${ruleId}\u0000${path}\u0000${line ?? ''}\u0000${message}`;
}

function iso(value: unknown, fallback: number): string {
  const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  return new Date(Number.isFinite(ms) ? ms : fallback).toISOString();
}

/** The records of a validated log. */
export function sarifRecords(log: Json, context: SarifContext): SarifRecord[] {
  const out: SarifRecord[] = [];
  const runs: Json[] = log.runs;
  runs.forEach((run, r) => {
    const at = `/runs/${r}`;
    const driver = run.tool.driver as Json;
    const tool = clip(String(driver.name), 200);
    const vcs = (Array.isArray(run.versionControlProvenance) ? run.versionControlProvenance[0] : undefined) as Json | undefined;
    const repository = str(vcs?.repositoryUri)
      ? canonicalRepository(vcs!.repositoryUri)
      : context.repository
        ? canonicalRepository(context.repository)
        : undefined;
    const branch = str(vcs?.branch) ?? context.branch;
    const commit = str(vcs?.revisionId) ?? context.commit;
    const automation = (run.automationDetails ?? {}) as Json;
    const automationId = str(automation.id);
    // GitHub's reading of automationDetails.id: the category, then the run's own id after the last slash.
    const category = automationId?.includes('/') ? automationId.slice(0, automationId.lastIndexOf('/')) : undefined;
    const invocation = (Array.isArray(run.invocations) ? run.invocations[0] : undefined) as Json | undefined;
    const startedAt = iso(invocation?.startTimeUtc, context.now);
    const finishedAt = iso(invocation?.endTimeUtc ?? invocation?.startTimeUtc, context.now);
    const runKey = hash('sarif-run', tool, repository ?? '', category ?? '').slice(0, 24);
    const scanId = `sarif-${hash('sarif-scan', runKey, str(automation.guid) ?? JSON.stringify(run)).slice(0, 24)}`;
    const paths = runBases(run, context.root);

    // Rules: every descriptor of the driver, and of an extension a result uses; ids a result names without one.
    const rules = new Map<string, Json>();
    const ruleSeverity = new Map<string, Severity>();
    const rule = (ref: RuleRef, from: string) => {
      const id = sarifRuleId(tool, ref.id);
      if (rules.has(id)) return id;
      const d = ref.descriptor ?? {};
      const score = securitySeverity(d.properties);
      const severity = score !== undefined ? severityOfScore(score) : severityOfLevel(d.defaultConfiguration?.level);
      ruleSeverity.set(id, severity);
      const tags = [
        ...(Array.isArray(d.properties?.tags) ? (d.properties.tags as unknown[]).filter((t): t is string => typeof t === 'string') : []),
        ...cweIds(d),
      ];
      const record: Json = {
        type: 'rule',
        id: clip(id, 512),
        name: clip(str(d.shortDescription?.text) ?? str(d.name) ?? ref.id, 1024),
        description: clip(str(d.fullDescription?.text) ?? str(d.shortDescription?.text) ?? '', 10_000),
        severity,
        category: CODE_CATEGORY,
        object_types: OBJECT_TYPES,
        remediation: clip(str(d.help?.text) ?? str(d.help?.markdown) ?? '', 10_000),
        tags: [...new Set(tags.map((t) => clip(t, 256)))].slice(0, 64),
      };
      if (str(d.helpUri)) record.help_uri = clip(d.helpUri, 2048);
      rules.set(id, record);
      out.push({ from, record });
      return id;
    };
    const descriptors: Json[] = Array.isArray(driver.rules) ? driver.rules : [];
    descriptors.forEach((d, i) => {
      rule({ id: d.id, descriptor: d }, `${at}/tool/driver/rules/${i}`);
    });

    const locations = new Set<string>();
    const findings = new Map<string, SarifRecord>();
    const counts = { results: 0, open: 0, suppressed: 0, absent: 0, not_a_problem: 0, unplaced: 0 };
    const results: Json[] = Array.isArray(run.results) ? run.results : [];
    const artifacts: Json[] = Array.isArray(run.artifacts) ? run.artifacts : [];
    results.forEach((result, i) => {
      const from = `${at}/results/${i}`;
      counts.results++;
      const ref = ruleOf(run, result);
      if (!ref) throw new SarifError(`${from}: names no rule (ruleId, rule.id or a rule index)`);
      const ruleId = rule(ref, from);
      const state = disposition(result);
      if (state !== 'open') {
        counts[state]++;
        return;
      }
      const physical = (Array.isArray(result.locations) ? result.locations : []).find((l: Json) => l?.physicalLocation)?.physicalLocation as
        | Json
        | undefined;
      let artifact = physical?.artifactLocation as Json | undefined;
      if (artifact && !str(artifact.uri) && typeof artifact.index === 'number') artifact = artifacts[artifact.index]?.location ?? artifact;
      if (!artifact) {
        counts.unplaced++;
        return;
      }
      const path = repoPath(paths, artifact, `${from}/locations/0/physicalLocation/artifactLocation`);
      const region = (physical!.region ?? {}) as Json;
      const startLine = typeof region.startLine === 'number' ? region.startLine : undefined;
      const endLine = startLine !== undefined ? (typeof region.endLine === 'number' ? region.endLine : startLine) : undefined;
      const message = messageText(result.message, ref.descriptor);
      const score = securitySeverity(result.properties) ?? securitySeverity(ref.descriptor?.properties);
      const severity =
        score !== undefined ? severityOfScore(score) : result.level ? severityOfLevel(result.level) : ruleSeverity.get(ruleId)!;
      const locationId = `location-${hash('sarif-location', repository ?? '', path, String(startLine ?? '')).slice(0, 20)}`;
      if (!locations.has(locationId)) {
        locations.add(locationId);
        out.push({
          from,
          record: {
            type: 'entity',
            kind: 'location',
            id: locationId,
            name: clip(startLine !== undefined ? `${path}:${startLine}` : path, 1024),
            last_seen: finishedAt,
            source: SARIF_SOURCE,
            attributes: {
              type: 'code',
              path,
              ...(repository ? { repository } : {}),
              ...(startLine !== undefined ? { start_line: startLine, end_line: endLine } : {}),
              ...(typeof region.startColumn === 'number' ? { start_column: region.startColumn } : {}),
              ...(typeof region.endColumn === 'number' ? { end_column: region.endColumn } : {}),
              ...(branch ? { branch } : {}),
              ...(commit ? { commit } : {}),
            },
          },
        });
      }
      const id = `sarif-${hash('sarif-result', runKey, fingerprintOf(result, ref.id, path, startLine, message)).slice(0, 24)}`;
      if (!findings.has(id)) counts.open++;
      findings.set(id, {
        from,
        record: {
          type: 'code_finding',
          id,
          rule_id: clip(ruleId, 512),
          scan_id: scanId,
          location_id: locationId,
          severity,
          title: clip(message || String(rules.get(ruleId)!.name), 1024),
          path,
          ...(repository ? { repository } : {}),
          ...(startLine !== undefined ? { start_line: startLine, end_line: endLine } : {}),
          ...(typeof region.startColumn === 'number' ? { start_column: region.startColumn } : {}),
          ...(typeof region.endColumn === 'number' ? { end_column: region.endColumn } : {}),
          detected_at: startedAt,
          evidence: {
            tool: { name: tool, ...(str(driver.version) ? { version: driver.version } : {}) },
            rule: ref.id,
            ...(result.level ? { level: result.level } : {}),
            ...(score !== undefined ? { security_severity: score } : {}),
            ...(result.kind ? { kind: result.kind } : {}),
            ...(result.baselineState ? { baseline_state: result.baselineState } : {}),
            ...(result.fingerprints ? { fingerprints: result.fingerprints } : {}),
            ...(result.partialFingerprints ? { partial_fingerprints: result.partialFingerprints } : {}),
            ...(Array.isArray(result.suppressions) && result.suppressions.length
              ? { suppressions: result.suppressions.map((s: Json) => ({ kind: s.kind, status: s.status ?? null })) }
              : {}),
          },
        },
      });
    });
    for (const f of findings.values()) out.push(f);

    // Records of one type are written together whatever their order; the scan first reads best.
    out.unshift({
      from: at,
      record: {
        type: 'scan',
        id: scanId,
        sensor_type: tool,
        ...(repository ? { repository } : {}),
        ...(branch ? { branch } : {}),
        ...(commit ? { commit } : {}),
        started_at: startedAt,
        finished_at: finishedAt < startedAt ? startedAt : finishedAt,
        status: invocation?.executionSuccessful === false ? 'failed' : 'succeeded',
        ...(repository ? { asset_ids: [repositoryAssetId(repository, '', '')] } : {}),
        findings: counts.open,
        attributes: {
          format: 'sarif',
          sarif_run: runKey,
          tool: {
            name: tool,
            ...(str(driver.version) ? { version: driver.version } : {}),
            ...(str(driver.semanticVersion) ? { semantic_version: driver.semanticVersion } : {}),
            ...(str(driver.informationUri) ? { information_uri: driver.informationUri } : {}),
          },
          ...(automationId ? { automation_id: automationId } : {}),
          ...(category ? { category } : {}),
          results: counts,
        },
      },
    });
  });
  return out;
}

/** A log as NDJSON records for the ingest pipeline, where each line came from, and how many results it holds. */
export function sarifToNdjson(text: string, context: SarifContext): { ndjson: Buffer; origins: string[]; results: number } {
  const records = sarifRecords(validateSarif(text), context);
  let results = 0;
  for (const r of records) if (r.record.type === 'scan') results += (r.record.attributes.results as { results: number }).results;
  return {
    ndjson: Buffer.from(records.map((r) => `${JSON.stringify(r.record)}\n`).join('')),
    origins: records.map((r) => r.from),
    results,
  };
}
