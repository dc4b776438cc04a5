// Each table is named only by the folder that owns it (src/platform/db/table-owners.ts, issue 34).
// Statements are found as text: Kysely's builders (`selectFrom('t')`, joins, inserts, updates,
// deletes), the bulk writers (`bulkInsert(tx, 't'`, `updateRows(db, tx, 't'`) and SQL written out
// (`from t`, `join t`, `into t`, `update t`), comments left out. A statement over two owners'
// tables is composed from both: the owner of one passes its fragment to the other's builder (the
// inventory's update of `entities` sets columns from the findings' subqueries).

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { tableOwners } from '../src/platform/db/table-owners.ts';

const src = new URL('../src/', import.meta.url);
/** Where tables are declared and made, not read. */
const declaring = /^platform\/db\/(migrations\/|tables\/|schema\.ts$|table-owners\.ts$)/;

function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

function tablesNamedIn(text: string): Set<string> {
  const code = withoutComments(text);
  const out = new Set<string>();
  for (const table of tableOwners.keys()) {
    const builder = new RegExp(
      `(?:selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\\(\\s*['"\`]${table}(?:\\s+as\\s+\\w+)?['"\`]`,
    );
    // bulkInsert(tx, 't', …) and updateRows(db, tx, 't', …).
    const bulk = new RegExp(`(?:bulkInsert\\(\\s*[\\w.]+|updateRows\\(\\s*[\\w.]+\\s*,\\s*[\\w.]+)\\s*,\\s*['"\`]${table}['"\`]`);
    const written = new RegExp(`\\b(?:from|join|into|update)\\s+${table}\\b`, 'i');
    if (builder.test(code) || bulk.test(code) || written.test(code)) out.add(table);
  }
  return out;
}

/** The folder a file of src/ belongs to, as owners are named: `areas/<area>`, `platform/<part>`, else its top folder or file. */
function folderOf(file: string): string {
  const parts = file.split('/');
  return parts[0] === 'areas' || parts[0] === 'platform' ? parts.slice(0, 2).join('/') : parts[0]!;
}

describe('table owners', () => {
  it('every table of the schema has an owner', () => {
    const schema = readFileSync(new URL('platform/db/schema.ts', src), 'utf8');
    const declared = [...schema.matchAll(/^ {2}(\w+): \w+Table;$/gm)].map((m) => m[1]);
    assert.deepEqual([...tableOwners.keys()].sort(), declared.sort());
  });

  it('no statement names a table outside its owner', () => {
    const outside = new Map<string, string[]>();
    for (const file of (readdirSync(src, { recursive: true }) as string[]).sort()) {
      if (!file.endsWith('.ts') || declaring.test(file)) continue;
      const named = [...tablesNamedIn(readFileSync(new URL(file, src), 'utf8'))].filter(
        (t) => tableOwners.get(t as never) !== folderOf(file),
      );
      if (named.length) outside.set(file, named.sort());
    }
    assert.deepEqual(outside, new Map());
  });
});
