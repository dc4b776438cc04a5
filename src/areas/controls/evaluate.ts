// Turning what a control's query answers into findings. Every object it answers is an open
// finding of the control (its rule) on that object, with the row (or the object's paths) as
// evidence; an open finding on an object it no longer answers is resolved. Rows go through the
// findings' own writers (instances, monthly counts, issue roll-ups), as the posture rules' do, so
// every findings read shows them; the objects whose findings changed then get their issue counts,
// risk scores and stored rows again (the `after` steps), and the changes go to the webhooks.
//
// When: as a finish step of every ingest batch (and posture evaluation) that touched the
// workspace, after the stored rows are rendered (the lists read them), inside the batch's
// transaction; and when a control is saved or deleted (`settle`). After a batch, each control is
// read only on the objects whose answer the batch can have changed (candidates.ts: the touched
// objects of its kind, and those reached back from the touched objects over its related filters'
// relations or its paths' hops), and only the findings on those objects are brought in line: the
// list reads the stored rows, which change only for the objects a batch touched (rendered again by
// the finish steps before this one), and a related filter or a path reads only relations and
// objects within its reach.

import { findingChange, type InstanceHead } from '../findings/changes.ts';
import { randomBytes } from 'node:crypto';
import { issueIdOf, type Severity } from '../../catalog/rules/index.ts';
import { monthlyCounter, refreshIssues, writeSettled } from '../findings/findings-writer.ts';
import { loadRuleMeta } from '../findings/rules-writer.ts';
import { readStored, type StoredInstance } from '../findings/instances-store.ts';
import { type BatchContext, type Change, type FinishStep, objectKey, splitKey } from '../../ingest/batch-context.ts';
import { json } from '../../platform/db/bulk.ts';
import { ApiError } from '../../platform/errors.ts';
import type { PathBounds } from '../graph/paths.ts';
import { byKind } from '../posture/affected.ts';
import { candidates, Walks } from './candidates.ts';
import { type Answer, type ReadQuery, readQuery, runQuery } from './query.ts';
import { readerIn } from './reader.ts';
import { CONTROL_CATEGORY, type Control, controlsOf } from './store.ts';

export interface ControlOutcome {
  opened: number;
  resolved: number;
  /** The objects whose findings it changed (their issue counts and rows were rendered again). */
  objects: Set<string>;
}

async function openInstances(ctx: BatchContext, ruleId: string): Promise<StoredInstance[]> {
  // A waived finding is live: it stays (waived) while the control answers its object.
  return readStored(ctx, { by: 'rule_id', values: [ruleId], status: 'live' });
}

/** The columns a finding moves (src/catalog/kinds.ts): issue counts and the risk score. */
const fromFindings = new Set(['critical_issues', 'high_issues', 'total_issues', 'risk_score']);

/** Whether a query reads a column findings move, on its rows, their related rows or a path's ends. */
function readsFindings(q: ReadQuery): boolean {
  const filters = q.kind === 'list' ? q.filters : [...q.paths.fromFilters, ...q.paths.toFilters];
  return filters.some((f) => fromFindings.has(f.decl.column));
}

/** Rounds of re-reading controls on the objects whose findings the previous round changed. */
const MAX_ROUNDS = 3;

const newInstanceId = () => `ctl_${randomBytes(12).toString('base64url')}`;

export class Controls {
  /** Steps run on the objects whose findings an evaluation changed: issue counts, risk, stored rows. */
  private readonly after: readonly FinishStep[];
  private readonly bounds: () => PathBounds;
  constructor(after: readonly FinishStep[], bounds: () => PathBounds) {
    this.after = after;
    this.bounds = bounds;
  }

  /** What a control answers now, read in `ctx`'s transaction. */
  async answers(ctx: BatchContext, c: Control, only?: Set<string>): Promise<{ answers: Map<string, Answer>; truncated: boolean }> {
    const q = readQuery(c.queryKind, c.query, ctx.db.dialect, this.bounds());
    const ids = only && [...only].map((k) => splitKey(k)[1]);
    return runQuery(readerIn(ctx.db, ctx.tx), q, ctx.tenant, ctx.workspace, ids);
  }

