// The workspace scope of a token-bound endpoint (no tenant in the path): the token's tenant and
// its workspaces, narrowed to one by an optional `workspace_id` the token must be granted.

import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { WorkspaceScope } from '../db/workspace-scope.ts';
import { canReadWorkspace, principalOf } from './auth.ts';
import { forbidden } from '../errors.ts';
import { PathId } from './schemas.ts';

export const WorkspaceNarrowing = {
  workspace_id: Type.Optional(PathId("Only this workspace (the token must be granted it); all the token's workspaces when absent.")),
};

export function tokenScope(request: FastifyRequest, workspaceId: string | undefined): WorkspaceScope {
  const p = principalOf(request);
  if (workspaceId !== undefined) {
    if (!canReadWorkspace(p, workspaceId)) throw forbidden('token has no access to this workspace');
    return { tenant: p.key.tenantId, workspaces: [workspaceId] };
  }
  return { tenant: p.key.tenantId, workspaces: p.allWorkspaces ? 'all' : [...p.workspaces].sort() };
}
