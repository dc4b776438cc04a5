// Reads are typed by the query they run (issue 34): a template carries its row type from the Kysely
// builder it was compiled from (src/platform/db/database.ts), and `all`, `first` and `execute`
// return that type. A type argument written at a call (`db.all<SomeRow>(t)`, `db.template<R>(…)`)
// or an `as` on the rows read would claim a shape nothing checks against the schema; this fails on
// either in src/, so the cast cannot come back. Raw SQL declares its row with `sql<T>` instead,
// where the statement is written. A list's rows are typed the same way: `render` takes the row its
// `base` selects, and a page holds what `render` returns, so no route casts a page's rows.

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { compileTemplate, param, type RowOf, type Template } from '../src/platform/db/database.ts';
import { sqliteDialect } from '../src/platform/db/sqlite/dialect.ts';
import type { ListPage } from '../src/platform/lists/list-page.ts';
import { defineList, type ListDecl, type ListSpec } from '../src/platform/lists/list-spec.ts';

const SRC = join(import.meta.dirname, '..', 'src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The text without comments, so a comment may name the forbidden forms. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/** A type argument at a call of a statement runner or template compiler. */
const TYPE_ARGUMENT = /\.(all|first|execute|allSync|template)\s*<[^(]*?>\s*\(/g;
/** `as` applied to what a runner returned: `(await db.first(t, …)) as X`, `db.all(t) as Promise<…>`. */
const CAST_READ = /\.(all|first|execute)\((?:[^()]|\([^()]*\))*\)\)?\s+as\s+(?!const\b)/g;
/** `as` applied to a list page's rows: `page.rows as View[]`, `(objects.page.rows as unknown[][])`. */
const CAST_PAGE = /\bpage\.rows\s+as\s+(?!const\b)/g;

/**
 * The engines' databases, where the driver's untyped rows become the template's type: the one
 * place a read is cast, once for every statement.
 */
const ENGINES = [join('platform', 'db', 'sqlite', 'database.ts'), join('platform', 'db', 'postgres', 'database.ts')];

function offences(pattern: RegExp, except: string[] = []): string[] {
  const out: string[] = [];
  for (const file of sources(SRC)) {
    if (except.includes(file.slice(SRC.length + 1))) continue;
    const text = code(readFileSync(file, 'utf8'));
    for (const m of text.matchAll(pattern)) {
      const line = text.slice(0, m.index).split('\n').length;
      out.push(`${file.slice(SRC.length + 1)}:${line}: ${m[0].replace(/\s+/g, ' ').slice(0, 80)}`);
    }
  }
  return out;
}

describe('typed reads', () => {
  it('no statement runner or template is given its row type at the call', () => {
    assert.deepEqual(offences(TYPE_ARGUMENT), []);
  });

  it('no rows read are cast', () => {
    assert.deepEqual(offences(CAST_READ, ENGINES), []);
  });

  it("no list page's rows are cast", () => {
    assert.deepEqual(offences(CAST_PAGE), []);
  });

  // Checked by the type checker (npm run typecheck): a `@ts-expect-error` that no longer errs fails it.
  it('a template reads the row its query selects, and is not a template of another row', () => {
    const t = compileTemplate(sqliteDialect.builder.selectFrom('jobs').select(['id', 'state']).where('id', '=', param('id')));
    assert.deepEqual(t.slots, [{ name: 'id' }]);
    const row: RowOf<typeof t> = { id: 'j1', state: 'running' };
    // @ts-expect-error: a job's state is one of the job states
    const notAState: RowOf<typeof t> = { id: 'j1', state: 'sleeping' };
    // @ts-expect-error: a template reading jobs is not one reading counts
    const counts: Template<{ n: number }> = t;
    // A narrower row is fine: it reads at least that.
    const ids: Template<{ id: string }> = t;
    assert.deepEqual([row.state, notAState.state, counts.sql, ids.sql], ['running', 'sleeping', t.sql, t.sql]);
  });

  // Checked by the type checker too: a list's render reads the row its base selects, and no other.
  it("a list's rows are the row its base selects", () => {
    const decl: ListDecl = { name: 'jobs', columns: [], columnSql: () => ({}), tie: ['id'], defaultSort: [], filters: [], pageSize: 10 };
    const base = (b: typeof sqliteDialect.builder) => b.selectFrom('jobs').select(['id', 'state']);
    const jobs = defineList({ ...decl, base, render: (_db, _scope, rows) => rows.map((r) => [r.id, r.state]) });
    defineList({
      ...decl,
      base: (b) => b.selectFrom('jobs').select(['id']),
      // @ts-expect-error: the base does not select the state
      render: (_db, _scope, rows) => rows.map((r) => [r.id, r.state]),
    });
    // A render written apart that reads a field the base does not select is refused as well.
    const renderJobs = (_db: unknown, _scope: unknown, rows: { id: string; state: string }[]) => rows.map((r) => r.state);
    // @ts-expect-error: a render of jobs with a state takes no rows without one
    defineList({ ...decl, base: (b) => b.selectFrom('jobs').select(['id']), render: renderJobs });
    // @ts-expect-error: a list reading jobs is not one reading counts
    const counts: ListSpec<{ n: number }, unknown[]> = jobs;
    // A page holds what the render returns.
    const page: ListPage<unknown[]> = { rows: [['j1', 'running']], next: null, total: 1 };
    // @ts-expect-error: a page of arrays is not a page of JSON texts
    const texts: ListPage<string> = page;
    const sql = jobs.base(sqliteDialect.builder, sqliteDialect, { args: {}, key: '', fingerprint: [] }).compile().sql;
    assert.equal(sql, 'select "id", "state" from "jobs"');
    assert.deepEqual([counts.name, texts.rows.length], ['jobs', 1]);
  });

  it('the patterns find what they are for', () => {
    const hits = (re: RegExp, s: string) => [...s.matchAll(re)].length;
    assert.equal(hits(TYPE_ARGUMENT, 'await db.all<{ id: string }>(t, args)'), 1);
    assert.equal(hits(TYPE_ARGUMENT, 'await tx.first<Row>(t)'), 1);
    assert.equal(hits(TYPE_ARGUMENT, "db.template<Row>('k', (b) => b)"), 1);
    assert.equal(hits(TYPE_ARGUMENT, 'await db.all(t, args)'), 0);
    assert.equal(hits(CAST_READ, '(await db.first(t, { id })) as Row'), 1);
    assert.equal(hits(CAST_READ, 'return db.all(t, scopeArgs(scope)) as Promise<Row[]>;'), 1);
    assert.equal(hits(CAST_READ, 'const rows = await db.all(t, { id });'), 0);
    assert.equal(hits(CAST_PAGE, 'items: (page.rows as View[]).map(viewAnswer),'), 1);
    assert.equal(hits(CAST_PAGE, 'tabular(header, objects.page.rows as unknown[][], cursor, total)'), 1);
    assert.equal(hits(CAST_PAGE, 'items: page.rows.map(viewAnswer),'), 0);
  });
});
