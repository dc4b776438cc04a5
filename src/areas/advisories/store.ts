// Writing OSV records (the `advisory` ingest record) into a workspace: a record replaces the stored
// one of its id only when its `modified` is later, as OSV says a record changes; an older or equal
// one is left as it is, so importing the same set again changes nothing. The packages it affects
// are kept beside it for matching (match.ts), which runs after the batch on what was written here.

import type { AdvisoryRecord } from '../../ingest/records.ts';
import type { BatchContext, Lined } from '../../ingest/batch-context.ts';
import { recordWriter } from '../../ingest/batch.ts';
import { bulkInsert, chunks, json } from '../../platform/db/bulk.ts';
import { param } from '../../platform/db/database.ts';

/** The advisories each batch wrote (new or newer), for the matching step after it. */
const written = new WeakMap<BatchContext, Set<string>>();

export function advisoriesWritten(ctx: BatchContext): ReadonlySet<string> {
  return written.get(ctx) ?? new Set();
}

async function storedModified(ctx: BatchContext, ids: string[]): Promise<Map<string, number>> {
  const { db, tx, tenant, workspace } = ctx;
  const t = db.template('advisories.modified', (b, d) =>
    b
      .selectFrom('advisories')
      .select(['id', 'modified'])
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(d.inList('id', param('ids'))),
  );
  const out = new Map<string, number>();
  for (const part of chunks(ids)) {
    for (const r of await tx.all(t, { tenant, workspace, ids: part })) out.set(r.id, Number(r.modified));
  }
  return out;
}

export async function applyAdvisories(ctx: BatchContext, records: Lined<AdvisoryRecord>[]): Promise<void> {
  const { db, tx, tenant, workspace } = ctx;
  // The latest version of each id in the batch.
  const latest = new Map<string, AdvisoryRecord>();
  for (const { record } of records) {
    const have = latest.get(record.advisory.id);
    if (!have || record.advisory.modified > have.advisory.modified) latest.set(record.advisory.id, record);
  }
  const stored = await storedModified(ctx, [...latest.keys()]);
  const newer = [...latest.values()].filter((r) => {
    const was = stored.get(r.advisory.id);
    return was === undefined || r.advisory.modified > was;
  });
  if (newer.length === 0) return;
  const cols = [
    'tenant_id',
    'workspace_id',
    'id',
    'modified',
    'withdrawn',
    'severity',
    'cvss_score',
    'summary',
    'body',
    'osv',
    'updated_at',
  ];
  await bulkInsert(
    tx,
    'advisories',
    cols,
    newer.map(({ advisory: a, osv }) => [
      tenant,
      workspace,
      a.id,
      a.modified,
      a.withdrawn,
      a.severity,
      a.cvss?.score ?? null,
      a.summary,
      json(a),
      json(osv),
      ctx.now,
    ]),
    { keys: ['tenant_id', 'workspace_id', 'id'], update: Object.fromEntries(cols.slice(3).map((c) => [c, `excluded.${c}`])) },
  );
  const ids = newer.map((r) => r.advisory.id);
  const del = db.template('advisories.packages-delete', (b, d) =>
    b
      .deleteFrom('advisory_packages')
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace'))
      .where(d.inList('advisory_id', param('ids'))),
  );
  for (const part of chunks(ids)) await tx.run(del, { tenant, workspace, ids: part });
  const rows = new Map<string, unknown[]>();
  for (const { advisory: a } of newer) {
    for (const p of a.affected) rows.set(`${p.ecosystem}\u0000${p.name}\u0000${a.id}`, [tenant, workspace, p.ecosystem, p.name, a.id]);
  }
  await bulkInsert(tx, 'advisory_packages', ['tenant_id', 'workspace_id', 'ecosystem', 'name', 'advisory_id'], [...rows.values()], {
    keys: ['tenant_id', 'workspace_id', 'ecosystem', 'name', 'advisory_id'],
    update: {},
  });
  const mine = written.get(ctx) ?? new Set<string>();
  for (const id of ids) mine.add(id);
  written.set(ctx, mine);
}

export const advisoryWriter = recordWriter('advisory', applyAdvisories);
