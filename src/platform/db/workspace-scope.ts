// The workspaces a request may read on endpoints whose path names no tenant (`/histograms/aispm`,
// `/aispm-dashboard`, `/rules/{id}/results`, `/external-rules`): the token's tenant, and either
// every workspace of it or a list. Queries add the matching condition on their workspace column;
// the shape of the condition is part of the template key, the values are parameters.

import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Args } from './database.ts';
import { param } from './database.ts';
import type { SqlDialect } from './dialect.ts';

export interface WorkspaceScope {
  tenant: string;
  /** 'all' for every workspace of the tenant, else the workspace ids (possibly one). */
  workspaces: 'all' | readonly string[];
}

export type ScopeShape = 'all' | 'one' | 'list';

export function scopeShape(scope: WorkspaceScope): ScopeShape {
  if (scope.workspaces === 'all') return 'all';
  return scope.workspaces.length === 1 ? 'one' : 'list';
}

/** The workspace condition of a scope shape on `column` (parameters `scope_workspace(s)`). */
export function scopeCondition(d: SqlDialect, shape: ScopeShape, column: string): RawBuilder<boolean> {
  if (shape === 'one') return sql<boolean>`${sql.ref(column)} = ${param('scope_workspace')}`;
  if (shape === 'list') return d.inList(column, param('scope_workspaces'));
  return sql<boolean>`1 = 1`;
}

/** Adds the scope's workspace condition on `column` to a query (none for every workspace). */
export function whereScope<Q extends SelectQueryBuilder<any, any, any>>(q: Q, d: SqlDialect, shape: ScopeShape, column: string): Q {
  return shape === 'all' ? q : (q.where(scopeCondition(d, shape, column)) as Q);
}

/** The parameters a scoped query takes: `tenant` and the workspace values of its shape. */
export function scopeArgs(scope: WorkspaceScope): Args {
  if (scope.workspaces === 'all') return { tenant: scope.tenant };
  if (scope.workspaces.length === 1) return { tenant: scope.tenant, scope_workspace: scope.workspaces[0] };
  return { tenant: scope.tenant, scope_workspaces: [...scope.workspaces] };
}

/** What identifies the scope in a cursor fingerprint. */
export function scopeSignature(scope: WorkspaceScope): unknown[] {
  return [scope.tenant, scope.workspaces === 'all' ? '*' : [...scope.workspaces].sort()];
}
