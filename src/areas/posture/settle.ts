// Turning verdicts into findings. For every (rule, object) evaluated, the rule's open static
// instance on the object is compared with what the rule says now:
//
//   holds, none open      -> a new instance opens (a new episode: a new id), detected when its
//                            condition began: the latest first_seen of the objects that make it
//                            hold for the first episode on the object, now for a later one;
//   holds, one open       -> it stays, same id and detection time; its description, evidence and
//                            title follow the graph, and its severity follows the tenant's setting
//                            (a re-graded instance moves to the issue of its new severity and is
//                            counted under it in the month it was detected);
//   no longer holds       -> the open instance is resolved (status resolved, resolved_at now);
//                            it leaves the open counts and its issue, and stays in the histogram.
//
// Rows go through the same writers as ingested findings (instances, monthly counts, issue
// roll-ups) with `source: "static"`, so every findings endpoint shows them.

import { findingChange, type InstanceHead } from '../findings/changes.ts';
import { createHash } from 'node:crypto';
import { issueIdOf, type PostureRule, type Severity } from '../../catalog/rules/index.ts';
import { monthlyCounter, refreshIssues, writeSettled } from '../findings/findings-writer.ts';
import type { RuleMeta } from '../findings/rules-writer.ts';
import { type BatchContext, objectKey, splitKey } from '../../ingest/batch-context.ts';
import { json } from '../../platform/db/bulk.ts';
import { breathe } from '../../platform/db/turns.ts';
import { readJson } from '../../platform/db/database.ts';
import { readStored, type StoredWording } from '../findings/instances-store.ts';
import type { GraphReader } from './graph.ts';
import { conditionBegan, evidence, explain, judge, prefetch, type Verdict } from './judge.ts';

/** One rule to settle on a set of objects of its kind. A disabled rule is not evaluated: its open instances resolve. */
export interface Work {
  rule: PostureRule;
  candidates: Set<string>;
  enabled: boolean;
}

export interface Outcome {
  /** (rule, object) pairs evaluated. */
  evaluated: number;
  opened: number;
  resolved: number;
  /** Open instances rewritten: new wording or evidence, or a new severity. */
  updated: number;
}

export interface EvaluatedEvent {
  tenant: string;
  workspace: string;
  evaluated: Array<{ ruleId: string; kind: string; id: string }>;
}

/** Hears which (rule, object) pairs an evaluation decided (tests and the posture benchmark). */
export type EvaluationObserver = (e: EvaluatedEvent) => void;

/** JSON with keys in order, so evidence read back from jsonb compares equal to the same evidence built again. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (v && typeof v === 'object') {
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((v as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  }
  return JSON.stringify(v ?? null);
}

/** Deterministic per episode: the n-th time the rule opens on the object. */
function episodeId(tenant: string, workspace: string, ruleId: string, key: string, n: number): string {
  return (
    'st_' + createHash('sha256').update(`${tenant}\u0000${workspace}\u0000${ruleId}\u0000${key}\u0000${n}`).digest('base64url').slice(0, 22)
  );
}

async function loadStored(ctx: BatchContext, keys: string[]): Promise<Map<string, { open?: StoredWording; ids: Set<string> }>> {
  const out = new Map<string, { open?: StoredWording; ids: Set<string> }>();
  for (const r of await readStored(ctx, { by: 'object', values: keys, source: 'static', wording: true })) {
    const pair = `${r.rule_id}\u0000${objectKey(r.object_kind, r.object_id)}`;
    const entry = out.get(pair) ?? { ids: new Set<string>() };
    entry.ids.add(r.id);
    // A waived instance is the live one too: it stays (and stays waived) while the rule holds.
    if (r.status === 'open' || r.status === 'waived') entry.open = r;
    out.set(pair, entry);
  }
  return out;
}

// PostgreSQL plans with the statistics of the last ANALYZE. When an evaluation writes findings
// for thousands of objects into tables that held few (the first evaluation of a workspace loaded
// with evaluation off), the roll-up statements that follow in the same transaction are planned
// as if the tables were empty: the per-object issue counts then probe an index by its first two
// columns only and scan the workspace once per object (measured: 1,043 s for the benchmark
// workspace's first full evaluation). ANALYZE inside the transaction counts its own rows.
const RESAMPLE_AFTER = 1000;
async function resample(ctx: BatchContext, tables: string[]): Promise<void> {
  await ctx.tx.dialect.analyze(ctx.tx, tables);
}

