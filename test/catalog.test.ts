// The catalogue is consistent with itself: every edge resolves, every section reads an edge of
// its kind, every count column counts a relation edge, every sortable expression has an index.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { kinds, relationByName, routedKinds } from '../src/catalog/kinds.ts';
import { columnLabel } from '../src/catalog/labels.ts';
import * as rowsets from '../src/catalog/rowsets.ts';
import { derivedRowSets } from '../src/catalog/rowsets.ts';
import { staticRules } from '../src/catalog/rules/index.ts';
import type { ColumnDef, RowSetDef } from '../src/catalog/types.ts';
import { catalogueIndexes, sortExpression } from '../src/areas/inventory/entity-sql.ts';
import { postgresDialect } from '../src/platform/db/postgres/dialect.ts';
import { sqliteDialect } from '../src/platform/db/sqlite/dialect.ts';

describe('catalogue', () => {
  it('every kind starts with id and name and has first_seen and last_seen; AI kinds carry issue counts', () => {
    for (const k of kinds) {
      const names = k.columns.map((c) => c.name);
      assert.deepEqual(names.slice(0, 2), ['id', 'name'], k.name);
      assert.ok(names.includes('first_seen') && names.includes('last_seen'), k.name);
      assert.equal(new Set(names).size, names.length, `${k.name} has duplicate columns`);
      if (k.ai) for (const c of ['critical_issues', 'high_issues', 'total_issues']) assert.ok(names.includes(c), `${k.name}.${c}`);
    }
  });

  it('every column has a label for people: words, acronyms kept, no underscore; a few named outright', () => {
    const names = new Set([
      ...kinds.flatMap((k) => k.columns.map((c) => c.name)),
      ...Object.values(rowsets).flatMap((v: unknown): string[] =>
        (Array.isArray(v) ? (v as ColumnDef[]) : typeof v === 'object' && v !== null && 'columns' in v ? (v as RowSetDef).columns : []).map(
          (c) => c.name,
        ),
      ),
    ]);
    assert.ok(names.size > 100, `${names.size} columns`);
    for (const n of names) assert.match(columnLabel(n), /^[A-Z(][^_]*$/, n);
    assert.deepEqual(
      ['risk_score', 'mcp_servers', 'id', 'rule_id', 'duration_ms', 'cvss_score', 'cicd_type', 'ok', 'cost', 'agent_id'].map(columnLabel),
      ['Risk score', 'MCP servers', 'ID', 'Rule ID', 'Duration (ms)', 'CVSS score', 'CI/CD type', 'OK', 'Cost (USD)', 'Agent'],
    );
  });

  it('the six routed kinds have the prefixes of API.md', () => {
    assert.deepEqual(
      routedKinds.map((k) => k.prefix),
      ['aispm-agents', 'aispm-models', 'aispm-tools', 'aispm-mcp-servers', 'assets', 'locations'],
    );
  });

  it('every relation edge joins a pair its relation allows, in its direction', () => {
    for (const k of kinds) {
      for (const e of k.edges) {
        if ('derived' in e.via) {
          assert.ok(derivedRowSets[e.target], `${k.name}/${e.name} targets ${e.target}`);
          continue;
        }
        const rel = relationByName.get(e.via.relation);
        assert.ok(rel, `${k.name}/${e.name}: relation ${e.via.relation}`);
        const [from, to] = e.via.direction === 'out' ? [k.name, e.target] : [e.target, k.name];
        assert.ok(
          rel.pairs.some(([f, t]) => f === from && t === to),
          `${k.name}/${e.name}: ${rel.name} does not join ${from} to ${to}`,
        );
      }
    }
  });

  it('sections read edges of their kind; count columns count relation edges', () => {
    for (const k of kinds) {
      for (const s of k.sections)
        assert.ok(
          k.edges.some((e) => e.name === s.edge),
          `${k.name} section ${s.name}`,
        );
      for (const c of k.columns) {
        if (!('edgeCount' in c.from)) continue;
        const e = k.edges.find((x) => x.name === (c.from as { edgeCount: string }).edgeCount);
        assert.ok(e && 'relation' in e.via, `${k.name}.${c.name} counts ${(c.from as { edgeCount: string }).edgeCount}`);
      }
    }
  });

  it('every sortable computed column of a listed kind has an index (partial on PostgreSQL) with the exact expression the query uses', () => {
    for (const dialect of [sqliteDialect, postgresDialect]) {
      const engine = dialect.name;
      const ddl = catalogueIndexes(dialect);
      for (const k of routedKinds) {
        for (const c of k.columns) {
          if (!c.sortable || 'field' in c.from) continue;
          const partial = engine === 'postgres';
          assert.ok(
            ddl.some(
              (d) =>
                d.includes(`(${sortExpression(dialect, c)})`) &&
                d.includes(`_${k.name}_`) &&
                d.endsWith(partial ? `where kind = '${k.name}'` : ', id)'),
            ),
            `${engine}: ${k.name}.${c.name}`,
          );
          // PostgreSQL keeps no planner statistics of a partial index's expression: each has its own, beside the kind.
          if (partial)
            assert.ok(
              ddl.includes(
                `create statistics if not exists entities_s_${k.name}_${c.name} (mcv) on kind, (${sortExpression(dialect, c)}) from entities`,
              ),
              `statistics of ${k.name}.${c.name}`,
            );
        }
      }
    }
  });

  it('ships at least 12 static rules with ids, names, descriptions, severities and object types', () => {
    assert.ok(staticRules.length >= 12);
    for (const r of staticRules) {
      assert.match(r.id, /^SR-aispm_[a-z_]+$/);
      assert.ok(r.name && r.description && r.remediation, r.id);
      assert.ok(['critical', 'high', 'medium', 'low'].includes(r.severity), r.id);
      for (const t of r.objectTypes)
        assert.ok(
          kinds.some((k) => k.name === t),
          `${r.id}: ${t}`,
        );
    }
    assert.equal(new Set(staticRules.map((r) => r.id)).size, staticRules.length);
  });
});
