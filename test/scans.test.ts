// Scans on a fixture whose every scan the test knows: which scan is current for each (sensor,
// asset) pair whatever order scans arrive in, the current-scans filters and their 400, an asset's
// scans across the token's workspaces (and the ones it must not see), sensors used, the
// dashboard's scan counts, the asset's scan edges and section, the instance's scan, and one scan
// with its assets and the findings it produced.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { allPages, body, describeEngines, objects } from './helpers/harness.ts';
import { at, entity, T1, T2, W1, W2 } from './helpers/fixtures.ts';

const STATIC = 'SENSOR_TYPE_STATIC_CODE_SCAN';
const RUNTIME = 'SENSOR_TYPE_RUNTIME_SDK';
const GARAK = 'SENSOR_TYPE_GARAK_PROBE';
const GITHUB = 'CICD_TYPE_GITHUB_ACTION';
const GITLAB = 'CICD_TYPE_GITLAB_CI';

const header = [
  'id',
  'sensor_type',
  'cicd_type',
  'repository',
  'branch',
  'commit',
  'status',
  'started_at',
  'finished_at',
  'is_current',
  'assets',
  'current_assets',
  'ai_objects',
  'findings',
  'attributes',
];

interface ScanSpec {
  id: string;
  sensor: string;
  cicd?: string;
  start: number;
  end?: number;
  status?: string;
  assets: string[];
  ai?: number;
  findings?: number;
  extra?: Record<string, unknown>;
}

function scanRecord(s: ScanSpec): Record<string, unknown> {
  return {
    type: 'scan',
    id: s.id,
    sensor_type: s.sensor,
    ...(s.cicd ? { cicd_type: s.cicd } : {}),
    started_at: at(s.start),
    ...(s.end !== undefined ? { finished_at: at(s.end) } : {}),
    status: s.status ?? (s.end === undefined ? 'running' : 'succeeded'),
    asset_ids: s.assets,
    ...(s.ai !== undefined ? { ai_objects: s.ai } : {}),
    ...(s.findings !== undefined ? { findings: s.findings } : {}),
    ...s.extra,
  };
}

// Workspace w1. Current pairs: (static, as1) s2; (static, as2) s1; (runtime, as1) s3 (failed, but
// finished); (garak, as3) s5 (started after s6, though s6 finished later); (static, as4) s7.
// s4 is still running and s6 is historical.
const w1Scans: ScanSpec[] = [
  {
    id: 's1',
    sensor: STATIC,
    cicd: GITHUB,
    start: 0,
    end: 10,
    assets: ['as1', 'as2'],
    ai: 5,
    findings: 2,
    extra: { repository: 'https://github.com/acme/agents', branch: 'main', commit: 'c1', attributes: { workflow: 'ci.yml' } },
  },
  { id: 's2', sensor: STATIC, cicd: GITHUB, start: 100, end: 110, assets: ['as1'], ai: 0, findings: 0 },
  { id: 's3', sensor: RUNTIME, start: 50, end: 60, status: 'failed', assets: ['as1'] },
  { id: 's4', sensor: STATIC, cicd: GITLAB, start: 200, assets: ['as1'] },
  { id: 's5', sensor: GARAK, cicd: GITLAB, start: 30, end: 40, assets: ['as3'], ai: 3, findings: 1 },
  { id: 's6', sensor: GARAK, cicd: GITLAB, start: 20, end: 45, assets: ['as3'], ai: 2 },
  { id: 's7', sensor: STATIC, start: 5, end: 6, assets: ['as4'], ai: 1 },
];

const S1_ON_AS2 = [
  W1,
  's1',
  STATIC,
  GITHUB,
  'https://github.com/acme/agents',
  'main',
  'c1',
  'succeeded',
  at(0),
  at(10),
  true,
  2,
  1,
  5,
  2,
  { workflow: 'ci.yml' },
];

