// Workspaces the service holds data of: recorded by ingest (each batch notes its workspace's
// first and last ingest), listed with their object counts per kind, and asked by the guard that
// answers 404 for a workspace never ingested into.

import { sql } from 'kysely';
import { workspace } from '../../catalog/rowsets.ts';
import type { BatchContext } from '../../ingest/batch-context.ts';
import type { Db } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import { type ScopeShape, scopeArgs, scopeShape, whereScope, type WorkspaceScope } from '../../platform/db/workspace-scope.ts';
import { defineList, fieldSql } from '../../platform/lists/list-spec.ts';
import { rfc3339 } from '../../platform/values.ts';
import { objectCountSql } from '../inventory/entities-store.ts';

/** A batch step: the workspace has data, received now. */
export async function noteIngest(ctx: BatchContext): Promise<void> {
  const t = ctx.db.template('workspaces.note', (b) =>
    b
      .insertInto('workspaces')
      .values({
        tenant_id: param('tenant'),
        workspace_id: param('workspace'),
        first_ingest_at: param<number>('now'),
        last_ingest_at: param<number>('now'),
      })
      .onConflict((oc) =>
        oc.columns(['tenant_id', 'workspace_id']).doUpdateSet((eb) => ({ last_ingest_at: eb.ref('excluded.last_ingest_at') })),
      ),
  );
  await ctx.tx.run(t, { tenant: ctx.tenant, workspace: ctx.workspace, now: ctx.now });
}

export async function workspaceExists(db: Db, tenant: string, workspaceId: string): Promise<boolean> {
  const t = db.template('workspaces.exists', (b) =>
    b
      .selectFrom('workspaces')
      .select('workspace_id')
      .where('tenant_id', '=', param('tenant'))
      .where('workspace_id', '=', param('workspace')),
  );
  return (await db.first(t, { tenant, workspace: workspaceId })) !== undefined;
}

/** The workspaces of the scope that hold data, by id (for the 404's message; at most `limit`). */
export async function visibleWorkspaces(db: Db, scope: WorkspaceScope, limit = 50): Promise<string[]> {
  const shape = scopeShape(scope);
  const t = db.template(`workspaces.visible:${shape}`, (b, d) =>
    whereScope(b.selectFrom('workspaces').select('workspace_id').where('tenant_id', '=', param('tenant')), d, shape, 'workspace_id')
      .orderBy('workspace_id')
      .limit(sql.lit(limit)),
  );
  return (await db.all(t, scopeArgs(scope))).map((r) => r.workspace_id);
}

const countSql: Record<string, string> = {
  objects: objectCountSql(null),
  agents: objectCountSql('agent'),
  models: objectCountSql('model'),
  tools: objectCountSql('tool'),
  mcp_servers: objectCountSql('mcp_server'),
  assets: objectCountSql('asset'),
  locations: objectCountSql('location'),
};

/** The workspaces of a tenant the token may see. Scope: the token's. */
export const workspacesList = defineList({
  name: 'workspaces',
  columns: workspace.columns,
  columnSql: () => fieldSql(workspace.columns, 'w.', { ...countSql, first_ingest: 'w.first_ingest_at', last_ingest: 'w.last_ingest_at' }),
  tie: ['w.workspace_id'],
  defaultSort: [{ column: 'workspace_id', dir: 'asc' }],
  filters: [],
  pageSize: 100,
  base: (b, d, scope) =>
    whereScope(
      b
        .selectFrom('workspaces as w')
        .select([
          'w.workspace_id',
          'w.first_ingest_at',
          'w.last_ingest_at',
          ...Object.entries(countSql).map(([name, expr]) => sql.raw<number>(expr).as(name)),
        ])
        .where('w.tenant_id', '=', param('tenant')),
      d,
      scope.key as ScopeShape,
      'w.workspace_id',
    ),
  render: (_db, _scope, rows) =>
    rows.map((r) => [
      r.workspace_id,
      ...Object.keys(countSql).map((k) => Number(r[k])),
      Number(r.first_ingest_at) ? rfc3339(Number(r.first_ingest_at)) : null,
      Number(r.last_ingest_at) ? rfc3339(Number(r.last_ingest_at)) : null,
    ]),
});
