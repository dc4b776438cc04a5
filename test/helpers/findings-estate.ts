// A findings estate whose every instance the findings, rules and histogram suites know: tenant t1
// with workspaces w1 and w2, and a finding in tenant t2 that must never show. The clock is pinned
// to NOW (2026-06-15T12:00Z), so the histogram covers 2025-07 … 2026-06.

import { entity, T1, T2, W1, W2 } from './fixtures.ts';

export const NOW = Date.UTC(2026, 5, 15, 12);

export const INPUT = 'SR-aispm_missing_input_guardrails';
export const SHELL = 'SR-aispm_tool_shell_or_code_execution';
export const CREDS = 'SR-aispm_hardcoded_credentials';
export const PII = 'EXT-pii-logging';
export const W2_ONLY = 'EXT-w2-only';

interface FindingSpec {
  id: string;
  rule: string;
  kind: string;
  object: string;
  at: string;
  severity?: string;
  resolvedAt?: string;
  extra?: Record<string, unknown>;
}

export function finding(f: FindingSpec): Record<string, unknown> {
  return {
    type: 'finding',
    id: f.id,
    rule_id: f.rule,
    object_kind: f.kind,
    object_id: f.object,
    detected_at: f.at,
    ...(f.severity ? { severity: f.severity } : {}),
    ...(f.resolvedAt ? { status: 'resolved', resolved_at: f.resolvedAt } : {}),
    ...f.extra,
  };
}

export const ruleRecord = (id: string, name: string, severity: string, category: string, objectTypes: string[]) => ({
  type: 'rule',
  id,
  name,
  description: `${name}, described.`,
  severity,
  category,
  object_types: objectTypes,
  remediation: `Fix: ${name}.`,
  owasp_category: 'ASI06',
});

/** Instances of w1, by id. Comments give the issue (rule / severity) they fall in. */
export const w1Findings: FindingSpec[] = [
  // input guardrails / high (the rule's default): 7 open on a1, 1 open and 1 resolved on a2, 1 resolved on a1
  {
    id: 'f01',
    rule: INPUT,
    kind: 'agent',
    object: 'a1',
    at: '2026-06-01T00:00:00Z',
    extra: {
      title: 'No input guardrail on Support Triage',
      description: 'User text reaches gpt-4o unchecked.',
      code_location: { repository: 'https://github.com/acme/support', path: 'agents/triage.py', start_line: 12 },
      evidence: { framework: 'langchain', guardrails: [] },
      remediation: 'Add llm-guard in front.',
      cvss_score: 7.5,
      owasp_category: 'ASI01',
      scan_id: 'scan-1',
    },
  },
  { id: 'f02', rule: INPUT, kind: 'agent', object: 'a1', at: '2026-05-31T23:59:59Z' },
  { id: 'f12', rule: INPUT, kind: 'agent', object: 'a1', at: '2026-05-10T08:00:00Z' },
  { id: 'f13', rule: INPUT, kind: 'agent', object: 'a1', at: '2026-05-10T08:00:00Z' },
  { id: 'f14', rule: INPUT, kind: 'agent', object: 'a1', at: '2026-04-20T00:00:00Z' },
  { id: 'f15', rule: INPUT, kind: 'agent', object: 'a1', at: '2026-03-05T00:00:00Z' },
  { id: 'f16', rule: INPUT, kind: 'agent', object: 'a1', at: '2025-09-09T09:09:09Z' },
  { id: 'f17', rule: INPUT, kind: 'agent', object: 'a1', at: '2025-10-01T00:00:00Z', resolvedAt: '2025-10-05T00:00:00Z' },
  { id: 'f03', rule: INPUT, kind: 'agent', object: 'a2', at: '2026-03-10T10:00:00Z' },
  { id: 'f04', rule: INPUT, kind: 'agent', object: 'a2', at: '2026-02-10T00:00:00Z', resolvedAt: '2026-02-20T00:00:00Z' },
  // input guardrails / critical (severity sent with the finding)
  { id: 'f05', rule: INPUT, kind: 'agent', object: 'a1', at: '2025-07-01T00:00:00Z', severity: 'critical' },
  // shell tool / high: one detected the last second before the histogram window
  { id: 'f06', rule: SHELL, kind: 'tool', object: 'tl1', at: '2026-04-15T00:00:00Z' },
  { id: 'f07', rule: SHELL, kind: 'tool', object: 'tl1', at: '2025-06-30T23:59:59Z' },
  // hard-coded credentials / critical on two objects
  { id: 'f08', rule: CREDS, kind: 'mcp_server', object: 'm1', at: '2026-06-15T11:59:59Z' },
  { id: 'f09', rule: CREDS, kind: 'tool', object: 'tl1', at: '2026-01-31T23:59:59Z' },
  // external rule at its default (medium) and overridden (low)
  { id: 'f10', rule: PII, kind: 'agent', object: 'a1', at: '2025-12-01T00:00:00Z' },
  { id: 'f11', rule: PII, kind: 'agent', object: 'a2', at: '2025-11-15T00:00:00Z', severity: 'low' },
];

export const w1Records = [
  entity('agent', 'a1', 'Support Triage', 10),
  entity('agent', 'a2', 'Finance Bot', 20),
  entity('tool', 'tl1', 'run_shell', 30),
  entity('mcp_server', 'm1', 'shell-mcp', 40),
  entity('model', 'md1', 'gpt-4o', 50),
  ruleRecord(PII, 'PII written to logs', 'medium', 'privacy', ['agent']),
  { type: 'rule_setting', rule_id: 'SR-aispm_prompt_injection_exposure', enabled: false, severity: 'critical' },
  ...w1Findings.map(finding),
];

export const w2Records = [
  entity('agent', 'b1', 'Ops Agent', 10),
  ruleRecord(W2_ONLY, 'Workspace two only', 'medium', 'custom', ['agent']),
  // The same instance id as in w1, at the same time: rule results break the tie on the workspace.
  finding({ id: 'f01', rule: INPUT, kind: 'agent', object: 'b1', at: '2026-06-01T00:00:00Z' }),
  finding({ id: 'g02', rule: W2_ONLY, kind: 'agent', object: 'b1', at: '2026-01-05T00:00:00Z' }),
  finding({ id: 'g03', rule: CREDS, kind: 'agent', object: 'b1', at: '2026-06-03T00:00:00Z' }),
];

export const t2Records = [
  entity('agent', 'x1', 'Other tenant agent', 10),
  finding({ id: 'x01', rule: CREDS, kind: 'agent', object: 'x1', at: '2026-06-02T00:00:00Z' }),
];

export async function loadEstate(h: {
  ingest(t: string, w: string, r: object[]): Promise<{ accepted: number; rejected: number; errors: unknown[] }>;
}) {
  for (const [t, w, records] of [
    [T1, W1, w1Records],
    [T1, W2, w2Records],
    [T2, W1, t2Records],
  ] as const) {
    const s = await h.ingest(t, w, records as object[]);
    if (s.rejected) throw new Error(`fixture rejected: ${JSON.stringify(s.errors)}`);
  }
}

/** Histogram months of the window at NOW, oldest first. */
export const MONTHS = [
  '2025-07',
  '2025-08',
  '2025-09',
  '2025-10',
  '2025-11',
  '2025-12',
  '2026-01',
  '2026-02',
  '2026-03',
  '2026-04',
  '2026-05',
  '2026-06',
];
