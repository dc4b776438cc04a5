// Delivering: one attempt of one delivery is one job of the durable job table
// (src/platform/jobs), so an attempt runs on one worker at a time across processes and replicas,
// is taken up again when its worker dies (kill -9) or hands it back at shutdown, and the outcome
// commits with the job's completion: the attempt's log row, the delivery's state and, after a
// failure, the job of the next attempt, due after an exponential backoff. A delivery is given up
// once its next attempt would fall after the retry period; the subscription is then disabled, with
// the reason, if nothing got through to it during that whole period.
//
// Delivery is at least once: an attempt whose worker died after the receiver answered and before
// the outcome committed is made again, with the same `webhook-id` (receivers deduplicate on it).

import type { Db, Executor } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import { enqueueJob, type Job } from '../../platform/jobs/store.ts';
import type { JobContext, JobHandler } from '../../platform/jobs/runner.ts';
import { CLOUDEVENTS_TYPE } from './events.ts';
import { OutboundRefused, type OutboundPolicy, postOnce } from './outbound.ts';
import { signatureHeaders } from './signing.ts';
import { disableSubscription, getDelivery, getSubscription } from './store.ts';

export const DELIVERY_JOB = 'webhook.delivery';
const USER_AGENT = 'aispm-query-webhooks/1.0';
const ERROR_MAX = 500;

export interface DeliveryRef {
  tenant: string;
  workspace: string;
  delivery: string;
}

export interface DeliverySettings extends OutboundPolicy {
  retryBaseMs: number;
  retryMaxMs: number;
  retryPeriodMs: number;
}

/** The delay before attempt `n + 1` after `n` failed: base · 2^(n-1), capped, between half and all of it. */
export function retryDelayMs(failed: number, s: Pick<DeliverySettings, 'retryBaseMs' | 'retryMaxMs'>, random = Math.random): number {
  const full = Math.min(s.retryMaxMs, s.retryBaseMs * 2 ** Math.max(0, failed - 1));
  return Math.round(full / 2 + (random() * full) / 2);
}

/** Schedules attempt `attempt` of a delivery at `runAt`, in the caller's transaction. */
export async function scheduleAttempt(tx: Executor, ref: DeliveryRef, attempt: number, runAt: number, now: number): Promise<void> {
  await enqueueJob(
    tx,
    {
      tenant: ref.tenant,
      id: `${ref.delivery}.${attempt}`,
      kind: DELIVERY_JOB,
      payload: ref,
      runAt,
      // One unfinished attempt per delivery, whatever happens.
      key: `webhook-delivery:${encodeURIComponent(ref.tenant)}:${encodeURIComponent(ref.workspace)}:${ref.delivery}`,
    },
    now,
  );
}

interface Outcome {
  at: number;
  ms: number;
  status: number | null;
  outcome: 'delivered' | 'failed' | 'refused';
  error: string | null;
}

/** Makes one attempt of the delivery and returns what commits with the job (nothing when there is nothing to send). */
export async function attemptDelivery(
  db: Db,
  s: DeliverySettings,
  ref: DeliveryRef,
  signal: AbortSignal,
  now: () => number,
): Promise<((tx: Executor) => Promise<void>) | undefined> {
  const { tenant, workspace } = ref;
  const delivery = await getDelivery(db, db, tenant, workspace, ref.delivery);
  // Deleted with its subscription, or settled already (an attempt re-run after its outcome committed).
  if (delivery?.status !== 'pending') return undefined;
  const sub = await getSubscription(db, db, tenant, workspace, delivery.subscription_id);
  if (!sub) return undefined;
  const attempt = delivery.attempts + 1;
  if (sub.status !== 'active') {
    return (tx) =>
      settle(db, tx, ref, delivery.attempts, { status: 'failed', next: null, error: `not sent: the subscription is disabled` });
  }

  const started = now();
  const secrets = [sub.secret];
  if (sub.previous_secret && Number(sub.previous_secret_until) > started) secrets.push(sub.previous_secret);
  const headers = {
    'content-type': CLOUDEVENTS_TYPE,
    'user-agent': USER_AGENT,
    ...signatureHeaders(secrets, delivery.event_id, started, delivery.payload),
  };
  let result: Outcome;
  try {
    const url = new URL(sub.url);
    const res = await postOnce(url, headers, delivery.payload, s, signal);
    const ok = res.status >= 200 && res.status < 300;
    result = {
      at: started,
      ms: now() - started,
      status: res.status,
      outcome: ok ? 'delivered' : 'failed',
      error: ok ? null : `the receiver answered HTTP ${res.status}`,
    };
  } catch (err) {
    // Shutting down: the job is handed back and this attempt was not made.
    if (signal.aborted) throw err;
    const refused = err instanceof OutboundRefused;
    result = {
      at: started,
      ms: now() - started,
      status: null,
      outcome: refused ? 'refused' : 'failed',
      error: (refused ? `refused: ${(err as Error).message}` : (err as Error).message).slice(0, ERROR_MAX),
    };
  }

  return async (tx) => {
    await logAttempt(db, tx, ref, attempt, result);
    if (result.outcome === 'delivered') {
      await settle(db, tx, ref, delivery.attempts, { status: 'delivered', next: null, error: null, at: result.at, code: result.status });
      const t = db.template('webhooks.success', (b) =>
        b
          .updateTable('webhook_subscriptions')
          .set({ last_success_at: param<number>('at') })
          .where('tenant_id', '=', param('tenant'))
          .where('workspace_id', '=', param('workspace'))
          .where('id', '=', param('id')),
      );
      await tx.run(t, { tenant, workspace, id: sub.id, at: result.at });
      return;
    }
    const next = result.at + retryDelayMs(attempt, s);
    if (next <= delivery.created_at + s.retryPeriodMs) {
      await settle(db, tx, ref, delivery.attempts, { status: 'pending', next, error: result.error, at: result.at, code: result.status });
      await scheduleAttempt(tx, ref, attempt + 1, next, result.at);
      return;
    }
    const period = span(s.retryPeriodMs);
    await settle(db, tx, ref, delivery.attempts, {
      status: 'failed',
      next: null,
      error: `given up after ${attempt} attempts over ${period}: ${result.error}`,
      at: result.at,
      code: result.status,
    });
    // Nothing reached the receiver for the whole period this delivery was tried: the subscription is off until enabled again.
    const lastSuccess = sub.last_success_at === null ? null : Number(sub.last_success_at);
    if (lastSuccess === null || lastSuccess < delivery.created_at) {
      const since = new Date(Math.max(delivery.created_at, lastSuccess ?? 0)).toISOString();
      const reason = `no delivery succeeded for ${period} (since ${since}); the last attempt: ${result.error}`;
      await disableSubscription(db, tx, tenant, workspace, sub.id, reason.slice(0, ERROR_MAX * 2), result.at);
    }
  };
}

