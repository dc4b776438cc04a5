// GET /api/v1/otlp/tenants/{t}/workspaces/{w}/stats: what OpenTelemetry brought into a workspace
// and what became of it, today (UTC) and in total, so no span is dropped without a word: spans
// received, mapped per object type, ignored per reason, rejected, attributes of the wrong type,
// objects created and refused past the cap, reported zero costs, and the attribute keys of GenAI
// spans the service does not map, most frequent first.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import { kindByName } from '../../catalog/kinds.ts';
import { withArticle } from '../../catalog/labels.ts';
import { ignoreReasons } from './discovery/discover.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { errorResponses, TenantWorkspaceParams } from '../../platform/http/schemas.ts';
import { countsOf, TOTAL, utcDay } from './counters.ts';

/** Object types a span can make. */
export const mappedTypes = ['agent', 'model', 'tool', 'mcp_server', 'guardrail'] as const;
const UNMAPPED_LISTED = 20;

const n = (description: string) => Type.Integer({ minimum: 0, description });
const Period = Type.Object({
  spans_received: n('Spans received in OTLP exports.'),
  mapped: Type.Object(
    Object.fromEntries(
      mappedTypes.map((t) => [
        t,
        n(
          `Spans that made or updated ${withArticle(kindByName.get(t)?.label ?? t.replaceAll('_', ' '))} (a model call: an interaction too).`,
        ),
      ]),
    ),
    {
      description: 'Spans mapped, by the object type they made.',
    },
  ),
  ignored: Type.Object(Object.fromEntries(Object.entries(ignoreReasons).map(([k, words]) => [k, n(`Spans ignored: ${words}.`)])), {
    description: 'Spans ignored, by reason.',
  }),
  rejected: n('Spans that could not be stored (no ids, no start time, a value out of range); the export answer names each.'),
  attributes_wrong_type: n('Attributes ignored because their value had the wrong type (the export answer names them).'),
  objects_created: n('Inventory objects created from telemetry.'),
  objects_refused: n('Objects not created because the workspace had reached its cap (their spans still became interactions).'),
  cost_reported_zero: n('Model calls that reported a cost of 0 with tokens used: priced from the price table instead, or unpriced.'),
  unmapped_attributes: Type.Array(Type.Object({ key: Type.String(), count: n('Spans that carried it.') }), {
    description: `Attribute keys of GenAI spans that no mapping reads, most frequent first (at most ${UNMAPPED_LISTED}).`,
  }),
});
const StatsBody = Type.Object(
  {
    today: Type.Object({ day: Type.String({ description: 'The UTC day (YYYY-MM-DD).' }), ...Period.properties }),
    total: Period,
    object_cap: n('Most objects telemetry may create in the workspace (AISPM_RUNTIME_OBJECT_CAP).'),
  },
  { description: 'OTLP ingest counters of the workspace.' },
);

function period(counts: Map<string, number>): Type.Static<typeof Period> {
  const get = (k: string) => counts.get(k) ?? 0;
  const unmapped = [...counts]
    .filter(([k]) => k.startsWith('unmapped.'))
    .map(([k, count]) => ({ key: k.slice('unmapped.'.length), count }))
    .sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : 1))
    .slice(0, UNMAPPED_LISTED);
  return {
    spans_received: get('spans.received'),
    mapped: Object.fromEntries(mappedTypes.map((t) => [t, get(`mapped.${t}`)])),
    ignored: Object.fromEntries(Object.keys(ignoreReasons).map((r) => [r, get(`ignored.${r}`)])),
    rejected: get('rejected'),
    attributes_wrong_type: get('attributes.wrong_type'),
    objects_created: get('objects.created'),
    objects_refused: get('objects.refused'),
    cost_reported_zero: get('cost.reported_zero'),
    unmapped_attributes: unmapped,
  };
}

export function registerOtlpStats(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/otlp/tenants/:tenant_id/workspaces/:workspace_id/stats',
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetOtlpStats',
        summary: 'What OpenTelemetry traces brought into a workspace',
        tags: ['Ingest'],
        description:
          'Counters of the OTLP trace exports into the workspace, since the start of the UTC day and in total: spans received, ' +
          'mapped per object type, ignored per reason, rejected, attributes ignored for their type, objects created from telemetry and ' +
          'refused past the cap, reported zero costs, and the most frequent attribute keys of GenAI spans the service does not map. ' +
          'docs/RUNTIME.md says what each dialect maps.',
        params: TenantWorkspaceParams,
        response: { 200: StatsBody, ...errorResponses() },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace } = request.params;
      const day = utcDay(ctx.now());
      const [today, total] = await ctx.db.transaction(async (tx) => [
        await countsOf(ctx.db, tx, tenant, workspace, day),
        await countsOf(ctx.db, tx, tenant, workspace, TOTAL),
      ]);
      return { today: { day, ...period(today) }, total: period(total), object_cap: ctx.config.runtimeObjectCap };
    },
  );
}
