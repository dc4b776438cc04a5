// Filters and sorts on every list, through HTTP on the demo estate: every operator on every column
// type, each answer compared with the same list read whole and filtered here; unknown parameters and
// values that do not parse answer 400 naming them; a cursor from another filter is refused; paging
// through a filtered list gives each row once; several sort terms order as asked.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { kindByName } from '../src/catalog/kinds.ts';
import { issueObject, llmInteraction, llmSession, ruleRow, scan, workspace, workspaceIssue } from '../src/catalog/rowsets.ts';
import type { ColumnDef } from '../src/catalog/types.ts';
import { DEMO_TENANT } from '../src/demo/estate.ts';
import { loadDemo } from '../src/demo/load.ts';
import { allPages, body, describeEngines } from './helpers/harness.ts';

const NOW = Date.UTC(2026, 5, 15, 12);
const T = DEMO_TENANT;
const W = 'default';
const ws = `tenants/${T}/workspaces/${W}`;

type Row = unknown[];

/** What a filter keeps, as the service documents it (src/platform/lists/filters.ts). */
function keeps(column: ColumnDef, op: string, value: unknown): (v: unknown) => boolean {
  const num = (x: unknown) => (column.type === 'time' ? Date.parse(String(x)) : Number(x));
  const present = (v: unknown) => v !== null && v !== undefined;
  if (column.type === 'strings') {
    const has = (v: unknown, e: unknown) => Array.isArray(v) && v.includes(e);
    if (op === 'eq') return (v) => has(v, value);
    if (op === 'ne') return (v) => !has(v, value);
    if (op === 'in') return (v) => (value as unknown[]).some((e) => has(v, e));
    return (v) => Array.isArray(v) && v.some((e) => String(e).toLowerCase().includes(String(value).toLowerCase()));
  }
  switch (op) {
    case 'eq':
      return (v) => present(v) && (column.type === 'string' ? v === value : num(v) === num(value));
    case 'ne':
      return (v) => !present(v) || (column.type === 'string' ? v !== value : num(v) !== num(value));
    case 'in':
      return (v) => present(v) && (value as unknown[]).some((x) => (column.type === 'string' ? v === x : num(v) === num(x)));
    case 'ilk':
      return (v) => present(v) && String(v).toLowerCase().includes(String(value).toLowerCase());
    case 'gt':
      return (v) => present(v) && num(v) > num(value);
    case 'gte':
      return (v) => present(v) && num(v) >= num(value);
    case 'lt':
      return (v) => present(v) && num(v) < num(value);
    case 'lte':
      return (v) => present(v) && num(v) <= num(value);
  }
  throw new Error(op);
}

const ops: Record<string, string[]> = {
  string: ['eq', 'ne', 'in', 'ilk'],
  integer: ['eq', 'ne', 'in', 'gt', 'gte', 'lt', 'lte'],
  number: ['eq', 'ne', 'in', 'gt', 'gte', 'lt', 'lte'],
  time: ['eq', 'ne', 'gt', 'gte', 'lt', 'lte'],
  boolean: ['eq', 'ne'],
  strings: ['eq', 'ne', 'in', 'ilk'],
};

/** A value to filter by: one the rows hold (the median one for an order), so filters keep some and drop some. */
function sample(column: ColumnDef, values: unknown[]): { one: unknown; two: unknown } | null {
  if (column.type === 'strings') {
    const elements = [...new Set(values.flatMap((v) => (Array.isArray(v) ? v : [])))].sort();
    return elements.length ? { one: elements[Math.floor(elements.length / 2)], two: elements[0] } : null;
  }
  const present = [...new Set(values.filter((v) => v !== null && v !== undefined && v !== ''))];
  if (present.length === 0) return null;
  const sorted = present.sort((a, b) => (typeof a === 'number' && typeof b === 'number' ? a - b : String(a) < String(b) ? -1 : 1));
  return { one: sorted[Math.floor(sorted.length / 2)], two: sorted[0] };
}