/** A duration in the largest unit that keeps it whole enough: 45 s, 20 min, 24 h. */
function span(ms: number): string {
  if (ms < 120_000) return `${Math.round(ms / 1000)} s`;
  if (ms < 7_200_000) return `${Math.round(ms / 60_000)} min`;
  return `${Math.round((ms / 3_600_000) * 10) / 10} h`;
}

async function logAttempt(db: Db, tx: Executor, ref: DeliveryRef, attempt: number, r: Outcome): Promise<void> {
  const t = db.template('webhooks.log-attempt', (b) =>
    b
      .insertInto('webhook_attempts')
      .values({
        tenant_id: param('tenant'),
        workspace_id: param('workspace'),
        delivery_id: param('delivery'),
        attempt: param<number>('attempt'),
        started_at: param<number>('at'),
        duration_ms: param<number>('ms'),
        status_code: param<number | null>('status'),
        outcome: param('outcome'),
        error: param<string | null>('error'),
      })
      .onConflict((oc) => oc.doNothing()),
  );
  await tx.run(t, { ...ref, attempt, at: r.at, ms: Math.round(r.ms), status: r.status, outcome: r.outcome, error: r.error });
}

interface Settlement {
  status: 'pending' | 'delivered' | 'failed';
  next: number | null;
  error: string | null;
  at?: number;
  code?: number | null;
}

/** Records the attempt's effect on the delivery, if no other attempt recorded one since it was read. */
async function settle(db: Db, tx: Executor, ref: DeliveryRef, attemptsBefore: number, s: Settlement): Promise<void> {
  const t = db.template('webhooks.settle', (b) =>
    b
      .updateTable('webhook_deliveries')
      .set({
        status: param('status'),
        attempts: param<number>('attempts'),
        next_attempt_at: param<number | null>('next'),
        last_attempt_at: param<number | null>('at'),
        last_status_code: param<number | null>('code'),
        last_error: param<string | null>('error'),
        delivered_at: param<number | null>('delivered'),
      })
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where('id', '=', param('delivery'))
      .where('status', '=', 'pending')
      .where('attempts', '=', param<number>('before')),
  );
  const attempted = s.at !== undefined;
  await tx.run(t, {
    ...ref,
    status: s.status,
    attempts: attempted ? attemptsBefore + 1 : attemptsBefore,
    next: s.next,
    at: s.at ?? null,
    code: s.code ?? null,
    error: s.error,
    delivered: s.status === 'delivered' ? s.at : null,
    before: attemptsBefore,
  });
}

/** The job handler of delivery attempts, for the runner of every serving process. */
export function deliveryJobs(db: Db, settings: () => DeliverySettings, now: () => number = Date.now): JobHandler<DeliveryRef> {
  return {
    run: (ctx: JobContext<DeliveryRef>) => attemptDelivery(db, settings(), ctx.job.payload, ctx.signal, now),
    // The attempt could not even be made (the database failed it again and again): the delivery says so.
    failed: async (tx: Executor, job: Job<DeliveryRef>, error: string) => {
      const t = db.template('webhooks.job-failed', (b) =>
        b
          .updateTable('webhook_deliveries')
          .set({ status: 'failed', next_attempt_at: null, last_error: param('error') })
          .where('tenant_id', '=', param('tenant'))
          .where('workspace_id', '=', param('workspace'))
          .where('id', '=', param('delivery'))
          .where('status', '=', 'pending'),
      );
      await tx.run(t, { ...job.payload, error: `could not be attempted: ${error}`.slice(0, ERROR_MAX) });
    },
  };
}
