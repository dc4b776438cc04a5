// Applying LLM interactions: each is priced (a reported cost, else the tenant's price table),
// linked to the inventory model it names, compared with the stored row of the same id (a re-send
// identical to it changes nothing), and written; the sessions roll-up (sessions-writer.ts) then
// folds in the new and changed ones.

import { toMicros } from '../../catalog/money.ts';
import { costOf, findPrice, type Price } from '../../catalog/prices.ts';
import { type BatchContext, type Lined, objectKey } from '../../ingest/batch-context.ts';
import { recordWriter } from '../../ingest/batch.ts';
import type { InteractionRecord } from '../../ingest/records.ts';
import { worseOutcome } from '../../ingest/records.ts';
import { bulkInsert, chunks, json } from '../../platform/db/bulk.ts';
import { param } from '../../platform/db/database.ts';
import { idsByIdOrName } from '../inventory/entities-store.ts';
import { tenantPrices } from './prices.ts';
import { rollUpInteractions, UNPRICED } from './sessions-writer.ts';
import { byTimeThenId, numeric, numericColumns, signature, type Stored, storedColumns, storedRow } from './stored-interactions.ts';

/** Model names sent without a model id are linked to the inventory model with that id or name. */
function resolveModels(ctx: BatchContext, names: string[]): Promise<Map<string, string>> {
  return idsByIdOrName(ctx, 'model', names);
}

export async function applyInteractions(ctx: BatchContext, records: Lined<InteractionRecord>[]): Promise<void> {
  if (records.length === 0) return;
  const { tx, db, tenant, workspace } = ctx;
  const last = new Map<string, InteractionRecord>();
  // An agent or model that telemetry named and the batch took for a declared one is that one.
  const alias = (kind: string, id: string | null) => (id === null ? null : (ctx.aliases.get(objectKey(kind, id)) ?? id));
  for (const { record } of records)
    last.set(
      record.id,
      ctx.aliases.size ? { ...record, agentId: alias('agent', record.agentId)!, modelId: alias('model', record.modelId) } : record,
    );

  const prices = await tenantPrices(ctx);
  const priceOf = new Map<string, Price | undefined>();
  const unresolved = [...new Set([...last.values()].filter((r) => !r.modelId && r.model).map((r) => r.model))];
  const modelIds = await resolveModels(ctx, unresolved);

  const incoming: Stored[] = [];
  for (const r of last.values()) {
    // A reported cost wins. (A zero reported by an OpenTelemetry instrumentation for a call that
    // used tokens means it could not price the model: OTLP ingest leaves that cost out, so it is
    // priced here like an unreported one; src/areas/telemetry/discovery/discover.ts.)
    let cost = r.cost;
    let costSource = 'reported';
    if (cost === null) {
      if (!priceOf.has(r.model)) priceOf.set(r.model, findPrice(prices, r.model));
      const p = priceOf.get(r.model);
      cost = p
        ? costOf(p, r.inputTokens, r.outputTokens, {
            cacheRead: r.cacheReadTokens,
            cacheWrite: r.cacheWriteTokens,
            reasoning: r.reasoningTokens,
          })
        : 0;
      costSource = p ? 'priced' : UNPRICED;
    }
    // Stored in whole micro-dollars (src/catalog/money.ts): every roll-up of it is an exact sum.
    cost = toMicros(cost);
    // The token details join the attributes; most interactions have none (no copy of them then).
    const usage =
      r.cacheReadTokens || r.cacheWriteTokens || r.reasoningTokens
        ? {
            ...(r.cacheReadTokens ? { cache_read_tokens: r.cacheReadTokens } : {}),
            ...(r.cacheWriteTokens ? { cache_write_tokens: r.cacheWriteTokens } : {}),
            ...(r.reasoningTokens ? { reasoning_tokens: r.reasoningTokens } : {}),
          }
        : null;
    incoming.push({
      id: r.id,
      time: r.time,
      session_id: r.sessionId,
      agent_id: r.agentId,
      model: r.model,
      model_id: r.modelId ?? modelIds.get(r.model) ?? null,
      provider: r.provider,
      duration_ms: r.durationMs,
      input_tokens: r.inputTokens,
      output_tokens: r.outputTokens,
      total_tokens: r.inputTokens + r.outputTokens,
      cost,
      cost_source: costSource,
      prompt_outcome: r.promptOutcome,
      response_outcome: r.responseOutcome,
      outcome: worseOutcome(r.promptOutcome, r.responseOutcome),
      categories: json(r.categories),
      mcp_server_ids: json(r.mcpServerIds),
      prompt: ctx.options.storePrompts ? r.prompt : null,
      response: ctx.options.storePrompts ? r.response : null,
      attributes: json(usage ? { ...r.attributes, ...usage } : r.attributes),
    });
  }

  const existing = new Map<string, Stored>();
  const existingQuery = db.template('ingest.interactions-existing', (b, d) =>
    d.rowsByKeys('llm_interactions', storedColumns, 'id').compile(b),
  );
  for (const part of chunks([...last.keys()])) {
    for (const r of await tx.all(existingQuery, { tenant, workspace, ids: part })) existing.set(r.id, numeric(r, numericColumns));
  }

  const fresh: Stored[] = [];
  const changed: Array<{ before: Stored; after: Stored }> = [];
  for (const s of incoming) {
    const before = existing.get(s.id);
    if (!before) fresh.push(s);
    else if (signature(before) !== signature(s)) changed.push({ before, after: s });
  }
  if (fresh.length === 0 && changed.length === 0) return;
  fresh.sort(byTimeThenId);

  const written = [...fresh, ...changed.map((c) => c.after)];
  await tx.dialect.partitions?.ensure(
    tx,
    'llm_interactions',
    written.map((s) => s.time),
  );
  if (changed.length) {
    const del = db.template('ingest.interactions-delete', (b, d) =>
      b
        .deleteFrom('llm_interactions')
        .where('tenant_id', '=', param('tenant'))
        .where('workspace_id', '=', param('workspace'))
        .where(d.inList('id', param('ids'))),
    );
    for (const part of chunks(changed.map((c) => c.before.id))) await tx.run(del, { tenant, workspace, ids: part });
  }
  await bulkInsert(
    tx,
    'llm_interactions',
    ['tenant_id', 'workspace_id', ...storedColumns],
    written.map((s) => storedRow(tenant, workspace, s)),
  );
  await tx.dialect.partitions?.noteWritten(
    tx,
    'llm_interactions',
    written.map((s) => s.time),
  );

  await rollUpInteractions(ctx, fresh, changed);
}

export const interactionWriter = recordWriter('interaction', applyInteractions);