function param(column: ColumnDef, op: string, value: unknown, two: unknown): [string, string, unknown] {
  const name = op === 'eq' ? column.name : `${column.name}__${op}`;
  if (op === 'in') return [name, `${value},${two}`, [value, two]];
  if (op === 'ilk') {
    const text = String(value);
    const part = text.length > 3 ? text.slice(1, -1) : text;
    // Swapped case: the comparison ignores it.
    const swapped = [...part].map((c) => (c === c.toLowerCase() ? c.toUpperCase() : c.toLowerCase())).join('');
    return [name, swapped, part];
  }
  return [name, String(value), value];
}

describeEngines(
  'list filters and sorts',
  (h) => {
    let token: string;
    before(async () => {
      await loadDemo(h().db, { scale: 0.25, seed: 3, now: NOW, storePrompts: false });
      token = await h().token({ tenant: T });
    });

    // `own`: parameters the list declares itself under a column's name (the sessions' time window), which the column's plain equality gives way to.
    const lists: Array<{ url: string; columns: ColumnDef[]; own?: string[] }> = [
      ...['agent', 'model', 'tool', 'mcp_server', 'asset', 'location'].map((k) => ({
        url: `/api/v1/${kindByName.get(k)!.prefix}/${ws}`,
        columns: kindByName.get(k)!.columns,
      })),
      { url: `/api/v1/aispm-llm-sessions/${ws}`, columns: llmSession.columns, own: ['start_time', 'end_time'] },
      { url: `/api/v1/aispm-llm-interactions/${ws}`, columns: llmInteraction.columns },
      { url: `/api/v1/issues/${ws}`, columns: workspaceIssue.columns },
      { url: `/api/v1/rules/${ws}`, columns: ruleRow.columns },
      { url: `/api/v1/scans/${ws}/current?sensorType=SENSOR_TYPE_STATIC_CODE_SCAN`, columns: scan.columns },
      { url: `/api/v1/tenants/${T}/workspaces`, columns: workspace.columns },
    ];

    it('every operator on every column of every list keeps exactly the rows it says', async () => {
      let checked = 0;
      for (const list of lists) {
        const sep = list.url.includes('?') ? '&' : '?';
        const all = await allPages(h(), `${list.url}${sep}page_size=10000`, token);
        assert.ok(all.rows.length > 0, list.url);
        for (const column of list.columns) {
          const at = all.header.indexOf(column.name);
          if (at < 0 || column.type === 'object') continue;
          const values = all.rows.map((r) => r[at]);
          const s = sample(column, values);
          if (!s) continue;
          for (const op of ops[column.type]!) {
            const [name, text, value] = param(column, op, s.one, s.two);
            if (list.own?.includes(name)) continue;
            // `__in` takes comma-separated values: a value with a comma in it is asked for with `=`.
            if (op === 'in' && (String(s.one).includes(',') || String(s.two).includes(','))) continue;
            const url = `${list.url}${sep}page_size=10000&${name}=${encodeURIComponent(text)}`;
            const res = await h().get(url, token);
            assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
            const want = all.rows.filter((r: Row) => keeps(column, op, value)(r[at]));
            assert.deepEqual(body(res).rows, want, url);
            assert.equal(body(res).total, want.length, `${url} total`);
            checked++;
          }
        }
      }
      assert.ok(checked > 200, `only ${checked} filters checked`);
    });

    it('an edge, issue objects and an issue group take the same filters', async () => {
      const agents = await allPages(h(), `/api/v1/aispm-agents/${ws}?page_size=10000`, token);
      const busy = agents.rows.map((r) => r[0] as string).find(() => true)!;
      const edge = `/api/v1/aispm-agents/${ws}/${busy}/aispm_model_dependencies`;
      const models = await allPages(h(), `${edge}?page_size=10000`, token);
      const provider = models.header.indexOf('provider');
      const p = models.rows[0]![provider];
      const filtered = body(await h().get(`${edge}?provider=${p}&page_size=10000`, token));
      assert.deepEqual(
        filtered.rows,
        models.rows.filter((r) => r[provider] === p),
      );

      const issues = await allPages(h(), `/api/v1/issues/${ws}?page_size=10000`, token);
      const id = issues.rows[0]![0] as string;
      const objects = await allPages(h(), `/api/v1/issues/${ws}/${id}/objects?page_size=10000`, token);
      const type = objects.header.indexOf('object_type');
      const t = objects.rows[0]![type];
      const byType = body(await h().get(`/api/v1/issues/${ws}/${id}/objects?object_type=${t}&page_size=10000`, token));
      assert.deepEqual(
        byType.rows,
        objects.rows.filter((r) => r[type] === t),
      );
      assert.deepEqual(
        issueObject.columns.map((c) => c.name),
        objects.header,
      );

      const groups = body(await h().get(`/api/v1/issues/${ws}?group_by=category&page_size=10000`, token));
      const open = groups.header.indexOf('open_instances');
      const small = body(await h().get(`/api/v1/issues/${ws}?group_by=category&open_instances__lte=3&page_size=10000`, token));
      assert.deepEqual(
        small.rows,
        groups.rows.filter((r: Row) => (r[open] as number) <= 3),
      );
    });

    it('<edge>.<filter> keeps the objects with a neighbour over the edge that passes the filter, as the edges read one by one say', async () => {
      const cases: Array<{ kind: string; param: string; edge: string; column: string; keep: (v: unknown) => boolean; value: string }> = [
        {
          kind: 'aispm-agents',
          param: 'models.name',
          edge: 'aispm_model_dependencies',
          column: 'name',
          value: 'o4-mini',
          keep: (v) => v === 'o4-mini',
        },
        {
          kind: 'aispm-agents',
          param: 'tools.capabilities__in',
          edge: 'aispm_tools',
          column: 'capabilities',
          value: 'shell,code_execution',
          keep: (v) => Array.isArray(v) && (v.includes('shell') || v.includes('code_execution')),
        },
        {
          kind: 'aispm-agents',
          param: 'mcp_servers.name__ilk',
          edge: 'aispm_mcp_server_dependencies',
          column: 'name',
          value: 'GRES',
          keep: (v) => String(v).toLowerCase().includes('gres'),
        },
        {
          kind: 'aispm-tools',
          param: 'agents.environment',
          edge: 'agents',
          column: 'environment',
          value: 'production',
          keep: (v) => v === 'production',
        },
        {
          kind: 'aispm-mcp-servers',
          param: 'tools.destructive',
          edge: 'aispm_tools',
          column: 'destructive',
          value: 'true',
          keep: (v) => v === true,
        },
      ];
      for (const c of cases) {
        const all = await allPages(h(), `/api/v1/${c.kind}/${ws}?page_size=10000`, token);
        const want: Row[] = [];
        for (const row of all.rows) {
          const edge = await allPages(
            h(),
            `/api/v1/${c.kind}/${ws}/${encodeURIComponent(row[0] as string)}/${c.edge}?page_size=10000`,
            token,
          );
          const at = edge.header.indexOf(c.column);
          assert.ok(at >= 0, `${c.edge} has ${c.column}`);
          if (edge.rows.some((n) => c.keep(n[at]))) want.push(row);
        }
        const url = `/api/v1/${c.kind}/${ws}?page_size=10000&${c.param}=${encodeURIComponent(c.value)}`;
        const res = await h().get(url, token);
        assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
        assert.ok(
          want.length > 0 && want.length < all.rows.length,
          `${url} keeps some and drops some (${want.length} of ${all.rows.length})`,
        );
        assert.deepEqual(body(res).rows, want, url);
        assert.equal(body(res).total, want.length, url);
      }
      // With the object's own filters and a sort, and a cursor that remembers them.
      const page = body(
        await h().get(
          `/api/v1/aispm-agents/${ws}?models.provider=openai&critical_issues__gt=0&sort=critical_issues:desc&page_size=1`,
          token,
        ),
      );
      const next = await h().get(
        `/api/v1/aispm-agents/${ws}?models.provider=anthropic&critical_issues__gt=0&sort=critical_issues:desc&page_size=1&cursor=${page.cursor}`,
        token,
      );
      assert.equal(next.statusCode, 400, 'a cursor from another related filter');
      // A neighbour kind's filter it does not take, and an edge the kind does not have.
      const bad = await h().get(`/api/v1/aispm-agents/${ws}?models.providr=openai`, token);
      assert.deepEqual(
        [
          bad.statusCode,
          body(bad).message.startsWith(
            'models.providr: AI models (over models) take no filter "providr"; their columns are id, name, provider,',
          ),
        ],
        [400, true],
      );
      const noEdge = await h().get(`/api/v1/aispm-agents/${ws}?secrets.name=x`, token);
      assert.equal(noEdge.statusCode, 400);
      assert.match(body(noEdge).message, /^secrets\.name: unknown query parameter; .*<edge>\.<filter> on related objects/);
      const badValue = await h().get(`/api/v1/aispm-agents/${ws}?models.context_window__gt=big`, token);
      assert.deepEqual(body(badValue), { code: 400, message: 'models.context_window__gt: expected an integer, not "big"' });
    });

    it('an unknown parameter, and a value that does not parse, are 400s naming them', async () => {
      const models = `/api/v1/aispm-models/${ws}`;
      const unknown = await h().get(`${models}?providr=openai`, token);
      assert.equal(unknown.statusCode, 400);
      assert.match(
        body(unknown).message,
        /^providr: unknown query parameter; this list takes page_size, pageSize, cursor, sort, sort_dir, name__ilk, and filters on its columns \(id, name, provider, /,
      );
      const wrongOp = await h().get(`${models}?pinned__gt=true`, token);
      assert.match(body(wrongOp).message, /^pinned__gt: unknown query parameter/);
      const notNumber = await h().get(`${models}?context_window__gt=many`, token);
      assert.equal(notNumber.statusCode, 400);
      assert.match(body(notNumber).message, /context_window__gt/);
      assert.match(body(notNumber).message, /integer/);
      const notTime = await h().get(`${models}?last_seen__gte=yesterday`, token);
      assert.deepEqual(body(notTime), {
        code: 400,
        message: 'last_seen__gte: expected an RFC 3339 time with a zone, such as 2026-01-31T09:00:00Z',
      });
      const notBool = await h().get(`/api/v1/aispm-tools/${ws}?destructive=maybe`, token);
      assert.equal(notBool.statusCode, 400);
      assert.match(body(notBool).message, /destructive/);
      // An operation that is not a list refuses what it does not take too.
      const detail = await h().get(`/api/v1/aispm-llm-interactions/${ws}/nope?agent_id=x`, token);
      assert.equal(detail.statusCode, 400);
      assert.match(body(detail).message, /^agent_id: unknown query parameter; this operation takes none/);
      // A parameter of another edge of the same kind is not one of this edge's.
      const agents = await allPages(h(), `/api/v1/aispm-agents/${ws}?page_size=1`, token);
      const a = agents.rows[0]![0];
      const otherEdge = await h().get(`/api/v1/aispm-agents/${ws}/${a}/aispm_tools?provider=openai`, token);
      assert.equal(otherEdge.statusCode, 400);
      assert.match(body(otherEdge).message, /^provider: unknown query parameter/);
      // The parameters of the product family's document stay valid.
      assert.equal(
        (await h().get(`/api/v1/aispm-llm-sessions/${ws}?agent_id=${a}&sort=cost&sort_dir=desc&pageSize=5`, token)).statusCode,
        200,
      );
    });

    it('a cursor from another filter is refused; paging a filtered list gives each row once', async () => {
      const models = `/api/v1/aispm-llm-sessions/${ws}`;
      const everything = await allPages(h(), `${models}?page_size=10000`, token);
      const median = everything.rows.map((r) => r[everything.header.indexOf('start_time')] as string).sort()[
        Math.floor(everything.rows.length / 2)
      ];
      const filter = `start_time__lte=${encodeURIComponent(median!)}&sort=cost`;
      const all = await allPages(h(), `${models}?page_size=10000&${filter}`, token);
      assert.ok(all.rows.length > 6 && all.rows.length < everything.rows.length);
      const paged = await allPages(h(), `${models}?page_size=3&${filter}`, token);
      assert.deepEqual(paged.rows, all.rows);
      assert.ok(paged.pages > 2);
      const first = body(await h().get(`${models}?page_size=3&${filter}`, token));
      const other = await h().get(
        `${models}?page_size=3&sort=cost&start_time__lt=${encodeURIComponent(median!)}&cursor=${encodeURIComponent(first.cursor)}`,
        token,
      );
      assert.deepEqual(body(other), { code: 400, message: 'cursor belongs to another query (different path, filters or sort)' });
    });

    it('several sort terms order as asked, on every kind of list', async () => {
      for (const [url, terms] of [
        [`/api/v1/aispm-agents/${ws}`, 'critical_issues:desc,high_issues:desc'],
        [`/api/v1/aispm-llm-sessions/${ws}`, 'turns:desc,cost:asc'],
        [`/api/v1/rules/${ws}`, 'severity:desc,rule_name'],
      ] as const) {
        const all = await allPages(h(), `${url}?page_size=4&sort=${terms}`, token);
        const whole = await allPages(h(), `${url}?page_size=10000`, token);
        assert.equal(all.rows.length, whole.rows.length, url);
        const keys = terms.split(',').map((t) => {
          const [name, dir] = t.split(':');
          return { at: all.header.indexOf(name!), desc: dir === 'desc' };
        });
        const rank = (v: unknown) => ({ critical: 4, high: 3, medium: 2, low: 1 })[v as 'low'] ?? v;
        for (let i = 1; i < all.rows.length; i++) {
          for (const k of keys) {
            const a = rank(all.rows[i - 1]![k.at]) as number;
            const b = rank(all.rows[i]![k.at]) as number;
            if (a === b) continue;
            assert.ok(k.desc ? a > b : a < b, `${url} rows ${i - 1}, ${i}`);
            break;
          }
        }
      }
    });

    it('sessions take a time window: the sessions that overlap it', async () => {
      const url = `/api/v1/aispm-llm-sessions/${ws}`;
      const all = await allPages(h(), `${url}?page_size=10000`, token);
      const start = all.header.indexOf('start_time');
      const end = all.header.indexOf('end_time');
      const times = all.rows.map((r) => Date.parse(r[start] as string)).sort((a, b) => a - b);
      const from = new Date(times[Math.floor(times.length / 3)]!).toISOString();
      const to = new Date(times[Math.floor((2 * times.length) / 3)]!).toISOString();
      const res = body(await h().get(`${url}?page_size=10000&start_time=${from}&end_time=${to}`, token));
      assert.deepEqual(
        res.rows,
        all.rows.filter((r) => Date.parse(r[end] as string) >= Date.parse(from) && Date.parse(r[start] as string) <= Date.parse(to)),
      );
      assert.ok(res.rows.length > 0 && res.rows.length < all.rows.length);
      const reversed = await h().get(`${url}?start_time=${to}&end_time=${from}`, token);
      assert.deepEqual(body(reversed), { code: 400, message: 'start_time: later than end_time' });
      const one = all.rows[0]![0] as string;
      assert.deepEqual(body(await h().get(`${url}?session_id=${one}`, token)).rows, [all.rows[0]]);
    });
  },
  { config: { postureRules: true } },
);
