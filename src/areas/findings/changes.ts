// A finding opened or resolved, as the batch announces it (webhooks' `finding.created` and
// `finding.resolved`): one shape for every writer of findings (ingest, posture rules, controls,
// advisories, code scanning).

import type { Severity } from '../../catalog/rules/index.ts';
import type { Change } from '../../ingest/batch-context.ts';

/** The columns of an instance a change names. */
export interface InstanceHead {
  id: string;
  issue_id: string;
  rule_id: string;
  severity: Severity;
  object_kind: string;
  object_id: string;
  detected_at: number;
  title: string;
}

export function findingChange(type: 'finding.created' | 'finding.resolved', i: InstanceHead, now: number, source: string): Change {
  return {
    type,
    id: i.id,
    issueId: i.issue_id,
    ruleId: i.rule_id,
    severity: i.severity,
    status: type === 'finding.created' ? 'open' : 'resolved',
    title: i.title,
    objectKind: i.object_kind,
    objectId: i.object_id,
    detectedAt: i.detected_at,
    resolvedAt: type === 'finding.created' ? null : now,
    source,
  };
}
