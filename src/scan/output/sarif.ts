// The scan's findings as SARIF 2.1.0, for code-scanning uploads (`aispm scan --format sarif`): one
// run, the rules behind the results described from the catalogue (help from their description and
// remediation, their compliance controls as tags, as the service's own SARIF export writes them),
// one result per finding at its file and lines, with a fingerprint that is the finding's stable
// id, so an upload of the next scan matches the same results.

import { staticRuleById, staticRuleControls } from '../../catalog/rules/index.ts';
import type { NdjsonRecord } from '../records/build.ts';

const SCHEMA = 'https://json.schemastore.org/sarif-2.1.0.json';
const level: Record<string, 'error' | 'warning' | 'note'> = { critical: 'error', high: 'error', medium: 'warning', low: 'note' };
const securitySeverity: Record<string, string> = { critical: '9.5', high: '8.0', medium: '5.5', low: '2.0' };

interface CodeLocation {
  path: string;
  start_line?: number;
  end_line?: number;
  start_column?: number;
  end_column?: number;
  repository?: string;
  commit?: string;
  branch?: string;
}

export function sarifLog(findings: NdjsonRecord[], tool: { name: string; version: string }): object {
  const ruleIds = [...new Set(findings.map((f) => f.rule_id as string))].sort();
  const index = new Map(ruleIds.map((id, i) => [id, i]));
  const rules = ruleIds.map((id) => {
    const r = staticRuleById.get(id)!;
    const controls = staticRuleControls.get(id) ?? [];
    return {
      id,
      name: r.name,
      shortDescription: { text: r.name },
      fullDescription: { text: r.description },
      help: { text: `${r.description}\nRemediation: ${r.remediation}`, markdown: `${r.description}\n\n**Remediation.** ${r.remediation}` },
      defaultConfiguration: { level: level[r.severity] },
      properties: { tags: ['security', r.category, ...controls], 'security-severity': securitySeverity[r.severity], frameworks: controls },
    };
  });
  const results = findings.map((f) => {
    const loc = f.code_location as CodeLocation;
    const region = {
      ...(loc.start_line ? { startLine: loc.start_line } : {}),
      ...(loc.start_column ? { startColumn: loc.start_column } : {}),
      ...(loc.end_line && loc.start_line && loc.end_line >= loc.start_line ? { endLine: loc.end_line } : {}),
      ...(loc.end_column && loc.end_line === loc.start_line && loc.start_column && loc.end_column > loc.start_column
        ? { endColumn: loc.end_column }
        : loc.end_column && loc.end_line !== loc.start_line
          ? { endColumn: loc.end_column }
          : {}),
    };
    return {
      ruleId: f.rule_id,
      ruleIndex: index.get(f.rule_id as string),
      level: level[f.severity as string] ?? 'warning',
      message: { text: `${f.title}: ${f.description}` },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: encodeURI(loc.path.replace(/^\/+/, '')), uriBaseId: '%SRCROOT%' },
            ...(Object.keys(region).length ? { region } : {}),
          },
        },
      ],
      partialFingerprints: { 'aispmFinding/v1': f.id },
      properties: {
        instance_id: f.id,
        severity: f.severity,
        object_type: f.object_kind,
        object_id: f.object_id,
        scan_id: f.scan_id,
        ...(loc.repository ? { repository: loc.repository } : {}),
        ...(loc.commit ? { commit: loc.commit } : {}),
        ...(loc.branch ? { branch: loc.branch } : {}),
      },
    };
  });
  return {
    $schema: SCHEMA,
    version: '2.1.0',
    runs: [{ tool: { driver: { name: tool.name, version: tool.version, rules } }, columnKind: 'utf16CodeUnits', results }],
  };
}
