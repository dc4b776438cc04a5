// A read of `…/tenants/{t}/workspaces/{w}/…` naming a workspace that never received data answers
// 404 whose message names the workspaces the token can see, instead of an empty 200 (a misspelt
// workspace looks like an empty one otherwise). The lookups are given by the wiring (the
// workspaces area); a workspace once seen to exist is remembered, since workspaces are never
// removed, so a request costs a map lookup.

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WorkspaceScope } from '../db/workspace-scope.ts';
import { notFound } from '../errors.ts';
import { pathParam, principalOf } from './auth.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route serves any workspace id, data or not (client storage keeps entries for workspaces yet to be ingested into). */
    anyWorkspace?: boolean;
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
    const config = request.routeOptions.config;
    if (config?.access !== 'read' || config.anyWorkspace) return done();
    const tenant = pathParam(request, 'tenant_id');
    const workspace = pathParam(request, 'workspace_id');
    if (tenant === undefined || workspace === undefined) return done();
    const key = `${tenant}\u0000${workspace}`;
    if (known.has(key)) return done();
    check(request, tenant, workspace, key).then(() => done(), done);
  });
}
