// The tables a commit that names its workspace may write without reaching everything
// (platform/db/write-watch.ts): the tables it knows are the schema's on both engines, and each
// table counted as a workspace's has a workspace column; the statements that
// write another table are recognised whatever their form.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'kysely';
import { workspaceTables, writesOutsideWorkspace } from '../src/platform/db/write-watch.ts';
import { tableOwners } from '../src/platform/db/table-owners.ts';
import { describeEngines } from './helpers/harness.ts';

describeEngines('write watch: the tables', (h) => {
  it("knows every table of the schema, and a workspace's tables have a workspace column", async () => {
    const db = h().db;
    const query =
      db.dialect.name === 'sqlite'
        ? sql<{ t: string; c: string }>`select m.name as t, p.name as c from sqlite_master m join pragma_table_info(m.name) p
            where m.type = 'table' and m.name not like 'sqlite_%'`
        : sql<{ t: string; c: string }>`select c.table_name as t, c.column_name as c from information_schema.columns c
            join pg_class k on k.relname = c.table_name join pg_namespace n on n.oid = k.relnamespace and n.nspname = c.table_schema
            where c.table_schema = current_schema() and not k.relispartition`;
    const rows = (await db.execute(query.compile(db.builder))).rows;
    const columns = new Map<string, string[]>();
    for (const { t, c } of rows) columns.set(t, [...(columns.get(t) ?? []), c]);
    assert.deepEqual([...columns.keys()].sort(), [...tableOwners.keys()].sort());
    for (const t of workspaceTables) assert.ok(columns.get(t)!.includes('workspace_id'), `${t} has no workspace_id`);
  });
});

describe('write watch: the statements', () => {
  it('recognises a write to a table outside the workspaces in any form, and nothing else', () => {
    const outside = [
      'insert into "rules" ("tenant_id") values ($1)',
      'INSERT INTO rule_settings (tenant_id) VALUES (?)',
      'insert or replace into "service_settings" ("key", "value") values (?, ?)',
      'update "api_keys" set "last_used_at" = ? where "id" = ?',
      'delete from "client_storage" where "tenant_id" = ?',
      'with gone as (delete from "jobs" where "id" = $1 returning 1) select count(*) from gone',
      'insert into "entities" ("id") values (?); insert into "webhook_deliveries" ("id") select "id" from "webhook_subscriptions"',
      'copy api_keys (id, tenant_id) from stdin',
    ];
    const inside = [
      'insert into "entities" ("tenant_id", "workspace_id") values (?, ?) on conflict ("tenant_id", "workspace_id", "kind", "id") do update set "name" = excluded."name"',
      'update "llm_sessions" set "turns" = "turns" + 1 where "tenant_id" = ?',
      'delete from relations where tenant_id = $1',
      'insert into "audit_events" ("tenant_id", "workspace_id") values (?, ?)',
      'select "updated_at" from "rules" where "tenant_id" = ? for update of "rules"',
      'select * from "api_keys"',
      'copy llm_interactions (tenant_id, workspace_id, id) from stdin',
    ];
    for (const s of outside) assert.equal(writesOutsideWorkspace(s), true, s);
    for (const s of inside) assert.equal(writesOutsideWorkspace(s), false, s);
  });
});
