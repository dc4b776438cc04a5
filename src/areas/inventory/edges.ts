// Every edge of the catalogue as one interface: a relation edge (neighbour entities over a stored
// relation, either direction) or a derived set (issues touching the object, its issue instances,
// the LLM sessions it took part in, the scans that covered an asset). Routes, detail sections and
// CSV all page through this.

import { sql, type SelectQueryBuilder } from 'kysely';
import type { ColumnDef, EdgeDef, KindDef } from '../../catalog/types.ts';
import { instance, llmSession, objectIssue, scan } from '../../catalog/rowsets.ts';
import { keysetPage, type SortDir } from '../../platform/db/paging/keyset.ts';
import type { SortKey } from '../../platform/db/paging/cursor.ts';
import { rfc3339 } from '../../platform/values.ts';
import type { Builder, Db } from '../../platform/db/database.ts';
import type { SqlDialect } from '../../platform/db/dialect.ts';
import { param } from '../../platform/db/database.ts';
import { countRelationEdge, listRelationEdge, rowsJson, targetKind } from './reads.ts';
import { assetScanSortSql, assetScansBase, scanValues, type ScanRow } from '../scans/reads.ts';

export interface EdgeQuery {
  tenant: string;
  workspace: string;
  id: string;
  sort: ColumnDef;
  dir: SortDir;
  needle?: string;
  after: SortKey | null;
  limit: number;
}

export interface EdgeSource {
  /** The columns of the rows the edge answers. */
  columns: ColumnDef[];
  header: string[];
  /** Order when the client names none. */
  defaultSort: { column: string; dir: SortDir };
  /** A page as JSON texts of the rows; `total` when the page query counted them too. */
  page(db: Db, q: EdgeQuery): Promise<{ rows: string[]; next: SortKey | null; total?: number }>;
  count(db: Db, q: Omit<EdgeQuery, 'sort' | 'dir' | 'after' | 'limit'>): Promise<number>;
}

function relationSource(kind: KindDef, edge: EdgeDef): EdgeSource {
  const target = targetKind(edge);
  return {
    columns: target.columns,
    header: target.columns.map((c) => c.name),
    defaultSort: { column: 'last_seen', dir: 'desc' },
    async page(db, q) {
      const page = await listRelationEdge(db, kind, edge, q.id, { ...q });
      return { rows: await rowsJson(db, q.tenant, q.workspace, page.rows), next: page.next, total: page.total };
    },
    count(db, q) {
      return countRelationEdge(db, kind, edge, q.tenant, q.workspace, q.id, q.needle);
    },
  };
}

/** A derived set: its base query over the object `(kind, id)`, SQL per sortable column, a row mapper. */
interface DerivedSpec {
  name: string;
  columns: ColumnDef[];
  defaultSort: { column: string; dir: SortDir };
  sortSql: Record<string, string>;
  tie: string;
  /** SQL expression the lower-cased `name__ilk` needle is looked for in. */
  nameSql: string;
  base: (b: Builder) => SelectQueryBuilder<any, any, any>;
  format: (row: Record<string, unknown>) => unknown[];
}

function contains(d: SqlDialect, expr: string) {
  return d.contains(`lower(${expr})`, param('needle'));
}

function derivedSource(kind: KindDef, spec: DerivedSpec): EdgeSource {
  const args = (q: { tenant: string; workspace: string; id: string; needle?: string }) =>
    ({ tenant: q.tenant, workspace: q.workspace, kind: kind.name, id: q.id, needle: q.needle });
  return {
    columns: spec.columns,
    header: spec.columns.map((c) => c.name),
    defaultSort: spec.defaultSort,
    async page(db, q) {
      const filtered = q.needle !== undefined;
      const page = await keysetPage(db, {
        key: `edge.${spec.name}:${filtered}`,
        base: (b, d) => (filtered ? spec.base(b).where(contains(d, spec.nameSql)) : spec.base(b)),
        sort: spec.sortSql[q.sort.name]!,
        tie: spec.tie,
        dir: q.dir,
      }, args(q), q.after, q.limit, true);
      return { rows: page.rows.map((r) => JSON.stringify(spec.format(r))), next: page.next, total: page.total };
    },
    async count(db, q) {
      const filtered = q.needle !== undefined;
      const t = db.template(`edge.${spec.name}.count:${filtered}`, (b, d) => {
        const base = spec.base(b).clearSelect();
        return (filtered ? base.where(contains(d, spec.nameSql)) : base).select((eb) => eb.fn.countAll<number>().as('count'));
      });
      const row = await db.first<{ count: number }>(t, args(q));
      return Number(row?.count ?? 0);
    },
  };
}

const severityRankSql = "case i.severity when 'critical' then 4 when 'high' then 3 when 'medium' then 2 else 1 end";

