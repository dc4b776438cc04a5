// A read of `…/tenants/{t}/workspaces/{w}/…` naming a workspace that never received data answers
// 404 whose message names the workspaces the token can see, instead of an empty 200 (a misspelt
// workspace looks like an empty one otherwise). The lookups are given by the wiring (the
// workspaces area); a workspace once seen to exist is remembered, since workspaces are never
// removed, so a request costs a map lookup. The token-bound overview endpoints (no tenant in the
// path) opt in with `workspaceQuery`: their `workspace_id` narrowing is held to the same rule.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WorkspaceScope } from '../db/workspace-scope.ts';
import { notFound } from '../errors.ts';
import { canReadWorkspace, pathParam, principalOf } from './auth.ts';
import { routeOf } from './route-of.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route serves any workspace id, data or not (client storage keeps entries for workspaces yet to be ingested into). */
    anyWorkspace?: boolean;
    /**
     * The route names its workspace in the `workspace_id` query parameter, in the token's tenant
     * (the dashboard, the histogram): one that never received data is a 404 as in a path. A
     * workspace the token is not granted is left to the route's own 403.
     */
    workspaceQuery?: boolean;
  }
}

export interface WorkspaceLookups {
  exists(tenant: string, workspace: string): Promise<boolean>;
  visible(scope: WorkspaceScope): Promise<string[]>;
}

const REMEMBERED = 100_000;

export function registerWorkspaceGuard(app: FastifyInstance, lookups: WorkspaceLookups): void {
  const known = new Set<string>();
  async function check(request: FastifyRequest, tenant: string, workspace: string, key: string): Promise<void> {
    if (await lookups.exists(tenant, workspace)) {
      if (known.size >= REMEMBERED) known.clear();
      known.add(key);
      return;
    }
    const p = principalOf(request);
    const names = await lookups.visible({ tenant, workspaces: p.allWorkspaces ? 'all' : [...p.workspaces].sort() });
    throw notFound(
      `no data in workspace "${workspace.slice(0, 128)}" of tenant "${tenant.slice(0, 128)}"; ` +
        (names.length ? `the workspaces this token can see: ${names.join(', ')}` : 'this token can see no workspace with data yet'),
    );
  }
  // Callback style, and synchronous once the workspace is known (almost every request).
  app.addHook('preHandler', (request, _reply, done) => {
    const config = routeOf(request).config;
    if (config?.access !== 'read' || config.anyWorkspace) return done();
    const [tenant, workspace] = config.workspaceQuery
      ? fromQuery(request)
      : [pathParam(request, 'tenant_id'), pathParam(request, 'workspace_id')];
    if (tenant === undefined || workspace === undefined) return done();
    const key = `${tenant}\u0000${workspace}`;
    if (known.has(key)) return done();
    check(request, tenant, workspace, key).then(() => done(), done);
  });
}

/** The token's tenant and the `workspace_id` of the query, when the token may read that workspace. */
function fromQuery(request: FastifyRequest): [string | undefined, string | undefined] {
  const query: unknown = request.query;
  const workspace =
    typeof query === 'object' && query !== null && Object.hasOwn(query, 'workspace_id')
      ? (query as { workspace_id: unknown }).workspace_id
      : undefined;
  const p = request.principal;
  if (typeof workspace !== 'string' || !p || !canReadWorkspace(p, workspace)) return [undefined, undefined];
  return [p.key.tenantId, workspace];
}
