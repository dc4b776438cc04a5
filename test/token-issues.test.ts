// The issues of the token's workspaces (`GET /issues`, `GET /issues/{id}`,
// `GET /issues/{id}/instances`): the same issues and instances as the per-workspace endpoints
// answer, bounded by the token's tenant and workspaces, paged, filtered and sorted as the other
// lists are. On SQLite and PostgreSQL, over the findings estate (t1: w1, w2; t2: w1).

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { issueIdOf } from '../src/catalog/rules/index.ts';
import { T1, T2, W1, W2 } from './helpers/fixtures.ts';
import { CREDS, INPUT, loadEstate, NOW } from './helpers/findings-estate.ts';
import { allPages, body, describeEngines, objects } from './helpers/harness.ts';

const index = (t: string, w: string) => `/api/v1/issues/tenants/${t}/workspaces/${w}`;
const severityRank: Record<string, number> = { critical: 4, high: 3, medium: 2, low: 1 };

/**
 * Rows that must be in the list's order (most severe first, then most open instances), returned
 * in a stable order within each tie so they compare with the expected rows: fails when the list's
 * order is broken.
 */
function inOrder(rows: unknown[][]): unknown[][] {
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1]!, rows[i]!];
    const d = severityRank[a[4] as string]! - severityRank[b[4] as string]! || (a[6] as number) - (b[6] as number);
    assert.ok(d >= 0, `rows ${i - 1} and ${i} out of order`);
  }
  return [...rows].sort(
    (a, b) =>
      severityRank[b[4] as string]! - severityRank[a[4] as string]! ||
      (b[6] as number) - (a[6] as number) ||
      `${a[1]}/${a[0]}`.localeCompare(`${b[1]}/${b[0]}`),
  );
}