const issuesSpec: DerivedSpec = {
  name: 'issues',
  columns: objectIssue.columns,
  defaultSort: { column: 'severity', dir: 'desc' },
  sortSql: {
    id: 'i.id', rule_id: 'i.rule_id', severity: 'i.severity_rank', occurrences: 'o.occurrences',
    first_detected: 'o.first_detected', last_detected: 'o.last_detected',
  },
  tie: 'i.id',
  nameSql: 'i.rule_name',
  // CROSS JOIN: the object's few issue_objects rows drive (see inventory.ts edgeBase).
  base: (b) => b.selectFrom('issue_objects as o').crossJoin('issues as i')
    .whereRef('i.tenant_id', '=', 'o.tenant_id').whereRef('i.workspace_id', '=', 'o.workspace_id').whereRef('i.id', '=', 'o.issue_id')
    .select(['i.id', 'i.rule_id', 'i.rule_name', 'i.severity', 'i.category', 'o.occurrences', 'o.first_detected', 'o.last_detected'])
    .where('o.tenant_id', '=', param('tenant')).where('o.workspace_id', '=', param('workspace'))
    .where('o.object_kind', '=', param('kind')).where('o.object_id', '=', param('id')),
  format: (r) => [r.id, r.rule_id, r.rule_name, r.severity, r.category, Number(r.occurrences), rfc3339(r.first_detected as number), rfc3339(r.last_detected as number)],
};

const instancesSpec: DerivedSpec = {
  name: 'instances',
  columns: instance.columns,
  defaultSort: { column: 'detected_at', dir: 'desc' },
  sortSql: {
    id: 'i.id', rule_id: 'i.rule_id', severity: severityRankSql, status: 'i.status', detected_at: 'i.detected_at',
    cvss_score: 'coalesce(i.cvss_score, -1)',
  },
  tie: 'i.id',
  nameSql: 'i.title',
  base: (b) => b.selectFrom('issue_instances as i')
    .select(['i.id', 'i.issue_id', 'i.rule_id', 'i.severity', 'i.status', 'i.title', 'i.object_kind', 'i.object_id', 'i.detected_at',
      'i.resolved_at', 'i.cvss_score', 'i.owasp_category', 'i.scan_id', 'i.source'])
    .where('i.tenant_id', '=', param('tenant')).where('i.workspace_id', '=', param('workspace'))
    .where('i.object_kind', '=', param('kind')).where('i.object_id', '=', param('id')),
  format: (r) => [r.id, r.issue_id, r.rule_id, r.severity, r.status, r.title, r.object_kind, r.object_id, rfc3339(r.detected_at as number),
    rfc3339(r.resolved_at as number | null), r.cvss_score === null ? null : Number(r.cvss_score), r.owasp_category, r.scan_id, r.source],
};

const sessionsSpec: DerivedSpec = {
  name: 'sessions',
  columns: llmSession.columns,
  defaultSort: { column: 'start_time', dir: 'desc' },
  sortSql: {
    session_id: 'so.session_id', start_time: 'so.start_time', duration_ms: 's.duration_ms', turns: 's.turns',
    total_tokens: 's.total_tokens', cost: 's.cost',
  },
  // The link table keeps each session's start, so newest-first walks its index.
  tie: 'so.session_id',
  nameSql: 's.session_id',
  base: (b) => b.selectFrom('llm_session_objects as so').crossJoin('llm_sessions as s')
    .whereRef('s.tenant_id', '=', 'so.tenant_id').whereRef('s.workspace_id', '=', 'so.workspace_id').whereRef('s.session_id', '=', 'so.session_id')
    .select(['s.session_id', 's.agent_id', 's.start_time', 's.end_time', 's.duration_ms', 's.turns', 's.input_tokens', 's.output_tokens',
      's.total_tokens', 's.cost', 's.ok', 's.alerted', 's.blocked', 's.redacted'])
    .where('so.tenant_id', '=', param('tenant')).where('so.workspace_id', '=', param('workspace'))
    .where('so.object_kind', '=', param('kind')).where('so.object_id', '=', param('id')),
  format: (r) => sessionRow(r),
};

/** An llm_sessions row as the session columns describe it. */
export function sessionRow(r: Record<string, unknown>): unknown[] {
  return [r.session_id, r.agent_id, rfc3339(r.start_time as number), rfc3339(r.end_time as number), Number(r.duration_ms), Number(r.turns),
    Number(r.input_tokens), Number(r.output_tokens), Number(r.total_tokens), Number(r.cost), Number(r.ok), Number(r.alerted),
    Number(r.blocked), Number(r.redacted)];
}

/** The scans that covered an asset (all of them, or only the current one of each sensor), newest first. */
function scansSpec(name: string, currentOnly: boolean): DerivedSpec {
  return {
    name,
    columns: scan.columns,
    defaultSort: { column: 'started_at', dir: 'desc' },
    sortSql: assetScanSortSql,
    tie: 'sa.scan_id',
    nameSql: 's.sensor_type',
    base: assetScansBase(currentOnly),
    format: (r) => scanValues(r as ScanRow),
  };
}

const derivedSpecs = {
  issues: issuesSpec, instances: instancesSpec, llm_sessions: sessionsSpec,
  scans: scansSpec('scans', false), current_scans: scansSpec('current_scans', true),
};

const sources = new Map<string, EdgeSource>();

/** The source behind `kind`'s edge, built once. */
export function edgeSource(kind: KindDef, edge: EdgeDef): EdgeSource {
  const key = `${kind.name}/${edge.name}`;
  let s = sources.get(key);
  if (!s) {
    s = 'relation' in edge.via ? relationSource(kind, edge) : derivedSource(kind, derivedSpecs[edge.via.derived]);
    // Only columns with SQL behind them can be sorted on a derived edge.
    if ('derived' in edge.via) {
      const spec = derivedSpecs[edge.via.derived];
      s = { ...s, columns: s.columns.map((c) => ({ ...c, sortable: c.name in spec.sortSql })) };
    }
    sources.set(key, s);
  }
  return s;
}
