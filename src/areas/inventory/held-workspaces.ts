// The workspaces that hold (or held) inventory, read from the per-kind counts ingest keeps (one row
// per workspace and kind): what the posture rules and the risk formula walk when they re-evaluate
// every workspace.

import type { Db, Executor } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';

/** The workspaces of a tenant that hold (or held) inventory, in order. */
export async function workspacesOf(db: Db, ex: Executor, tenant: string): Promise<string[]> {
  const t = db.template('inventory.workspaces-of', (b) =>
    b.selectFrom('kind_counts').select('workspace_id').distinct().where('tenant_id', '=', param('tenant')).orderBy('workspace_id'),
  );
  return (await ex.all(t, { tenant })).map((r) => r.workspace_id);
}

/** Every (tenant, workspace) that holds (or held) inventory, in order. */
export async function everyWorkspace(db: Db, ex: Executor): Promise<Array<{ tenant_id: string; workspace_id: string }>> {
  const t = db.template('inventory.every-workspace', (b) =>
    b.selectFrom('kind_counts').select(['tenant_id', 'workspace_id']).distinct().orderBy('tenant_id').orderBy('workspace_id'),
  );
  return ex.all(t);
}