describeEngines(
  'issues of the token',
  (h) => {
    let all: string;
    let w1Only: string;
    let w2Only: string;
    let other: string;
    /** Every issue of t1 as the per-workspace index answers it, the workspace first. */
    let expected: unknown[][];
    before(async () => {
      await loadEstate(h());
      all = await h().token({ tenant: T1 });
      w1Only = await h().token({ tenant: T1, workspaces: [W1] });
      w2Only = await h().token({ tenant: T1, workspaces: [W2] });
      other = await h().token({ tenant: T2 });
      expected = [];
      for (const w of [W1, W2]) expected.push(...(await allPages(h(), `${index(T1, w)}?page_size=1000`, all)).rows.map((r) => [w, ...r]));
      // Most severe first, then most open instances (ties are broken by id and workspace, in the engine's collation).
      expected = inOrder(
        expected.sort((a, b) => severityRank[b[4] as string]! - severityRank[a[4] as string]! || (b[6] as number) - (a[6] as number)),
      );
    });

    it("GET /issues: every open issue of the token's workspaces, most severe first, paged", async () => {
      const page = body(await h().get('/api/v1/issues?page_size=100', all));
      assert.deepEqual(page.header, [
        'workspace_id',
        'id',
        'rule_id',
        'rule_name',
        'severity',
        'category',
        'open_instances',
        'objects',
        'first_detected',
        'last_detected',
      ]);
      assert.equal(page.total, expected.length);
      assert.ok(expected.length >= 6);
      assert.deepEqual(inOrder(page.rows), expected);
      assert.equal(page.cursor, '');
      const paged = await allPages(h(), '/api/v1/issues?page_size=2', all);
      assert.deepEqual(paged.rows, page.rows);
      assert.equal(paged.pages, Math.ceil(expected.length / 2));
    });

    it('GET /issues: bounded by the tenant and the workspaces of the token, narrowed by workspace_id', async () => {
      assert.deepEqual(
        inOrder(body(await h().get('/api/v1/issues', w1Only)).rows),
        expected.filter((r) => r[0] === W1),
      );
      assert.deepEqual(
        inOrder(body(await h().get(`/api/v1/issues?workspace_id=${W2}`, all)).rows),
        expected.filter((r) => r[0] === W2),
      );
      assert.equal((await h().get(`/api/v1/issues?workspace_id=${W2}`, w1Only)).statusCode, 403);
      const t2 = body(await h().get('/api/v1/issues', other)).rows;
      const t2Index = (await allPages(h(), index(T2, W1), other)).rows.map((r) => [W1, ...r]);
      assert.deepEqual(inOrder(t2), inOrder(t2Index));
      assert.ok(t2.some((r: unknown[]) => r[1] === issueIdOf(T2, W1, CREDS, 'critical')));
      assert.ok(!t2.some((r: unknown[]) => expected.some((e) => e[1] === r[1])));
      assert.equal((await h().get('/api/v1/issues')).statusCode, 401);
    });

    it('GET /issues: filters and sorts as the other lists', async () => {
      const critical = body(await h().get('/api/v1/issues?severity=critical', all));
      assert.deepEqual(
        inOrder(critical.rows),
        expected.filter((r) => r[4] === 'critical'),
      );
      assert.equal(critical.total, critical.rows.length);
      const byRule = body(await h().get(`/api/v1/issues?rule_id=${INPUT}&sort=open_instances:asc`, all));
      assert.deepEqual(
        byRule.rows.map((r: unknown[]) => r[6]),
        expected
          .filter((r) => r[2] === INPUT)
          .map((r) => r[6])
          .sort((a, b) => (a as number) - (b as number)),
      );
      const bad = await h().get('/api/v1/issues?colour=red', all);
      assert.equal(bad.statusCode, 400);
      assert.match(body(bad).message, /^colour: unknown query parameter/);
      assert.equal((await h().get('/api/v1/issues?open_instances__gte=many', all)).statusCode, 400);
      // Beyond a 32-bit column's range an integer filter still answers (PostgreSQL compares it as bigint) ...
      assert.equal(body(await h().get('/api/v1/issues?open_instances__lt=99999999999', all)).total, expected.length);
      assert.equal(
        body(await h().get('/api/v1/issues?open_instances__in=3000000000,1', all)).total,
        expected.filter((r) => r[6] === 1).length,
      );
      assert.equal(body(await h().get('/api/v1/issues?open_instances__ne=3000000000', all)).total, expected.length);
      // ... and beyond an exact number it is refused.
      const huge = await h().get('/api/v1/issues?open_instances__gte=99999999999999999999', all);
      assert.deepEqual(body(huge), {
        code: 400,
        message: 'open_instances__gte: expected an integer between -9007199254740991 and 9007199254740991',
      });
    });

    it('GET /issues/{id}: the header and the issue, as the issues index has it', async () => {
      const id = issueIdOf(T1, W2, CREDS, 'critical');
      const one = body(await h().get(`/api/v1/issues/${id}`, all));
      const row = expected.find((r) => r[1] === id)!;
      assert.deepEqual(one, [body(await h().get('/api/v1/issues', all)).header, row]);
      assert.deepEqual(body(await h().get(`/api/v1/issues/${id}`, w2Only)), one);
      // Another workspace's or another tenant's token does not see it.
      for (const token of [w1Only, other]) {
        const res = await h().get(`/api/v1/issues/${id}`, token);
        assert.equal(res.statusCode, 404);
        assert.deepEqual(body(res), { code: 404, message: "no open issue with this id in the token's workspaces" });
      }
      assert.equal((await h().get('/api/v1/issues/nope', all)).statusCode, 404);
      const unknown = await h().get(`/api/v1/issues/${id}?colour=red`, all);
      assert.deepEqual(
        [unknown.statusCode, body(unknown).message],
        [400, 'colour: unknown query parameter; this operation takes workspace_id'],
      );
      assert.deepEqual(body(await h().get(`/api/v1/issues/${id}?workspace_id=${W2}`, all)), one);
      assert.equal((await h().get(`/api/v1/issues/${id}?workspace_id=${W1}`, all)).statusCode, 404);
    });

    it('GET /issues/{id}/instances: the issue’s instances, as the rule’s results have them', async () => {
      const id = issueIdOf(T1, W1, INPUT, 'high');
      const results = objects(await allPages(h(), `/api/v1/rules/${INPUT}/results?page_size=1000`, all));
      const mine = results.filter((r) => r.issue_id === id);
      assert.ok(mine.length >= 3);
      const page = await allPages(h(), `/api/v1/issues/${id}/instances?page_size=2`, all);
      assert.deepEqual(objects(page), mine);
      const open = body(await h().get(`/api/v1/issues/${id}/instances?status=open`, all));
      assert.deepEqual(
        objects(open),
        mine.filter((r) => r.status === 'open'),
      );
      assert.ok(open.rows.length < mine.length);
      assert.equal((await h().get(`/api/v1/issues/${id}/instances`, w2Only)).statusCode, 404);
      assert.equal((await h().get(`/api/v1/issues/${id}/instances`, other)).statusCode, 404);
      assert.equal((await h().get(`/api/v1/issues/${id}/instances?status=maybe`, all)).statusCode, 400);
    });
  },
  { now: () => NOW },
);