const ids = (result: { header: string[]; rows: unknown[][] }) => objects(result).map((o) => o.id);
const flags = (result: { header: string[]; rows: unknown[][] }) => objects(result).map((o) => [o.id, o.is_current, o.current_assets]);

describeEngines('scans', (h) => {
  let all: string;
  let w1Only: string;
  before(async () => {
    // Out of order on purpose: the newest scans first, the oldest last, over three batches.
    const s = await h().ingest(T1, W1, [
      entity('asset', 'as1', 'web-1', 10),
      entity('asset', 'as2', 'db-1', 10),
      entity('asset', 'as3', 'gpu-1', 10),
      entity('asset', 'empty', 'never scanned', 10),
      ...[...w1Scans].reverse().slice(0, 3).map(scanRecord),
    ]);
    assert.equal(s.rejected, 0, JSON.stringify(s.errors));
    await h().ingest(T1, W1, [...w1Scans].reverse().slice(3).map(scanRecord));
    await h().ingest(T1, W1, [
      {
        type: 'finding',
        id: 'f1',
        rule_id: 'SR-aispm_hardcoded_credentials',
        object_kind: 'agent',
        object_id: 'a1',
        detected_at: at(9),
        scan_id: 's1',
      },
      {
        type: 'finding',
        id: 'f2',
        rule_id: 'SR-aispm_hardcoded_credentials',
        object_kind: 'agent',
        object_id: 'a1',
        detected_at: at(9),
        scan_id: 'gone',
      },
      { type: 'finding', id: 'f3', rule_id: 'SR-aispm_hardcoded_credentials', object_kind: 'agent', object_id: 'a1', detected_at: at(9) },
      {
        type: 'finding',
        id: 'f4',
        rule_id: 'SR-aispm_unpinned_model_version',
        object_kind: 'model',
        object_id: 'm1',
        detected_at: at(8),
        status: 'resolved',
        resolved_at: at(120),
        scan_id: 's1',
      },
    ]);
    // The same asset id in another workspace, an asset only w2 holds, and another tenant.
    await h().ingest(T1, W2, [
      entity('asset', 'as1', 'web-1 (w2)', 10),
      entity('asset', 'as9', 'w2 only', 10),
      scanRecord({ id: 'w2s1', sensor: RUNTIME, start: 300, end: 301, assets: ['as1', 'as9'], ai: 4 }),
    ]);
    await h().ingest(T2, W1, [
      entity('asset', 'as1', 'web-1 (t2)', 10),
      scanRecord({ id: 't2s1', sensor: 'SENSOR_TYPE_OTHER_TENANT', start: 400, end: 401, assets: ['as1'], ai: 9 }),
    ]);
    all = await h().token({ tenant: T1 });
    w1Only = await h().token({ tenant: T1, workspaces: [W1] });
  });

  it("an asset's scans: every one that covered it, newest first, is_current for this asset", async () => {
    const res = await h().get('/api/v1/scans/asset/as1', w1Only);
    assert.equal(res.statusCode, 200);
    const page = body(res);
    assert.deepEqual(page.header, ['workspace_id', ...header]);
    assert.deepEqual(flags(page), [
      ['s4', false, 0],
      ['s2', true, 1],
      ['s3', true, 1],
      ['s1', false, 1],
    ]);
    assert.deepEqual(
      objects(page).map((o) => [o.workspace_id, o.status, o.started_at, o.finished_at]),
      [
        [W1, 'running', at(200), null],
        [W1, 'succeeded', at(100), at(110)],
        [W1, 'failed', at(50), at(60)],
        [W1, 'succeeded', at(0), at(10)],
      ],
    );
    assert.equal(page.total, 4);
    assert.equal(page.cursor, '');
    assert.equal(page.total_sampling, 1);
    // s1 is the current static scan of as2, not of as1.
    assert.deepEqual(body(await h().get('/api/v1/scans/asset/as2', w1Only)).rows, [S1_ON_AS2]);
  });

  it("an asset's scans across the token's workspaces, and never another tenant's", async () => {
    const page = body(await h().get('/api/v1/scans/asset/as1', all));
    assert.deepEqual(
      objects(page).map((o) => [o.workspace_id, o.id, o.is_current]),
      [
        [W2, 'w2s1', true],
        [W1, 's4', false],
        [W1, 's2', true],
        [W1, 's3', true],
        [W1, 's1', false],
      ],
    );
    assert.equal(page.total, 5);
    const narrowed = body(await h().get(`/api/v1/scans/asset/as1?workspace_id=${W2}`, all));
    assert.deepEqual(ids(narrowed), ['w2s1']);
    // Paging across workspaces: one row a page, every row once.
    const { rows, pages } = await allPages(h(), '/api/v1/scans/asset/as1?page_size=1', all);
    assert.equal(pages, 5);
    assert.deepEqual(
      rows.map((r) => r[1]),
      ['w2s1', 's4', 's2', 's3', 's1'],
    );
    const t2 = await h().token({ tenant: T2 });
    assert.deepEqual(ids(body(await h().get('/api/v1/scans/asset/as1', t2))), ['t2s1']);
  });

  it('scans of an asset in a workspace the token cannot read stay invisible: 404, or 403 when asked for by name', async () => {
    const hidden = await h().get('/api/v1/scans/asset/as9', w1Only);
    assert.equal(hidden.statusCode, 404);
    assert.deepEqual(body(hidden), { code: 404, message: 'no asset with this id in the workspaces the token may read' });
    assert.deepEqual(ids(body(await h().get('/api/v1/scans/asset/as9', all))), ['w2s1']);
    const denied = await h().get(`/api/v1/scans/asset/as9?workspace_id=${W2}`, w1Only);
    assert.equal(denied.statusCode, 403);
    assert.equal((await h().get('/api/v1/scans/asset/nope', all)).statusCode, 404);
    // Known to the inventory but never scanned: an empty list. Known only to a scan: its scans.
    const empty = body(await h().get('/api/v1/scans/asset/empty', w1Only));
    assert.deepEqual([empty.rows, empty.total, empty.cursor], [[], 0, '']);
    assert.deepEqual(ids(body(await h().get('/api/v1/scans/asset/as4', w1Only))), ['s7']);
    assert.equal((await h().get('/api/v1/scans/asset/as1')).statusCode, 401);
  });

  it('current scans by sensor type, by CI/CD type, or both', async () => {
    const cur = (q: string) => h().get(`/api/v1/scans/tenants/${T1}/workspaces/${W1}/current?${q}`, w1Only);
    const bySensor = body(await cur(`sensorType=${STATIC}`));
    assert.deepEqual(bySensor.header, header);
    assert.deepEqual(flags(bySensor), [
      ['s2', true, 1],
      ['s7', true, 1],
      ['s1', true, 1],
    ]);
    assert.equal(bySensor.total, 3);
    assert.deepEqual(bySensor.rows[2], S1_ON_AS2.slice(1));
    assert.deepEqual(ids(body(await cur(`cicdType=${GITLAB}`))), ['s5']);
    assert.deepEqual(ids(body(await cur(`cicdType=${GITHUB}&sensorType=${STATIC}`))), ['s2', 's1']);
    assert.deepEqual(ids(body(await cur(`sensorType=${RUNTIME}`))), ['s3']);
    assert.deepEqual(ids(body(await cur(`sensorType=${GARAK}&cicdType=${GITHUB}`))), []);
    assert.equal(body(await cur('sensorType=SENSOR_TYPE_NONE')).total, 0);
    // Sorted and paged.
    const { rows } = await allPages(
      h(),
      `/api/v1/scans/tenants/${T1}/workspaces/${W1}/current?sensorType=${STATIC}&sort=ai_objects:desc&page_size=1`,
      w1Only,
    );
    assert.deepEqual(
      rows.map((r) => r[0]),
      ['s1', 's7', 's2'],
    );
    // CSV: the same rows.
    const csv = await h().get(`/api/v1/scans/tenants/${T1}/workspaces/${W1}/current?cicdType=${GITLAB}`, w1Only, { accept: 'text/csv' });
    assert.equal(csv.headers['x-total-count'], '1');
    assert.equal(csv.body.split('\r\n')[0], header.join(','));
    assert.match(csv.body.split('\r\n')[1]!, /^s5,SENSOR_TYPE_GARAK_PROBE,CICD_TYPE_GITLAB_CI,,,,succeeded,/);
  });

  it('current scans: 400 naming both filters when neither is given, and for a cursor of another filter', async () => {
    const base = `/api/v1/scans/tenants/${T1}/workspaces/${W1}/current`;
    for (const url of [base, `${base}?page_size=5`, `${base}?sensor_type=${STATIC}`]) {
      const res = await h().get(url, w1Only);
      assert.equal(res.statusCode, 400, url);
      assert.deepEqual(body(res), { code: 400, message: 'sensorType, cicdType: at least one of them is required' });
    }
    const first = body(await h().get(`${base}?sensorType=${STATIC}&page_size=1`, w1Only));
    assert.notEqual(first.cursor, '');
    const other = await h().get(`${base}?cicdType=${GITHUB}&page_size=1&cursor=${encodeURIComponent(first.cursor)}`, w1Only);
    assert.equal(other.statusCode, 400);
    assert.equal((await h().get(`/api/v1/scans/tenants/${T1}/workspaces/${W2}/current?sensorType=${RUNTIME}`, w1Only)).statusCode, 403);
    assert.equal((await h().get(`/api/v1/scans/tenants/${T2}/workspaces/${W1}/current?sensorType=${RUNTIME}`, all)).statusCode, 403);
  });

  it('current and historical switch with scans arriving out of order, in and across batches', async () => {
    const ws = 'order';
    const state = async (asset: string) => flags(body(await h().get(`/api/v1/scans/asset/${asset}?workspace_id=${ws}`, all)));
    const current = async () => ids(body(await h().get(`/api/v1/scans/tenants/${T1}/workspaces/${ws}/current?sensorType=${STATIC}`, all)));
    const send = async (...scans: ScanSpec[]) => {
      const s = await h().ingest(T1, ws, scans.map(scanRecord));
      assert.equal(s.rejected, 0, JSON.stringify(s.errors));
    };
    await send({ id: 'b', sensor: STATIC, start: 100, end: 110, assets: ['x'] });
    assert.deepEqual(await state('x'), [['b', true, 1]]);
    // An older scan arrives later: it stays historical for x, and is current for y, which only it covered.
    await send({ id: 'a', sensor: STATIC, start: 0, end: 10, assets: ['x', 'y'] });
    assert.deepEqual(await state('x'), [
      ['b', true, 1],
      ['a', false, 1],
    ]);
    assert.deepEqual(await state('y'), [['a', true, 1]]);
    // A newer scan still running changes nothing; once it is sent again finished, it is current.
    await send({ id: 'c', sensor: STATIC, start: 200, assets: ['x'] });
    assert.deepEqual(await state('x'), [
      ['c', false, 0],
      ['b', true, 1],
      ['a', false, 1],
    ]);
    assert.deepEqual(await current(), ['b', 'a']);
    await send({ id: 'c', sensor: STATIC, start: 200, end: 230, status: 'failed', assets: ['x'] });
    assert.deepEqual(await state('x'), [
      ['c', true, 1],
      ['b', false, 0],
      ['a', false, 1],
    ]);
    assert.deepEqual(await current(), ['c', 'a']);
    // c sent again over y instead of x: b is current for x again, c takes y from a.
    await send({ id: 'c', sensor: STATIC, start: 200, end: 230, assets: ['y'] });
    assert.deepEqual(await state('x'), [
      ['b', true, 1],
      ['a', false, 0],
    ]);
    assert.deepEqual(await state('y'), [
      ['c', true, 1],
      ['a', false, 0],
    ]);
    assert.deepEqual(await current(), ['c', 'b']);
    // Within one batch, newest first; and another sensor on the same asset has a current scan of its own.
    await send(
      { id: 'e', sensor: STATIC, start: 400, end: 401, assets: ['x'] },
      { id: 'd', sensor: STATIC, start: 300, end: 500, assets: ['x'] },
      { id: 'r', sensor: RUNTIME, start: 350, end: 351, assets: ['x'] },
    );
    assert.deepEqual(await state('x'), [
      ['e', true, 1],
      ['r', true, 1],
      ['d', false, 0],
      ['b', false, 0],
      ['a', false, 0],
    ]);
    // Two scans that started at the same instant: the greater id is current.
    await send(
      { id: 'g2', sensor: GARAK, start: 600, end: 601, assets: ['z'] },
      { id: 'g1', sensor: GARAK, start: 600, end: 602, assets: ['z'] },
    );
    assert.deepEqual(await state('z'), [
      ['g2', true, 1],
      ['g1', false, 0],
    ]);
  });

  it('sensors used: every sensor type a workspace ever used, in order', async () => {
    const used = (ws: string, token = all) => h().get(`/api/v1/sensors-used/tenants/${T1}/workspaces/${ws}`, token);
    assert.deepEqual(body(await used(W1)), [GARAK, RUNTIME, STATIC]);
    assert.deepEqual(body(await used(W2)), [RUNTIME]);
    assert.equal((await used('no-scans')).statusCode, 404);
    assert.equal((await used(W2, w1Only)).statusCode, 403);
    const t2 = await h().token({ tenant: T2 });
    assert.deepEqual(body(await h().get(`/api/v1/sensors-used/tenants/${T2}/workspaces/${W1}`, t2)), ['SENSOR_TYPE_OTHER_TENANT']);
  });

  it('the dashboard counts current scans and those that found AI objects', async () => {
    // w1: s1, s2, s3, s5, s7 are current; s1, s5 and s7 reported AI objects.
    const w1 = body(await h().get(`/api/v1/aispm-dashboard?workspace_id=${W1}`, all)).scans_counts;
    assert.deepEqual(w1, { total_current_aispm_scans: 5, scans_with_ai_objects_count: 3, percent_scans_with_ai_objects: 60 });
    assert.deepEqual(body(await h().get('/api/v1/aispm-dashboard', w1Only)).scans_counts, w1);
    const w2 = body(await h().get(`/api/v1/aispm-dashboard?workspace_id=${W2}`, all)).scans_counts;
    assert.deepEqual(w2, { total_current_aispm_scans: 1, scans_with_ai_objects_count: 1, percent_scans_with_ai_objects: 100 });
    // A workspace with data but no scans counts none; one that never received data is a 404, as in the lists.
    assert.equal((await h().get('/api/v1/aispm-dashboard?workspace_id=no-scans', all)).statusCode, 404);
    assert.equal((await h().ingest(T1, 'no-scans', [entity('asset', 'as1', 'web-1', 10)])).rejected, 0);
    const none = body(await h().get('/api/v1/aispm-dashboard?workspace_id=no-scans', all)).scans_counts;
    assert.deepEqual(none, { total_current_aispm_scans: 0, scans_with_ai_objects_count: 0, percent_scans_with_ai_objects: 0 });
    const t2 = await h().token({ tenant: T2 });
    assert.deepEqual(body(await h().get('/api/v1/aispm-dashboard', t2)).scans_counts, {
      total_current_aispm_scans: 1,
      scans_with_ai_objects_count: 1,
      percent_scans_with_ai_objects: 100,
    });
  });

  it("the asset's scans and current_scans edges, and its detail's current_scans section", async () => {
    const asset = `/api/v1/assets/tenants/${T1}/workspaces/${W1}/as1`;
    const scans = body(await h().get(`${asset}/scans`, all));
    assert.deepEqual(scans.header, header);
    assert.deepEqual(flags(scans), [
      ['s4', false, 0],
      ['s2', true, 1],
      ['s3', true, 1],
      ['s1', false, 1],
    ]);
    assert.deepEqual(ids(body(await h().get(`${asset}/scans?sort=findings&sort_dir=desc`, all))), ['s1', 's4', 's3', 's2']);
    assert.deepEqual(ids(body(await h().get(`${asset}/scans?name__ilk=runtime`, all))), ['s3']);
    const current = body(await h().get(`${asset}/current_scans`, all));
    assert.deepEqual(flags(current), [
      ['s2', true, 1],
      ['s3', true, 1],
    ]);
    const detail = body(await h().get(asset, all));
    assert.deepEqual(detail.current_scans, current);
    assert.equal((await h().get(`/api/v1/assets/tenants/${T1}/workspaces/${W1}/nope/scans`, all)).statusCode, 404);
  });

  it('an instance shows the scan that produced it', async () => {
    const instance = (id: string) => h().get(`/api/v1/instances/tenants/${T1}/workspaces/${W1}/${id}`, all);
    const f1 = body(await instance('f1'));
    assert.equal(objects(f1)[0]!.scan_id, 's1');
    assert.deepEqual(f1.scan, Object.fromEntries(header.map((c, i) => [c, S1_ON_AS2[i + 1]])));
    // A scan the workspace does not hold, or none: null.
    assert.equal(body(await instance('f2')).scan, null);
    assert.equal(body(await instance('f3')).scan, null);
  });

  it('one scan: its row, the assets it covered and the findings it produced', async () => {
    const scanUrl = (ws: string, id: string, rest = '') => `/api/v1/scans/tenants/${T1}/workspaces/${ws}/${id}${rest}`;
    const res = await h().get(scanUrl(W1, 's1'), w1Only);
    assert.equal(res.statusCode, 200);
    const s1 = body(res);
    assert.deepEqual(Object.keys(s1), ['header', 'rows', 'cursor', 'total', 'total_sampling', 'assets', 'instances']);
    assert.deepEqual([s1.header, s1.rows, s1.cursor, s1.total], [header, [S1_ON_AS2.slice(1)], '', 1]);
    assert.deepEqual(s1.assets, {
      header: ['asset_id', 'asset_name', 'is_current'],
      rows: [
        ['as1', 'web-1', false],
        ['as2', 'db-1', true],
      ],
      cursor: '',
      total: 2,
      total_sampling: 1,
    });
    assert.deepEqual(
      objects(s1.instances).map((i) => [i.id, i.status, i.scan_id]),
      [
        ['f1', 'open', 's1'],
        ['f4', 'resolved', 's1'],
      ],
    );
    assert.equal(s1.instances.total, 2);
    // An asset the inventory does not hold has no name; a scan that found nothing has no instances.
    assert.deepEqual(body(await h().get(scanUrl(W1, 's7', '/assets'), w1Only)).rows, [['as4', null, true]]);
    const s4 = body(await h().get(scanUrl(W1, 's4'), w1Only));
    assert.deepEqual([s4.instances.rows, s4.instances.total], [[], 0]);
    // Paged: the embedded cursors continue on the lists.
    const w2 = body(await h().get(scanUrl(W2, 'w2s1', '/assets?page_size=1'), all));
    assert.deepEqual([w2.rows, w2.total], [[['as1', 'web-1 (w2)', true]], 2]);
    assert.deepEqual(body(await h().get(scanUrl(W2, 'w2s1', `/assets?cursor=${encodeURIComponent(w2.cursor)}`), all)).rows, [
      ['as9', 'w2 only', true],
    ]);
    const first = body(await h().get(scanUrl(W1, 's1', '/instances?page_size=1'), w1Only));
    assert.deepEqual([objects(first).map((i) => i.id), first.total], [['f1'], 2]);
    const next = body(await h().get(scanUrl(W1, 's1', `/instances?page_size=1&cursor=${encodeURIComponent(first.cursor)}`), w1Only));
    assert.deepEqual([objects(next).map((i) => i.id), next.cursor], [['f4'], '']);
    assert.equal((await h().get(scanUrl(W1, 's2', `/instances?cursor=${encodeURIComponent(first.cursor)}`), w1Only)).statusCode, 400);
    // Within its workspace only.
    for (const url of [scanUrl(W1, 'nope'), scanUrl(W1, 'w2s1'), scanUrl(W1, 'nope', '/assets'), scanUrl(W1, 'nope', '/instances')]) {
      const miss = await h().get(url, all);
      assert.equal(miss.statusCode, 404, url);
      assert.deepEqual(body(miss), { code: 404, message: 'no scan with this id in the workspace' });
    }
    assert.equal((await h().get(scanUrl(W2, 'w2s1'), w1Only)).statusCode, 403);
  });

  it('refuses malformed scan records, naming the field', async () => {
    const bad = await h().ingest(T1, 'bad', [
      { type: 'scan', id: 'x1', sensor_type: STATIC, started_at: at(10), finished_at: at(5), status: 'succeeded' },
      { type: 'scan', id: 'x2', sensor_type: STATIC, started_at: at(10), status: 'done' },
      { type: 'scan', id: 'x3', started_at: at(10), status: 'running' },
      { type: 'scan', id: 'x4', sensor_type: STATIC, started_at: at(10), finished_at: at(11), status: 'running' },
      { type: 'scan', id: 'x5', sensor_type: STATIC, started_at: at(10), finished_at: null, status: 'failed' },
      { type: 'scan', id: 'x6', sensor_type: STATIC, started_at: 'yesterday', status: 'running' },
    ]);
    assert.deepEqual(
      bad.errors.map((e) => e.message),
      [
        'scan.finished_at: earlier than started_at',
        'scan.status: not one of the allowed values',
        'scan: missing sensor_type',
        'scan.finished_at: must be absent or null while status is running',
        'scan.finished_at: required when status is failed',
        'scan.started_at: expected an RFC 3339 timestamp with a zone, got "yesterday"',
      ],
    );
    assert.equal(bad.accepted, 0);
  });

  it('the operations are in the OpenAPI document under their ids', async () => {
    const doc = body(await h().get('/api/v1/openapi.json'));
    const ops = (path: string) => doc.paths[path]?.get?.operationId;
    assert.equal(ops('/api/v1/scans/asset/{id}'), 'GetAllScansForAsset');
    assert.equal(ops('/api/v1/scans/tenants/{tenant_id}/workspaces/{workspace_id}/current'), 'GetAllCurrentScans');
    assert.equal(ops('/api/v1/sensors-used/tenants/{tenant_id}/workspaces/{workspace_id}'), 'GetSensorsUsed');
    assert.equal(ops('/api/v1/scans/tenants/{tenant_id}/workspaces/{workspace_id}/{id}'), 'GetScan');
    assert.equal(ops('/api/v1/scans/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/assets'), 'GetScanAssets');
    assert.equal(ops('/api/v1/scans/tenants/{tenant_id}/workspaces/{workspace_id}/{id}/instances'), 'GetScanInstances');
    const dash = doc.paths['/api/v1/aispm-dashboard'].get.responses['200'].content['application/json'].schema.properties;
    assert.deepEqual(Object.keys(dash.scans_counts.properties), [
      'total_current_aispm_scans',
      'scans_with_ai_objects_count',
      'percent_scans_with_ai_objects',
    ]);
  });
});
