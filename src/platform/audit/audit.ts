// The audit trail: one row per change (a key created or revoked, a webhook or view changed, an
// ingest request's records written) and per refused attempt (a key asking for a key wider than
// itself), written by the route that makes the change in the transaction of the change, so a change is never kept without its row or the other
// way round. A row says who (the key id), when, from where (address, user agent), what (action and
// target), the outcome and why; its detail holds names, scopes and counts, never a secret, a token,
// a signing secret or a stored value (docs/IDENTITY.md).

import { purgeReads } from './reads.ts';
import { randomBytes } from 'node:crypto';
import type { Builder, Db, Executor } from '../db/database.ts';
import type { SqlDialect } from '../db/dialect.ts';
import { type ScopeShape, whereScope } from '../db/workspace-scope.ts';
import { param } from '../db/database.ts';

/** What the audit trail records. */
export const auditActions = [
  'api_key.created',
  'api_key.revoked',
  'webhook.created',
  'webhook.deleted',
  'webhook.secret_rotated',
  'webhook.enabled',
  'view.created',
  'view.updated',
  'view.deleted',
  'ingest.batch',
  'storage.written',
  'storage.deleted',
  'rule.settings_changed',
  'finding.waived',
  'finding.unwaived',
  'sign_in',
  'sign_out',
  'session.refused',
  'user.roles_changed',
] as const;
export type AuditAction = (typeof auditActions)[number];

/** `success`: the change was made; `refused`: it was asked for and not made (`reason` says why). */
export type AuditOutcome = 'success' | 'refused';

/** Who acted and from where: the key of the request, its peer address and user agent. */
export interface AuditSource {
  actor: string;
  address: string | null;
  userAgent: string | null;
}

export interface AuditEvent {
  tenant: string;
  /** The workspace of the change; absent for tenant-wide changes (keys), which only keys of every workspace read. */
  workspace?: string;
  action: AuditAction;
  /** What was acted on: `api_keys/{id}`, `webhooks/{workspace}/{id}`, `views/{id}`, `workspaces/{id}` (an ingest). */
  target: string;
  outcome: AuditOutcome;
  reason?: string;
  /** Names, scopes, counts: never a secret or a stored value. */
  detail?: Record<string, unknown>;
}

/** A row as written, handed to the forwarder in the same transaction. */
export interface AuditRecord {
  id: string;
  tenant: string;
  workspace: string | null;
  at: number;
  actor: string;
  action: AuditAction;
  target: string;
  outcome: AuditOutcome;
  reason: string | null;
  address: string | null;
  userAgent: string | null;
  detail: Record<string, unknown> | null;
}

/** What else is done with each row in its transaction: the webhooks' outbox of `audit.recorded` (wired in compose.ts). */
export type AuditForwarder = (ex: Executor, row: AuditRecord) => Promise<void>;

// Per database: the platform may not import the webhooks area, and recordAudit's callers all hold the database.
const forwarders = new WeakMap<Db, AuditForwarder>();

/** Hands every row `db` records from now on to `forward` too, in the row's transaction (undefined: to nothing). */
export function forwardAudit(db: Db, forward: AuditForwarder | undefined): void {
  if (forward) forwarders.set(db, forward);
  else forwarders.delete(db);
}

/** Longest user agent kept: enough to tell clients apart, not a place to store a body. */
const USER_AGENT_MAX = 256;

export async function recordAudit(db: Db, ex: Executor, source: AuditSource, event: AuditEvent, now: number): Promise<void> {
  const t = db.template('audit.insert', (b) =>
    b.insertInto('audit_events').values({
      tenant_id: param('tenant'),
      id: param('id'),
      workspace_id: param<string | null>('workspace'),
      at: param<number>('at'),
      actor: param('actor'),
      action: param('action'),
      target: param('target'),
      outcome: param('outcome'),
      reason: param<string | null>('reason'),
      address: param<string | null>('address'),
      user_agent: param<string | null>('userAgent'),
      detail: param<string | null>('detail'),
    }),
  );
  const row: AuditRecord = {
    // Time first, so ids of one tenant sort as they were written.
    id: `aud_${now.toString(36).padStart(9, '0')}${randomBytes(6).toString('hex')}`,
    tenant: event.tenant,
    workspace: event.workspace ?? null,
    at: now,
    actor: source.actor,
    action: event.action,
    target: event.target,
    outcome: event.outcome,
    reason: event.reason ?? null,
    address: source.address,
    userAgent: source.userAgent === null ? null : source.userAgent.slice(0, USER_AGENT_MAX),
    detail: event.detail ?? null,
  };
  await ex.run(t, { ...row, detail: row.detail === null ? null : JSON.stringify(row.detail) });
  await forwarders.get(db)?.(ex, row);
}

/** Deletes the rows older than the cutoff, and the read summaries of hours before it (every tenant); returns how many. */
export async function purgeAudit(db: Db, cutoff: number): Promise<number> {
  const t = db.template('audit.purge', (b) => b.deleteFrom('audit_events').where('at', '<', param<number>('cutoff')));
  return (await db.run(t, { cutoff })) + (await purgeReads(db, cutoff));
}

/** Runs the retention now and then every `everyMs` while `days` > 0; `stop` ends it. */
export function startAuditRetention(
  db: Db,
  opts: { days: number; now: () => number; onResult?: (deleted: number) => void; onError?: (err: unknown) => void },
  everyMs = 3_600_000,
): { stop(): void; done: Promise<void> } {
  if (opts.days <= 0) return { stop: () => {}, done: Promise.resolve() };
  let running: Promise<void> = Promise.resolve();
  const run = () => {
    running = running.then(async () => {
      try {
        // Not inside `onResult?.(…)`: an optional call skips evaluating its arguments when there is no callback.
        const deleted = await purgeAudit(db, opts.now() - opts.days * 86_400_000);
        opts.onResult?.(deleted);
      } catch (err) {
        opts.onError?.(err);
      }
    });
    return running;
  };
  const first = run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  void first;
  return {
    stop: () => clearInterval(timer),
    // The run in flight, so a closing server waits for it before closing the database.
    get done() {
      return running;
    },
  };
}

/**
 * The base of the list of a tenant's audit trail (alias `a`): its events, those of the workspaces
 * of the scope (tenant-wide events have no workspace: a key granted some workspaces reads none of
 * them). The identity area declares the list.
 */
export function auditEventsListed(b: Builder, d: SqlDialect, shape: ScopeShape) {
  return whereScope(
    b
      .selectFrom('audit_events as a')
      .select([
        'a.at',
        'a.workspace_id',
        'a.actor',
        'a.action',
        'a.target',
        'a.outcome',
        'a.reason',
        'a.address',
        'a.user_agent',
        'a.id',
        'a.detail',
      ])
      .where('a.tenant_id', '=', param('tenant')),
    d,
    shape,
    'a.workspace_id',
  );
}
