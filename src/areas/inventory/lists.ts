// The inventory's lists: every routed kind's list, and every relation edge (an object's
// neighbours over a stored relation, either direction), each one ListSpec. Rows are the entities'
// stored rows (entity-rows.ts), sent as they are.

import { type RawBuilder, sql } from 'kysely';
import type { EdgeDef, KindDef } from '../../catalog/types.ts';
import { columnOf, edgeOf, kindByName } from '../../catalog/kinds.ts';
import type { Builder } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import type { SqlDialect } from '../../platform/db/dialect.ts';
import { badRequest } from '../../platform/errors.ts';
import type { FilterDecl } from '../../platform/lists/filters.ts';
import { filtersOf } from '../../platform/lists/list-page.ts';
import { defineList, type ListSpec } from '../../platform/lists/list-spec.ts';
import { NameQuery } from '../../platform/http/schemas.ts';
import { filterExpression, sortExpression } from './entity-sql.ts';
import { kindCount, rowsJson, type StoredRow } from './reads.ts';
import { neighbourJoin, relationEnds } from './relation-join.ts';

/** `name__ilk` over the stored lower-cased name (`table` is the alias to qualify it with). */
export function nameIlk(table = ''): FilterDecl {
  return { param: 'name__ilk', column: 'name', op: 'ilk', sql: `${table}name_lower`, schema: NameQuery.name__ilk };
}

const newestFirst = [{ column: 'last_seen', dir: 'desc' as const }];
const DEFAULT_PAGE = 100;

function columnSqlOf(kind: KindDef, table = '') {
  return (d: SqlDialect) => {
    const out: Record<string, string> = {};
    for (const c of kind.columns) {
      const expr = filterExpression(d, c, table);
      if (expr !== null) out[c.name] = expr;
    }
    return out;
  };
}

const lists = new Map<string, ListSpec<StoredRow, string>>();

const RELATED_PATTERN =
  "<edge>.<filter> on related objects, the edge named as the column counting it: `models.provider=openai` keeps the objects with at least one model whose provider is openai (any filter of the neighbour kind's list: `tools.capabilities=shell`, `mcp_servers.authentication=none`, `agents.environment=production`)";

/**
 * `<edge>.<filter>`: the objects with a neighbour over one of the kind's relation edges that passes
 * one of the neighbour kind's own filters. A subquery from the relation's side (its primary key
 * going out, its reverse index coming in) joined to the neighbours, so the filter's own index on
 * the neighbours can drive it.
 */
function relatedFilter(kind: KindDef, query: string, d: SqlDialect): FilterDecl | undefined {
  const dot = query.indexOf('.');
  if (dot < 0) return undefined;
  // The edge by the name of the column counting its neighbours (`models`), or by its own (`aispm_model_dependencies`).
  const named = query.slice(0, dot);
  const edge = edgeOf(kind, named);
  if (!edge || !('relation' in edge.via)) return undefined;
  const target = targetKind(edge);
  const name = query.slice(dot + 1);
  const inner = filtersOf(entityList(target), d).find((f) => f.param === name);
  if (!inner) {
    throw badRequest(
      `${query.slice(0, 80)}: ${target.label}s (over ${named}) take no filter "${name.slice(0, 64)}"; their columns are ${target.columns
        .filter((c) => c.type !== 'object')
        .map((c) => c.name)
        .join(', ')}`,
    );
  }
  const column = target.columns.find((c) => c.name === inner.column)!;
  const expr = inner.sql ? `n.${inner.sql}` : columnSqlOf(target, 'n')(d)[inner.column]!;
  const { relation, direction } = relationOf(edge);
  const { near, far } = relationEnds(direction);
  const matching = (condition: RawBuilder<boolean>, distinct = false) =>
    sql<{
      id: string;
    }>`select ${sql.raw(distinct ? 'distinct ' : '')}${sql.ref(`r.${near}_id`)} as id from entities n cross join relations r
        where n.tenant_id = ${param('tenant')} and n.workspace_id = ${param('workspace')} and n.kind = ${sql.lit(target.name)} and ${condition}
          and ${sql.raw(neighbourJoin(direction))} and ${sql.ref(`r.${far}_kind`)} = ${sql.lit(target.name)}
          and r.relation = ${sql.lit(relation)} and ${sql.ref(`r.${near}_kind`)} = ${sql.lit(kind.name)}`;
  return {
    param: query,
    column: inner.column,
    op: inner.op,
    schema: inner.schema,
    type: inner.type ?? column.type,
    sql: inner.op === 'ilk' && !inner.sql ? `lower(${expr})` : expr,
    // From the neighbours that pass (through the filter's own index when it has one), then their
    // relations to this kind: CROSS JOIN keeps that order on SQLite, which otherwise may walk every
    // relation of the kind and probe the neighbour for each (128k probes for a provider filter at
    // benchmark scale); PostgreSQL plans the join either way.
    within: (condition) => sql<boolean>`id in (${matching(condition)})`,
    // Read once per data version as a set of ids (src/platform/lists/related-sets.ts).
    matching: { column: 'id', select: (condition) => matching(condition, true) },
    // The relation it follows, for the controls' walk back from changed neighbours (src/areas/controls/candidates.ts).
    related: { target: target.name, relation, direction },
  };
}

