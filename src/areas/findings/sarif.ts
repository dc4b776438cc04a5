// The open findings of a workspace that point at code, as a SARIF 2.1.0 log a CI job can upload
// to code scanning: one run, the rules behind the results in `tool.driver.rules` (help from the
// rule's description and remediation, its compliance controls as tags), one result per finding
// with its physical location, and a `partialFingerprints` entry that is the same for the same
// finding in every export and differs between findings.
//
// The log is written as it is read (rules first, then results a page at a time, by instance id),
// so a workspace of any size is answered in bounded memory. No SARIF library is used: the ones on
// the registry build the whole log as objects in memory, which is what streaming avoids; the tests
// validate the output against the SARIF 2.1.0 JSON schema.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { controlById } from '../../catalog/frameworks.ts';
import { type RuleRow, visibleIn } from './rules.ts';
import type { Db, RowOf } from '../../platform/db/database.ts';
import { param, readJson } from '../../platform/db/database.ts';

export const SARIF_MEDIA_TYPE = 'application/sarif+json';
const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const PAGE = 1000;

const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { name: string; version: string };

/** SARIF's levels for our severities; code scanning ranks security results by `security-severity`. */
const level: Record<string, 'error' | 'warning' | 'note'> = { critical: 'error', high: 'error', medium: 'warning', low: 'note' };
const securitySeverity: Record<string, string> = { critical: '9.5', high: '8.0', medium: '5.5', low: '2.0' };

interface CodeLocation {
  repository?: string | null;
  path?: string | null;
  start_line?: number | null;
  end_line?: number | null;
  branch?: string | null;
  commit?: string | null;
  url?: string | null;
}

type SarifInstance = RowOf<ReturnType<typeof pageTemplate>>;

/** The same for one finding in every export, different between findings: a hash of where it lives and its id. */
export function fingerprintOf(tenant: string, workspace: string, instanceId: string): string {
  return createHash('sha256').update(`${tenant}\u0000${workspace}\u0000${instanceId}`).digest('hex').slice(0, 32);
}

/** A code location SARIF can place: it has a path. */
function placeable(raw: unknown): CodeLocation | null {
  const loc = readJson<CodeLocation | null>(raw);
  return loc && typeof loc.path === 'string' && loc.path.length > 0 ? loc : null;
}

function ruleDescriptor(r: RuleRow) {
  const controls = readJson<string[]>(r.frameworks) ?? [];
  const byFramework: Record<string, string[]> = {};
  for (const id of controls) {
    const f = controlById.get(id)!.framework.id;
    (byFramework[f] ??= []).push(id);
  }
  const markdown = [
    r.description,
    '',
    `**Remediation.** ${r.remediation}`,
    ...(controls.length
      ? ['', '| framework | controls |', '|---|---|', ...Object.entries(byFramework).map(([f, ids]) => `| ${f} | ${ids.join(', ')} |`)]
      : []),
  ].join('\n');
  return {
    id: r.rule_id,
    name: r.name,
    shortDescription: { text: r.name },
    fullDescription: { text: r.description || r.name },
    help: { text: `${r.description}\nRemediation: ${r.remediation}`.trim(), markdown },
    defaultConfiguration: { level: level[r.severity] ?? 'warning' },
    properties: {
      tags: ['security', r.category, ...controls],
      'security-severity': securitySeverity[r.severity] ?? '5.5',
      frameworks: byFramework,
      source: r.source,
    },
  };
}

