// How every findings write keeps waivers: an instance a waiver covers has the waiver's id and terms
// on its row, status `waived` instead of `open` (so the roll-ups that count open instances, and
// everything read from them, leave it out), and no share of the monthly histogram counts. The
// writers (ingest, posture rules, controls, advisories) build their rows as if no waiver existed;
// `reconcileWaivers`, called by the one write of instance rows, then:
//
//   - keeps the waiver of a row that had one (a sensor re-sending the finding, a rule or control
//     evaluating it again, does not reopen it while the waiver holds);
//   - gives a row without one the waiver that covers it, if any holds now (a new instance of a rule
//     waived on its object, or an instance opened again under its own waiver);
//   - turns `open` into `waived` on a covered row, and corrects the writer's monthly deltas: the
//     writer counted every row it wrote and uncounted every row it replaced, so a covered row's
//     new share is taken back and a covered old row's share given back.
//
// A workspace without waivers costs one indexed read per batch context.

import type { Selectable } from 'kysely';
import type { FindingWaiversTable, IssueInstancesTable } from '../../platform/db/tables/findings.ts';
import { type BatchContext, objectKey } from '../../ingest/batch-context.ts';
import { chunks } from '../../platform/db/bulk.ts';
import { param, readJson } from '../../platform/db/database.ts';
import type { Severity } from '../../catalog/rules/index.ts';
import { bumper, type MonthlyDelta } from './monthly.ts';
import { rfc3339 } from '../../platform/values.ts';

export type WaiverScope = 'instance' | 'rule';
export type WaiverKind = 'accepted_risk' | 'false_positive';

export interface Waiver {
  id: string;
  scope: WaiverScope;
  instanceId: string | null;
  ruleId: string;
  objectKind: string;
  objectId: string;
  kind: WaiverKind;
  reason: string;
  waivedBy: string;
  waivedAt: number;
  expiresAt: number | null;
}

export type WaiverRow = Omit<Selectable<FindingWaiversTable>, 'tenant_id' | 'workspace_id'>;

export function waiverOf(r: WaiverRow): Waiver {
  return {
    id: r.id,
    scope: r.scope,
    instanceId: r.instance_id,
    ruleId: r.rule_id,
    objectKind: r.object_kind,
    objectId: r.object_id,
    kind: r.kind,
    reason: r.reason,
    waivedBy: r.waived_by,
    waivedAt: Number(r.waived_at),
    expiresAt: r.expires_at === null ? null : Number(r.expires_at),
  };
}

/** The terms as an instance carries them (its `waiver` field) and events and the API answer them. */
export type WaiverTerms = {
  id: string;
  scope: WaiverScope;
  kind: WaiverKind;
  reason: string;
  waived_by: string;
  waived_at: string;
  expires_at: string | null;
};

export function termsOf(w: Waiver): WaiverTerms {
  return {
    id: w.id,
    scope: w.scope,
    kind: w.kind,
    reason: w.reason,
    waived_by: w.waivedBy,
    waived_at: rfc3339(w.waivedAt)!,
    expires_at: rfc3339(w.expiresAt),
  };
}

/** Whether a waiver still holds at `now` (an expired one is lifted by its job; until then it covers only what it had). */
export const holds = (w: Waiver, now: number) => w.expiresAt === null || w.expiresAt > now;

const ruleObject = (ruleId: string, kind: string, id: string) => `${ruleId}\u0000${objectKey(kind, id)}`;

/** The waivers of one workspace, by id and by what they cover. */
export class WaiverIndex {
  readonly byId = new Map<string, Waiver>();
  private readonly byInstance = new Map<string, Waiver>();
  private readonly byRuleObject = new Map<string, Waiver>();
  constructor(waivers: Waiver[]) {
    for (const w of waivers) {
      this.byId.set(w.id, w);
      if (w.scope === 'instance' && w.instanceId !== null) this.byInstance.set(w.instanceId, w);
      else this.byRuleObject.set(ruleObject(w.ruleId, w.objectKind, w.objectId), w);
    }
  }

  /** The waiver that covers a finding now: its own first, else its rule's on its object. */
  cover(id: string, ruleId: string, kind: string, objectId: string, now: number): Waiver | undefined {
    const own = this.byInstance.get(id);
    if (own && holds(own, now)) return own;
    const rule = this.byRuleObject.get(ruleObject(ruleId, kind, objectId));
    return rule && holds(rule, now) ? rule : undefined;
  }
}

