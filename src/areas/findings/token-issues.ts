// Issues read without a workspace in the path, as the product family's `GET /issues`,
// `GET /issues/{id}` and `GET /issues/{id}/instances` read them: the token's tenant and
// workspaces bound them, as they bound the histogram and rule results. Issue ids name their
// workspace (catalog/rules/index.ts issueIdOf), so an id picks one issue of the tenant.

import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import { scopeArgs, scopeShape, whereScope, type WorkspaceScope } from '../../platform/db/workspace-scope.ts';
import { issueColumns, issueSortSql, type IssueRow } from './issues.ts';

/** The open issue with this id in the scope's workspaces, with its workspace. */
export async function findIssue(db: Db, scope: WorkspaceScope, id: string): Promise<(IssueRow & { workspace_id: string }) | undefined> {
  const shape = scopeShape(scope);
  const t = db.template(`issues.token-get:${shape}`, (b, d) =>
    whereScope(
      b
        .selectFrom('issues as i')
        .select(['i.workspace_id', ...issueColumns])
        .where('i.tenant_id', '=', param('tenant'))
        .where('i.id', '=', param('id')),
      d,
      shape,
      'i.workspace_id',
    )
      .orderBy(sql.raw(issueSortSql.id!))
      .limit(1),
  );
  return db.first(t, { ...scopeArgs(scope), id });
}
