// The AI-BOM of a workspace over HTTP: CycloneDX 1.6 JSON, streamed (src/areas/aibom/export.ts).
// Importing a BOM is the ingest route's (`Content-Type: application/vnd.cyclonedx+json`).

import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { CYCLONEDX_MEDIA_TYPE, CYCLONEDX_SPEC } from '../../catalog/aibom.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { errorResponses, TenantWorkspaceParams } from '../../platform/http/schemas.ts';
import { aibom } from './export.ts';

/** A byte stream that holds one piece ahead of the socket, not sixteen (an object stream's default). */
const streamOptions = { objectMode: false, highWaterMark: 1 << 16 };

const Bom = Type.Object(
  {},
  {
    additionalProperties: true,
    description:
      'A CycloneDX 1.6 BOM: agents (application) and models (machine-learning-model, supplier and modelCard), assets, ' +
      'locations and the leaf kinds as components; MCP servers and tools as services; relations as dependencies; open ' +
      'findings as vulnerabilities. docs/COMPLIANCE.md gives the mapping.',
  },
);

export function registerAibom(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/aibom/tenants/:tenant_id/workspaces/:workspace_id',
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetAibom',
        summary: 'The AI bill of materials of a workspace (CycloneDX 1.6)',
        tags: ['Compliance'],
        description:
          'The inventory of the workspace as a CycloneDX 1.6 JSON BOM, with its relations as dependencies and its open ' +
          'findings as vulnerabilities (ratings by severity, framework controls as references). Streamed: a workspace of any ' +
          'size is answered in bounded memory. `serialNumber` is new on every export, `metadata.timestamp` is the time of the ' +
          'export. Send it back to `POST /api/v1/ingest/…` with `Content-Type: application/vnd.cyclonedx+json` to import it.',
        params: TenantWorkspaceParams,
        response: {
          200: Type.Unsafe({ description: 'A CycloneDX 1.6 BOM.', content: { [CYCLONEDX_MEDIA_TYPE]: { schema: Bom } } }),
          ...errorResponses(),
        },
      },
    },
    async (request, reply) => {
      const { tenant_id: tenant, workspace_id: workspace } = request.params;
      return reply
        .type(`${CYCLONEDX_MEDIA_TYPE}; version=${CYCLONEDX_SPEC}`)
        .header('content-disposition', `attachment; filename="aibom-${workspace.replace(/[^\w.-]/g, '_')}.cdx.json"`)
        .send(Readable.from(aibom(ctx.db, tenant, workspace, { now: ctx.now() }), streamOptions));
    },
  );
}
