// Prices of models, in US dollars per million tokens, as they apply to a tenant: its own (`price`
// records), over the service-wide ones from configuration, over the table shipped with the
// service (src/catalog/prices.ts).
//
// Service-wide overrides from configuration: AISPM_PRICES_FILE names a JSON file, an array
// of {"model", "input_per_million", "output_per_million"} in US dollars per million tokens. They
// are stored as tenant '*' rows of model_prices (source 'config'), which every replica and the CLI
// read at ingest, above the shipped table and below a tenant's own `price` records. Loading the
// file replaces the previous configured set, so a price removed from the file stops applying.

import { readFileSync } from 'node:fs';
import { CompiledQuery } from 'kysely';
import { shippedPrices, type Price } from '../../catalog/prices.ts';
import type { BatchContext, Lined } from '../../ingest/batch-context.ts';
import { recordWriter } from '../../ingest/batch.ts';
import type { PriceRecord } from '../../ingest/records.ts';
import { bulkInsert } from '../../platform/db/bulk.ts';
import type { Db } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';

/** Tenant of the prices that apply to every tenant (shipped table overrides from configuration). */
export const ALL_TENANTS = '*';

export async function applyPrices(ctx: BatchContext, records: Lined<PriceRecord>[]): Promise<void> {
  const last = new Map(records.map(({ record }) => [record.model, record]));
  await bulkInsert(
    ctx.tx,
    'model_prices',
    ['tenant_id', 'model', 'input_per_million', 'output_per_million', 'source', 'updated_at'],
    [...last.values()].map((p) => [ctx.tenant, p.model, p.input, p.output, 'ingest', ctx.now]),
    {
      keys: ['tenant_id', 'model'],
      update: {
        input_per_million: 'excluded.input_per_million',
        output_per_million: 'excluded.output_per_million',
        source: 'excluded.source',
        updated_at: 'excluded.updated_at',
      },
    },
  );
}

/**
 * The prices that apply to a tenant: its own (`price` records), over the service-wide ones from
 * configuration, over the table shipped with the service.
 */
export async function tenantPrices(ctx: BatchContext): Promise<Price[]> {
  const t = ctx.db.template('ingest.prices', (b) =>
    b
      .selectFrom('model_prices')
      .select(['tenant_id', 'model', 'input_per_million', 'output_per_million'])
      .where((eb) => eb.or([eb('tenant_id', '=', param('tenant')), eb('tenant_id', '=', ALL_TENANTS)])),
  );
  const rows = await ctx.tx.all(t, {
    tenant: ctx.tenant,
  });
  const byModel = new Map<string, Price>();
  for (const p of shippedPrices) byModel.set(p.model, p);
  for (const tenant of [ALL_TENANTS, ctx.tenant]) {
    for (const r of rows)
      if (r.tenant_id === tenant)
        byModel.set(r.model, { model: r.model, input: Number(r.input_per_million), output: Number(r.output_per_million) });
  }
  return [...byModel.values()];
}

/** The stored form of an interaction. */

export const priceWriter = recordWriter('price', applyPrices);

export interface ConfiguredPrice {
  model: string;
  input: number;
  output: number;
}

export function readPriceFile(path: string): ConfiguredPrice[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new Error(`AISPM_PRICES_FILE ${path}: ${(err as Error).message}`);
  }
  if (!Array.isArray(parsed))
    throw new Error(`AISPM_PRICES_FILE ${path}: expected a JSON array of {model, input_per_million, output_per_million}`);
  return parsed.map((p, i) => {
    const o = p as Record<string, unknown>;
    const ok = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 0;
    if (typeof o?.model !== 'string' || !o.model || !ok(o.input_per_million) || !ok(o.output_per_million)) {
      throw new Error(`AISPM_PRICES_FILE ${path}: entry ${i} needs a model name and non-negative input_per_million and output_per_million`);
    }
    return { model: o.model.toLowerCase(), input: o.input_per_million as number, output: o.output_per_million as number };
  });
}

export async function syncConfiguredPrices(db: Db, prices: ConfiguredPrice[], now = Date.now()): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(CompiledQuery.raw(`delete from model_prices where tenant_id = '${ALL_TENANTS}' and source = 'config'`));
    const last = new Map(prices.map((p) => [p.model, p]));
    await bulkInsert(
      tx,
      'model_prices',
      ['tenant_id', 'model', 'input_per_million', 'output_per_million', 'source', 'updated_at'],
      [...last.values()].map((p) => [ALL_TENANTS, p.model, p.input, p.output, 'config', now]),
      {
        keys: ['tenant_id', 'model'],
        update: {
          input_per_million: 'excluded.input_per_million',
          output_per_million: 'excluded.output_per_million',
          source: 'excluded.source',
          updated_at: 'excluded.updated_at',
        },
      },
    );
  });
}

/** Loads AISPM_PRICES_FILE when set (serve, start, import, demo). */
export async function loadConfiguredPrices(db: Db, path: string): Promise<void> {
  if (path) await syncConfiguredPrices(db, readPriceFile(path));
}
