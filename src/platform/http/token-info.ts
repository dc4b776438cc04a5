// What the caller's token is: its tenant, user, workspaces and scopes (`GET /api/v1/token`). A
// client that holds only a token (the MCP server over stdio, a script) learns from it which tenant
// its paths name, without being told separately.

import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { ALL_WORKSPACES } from '../auth/tokens.ts';
import { principalOf } from './auth.ts';
import { errorResponses, Nullable } from './schemas.ts';

const TokenInfo = Type.Object(
  {
    id: Type.String({ description: 'Key id (as `aispm token list` shows it).' }),
    tenant_id: Type.String({ description: 'The tenant every path of this token names.' }),
    user_id: Type.String({ description: 'The user the token acts as.' }),
    name: Type.String({ description: 'Its label.' }),
    all_workspaces: Type.Boolean({ description: 'Whether it reads every workspace of the tenant.' }),
    workspaces: Type.Array(Type.String(), { description: 'The workspaces it is granted (empty with all_workspaces).' }),
    scopes: Type.Array(Type.String(), { description: 'What it may do: read, ingest, storage, metrics, webhooks.' }),
    expires_at: Nullable(Type.String({ format: 'date-time', description: 'When it stops working, or null.' })),
  },
  { description: 'The token the request carried (never its secret).' },
);

export function registerTokenInfo(app: FastifyInstance): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/token',
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetCurrentToken',
        summary: "The caller's token",
        tags: ['Workspaces'],
        description:
          'The tenant, user, workspaces and scopes of the token the request carries, so a client holding only a token ' +
          'knows which tenant and workspaces its paths may name. Never the token itself.',
        response: { 200: TokenInfo, ...errorResponses() },
      },
    },
    async (request) => {
      const { key, allWorkspaces } = principalOf(request);
      return {
        id: key.id,
        tenant_id: key.tenantId,
        user_id: key.userId,
        name: key.name,
        all_workspaces: allWorkspaces,
        workspaces: key.workspaces.filter((w) => w !== ALL_WORKSPACES),
        scopes: key.scopes,
        expires_at: key.expiresAt === null ? null : new Date(key.expiresAt).toISOString(),
      };
    },
  );
}