  /**
   * Brings one control's findings in line with what it answers (nothing when `control` is
   * undefined: deleted, or `fresh` findings are wanted after its query or severity changed).
   */
  async settle(
    ctx: BatchContext,
    ruleId: string,
    control: Control | undefined,
    fresh = false,
    only?: Set<string>,
  ): Promise<ControlOutcome> {
    const { tenant, workspace, now } = ctx;
    const meta = await loadRuleMeta(ctx, [ruleId]);
    const rule = meta.get(ruleId);
    const on = control?.enabled && rule?.enabled !== false;
    const answers = on ? (await this.answers(ctx, control, only)).answers : new Map<string, Answer>();
    const outcome: ControlOutcome = { opened: 0, resolved: 0, objects: new Set() };
    const open = new Map<string, StoredInstance>();
    const resolutions: unknown[][] = [];
    const touchedIssues = new Map<string, { ruleId: string; severity: Severity }>();
    const touchedObjects = new Set<string>();
    const changes: Change[] = [];
    const [announceOpened, announceResolved] = [await ctx.wants('finding.created'), await ctx.wants('finding.resolved')];
    const change = (type: 'finding.created' | 'finding.resolved', i: InstanceHead) => findingChange(type, i, now, 'control');
    const severity = rule?.severity ?? control?.severity ?? 'low';
    for (const i of await openInstances(ctx, ruleId)) {
      const key = objectKey(i.object_kind, i.object_id);
      // Read on candidates only: the answer on any other object is unchanged, so is its finding.
      if (only && !only.has(key)) continue;
      // A re-graded control (its own severity or the tenant's setting) opens its findings again under the new one.
      if (!fresh && answers.has(key) && i.severity === severity) {
        open.set(key, i);
        continue;
      }
      resolutions.push([i.id, 'resolved', now, now]);
      if (announceResolved) changes.push(change('finding.resolved', i));
      touchedIssues.set(i.issue_id, { ruleId, severity: i.severity });
      touchedObjects.add(key);
      outcome.resolved++;
    }
    const rows: unknown[][] = [];
    const { monthly, bump } = monthlyCounter();
    if (rule && control) {
      const issueId = issueIdOf(tenant, workspace, ruleId, severity);
      for (const [key, a] of answers) {
        if (open.has(key)) continue;
        const i: InstanceHead = {
          id: newInstanceId(),
          issue_id: issueId,
          rule_id: ruleId,
          severity,
          object_kind: a.objectKind,
          object_id: a.objectId,
          detected_at: now,
          title: `${control.title}: ${a.name}`,
        };
        rows.push([
          tenant,
          workspace,
          i.id,
          issueId,
          ruleId,
          severity,
          a.objectKind,
          a.objectId,
          'open',
          now,
          null,
          i.title,
          control.description || `The ${control.queryKind} query of control ${ruleId} answers this object: ${control.query}`,
          null,
          json({ control: ruleId, [control.queryKind]: control.query, answer: a.evidence() }),
          control.remediation,
          null,
          null,
          CONTROL_CATEGORY,
          null,
          'control',
          now,
        ]);
        if (announceOpened) changes.push(change('finding.created', i));
        bump(now, severity, 1, ruleId);
        touchedIssues.set(issueId, { ruleId, severity });
        touchedObjects.add(key);
        outcome.opened++;
      }
    }
    outcome.objects = touchedObjects;
    if (touchedObjects.size === 0) return outcome;
    await writeSettled(ctx, { tenant, workspace }, rows, resolutions, monthly);
    // The issue roll-ups, counts, scores and stored rows of the objects this control changed only.
    const sub = ctx.forWorkspace(workspace);
    for (const k of touchedObjects) sub.touchedForIssues.add(k);
    await refreshIssues(sub, touchedIssues, meta);
    for (const step of this.after) await step(sub);
    // Whatever those steps rendered again (a risk score moves on neighbours too) is what later rounds re-read.
    for (const set of [sub.touchedForIssues, sub.touchedForRisk, sub.touchedRows]) for (const k of set) touchedObjects.add(k);
    ctx.changes.push(...changes);
    return outcome;
  }

  /**
   * The finish step: the enabled controls of a workspace whose inventory or findings the batch
   * touched, each read only on the objects the batch can have changed its answer on
   * (candidates.ts). An object whose facts (attributes, relations) or row changed may change any
   * control's answer; one whose issue counts or risk score only moved (touched for issues or
   * risk), only that of a control reading those columns.
   */
  readonly afterBatch: FinishStep = async (ctx: BatchContext): Promise<void> => {
    const facts = new Set([...ctx.touchedForEdges, ...ctx.touchedRows]);
    await this.reread(ctx, facts, new Set([...ctx.touchedForIssues, ...ctx.touchedForRisk]));
  };

  /**
   * Re-reads the workspace's enabled controls on the objects whose answer can have changed:
   * `facts`, objects whose facts or row changed (every control), and `derived`, objects whose issue
   * counts or risk score only moved (the controls reading those columns). The findings controls
   * change move their objects' counts and scores in turn: those objects are the `derived` of a
   * further round, until no finding changes (at most MAX_ROUNDS rounds: controls reading the
   * counts they change could otherwise flip each other forever). Also run after a control is
   * saved or deleted, on the objects whose findings it changed.
   */
  async reread(ctx: BatchContext, facts: Set<string>, derived: Set<string>): Promise<void> {
    if (facts.size === 0 && derived.size === 0) return;
    const controls = (await controlsOf(ctx.db, ctx.tx, ctx.tenant, ctx.workspace)).filter((c) => c.enabled);
    if (controls.length === 0) return;
    const scope = { db: ctx.db, tx: ctx.tx, tenant: ctx.tenant, workspace: ctx.workspace };
    for (let round = 0; round < MAX_ROUNDS && facts.size + derived.size > 0; round++) {
      const onFacts = byKind(facts);
      const onAll = byKind(new Set([...facts, ...derived]));
      const walks = { facts: new Walks(scope, onFacts), all: new Walks(scope, onAll) };
      const next = new Set<string>();
      for (const c of controls) {
        try {
          const q = readQuery(c.queryKind, c.query, ctx.db.dialect, this.bounds());
          const only = readsFindings(q) ? await candidates(walks.all, q, onAll) : await candidates(walks.facts, q, onFacts);
          if (only !== 'all' && only.size === 0) continue;
          const outcome = await this.settle(ctx, c.id, c, false, only === 'all' ? undefined : only);
          for (const k of outcome.objects) next.add(k);
        } catch (err) {
          // A query the estate has outgrown (a paths bound passed) must not refuse the batch: the
          // control keeps its findings until it answers within bounds again; its preview says why.
          if (!(err instanceof ApiError)) throw err;
        }
      }
      facts = new Set();
      derived = next;
    }
  }
}
