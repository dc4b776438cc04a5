// Forward-only migrations. Each runs once, in order, inside one transaction with the bookkeeping
// row; on PostgreSQL an advisory lock keeps two replicas starting together from racing. After the
// numbered migrations come the idempotent steps that follow the catalogue: expression indexes for
// sortable columns and the static rules. Running it again changes nothing.

import { randomBytes } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { staticRules } from '../../catalog/rules.ts';
import type { Db, Engine, Executor } from './database.ts';
import { param } from './database.ts';
import { catalogueIndexes } from '../../areas/inventory/entity-sql.ts';
import { catalogueFingerprint, renderAllEntityRows } from '../../areas/inventory/entity-rows.ts';
import * as init from './migrations/001_init.ts';
import * as clientStorageExact from './migrations/002_client_storage_exact.ts';
import * as findingsIndexes from './migrations/003_findings_indexes.ts';
import * as runtime from './migrations/004_runtime.ts';
import * as scans from './migrations/005_scans.ts';
import * as entityRows from './migrations/006_entity_rows.ts';

interface Migration {
  version: number;
  name: string;
  up: (engine: Engine) => string;
}

const migrations: Migration[] = [
  { version: 1, name: 'init', up: init.up },
  { version: 2, name: 'client_storage_exact', up: clientStorageExact.up },
  { version: 3, name: 'findings_indexes', up: findingsIndexes.up },
  { version: 4, name: 'runtime', up: runtime.up },
  { version: 5, name: 'scans', up: scans.up },
  { version: 6, name: 'entity_rows', up: entityRows.up },
];

const MIGRATION_LOCK = 7_311_337;

export interface MigrateResult {
  applied: string[];
}

async function applied(tx: Executor): Promise<Set<number>> {
  const rows = await tx.execute<{ version: number }>(CompiledQuery.raw('select version from schema_migrations'));
  return new Set(rows.rows.map((r) => Number(r.version)));
}

async function syncStaticRules(db: Db, tx: Executor): Promise<void> {
  const upsert = db.template('migrate.static-rule', (b) => b.insertInto('rules').values({
    tenant_id: '*', workspace_id: '*', rule_id: param('rule_id'), name: param('name'),
    name_lower: param('name_lower'), description: param('description'), severity: param('severity'),
    category: param('category'), object_types: param('object_types'), remediation: param('remediation'),
    owasp_category: param('owasp'), source: 'static', updated_at: param<number>('now'),
  }).onConflict((oc) => oc.columns(['tenant_id', 'workspace_id', 'rule_id']).doUpdateSet((eb) => ({
    name: eb.ref('excluded.name'), name_lower: eb.ref('excluded.name_lower'),
    description: eb.ref('excluded.description'), severity: eb.ref('excluded.severity'),
    category: eb.ref('excluded.category'), object_types: eb.ref('excluded.object_types'),
    remediation: eb.ref('excluded.remediation'), owasp_category: eb.ref('excluded.owasp_category'),
  }))));
  const now = Date.now();
  for (const r of staticRules) {
    await tx.run(upsert, {
      rule_id: r.id, name: r.name, name_lower: r.name.toLowerCase(), description: r.description,
      severity: r.severity, category: r.category, object_types: JSON.stringify(r.objectTypes),
      remediation: r.remediation, owasp: r.owasp, now,
    });
  }
}

export async function migrate(db: Db): Promise<MigrateResult> {
  const big = db.engine === 'postgres' ? 'bigint' : 'integer';
  await db.exec(`create table if not exists schema_migrations (version integer primary key, name text not null, applied_at ${big} not null)`);
  const done: string[] = [];
  await db.transaction(async (tx) => {
    if (db.engine === 'postgres') await tx.exec(`select pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    const have = await applied(tx);
    for (const m of migrations) {
      if (have.has(m.version)) continue;
      await tx.exec(m.up(db.engine));
      await tx.exec(`insert into schema_migrations (version, name, applied_at) values (${m.version}, '${m.name}', ${Date.now()})`);
      done.push(`${String(m.version).padStart(3, '0')}_${m.name}`);
    }
    for (const ddl of catalogueIndexes(db.engine)) await tx.exec(ddl);
    await syncStaticRules(db, tx);
    // Stored rows follow the catalogue: re-render them all when its columns changed.
    const fingerprint = catalogueFingerprint();
    const setting = db.template('migrate.setting', (b) => b.selectFrom('service_settings').select('value').where('key', '=', param('key')));
    if ((await tx.first<{ value: string }>(setting, { key: 'entity_rows' }))?.value !== fingerprint) {
      await renderAllEntityRows(db, tx);
      const save = db.template('migrate.setting-save', (b) => b.insertInto('service_settings').values({ key: param('key'), value: param('value') })
        .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') }))));
      await tx.run(save, { key: 'entity_rows', value: fingerprint });
    }
    // A cursor-signing secret shared by every replica, unless the operator sets one.
    await tx.exec(`insert into service_settings (key, value) values ('cursor_secret', '${randomBytes(32).toString('hex')}') on conflict (key) do nothing`);
  });
  return { applied: done };
}

/** True when the schema is there and current (used by `serve --no-migrate` and /readyz). */
export async function pendingMigrations(db: Db): Promise<number> {
  try {
    const rows = await db.execute<{ version: number }>(CompiledQuery.raw('select version from schema_migrations'));
    const have = new Set(rows.rows.map((r) => Number(r.version)));
    return migrations.filter((m) => !have.has(m.version)).length;
  } catch {
    return migrations.length;
  }
}
