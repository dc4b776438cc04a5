// The events a subscription receives, as CloudEvents 1.0 in structured mode (the whole event is
// the JSON body, `application/cloudevents+json`), built as plain objects: `specversion`, `id`
// (also the Standard Webhooks `webhook-id`, the receiver's idempotency key), `source` (the
// workspace), `type` (`aispm.finding.created`, `aispm.finding.resolved`, `aispm.finding.waived`,
// `aispm.finding.unwaived`, `aispm.object.discovered`, and `aispm.audit.recorded` for admins),
// `subject`, `time`, `datacontenttype`, the extension attributes `tenantid` and `workspaceid`,
// and `data`: the tenant, the workspace, the finding or the object, and links to them in the API
// (absolute under AISPM_PUBLIC_URL when it is set, else paths). An audit row of a tenant-wide
// change (a key, a sign-in) has no workspace: its `source` is the tenant and it has no `workspaceid`.

import { randomBytes } from 'node:crypto';
import { kindByName } from '../../catalog/kinds.ts';
import { type Severity, severityRank } from '../../catalog/rules/index.ts';
import type { Change, ChangeType } from '../../ingest/batch-context.ts';
import type { AuditRecord } from '../../platform/audit/audit.ts';
import { rfc3339 } from '../../platform/values.ts';

/** What a subscription may receive: the changes a batch notes, and the audit trail's rows. */
export type EventType = ChangeType | 'audit.recorded';

export const eventTypes: readonly EventType[] = [
  'finding.created',
  'finding.resolved',
  'finding.waived',
  'finding.unwaived',
  'object.discovered',
  'audit.recorded',
];

/** Event types only a key with the `admin` scope may subscribe to (the audit trail is the admins'). */
export const adminEventTypes: ReadonlySet<EventType> = new Set<EventType>(['audit.recorded']);
export const severities: readonly Severity[] = ['low', 'medium', 'high', 'critical'];

export const CLOUDEVENTS_TYPE = 'application/cloudevents+json; charset=utf-8';

/** Texts of an event longer than this are shortened (an event's size is bounded whatever was ingested). */
const TEXT_MAX = 1024;

export function newEventId(): string {
  return `evt_${randomBytes(12).toString('base64url')}`;
}

/** Whether a subscription with these settings receives the change. */
export function matches(change: Change, events: readonly string[], minSeverity: string): boolean {
  if (!events.includes(change.type)) return false;
  if (change.type === 'object.discovered') return true;
  return (severityRank[change.severity as Severity] ?? 0) >= (severityRank[minSeverity as Severity] ?? 0);
}

const enc = encodeURIComponent;

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

/** The API paths (or URLs) of what an event names. */
function links(change: Change, tenant: string, workspace: string, base: string) {
  const at = (prefix: string) => `${base}/api/v1/${prefix}/tenants/${enc(tenant)}/workspaces/${enc(workspace)}`;
  const objectLink = (kind: string, id: string) => {
    const k = kindByName.get(kind);
    return k?.prefix ? `${at(k.prefix)}/${enc(id)}` : null;
  };
  if (change.type === 'object.discovered') return { object: objectLink(change.kind, change.id) };
  return {
    finding: `${at('instances')}/${enc(change.id)}`,
    issue: `${at('issues')}/${enc(change.issueId)}`,
    object: objectLink(change.objectKind, change.objectId),
  };
}

export interface BuiltEvent {
  id: string;
  type: EventType;
  subject: string;
  /** The JSON sent, byte for byte (also what is signed). */
  body: string;
}

/** The CloudEvent of a change, as the JSON text that is sent; texts shortened until it fits `maxBytes`. */
export function buildEvent(change: Change, tenant: string, workspace: string, at: number, publicUrl: string, maxBytes: number): BuiltEvent {
  const id = newEventId();
  const base = publicUrl.replace(/\/+$/, '');
  const subject = change.type === 'object.discovered' ? `objects/${change.kind}/${change.id}` : `findings/${change.id}`;
  for (let max = TEXT_MAX; ; max = Math.floor(max / 2)) {
    const data =
      change.type === 'object.discovered'
        ? {
            tenant_id: tenant,
            workspace_id: workspace,
            object: {
              kind: change.kind,
              id: change.id,
              name: cut(change.name, max),
              first_seen: rfc3339(change.firstSeen),
              last_seen: rfc3339(change.lastSeen),
            },
            links: links(change, tenant, workspace, base),
          }
        : {
            tenant_id: tenant,
            workspace_id: workspace,
            finding: {
              id: change.id,
              issue_id: change.issueId,
              rule_id: change.ruleId,
              severity: change.severity,
              status: change.status,
              title: cut(change.title, max),
              object_type: change.objectKind,
              object_id: change.objectId,
              detected_at: rfc3339(change.detectedAt),
              resolved_at: rfc3339(change.resolvedAt),
              source: change.source,
            },
            ...(change.waiver ? { waiver: { ...change.waiver, reason: cut(String(change.waiver.reason ?? ''), max) } } : {}),
            links: links(change, tenant, workspace, base),
          };
    const body = JSON.stringify({
      specversion: '1.0',
      id,
      source: `/tenants/${enc(tenant)}/workspaces/${enc(workspace)}`,
      type: `aispm.${change.type}`,
      subject,
      time: rfc3339(at),
      datacontenttype: 'application/json',
      tenantid: tenant,
      workspaceid: workspace,
      data,
    });
    if (Buffer.byteLength(body) <= maxBytes || max <= 16) return { id, type: change.type, subject, body };
  }
}

/**
 * The CloudEvent of an audit row: the row as the audit list answers it (never a secret: the row
 * holds none). Its detail is names and counts, so it is not shortened.
 */
export function buildAuditEvent(row: AuditRecord, publicUrl: string): BuiltEvent {
  const id = newEventId();
  const base = publicUrl.replace(/\/+$/, '');
  const tenant = `/tenants/${enc(row.tenant)}`;
  const subject = `audit/${row.id}`;
  const body = JSON.stringify({
    specversion: '1.0',
    id,
    source: row.workspace === null ? tenant : `${tenant}/workspaces/${enc(row.workspace)}`,
    type: 'aispm.audit.recorded',
    subject,
    time: rfc3339(row.at),
    datacontenttype: 'application/json',
    tenantid: row.tenant,
    ...(row.workspace === null ? {} : { workspaceid: row.workspace }),
    data: {
      tenant_id: row.tenant,
      workspace_id: row.workspace,
      audit: {
        id: row.id,
        time: rfc3339(row.at),
        actor: row.actor,
        action: row.action,
        target: row.target,
        outcome: row.outcome,
        reason: row.reason,
        address: row.address,
        user_agent: row.userAgent,
        detail: row.detail,
      },
      links: { audit: `${base}/api/v1/audit/tenants/${enc(row.tenant)}` },
    },
  });
  return { id, type: 'audit.recorded', subject, body };
}
