// The open findings of a workspace that point at code, as SARIF 2.1.0 (src/areas/findings/sarif.ts):
// its own path, and `Accept: application/sarif+json` on the issues index (issues-routes.ts).

import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import type { AppContext } from '../../platform/http/context.ts';
import { errorResponses, TenantWorkspaceParams } from '../../platform/http/schemas.ts';
import { SARIF_MEDIA_TYPE, sarifLog } from './sarif.ts';

/** A byte stream that holds one piece ahead of the socket, not sixteen (an object stream's default). */
const streamOptions = { objectMode: false, highWaterMark: 1 << 16 };

export const SarifSchema = Type.Object(
  {},
  {
    additionalProperties: true,
    description:
      'A SARIF 2.1.0 log: one run, the rules in `tool.driver.rules` (help, framework controls as tags), one result per open ' +
      'finding with a code location, and a stable `partialFingerprints["aispmFinding/v1"]`.',
  },
);

export const sarifDescription =
  'The open findings of the workspace that have a code location (a path), as a SARIF 2.1.0 log a CI job can upload to code ' +
  'scanning: the rules behind them in `tool.driver.rules` with their help and their compliance controls as tags, results in ' +
  'instance id order with the physical location (path, lines), and `partialFingerprints` that stay the same across exports. ' +
  'Streamed. See docs/COMPLIANCE.md.';

/** Sends the SARIF log of a workspace, streamed. */
export function sendSarif(ctx: AppContext, reply: FastifyReply, tenant: string, workspace: string): FastifyReply {
  return reply
    .type(SARIF_MEDIA_TYPE)
    .header('content-disposition', `attachment; filename="aispm-${workspace.replace(/[^\w.-]/g, '_')}.sarif"`)
    .send(Readable.from(sarifLog(ctx.db, tenant, workspace), streamOptions));
}

export function registerSarif(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/issues/tenants/:tenant_id/workspaces/:workspace_id/sarif',
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetIssuesSarif',
        summary: 'The open findings with a code location, as SARIF 2.1.0',
        tags: ['Findings'],
        description: sarifDescription,
        params: TenantWorkspaceParams,
        response: {
          200: Type.Unsafe({ description: 'A SARIF 2.1.0 log.', content: { [SARIF_MEDIA_TYPE]: { schema: SarifSchema } } }),
          ...errorResponses(),
        },
      },
    },
    async (request, reply) => sendSarif(ctx, reply, request.params.tenant_id, request.params.workspace_id),
  );
}