function result(tenant: string, workspace: string, i: SarifInstance, loc: CodeLocation, ruleIndex: number) {
  const start = loc.start_line && loc.start_line > 0 ? loc.start_line : undefined;
  const end = start && loc.end_line && loc.end_line >= start ? loc.end_line : undefined;
  return {
    ruleId: i.rule_id,
    ruleIndex,
    level: level[i.severity] ?? 'warning',
    message: { text: i.description ? `${i.title}: ${i.description}` : i.title },
    locations: [
      {
        physicalLocation: {
          artifactLocation: { uri: loc.path!.replace(/^\/+/, '') },
          ...(start ? { region: { startLine: start, ...(end ? { endLine: end } : {}) } } : {}),
        },
      },
    ],
    partialFingerprints: { 'aispmFinding/v1': fingerprintOf(tenant, workspace, i.id) },
    properties: {
      instance_id: i.id,
      issue_id: i.issue_id,
      severity: i.severity,
      object_type: i.object_kind,
      object_id: i.object_id,
      detected_at: new Date(Number(i.detected_at)).toISOString(),
      ...(i.cvss_score === null ? {} : { cvss_score: Number(i.cvss_score) }),
      ...(loc.repository ? { repository: loc.repository } : {}),
      ...(loc.commit ? { commit: loc.commit } : {}),
      ...(loc.branch ? { branch: loc.branch } : {}),
    },
  };
}

/** The open instances with a code location, a page after `after` (instance id order: the primary key's). */
function pageTemplate(db: Db) {
  return db.template('sarif.instances', (b) =>
    b
      .selectFrom('issue_instances as i')
      .select([
        'i.id',
        'i.issue_id',
        'i.rule_id',
        'i.severity',
        'i.title',
        'i.description',
        'i.object_kind',
        'i.object_id',
        'i.detected_at',
        'i.code_location',
        'i.cvss_score',
      ])
      .where('i.tenant_id', '=', param('tenant'))
      .where('i.workspace_id', '=', param('workspace'))
      .where('i.status', '=', 'open')
      .where('i.code_location', 'is not', null)
      .where('i.id', '>', param('after'))
      .orderBy('i.id')
      .limit(sql.raw<number>(String(PAGE))),
  );
}

/** The SARIF log of a workspace, in pieces of text. */
export async function* sarifLog(db: Db, tenant: string, workspace: string): AsyncGenerator<string> {
  // The rules first: those with an open finding that has a code location, by rule id.
  const ruleIds = db.template('sarif.rule-ids', (b) =>
    b
      .selectFrom('issue_instances as i')
      .select('i.rule_id')
      .distinct()
      .where('i.tenant_id', '=', param('tenant'))
      .where('i.workspace_id', '=', param('workspace'))
      .where('i.status', '=', 'open')
      .where('i.code_location', 'is not', null),
  );
  const used = new Set((await db.all(ruleIds, { tenant, workspace })).map((r) => r.rule_id));
  const rulesT = db.template('sarif.rules', (b) => visibleIn(b).orderBy('r.rule_id'));
  const rules = (await db.all(rulesT, { tenant, workspace })).filter((r) => used.has(r.rule_id));
  const index = new Map(rules.map((r, i) => [r.rule_id, i]));

  const run = {
    tool: {
      driver: {
        name: pkg.name,
        version: pkg.version,
        rules: rules.map(ruleDescriptor),
      },
    },
    automationDetails: { id: `aispm/${tenant}/${workspace}/` },
    columnKind: 'utf16CodeUnits',
  };
  const head = JSON.stringify({ $schema: SCHEMA, version: '2.1.0', runs: [run] });
  // Everything up to the closing `}]}` of the run, then the results array is written into it.
  yield `${head.slice(0, -3)},"results":[`;
  const page = pageTemplate(db);
  let after = '';
  let first = true;
  for (;;) {
    const rows = await db.all(page, { tenant, workspace, after });
    const parts: string[] = [];
    for (const i of rows) {
      const loc = placeable(i.code_location);
      const ruleIndex = index.get(i.rule_id);
      if (!loc || ruleIndex === undefined) continue;
      parts.push(JSON.stringify(result(tenant, workspace, i, loc, ruleIndex)));
    }
    if (parts.length) {
      yield (first ? '' : ',') + parts.join(',');
      first = false;
    }
    if (rows.length < PAGE) break;
    after = rows.at(-1)!.id;
  }
  yield ']}]}';
}
