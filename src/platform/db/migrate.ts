// Forward-only migrations. Each runs once, in order, inside one transaction with the bookkeeping
// row; a lock (the dialect's) keeps two replicas starting together from racing. After the
// numbered migrations come the idempotent steps the wiring gives (src/compose.ts: expression
// indexes for sortable columns, the static rules, stored rows that follow the catalogue), in the
// same transaction. Running it again changes nothing.

import { randomBytes } from 'node:crypto';
import type { Db, Executor } from './database.ts';
import type { Ddl } from './migrations/ddl.ts';
import * as init from './migrations/001_init.ts';
import * as clientStorageExact from './migrations/002_client_storage_exact.ts';
import * as findingsIndexes from './migrations/003_findings_indexes.ts';
import * as runtime from './migrations/004_runtime.ts';
import * as scans from './migrations/005_scans.ts';
import * as entityRows from './migrations/006_entity_rows.ts';
import * as workspaces from './migrations/007_workspaces.ts';
import * as riskScore from './migrations/008_risk_score.ts';
import * as filterIndexes from './migrations/009_filter_indexes.ts';
import * as runtimeDiscovery from './migrations/010_runtime_discovery.ts';
import * as moneyMicros from './migrations/020_money_micros.ts';
import * as relationFirstSeen from './migrations/021_relation_first_seen.ts';
import * as jobs from './migrations/030_jobs.ts';
import * as issueReads from './migrations/031_issue_reads.ts';
import * as views from './migrations/032_views.ts';
import * as compliance from './migrations/040_compliance.ts';
import * as webhooks from './migrations/050_webhooks.ts';
import * as sessionsEndTime from './migrations/070_sessions_end_time.ts';
import * as entityNameSearch from './migrations/071_entity_name_search.ts';
import * as costDaily from './migrations/080_cost_daily.ts';
import * as identity from './migrations/085_identity.ts';
import * as advisories from './migrations/095_advisories.ts';
import * as controls from './migrations/100_controls.ts';
import * as waivers from './migrations/105_waivers.ts';
import * as ruleTags from './migrations/110_rule_tags.ts';
import * as signin from './migrations/115_signin.ts';
import * as auditReads from './migrations/125_audit_reads.ts';
import * as auditWebhooks from './migrations/130_audit_webhooks.ts';
import * as readIndexes from './migrations/135_read_indexes.ts';
import * as sessionMcpTurns from './migrations/140_session_mcp_turns.ts';

interface Migration {
  version: number;
  name: string;
  up: Ddl;
}

/** An idempotent step run after the numbered migrations, in their transaction. */
export type AfterMigrate = (db: Db, tx: Executor) => Promise<void>;

const migrations: Migration[] = [
  { version: 1, name: 'init', up: init.up },
  { version: 2, name: 'client_storage_exact', up: clientStorageExact.up },
  { version: 3, name: 'findings_indexes', up: findingsIndexes.up },
  { version: 4, name: 'runtime', up: runtime.up },
  { version: 5, name: 'scans', up: scans.up },
  { version: 6, name: 'entity_rows', up: entityRows.up },
  { version: 7, name: 'workspaces', up: workspaces.up },
  { version: 8, name: 'risk_score', up: riskScore.up },
  { version: 9, name: 'filter_indexes', up: filterIndexes.up },
  { version: 10, name: 'runtime_discovery', up: runtimeDiscovery.up },
  { version: 20, name: 'money_micros', up: moneyMicros.up },
  { version: 21, name: 'relation_first_seen', up: relationFirstSeen.up },
  { version: 30, name: 'jobs', up: jobs.up },
  { version: 31, name: 'issue_reads', up: issueReads.up },
  { version: 32, name: 'views', up: views.up },
  { version: 40, name: 'compliance', up: compliance.up },
  { version: 50, name: 'webhooks', up: webhooks.up },
  { version: 70, name: 'sessions_end_time', up: sessionsEndTime.up },
  { version: 71, name: 'entity_name_search', up: entityNameSearch.up },
  { version: 80, name: 'cost_daily', up: costDaily.up },
  { version: 85, name: 'identity', up: identity.up },
  { version: 95, name: 'advisories', up: advisories.up },
  { version: 100, name: 'controls', up: controls.up },
  { version: 105, name: 'waivers', up: waivers.up },
  { version: 110, name: 'rule_tags', up: ruleTags.up },
  { version: 115, name: 'signin', up: signin.up },
  { version: 125, name: 'audit_reads', up: auditReads.up },
  { version: 130, name: 'audit_webhooks', up: auditWebhooks.up },
  { version: 135, name: 'read_indexes', up: readIndexes.up },
  { version: 140, name: 'session_mcp_turns', up: sessionMcpTurns.up },
];

export interface MigrateResult {
  applied: string[];
}

async function applied(tx: Executor): Promise<Set<number>> {
  const rows = await tx.execute(tx.dialect.builder.selectFrom('schema_migrations').select('version'));
  return new Set(rows.rows.map((r) => Number(r.version)));
}

export async function migrate(db: Db, after: readonly AfterMigrate[] = []): Promise<MigrateResult> {
  await db.exec(
    `create table if not exists schema_migrations (version integer primary key, name text not null, applied_at ${db.dialect.bigint} not null)`,
  );
  const done: string[] = [];
  await db.transaction(async (tx) => {
    await tx.dialect.lockMigrations(tx);
    const have = await applied(tx);
    for (const m of migrations) {
      if (have.has(m.version)) continue;
      await tx.exec(m.up[tx.dialect.name]);
      await tx.exec(`insert into schema_migrations (version, name, applied_at) values (${m.version}, '${m.name}', ${Date.now()})`);
      done.push(`${String(m.version).padStart(3, '0')}_${m.name}`);
    }
    for (const step of after) await step(db, tx);
    // A cursor-signing secret shared by every replica, unless the operator sets one.
    await tx.exec(
      `insert into service_settings (key, value) values ('cursor_secret', '${randomBytes(32).toString('hex')}') on conflict (key) do nothing`,
    );
  });
  return { applied: done };
}

/** True when the schema is there and current (used by `serve --no-migrate` and /readyz). */
export async function pendingMigrations(db: Db): Promise<number> {
  try {
    const rows = await db.execute(db.builder.selectFrom('schema_migrations').select('version'));
    const have = new Set(rows.rows.map((r) => Number(r.version)));
    return migrations.filter((m) => !have.has(m.version)).length;
  } catch {
    return migrations.length;
  }
}