/** The list of one routed kind. */
export function entityList(kind: KindDef): ListSpec<StoredRow, string> {
  let spec = lists.get(kind.name);
  if (!spec) {
    spec = defineList({
      name: `inventory.${kind.name}`,
      columns: kind.columns,
      columnSql: columnSqlOf(kind),
      sortSql: (column, _filters, d) => sortExpression(d, columnOf(kind, column)!),
      tie: ['id'],
      defaultSort: newestFirst,
      filters: [nameIlk()],
      pageSize: DEFAULT_PAGE,
      // The kind is a literal: the partial index of an attribute or count column names it.
      base: (b) =>
        b
          .selectFrom('entities')
          .select(['id', 'kind', 'row_json'])
          .where('tenant_id', '=', param('tenant'))
          .where('workspace_id', '=', param('workspace'))
          .where('kind', '=', sql.lit(kind.name)),
      render: (db, scope, rows) => rowsJson(db, scope.args.tenant as string, scope.args.workspace as string, rows),
      // Kept current at ingest, so an unfiltered total is one primary-key lookup.
      total: async (db, scope, filters) =>
        filters.length ? undefined : kindCount(db, scope.args.tenant as string, scope.args.workspace as string, kind.name),
      related: { pattern: RELATED_PATTERN, filter: (p, d) => relatedFilter(kind, p, d) },
    });
    lists.set(kind.name, spec);
  }
  return spec;
}

export function relationOf(edge: EdgeDef): { relation: string; direction: 'out' | 'in' } {
  if (!('relation' in edge.via)) throw new Error(`edge ${edge.name} is not a relation edge`);
  return edge.via;
}

/** The target kind of a relation edge (leaf kinds included). */
export function targetKind(edge: EdgeDef): KindDef {
  const k = kindByName.get(edge.target);
  if (!k) throw new Error(`edge ${edge.name} targets ${edge.target}, which is not a kind`);
  return k;
}

/** The join from `relations` to the neighbour entities of one object over one relation edge. */
function edgeBase(b: Builder, direction: 'out' | 'in') {
  const { near, far } = relationEnds(direction);
  // CROSS JOIN fixes the order on SQLite: relations (a few rows for this object) drive, entities
  // are probed by primary key. As an inner join SQLite may walk entities in ORDER BY order and
  // probe relations for each, which reads the whole kind to return a handful of rows.
  return b
    .selectFrom('relations as r')
    .crossJoin('entities as e')
    .where(sql<boolean>`${sql.raw(neighbourJoin(direction, 'e'))}`)
    .where('r.tenant_id', '=', param('tenant'))
    .where('r.workspace_id', '=', param('workspace'))
    .where(`r.${near}_kind`, '=', param('kind'))
    .where(`r.${near}_id`, '=', param('id'))
    .where('r.relation', '=', param('relation'))
    .where(`r.${far}_kind`, '=', param('target'))
    .select(['e.id', 'e.kind', 'e.row_json']);
}

const edgeLists = new Map<string, ListSpec<StoredRow, string>>();

/**
 * The neighbours of one object over a relation edge. Scope arguments: tenant, workspace, kind, id
 * of the object (relationEdgeArgs). A first page that holds them all counts them itself.
 */
export function relationEdgeList(edge: EdgeDef): ListSpec<StoredRow, string> {
  const { direction } = relationOf(edge);
  const target = targetKind(edge);
  const key = `${direction}:${target.name}`;
  let spec = edgeLists.get(key);
  if (!spec) {
    spec = defineList({
      name: `inventory.edge.${key}`,
      columns: target.columns,
      columnSql: columnSqlOf(target, 'e'),
      sortSql: (column, _filters, d) => sortExpression(d, columnOf(target, column)!, 'e'),
      tie: ['e.id'],
      defaultSort: newestFirst,
      filters: [nameIlk('e.')],
      pageSize: DEFAULT_PAGE,
      totalFromFirstPage: true,
      base: (b) => edgeBase(b, direction),
      render: (db, scope, rows) => rowsJson(db, scope.args.tenant as string, scope.args.workspace as string, rows),
    });
    edgeLists.set(key, spec);
  }
  return spec;
}

/** What a relation edge's statement binds besides the object: the relation and the target kind. */
export function relationEdgeArgs(edge: EdgeDef): Record<string, string> {
  return { relation: relationOf(edge).relation, target: edge.target };
}
