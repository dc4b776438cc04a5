// The guardrail dashboards: categories that made guardrails block or redact, outcome counts per
// hour, and outcome totals, over a time window.

import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Type from 'typebox';
import { blockingCategories, HOUR, hourlyCounts, outcomeTotals, zeroCounts, type Window } from './guardrails.ts';
import { rfc3339 } from '../../platform/values.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { badRequest } from '../../platform/errors.ts';
import { errorResponses, TenantWorkspaceParams } from '../../platform/http/schemas.ts';
import { checkOrder, timeParam } from '../../platform/http/time-params.ts';

const tags = ['Runtime'];
/** Window when neither bound is given: the 24 hours up to now. */
export const DEFAULT_WINDOW_MS = 24 * HOUR;
/** Widest window of the hourly counts: 92 days, 2,208 buckets. */
export const MAX_HOURLY_WINDOW_MS = 92 * 24 * HOUR;

const WindowQuery = Type.Object({
  start_time: Type.Optional(
    Type.String({
      maxLength: 64,
      description: 'Start of the window (RFC 3339 with a zone, inclusive). Default: 24 hours before end_time.',
    }),
  ),
  end_time: Type.Optional(
    Type.String({ maxLength: 64, description: 'End of the window (RFC 3339 with a zone, inclusive). Default: now.' }),
  ),
});

const Counts = {
  total: Type.Integer({ description: 'Interactions in the window.' }),
  ok: Type.Integer({ description: 'Interactions whose outcome was OK.' }),
  alerted: Type.Integer({ description: 'Interactions whose outcome was ALERTED.' }),
  blocked: Type.Integer({ description: 'Interactions whose outcome was BLOCKED.' }),
  redacted: Type.Integer({ description: 'Interactions whose outcome was REDACTED.' }),
};
const Count = Type.Object({ count: Type.Integer() });

const OutcomesBody = Type.Object(Counts, { description: 'Interactions of the window by guardrail outcome.' });
const CountsBody = Type.Object(
  {
    ...Counts,
    // A map keyed by hour: `additionalProperties`, which OpenAPI 3.0 knows (Type.Record would emit patternProperties).
    results: Type.Unsafe<Record<string, unknown>>({
      type: 'object',
      additionalProperties: Type.Object({ total: Count, ok: Count, alerted: Count, blocked: Count, redacted: Count }),
      description:
        "One member per UTC hour of the window, keyed by the hour's start (RFC 3339), oldest first; hours without interactions count 0.",
    }),
  },
  { description: 'Outcome totals of the window and per hour.' },
);
const CategoriesBody = Type.Object(
  {
    categories: Type.Array(Type.Object({ category: Type.String(), count: Type.Integer() }), {
      description: 'Most frequent first, then by name.',
    }),
    total: Type.Integer({ description: 'Sum of the counts.' }),
  },
  { description: 'Guardrail categories of the interactions a guardrail blocked or redacted.' },
);

const windowWords =
  'The window is `start_time`..`end_time`, both RFC 3339 with a zone and inclusive; without them it is the 24 hours up to now ' +
  '(`end_time` defaults to now, `start_time` to 24 hours before `end_time`). A malformed time, or a start after the end, answers 400. ' +
  'Each interaction counts once, under its overall outcome: the more severe of its prompt and response outcomes (BLOCKED > REDACTED > ALERTED > OK).';

export function windowOf(ctx: AppContext, tenant: string, workspace: string, q: Type.Static<typeof WindowQuery>): Window {
  const start = timeParam('start_time', q.start_time);
  const given = timeParam('end_time', q.end_time);
  const end = given ?? ctx.now();
  checkOrder(start, end);
  return { tenant, workspace, start: start ?? end - DEFAULT_WINDOW_MS, end };
}

export function registerGuardrails(app: FastifyInstance, ctx: AppContext): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const base = '/api/v1/aispm-llm-interactions-dash/tenants/:tenant_id/workspaces/:workspace_id';
  const params = (r: { params: unknown }) => r.params as { tenant_id: string; workspace_id: string };

  api.get(
    `${base}/categories`,
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetAispmGuardrailCategories',
        summary: 'Guardrail categories that blocked or redacted',
        tags,
        description: 'How often each guardrail category was named by an interaction whose outcome was BLOCKED or REDACTED. ' + windowWords,
        params: TenantWorkspaceParams,
        querystring: WindowQuery,
        response: { 200: CategoriesBody, ...errorResponses() },
      },
    },
    async (request) => {
      const { tenant_id, workspace_id } = params(request);
      const categories = await blockingCategories(ctx.db, windowOf(ctx, tenant_id, workspace_id, request.query));
      return { categories, total: categories.reduce((a, c) => a + c.count, 0) };
    },
  );

  api.get(
    `${base}/counts`,
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetAispmGuardrailInteractionCounts',
        summary: 'Guardrail outcomes per hour',
        tags,
        description:
          'Outcome totals of the window and per UTC hour. Hours are keyed by their start (RFC 3339) and every hour the window ' +
          `touches is present. The window may span at most ${MAX_HOURLY_WINDOW_MS / (24 * HOUR)} days (400 beyond). ` +
          windowWords,
        params: TenantWorkspaceParams,
        querystring: WindowQuery,
        response: { 200: CountsBody, ...errorResponses() },
      },
    },
    async (request) => {
      const { tenant_id, workspace_id } = params(request);
      const w = windowOf(ctx, tenant_id, workspace_id, request.query);
      if (w.end - w.start > MAX_HOURLY_WINDOW_MS) {
        throw badRequest(`end_time: the window of hourly counts may span at most ${MAX_HOURLY_WINDOW_MS / (24 * HOUR)} days`);
      }
      const hours = await hourlyCounts(ctx.db, w);
      const totals = zeroCounts();
      const results: Record<string, Record<string, { count: number }>> = {};
      for (let h = Math.floor(w.start / HOUR) * HOUR; h <= w.end; h += HOUR) {
        const c = hours.get(h) ?? zeroCounts();
        for (const k of Object.keys(totals) as Array<keyof typeof totals>) totals[k] += c[k];
        results[rfc3339(h)!] = {
          total: { count: c.total },
          ok: { count: c.ok },
          alerted: { count: c.alerted },
          blocked: { count: c.blocked },
          redacted: { count: c.redacted },
        };
      }
      return { ...totals, results };
    },
  );

  api.get(
    `${base}/outcomes`,
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetAispmGuardrailOutcomes',
        summary: 'Guardrail outcome totals',
        tags,
        description: 'How many interactions of the window got each guardrail outcome. ' + windowWords,
        params: TenantWorkspaceParams,
        querystring: WindowQuery,
        response: { 200: OutcomesBody, ...errorResponses() },
      },
    },
    async (request) => {
      const { tenant_id, workspace_id } = params(request);
      return outcomeTotals(ctx.db, windowOf(ctx, tenant_id, workspace_id, request.query));
    },
  );
}