export async function loadWaivers(ctx: BatchContext): Promise<Waiver[]> {
  const t = ctx.db.template('waivers.of-workspace', (b) =>
    b.selectFrom('finding_waivers').selectAll().where('tenant_id', '=', param('tenant')).where('workspace_id', '=', param('workspace')),
  );
  return (await ctx.tx.all(t, { tenant: ctx.tenant, workspace: ctx.workspace })).map(waiverOf);
}

// One read per batch context (a batch's writers share it); the waiver routes forget it when they change waivers.
const indexes = new WeakMap<BatchContext, Promise<WaiverIndex | null>>();

export function waiverIndex(ctx: BatchContext): Promise<WaiverIndex | null> {
  let p = indexes.get(ctx);
  if (!p) {
    p = loadWaivers(ctx).then((ws) => (ws.length ? new WaiverIndex(ws) : null));
    indexes.set(ctx, p);
  }
  return p;
}

export function forgetWaivers(ctx: BatchContext): void {
  indexes.delete(ctx);
}

/** A covered finding: its waiver is set (the statement reads only those). */
type Covered = Pick<Selectable<IssueInstancesTable>, 'id' | 'waiver' | 'rule_id' | 'severity' | 'detected_at'> & { waiver_id: string };

/** Positions in `instanceColumns` (findings-writer.ts) of what this reads and sets. */
const ID = 2;
const RULE = 4;
const SEVERITY = 5;
const KIND = 6;
const OBJECT = 7;
const STATUS = 8;
const DETECTED = 9;

/**
 * Settles the waivers of instance rows about to be upserted (aligned to `instanceColumns`) and of
 * instances about to be deleted: appends `waiver_id` and `waiver` to each row, turns a covered
 * open row `waived`, and corrects `monthly` (see the top of this file).
 */
export async function reconcileWaivers(
  ctx: BatchContext,
  rows: unknown[][],
  deletes: string[],
  monthly: Map<string, MonthlyDelta>,
): Promise<unknown[][]> {
  const index = rows.length + deletes.length ? await waiverIndex(ctx) : null;
  if (!index) return rows.map((r) => [...r, null, null]);
  const covered = new Map<string, Covered>();
  const t = ctx.db.template('waivers.covered-rows', (b, d) =>
    b
      .selectFrom('issue_instances')
      .select(['id', 'waiver_id', 'waiver', 'rule_id', 'severity', 'detected_at'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('waiver_id', 'is not', null)
      .where(d.inList('id', param('ids')))
      .$narrowType<{ waiver_id: string }>(),
  );
  for (const part of chunks([...rows.map((r) => r[ID] as string), ...deletes])) {
    for (const r of await ctx.tx.all(t, { tenant: ctx.tenant, workspace: ctx.workspace, ids: part }))
      covered.set(r.id, { ...r, detected_at: Number(r.detected_at) });
  }
  const bump = bumper(monthly);
  const gone: string[] = [];
  for (const id of deletes) {
    const old = covered.get(id);
    if (!old) continue;
    bump(old.detected_at, old.severity, 1, old.rule_id);
    // A waiver of this instance alone has nothing left to cover (a rule's waiver covers its later findings: it stays).
    if (index.byId.get(old.waiver_id)?.scope === 'instance') gone.push(old.waiver_id);
  }
  if (gone.length) {
    const del = ctx.db.template('waivers.delete-many', (b, d) =>
      b
        .deleteFrom('finding_waivers')
        .where('tenant_id', '=', param('tenant'))
        .where('workspace_id', '=', param('workspace'))
        .where(d.inList('id', param('ids'))),
    );
    await ctx.tx.run(del, { tenant: ctx.tenant, workspace: ctx.workspace, ids: gone });
    forgetWaivers(ctx);
  }
  return rows.map((row) => {
    const id = row[ID] as string;
    const old = covered.get(id);
    if (old) bump(old.detected_at, old.severity, 1, old.rule_id);
    let waiverId: string | null = old?.waiver_id ?? null;
    let terms: string | null = old ? JSON.stringify(readJson(old.waiver) ?? null) : null;
    if (!old) {
      const w = index.cover(id, row[RULE] as string, row[KIND] as string, row[OBJECT] as string, ctx.now);
      if (w) {
        waiverId = w.id;
        terms = JSON.stringify(termsOf(w));
      }
    }
    if (waiverId === null) return [...row, null, null];
    bump(Number(row[DETECTED]), row[SEVERITY] as Severity, -1, row[RULE] as string);
    const out = [...row, waiverId, terms];
    if (out[STATUS] === 'open') {
      out[STATUS] = 'waived';
      ctx.quiet.add(id);
    }
    return out;
  });
}
