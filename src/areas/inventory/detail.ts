// An object's detail in one statement: its row and, for each embedded section over a relation
// edge, the section's items already written as JSON by the database, with how many neighbours
// there are (up to one past the section's size). A detail read this way costs one statement and
// no JSON parsing in the process, where reading each section as its edge's list cost a statement
// per section, a parse of each neighbour's row and a serialisation of the items (issue 23: the
// model detail answered at 0.19 of the HTTP ceiling under ever-different ids).
//
// The sections answer what their edge's first page answers (edges.ts, lists.ts): the same
// neighbours in the same order (last seen, newest first, then id), their id and name, or their
// id and code location; test/detail-sections.test.ts holds the two to each other. Sections over
// derived sets (issues, scans) are still read as their lists by the route.

import { type RawBuilder, sql } from 'kysely';
import { edgeOf } from '../../catalog/kinds.ts';
import type { ColumnDef, KindDef, SectionDef } from '../../catalog/types.ts';
import type { Db } from '../../platform/db/database.ts';
import { param } from '../../platform/db/database.ts';
import type { SqlDialect } from '../../platform/db/dialect.ts';
import { type EntityRow, entityColumns } from './reads.ts';
import { relationOf, targetKind } from './lists.ts';
import { neighbourJoin, relationEnds } from './relation-join.ts';

/** Neighbours embedded per section; a larger set says its total and is read through its edge. */
export const SECTION_LIMIT = 100;

/** The code location fields of a `locations` section item, in the order they are answered. */
export const locationFields = ['repository', 'path', 'start_line', 'end_line', 'branch', 'commit', 'url', 'host'] as const;

export type DetailRow = EntityRow & { row_json: string | null } & Record<string, unknown>;

/** A section the statement answers: the column answering it (`<count>:<items joined by commas>`) and the SQL of one item. */
interface SqlSection {
  section: SectionDef;
  column: string;
  item: string;
}

/** The JSON text of a neighbour's column, as its stored row would hold it (an attribute, or id and name). */
function valueJson(d: SqlDialect, column: ColumnDef | undefined): string {
  if (!column) return `'null'`;
  const from = column.from;
  if ('attribute' in from) return `coalesce(${d.jsonAtText('n.attributes', from.attribute)}, 'null')`;
  if ('field' in from && (from.field === 'id' || from.field === 'name')) return d.jsonQuote(`n.${from.field}`);
  return '';
}

/** The JSON text of one section item, or undefined when a field is not one the statement can write. */
function itemJson(d: SqlDialect, section: SectionDef, target: KindDef): string | undefined {
  const column = (name: string) => target.columns.find((c) => c.name === name);
  const id = valueJson(d, column('id'));
  if (!id) return undefined;
  if (section.shape === 'items') {
    const name = valueJson(d, column('name'));
    return name ? `'{"id":' || ${id} || ',"name":' || ${name} || '}'` : undefined;
  }
  const fields: string[] = [];
  for (const f of locationFields) {
    const v = valueJson(d, column(f));
    if (!v) return undefined;
    fields.push(`'${fields.length ? ',' : ''}"${f}":' || ${v}`);
  }
  return `'{"id":' || ${id} || ',"codeLocation":{' || ${fields.join(' || ')} || '}}'`;
}

/**
 * FROM and WHERE of the object's neighbours over a relation edge, as lists.ts edgeBase reads them:
 * the relation's rows of this object drive (CROSS JOIN keeps that order on SQLite), the
 * neighbours are probed by primary key. The object is bound, not correlated to the outer row, so
 * each subquery is planned as the edge's own statement is.
 */
function neighbours(section: SectionDef, kind: KindDef): RawBuilder<unknown> {
  const edge = edgeOf(kind, section.edge)!;
  const { relation, direction } = relationOf(edge);
  const { near, far } = relationEnds(direction);
  return sql`relations r cross join entities n
      where ${sql.raw(neighbourJoin(direction))}
        and r.tenant_id = ${param('tenant')} and r.workspace_id = ${param('workspace')} and ${sql.raw(`r.${near}_kind`)} = ${param('kind')}
        and ${sql.raw(`r.${near}_id`)} = ${param('id')} and r.relation = ${sql.lit(relation)} and ${sql.raw(`r.${far}_kind`)} = ${sql.lit(targetKind(edge).name)}`;
}

interface DetailPlan {
  /** Sections the statement answers, in the kind's order. */
  sql: SqlSection[];
  /** Sections the route reads as lists (derived sets). */
  rest: SectionDef[];
}

const plans = new Map<string, DetailPlan>();

/** The sections of a kind that one statement answers, and those the route reads as lists. */
export function detailPlan(kind: KindDef, d: SqlDialect): DetailPlan {
  const key = `${d.name}:${kind.name}`;
  let plan = plans.get(key);
  if (!plan) {
    plan = { sql: [], rest: [] };
    kind.sections.forEach((section, i) => {
      const edge = edgeOf(kind, section.edge);
      const item = edge && 'relation' in edge.via && section.shape !== 'tabular' ? itemJson(d, section, targetKind(edge)) : undefined;
      if (item === undefined) plan!.rest.push(section);
      else plan!.sql.push({ section, column: `s${i}`, item });
    });
    plans.set(key, plan);
  }
  return plan;
}

/**
 * The object's stored row and, per section the statement answers, its neighbour count up to
 * SECTION_LIMIT + 1, a colon, and (when they all fit) their items' JSON texts joined by commas.
 */
export function readDetail(db: Db, kind: KindDef, tenant: string, workspace: string, id: string): Promise<DetailRow | undefined> {
  const t = db.template(`inventory.detail.${kind.name}`, (b, d) => {
    const columns = detailPlan(kind, d).sql.flatMap(({ section, column, item }) => {
      const from = neighbours(section, kind);
      // Up to one neighbour past the section's size, unordered: when they all fit, the aggregate
      // orders them; when they do not, the route reads the section as its edge's first page.
      return [
        sql`(select ${sql.raw(d.countThenJoined('j', 'k0 desc, k1 desc'))}
            from (select ${sql.raw(item)} as j, n.last_seen as k0, n.id as k1 from ${from} limit ${sql.lit(SECTION_LIMIT + 1)}) x)`.as(
          column,
        ),
      ];
    });
    return b
      .selectFrom('entities as e')
      .select([...entityColumns, 'row_json' as const].map((c) => `e.${c}` as const))
      .select(columns)
      .where('e.tenant_id', '=', param('tenant'))
      .where('e.workspace_id', '=', param('workspace'))
      .where('e.kind', '=', param('kind'))
      .where('e.id', '=', param('id'));
  });
  return db.first(t, { tenant, workspace, kind: kind.name, id });
}