/** Evaluates the work's rules on its objects and brings their static instances in line. */
export async function settle(
  ctx: BatchContext,
  reader: GraphReader,
  meta: Map<string, RuleMeta>,
  work: Work[],
  observers: ReadonlySet<EvaluationObserver>,
): Promise<Outcome> {
  const { tenant, workspace, now } = ctx;
  const outcome: Outcome = { evaluated: 0, opened: 0, resolved: 0, updated: 0 };
  const evaluated: EvaluatedEvent['evaluated'] = [];
  const verdicts = new Map<string, Verdict>();
  for (const w of work) {
    if (!w.enabled || w.candidates.size === 0) continue;
    await prefetch(reader, w.rule.when, w.candidates);
    for (const key of w.candidates) {
      outcome.evaluated++;
      if (observers.size) {
        const [kind, id] = splitKey(key);
        evaluated.push({ ruleId: w.rule.ruleId, kind, id });
      }
      await breathe();
      if (!reader.node(key)) continue;
      const v = judge(reader, w.rule.when, key);
      if (v.holds) verdicts.set(`${w.rule.ruleId}\u0000${key}`, v);
    }
  }

  const keys = [...new Set(work.flatMap((w) => [...w.candidates]))];
  const stored = await loadStored(ctx, keys);
  const rows: unknown[][] = [];
  const resolutions: unknown[][] = [];
  const { monthly, bump } = monthlyCounter();
  const touchedIssues = new Map<string, { ruleId: string; severity: Severity }>();
  const touchedObjects = new Set<string>();
  // Findings opened and resolved here are announced like ingested ones (webhooks).
  const [announceOpened, announceResolved] = [await ctx.wants('finding.created'), await ctx.wants('finding.resolved')];
  const finding = (type: 'finding.created' | 'finding.resolved', i: InstanceHead) => findingChange(type, i, now, 'static');

  for (const w of work) {
    const rule = meta.get(w.rule.ruleId)!;
    for (const key of w.candidates) {
      // 100,000 objects judged and written up here held the event loop for half a second.
      await breathe();
      const pair = `${w.rule.ruleId}\u0000${key}`;
      const have = stored.get(pair);
      const open = have?.open;
      const verdict = w.enabled ? verdicts.get(pair) : undefined;
      if (!verdict) {
        if (!open) continue;
        resolutions.push([open.id, 'resolved', now, now]);
        if (announceResolved) ctx.changes.push(finding('finding.resolved', open));
        touchedIssues.set(open.issue_id, { ruleId: open.rule_id, severity: open.severity });
        touchedObjects.add(key);
        outcome.resolved++;
        continue;
      }
      const [kind, id] = splitKey(key);
      const node = reader.node(key)!;
      const severity = rule.severity;
      const issueId = issueIdOf(tenant, workspace, rule.ruleId, severity);
      const title = `${rule.name}: ${node.name || id}`;
      const description = explain(reader, w.rule, key, verdict);
      const ev = evidence(reader, w.rule, verdict, key);
      let instanceId: string;
      let detectedAt: number;
      if (open) {
        if (
          open.severity === severity &&
          open.title === title &&
          open.description === description &&
          canonical(readJson(open.evidence)) === canonical(ev)
        )
          continue;
        if (open.severity !== severity) {
          bump(open.detected_at, open.severity, -1, open.rule_id);
          bump(open.detected_at, severity, 1, rule.ruleId);
          touchedIssues.set(open.issue_id, { ruleId: open.rule_id, severity: open.severity });
          touchedIssues.set(issueId, { ruleId: rule.ruleId, severity });
          touchedObjects.add(key);
        }
        instanceId = open.id;
        detectedAt = open.detected_at;
        outcome.updated++;
      } else {
        const ids = have?.ids ?? new Set<string>();
        let n = ids.size + 1;
        while (ids.has(episodeId(tenant, workspace, rule.ruleId, key, n))) n++;
        instanceId = episodeId(tenant, workspace, rule.ruleId, key, n);
        // A first episode is dated by when its condition began (judge.ts), never later than now; a
        // later one began after the previous episode was resolved, which the service saw: now.
        detectedAt = ids.size === 0 ? Math.min(now, conditionBegan(reader, key, verdict)) : now;
        if (announceOpened) {
          const i = {
            id: instanceId,
            issue_id: issueId,
            rule_id: rule.ruleId,
            severity,
            title,
            object_kind: kind,
            object_id: id,
            detected_at: detectedAt,
          };
          ctx.changes.push(finding('finding.created', i));
        }
        bump(detectedAt, severity, 1, rule.ruleId);
        touchedIssues.set(issueId, { ruleId: rule.ruleId, severity });
        touchedObjects.add(key);
        outcome.opened++;
      }
      rows.push([
        tenant,
        workspace,
        instanceId,
        issueId,
        rule.ruleId,
        severity,
        kind,
        id,
        'open',
        detectedAt,
        null,
        title,
        description,
        null,
        json(ev),
        rule.remediation,
        null,
        rule.owasp,
        rule.category,
        null,
        'static',
        now,
      ]);
    }
  }

  await writeSettled(ctx, { tenant, workspace }, rows, resolutions, monthly);
  const large = touchedObjects.size >= RESAMPLE_AFTER;
  if (large) await resample(ctx, ['issue_instances']);
  if (touchedIssues.size) {
    // The issue roll-ups are rebuilt for the objects this evaluation changed only, not for every
    // object the batch touched (ingest has done those already).
    const sub = ctx.forWorkspace(workspace);
    for (const k of touchedObjects) sub.touchedForIssues.add(k);
    await refreshIssues(sub, touchedIssues, new Map(meta));
  }
  if (large) await resample(ctx, ['issue_objects', 'issues']);
  for (const k of touchedObjects) ctx.touchedForIssues.add(k);
  for (const observe of observers) observe({ tenant, workspace, evaluated });
  return outcome;
}
