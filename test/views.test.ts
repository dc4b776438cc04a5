// Saved views and their exports, through HTTP on SQLite and PostgreSQL: create, read, list
// (the family's page shape), replace and delete a view, each change checked against the view's
// list; an export's file equals the view's rows read page by page from the list itself (CSV and
// NDJSON, filters, sort and columns kept); concurrent exports each run once, with two replicas
// claiming from the same job table; a failed export is retried with backoff and completes; a
// recurring view keeps its next export scheduled; views and exports of another tenant or
// workspace are out of reach. Exports are bounded (issue 33 row 7): one in progress per view
// (requests at once, or while one runs, answer that one), a tenant's files under a quota (409
// `export_quota_exceeded` before, a failed export while writing), settled exports expiring with
// their files, recurring ones keeping their last N files. (A restart and a kill -9 mid-export:
// test/views-restart.test.ts.)

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { buildApp } from '../src/compose.ts';
import { csvLine } from '../src/platform/csv.ts';
import { T1, T2, W1, W2, models } from './helpers/fixtures.ts';
import { loadEstate, NOW } from './helpers/findings-estate.ts';
import { allPages, body, describeEngines, type Harness } from './helpers/harness.ts';

const exportDir = mkdtempSync(join(tmpdir(), 'aispm-views-'));
after(() => rmSync(exportDir, { recursive: true, force: true }));

const jobs = { jobsPollMs: 25, jobsLeaseMs: 3000, jobsRetryBaseMs: 100, jobsRetryMaxMs: 200, exportPageRows: 40 };
const viewsUrl = (t: string, w: string) => `/api/v1/views/tenants/${t}/workspaces/${w}`;

/** Creates a view; the answer's body. */
async function createView(h: Harness, token: string, payload: object, t = T1, w = W1) {
  const res = await h.request({ method: 'POST', url: viewsUrl(t, w), token, payload });
  assert.equal(res.statusCode, 201, res.body);
  return body(res);
}

/** POSTs an export of a view; the answer. */
function askExport(h: Harness, token: string, view: string) {
  return h.request({ method: 'POST', url: `/api/v1/views/${view}/export`, token });
}

async function exportOf(h: Harness, token: string, view: string): Promise<string> {
  const res = await h.request({ method: 'POST', url: `/api/v1/views/${view}/export`, token });
  assert.equal(res.statusCode, 200, res.body);
  const b = body(res);
  assert.deepEqual(Object.keys(b), ['export_path', 'export_status', 'export_workflow_id', 'download_href']);
  assert.equal(b.export_status, 'scheduled');
  assert.equal(b.export_path, `${b.export_workflow_id}.${b.export_path.endsWith('.csv') ? 'csv' : 'ndjson'}`);
  return b.export_workflow_id;
}

/** Waits for an export to settle (completed or failed), then answers it. */
async function settled(h: Harness, token: string, id: string, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const e = body(await h.get(`/api/v1/view-exports/${id}`, token));
    if (e.export_status === 'completed' || e.export_status === 'failed') return e;
    if (Date.now() > until) throw new Error(`export ${id} still ${e.export_status} after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function download(h: Harness, token: string, id: string) {
  const res = await h.get(`/api/v1/view-exports/${id}/file`, token);
  assert.equal(res.statusCode, 200, res.body);
  return res;
}

/** The list's rows read page by page (small pages), projected to `columns`. */
async function listRows(h: Harness, token: string, url: string, columns: string[]) {
  const all = await allPages(h, url, token);
  const at = columns.map((c) => all.header.indexOf(c));
  assert.ok(!at.includes(-1));
  return { rows: all.rows.map((r) => at.map((i) => r[i])), pages: all.pages };
}

describeEngines(
  'saved views',
  (h) => {
    let reader: string;
    let writer: string;
    let w2Writer: string;
    let otherTenant: string;
    before(async () => {
      await loadEstate(h());
      const s = await h().ingest(T1, W1, models(250));
      assert.equal(s.rejected, 0);
      reader = await h().token({ tenant: T1 });
      writer = await h().token({ tenant: T1, scopes: ['read', 'views'] });
      w2Writer = await h().token({ tenant: T1, workspaces: [W2], scopes: ['read', 'views'] });
      otherTenant = await h().token({ tenant: T2, scopes: ['read', 'views'] });
      h().jobs.start();
    });

    it('CRUD: create, read, list in pages, replace, delete', async () => {
      const created = await createView(h(), writer, {
        name: 'models from OpenAI',
        description: 'pinned first',
        entity: 'model',
        saved_filters: { provider: 'openai' },
        sort: 'name:asc',
        columns: ['id', 'name', 'provider'],
        format: 'ndjson',
      });
      assert.match(created.id, /^view_[0-9a-f]{20}$/);
      assert.deepEqual(
        { ...created, id: undefined, created_at: undefined, updated_at: undefined },
        {
          id: undefined,
          workspace_id: W1,
          name: 'models from OpenAI',
          description: 'pinned first',
          entity: 'model',
          saved_filters: { provider: 'openai' },
          sort: 'name:asc',
          columns: ['id', 'name', 'provider'],
          format: 'ndjson',
          interval_seconds: null,
          export_status: null,
          export_path: null,
          last_exported: null,
          created_by: 'u1',
          created_at: undefined,
          updated_at: undefined,
        },
      );
      assert.deepEqual(body(await h().get(`/api/v1/views/${created.id}`, reader)), created);
      const unknown = await h().get(`/api/v1/views/${created.id}?colour=red`, reader);
      assert.deepEqual([unknown.statusCode, body(unknown).message], [400, 'colour: unknown query parameter; this operation takes none']);

      const second = await createView(h(), writer, { name: 'critical issues', entity: 'issues', saved_filters: { severity: 'critical' } });
      assert.equal(second.format, 'csv');
      const page1 = body(await h().get(`${viewsUrl(T1, W1)}?page_size=1&sort=name:asc`, reader));
      assert.equal(page1.total, 2);
      assert.deepEqual(
        page1.items.map((v: any) => v.id),
        [second.id],
      );
      assert.equal(page1.page_hrefs.prev, '');
      assert.match(page1.page_hrefs.next, /^\/api\/v1\/views\/tenants\/t1\/workspaces\/w1\?page_size=1&sort=name%3Aasc&cursor=/);
      const page2 = body(await h().get(page1.page_hrefs.next, reader));
      assert.deepEqual(
        page2.items.map((v: any) => v.id),
        [created.id],
      );
      assert.equal(page2.page_hrefs.next, '');

      const put = await h().request({
        method: 'PUT',
        url: `/api/v1/views/${second.id}`,
        token: writer,
        payload: { name: 'high issues', entity: 'issues', saved_filters: { severity: 'high' }, format: 'ndjson' },
      });
      assert.equal(put.statusCode, 200, put.body);
      assert.deepEqual([body(put).name, body(put).saved_filters, body(put).format], ['high issues', { severity: 'high' }, 'ndjson']);
      assert.deepEqual(body(await h().get(`/api/v1/views/${second.id}`, reader)), body(put));

      const del = await h().request({ method: 'DELETE', url: `/api/v1/views/${second.id}`, token: writer });
      assert.deepEqual(body(del), { id: second.id, status: 'deleted' });
      const gone = await h().get(`/api/v1/views/${second.id}`, reader);
      assert.deepEqual([gone.statusCode, body(gone)], [404, { code: 404, message: "no view with this id in the token's workspaces" }]);
      assert.equal((await h().request({ method: 'DELETE', url: `/api/v1/views/${second.id}`, token: writer })).statusCode, 404);
      assert.equal(body(await h().get(viewsUrl(T1, W1), reader)).total, 1);
    });

    it('a view is checked against its list: entity, filters, values, sort, columns, interval', async () => {
      const bad = async (payload: object, message: RegExp) => {
        const res = await h().request({ method: 'POST', url: viewsUrl(T1, W1), token: writer, payload });
        assert.equal(res.statusCode, 400, res.body);
        assert.match(body(res).message, message);
      };
      await bad({ name: 'x', entity: 'planets' }, /entity/);
      await bad({ name: 'x', entity: 'model', saved_filters: { colour: 'red' } }, /^saved_filters\.colour: not a filter of the model list/);
      await bad({ name: 'x', entity: 'model', saved_filters: { cursor: 'abc' } }, /^saved_filters\.cursor: not a filter/);
      await bad(
        { name: 'x', entity: 'issues', saved_filters: { open_instances__gte: 'many' } },
        /^saved_filters\.open_instances__gte: expected an integer/,
      );
      await bad({ name: 'x', entity: 'model', sort: 'nonsense:asc' }, /^sort: unknown column "nonsense"/);
      await bad({ name: 'x', entity: 'model', columns: ['id', 'colour'] }, /^columns: "colour" is not a column of the model list/);
      await bad({ name: 'x', entity: 'model', interval_seconds: 5 }, /interval_seconds/);
      await bad({ name: '', entity: 'model' }, /name/);
      await bad({ name: 'x', entity: 'model', owner: 'me' }, /owner|additional/);
      // Changing needs the views scope; reading needs read.
      const res = await h().request({ method: 'POST', url: viewsUrl(T1, W1), token: reader, payload: { name: 'x', entity: 'model' } });
      assert.deepEqual([res.statusCode, body(res).message], [403, 'token lacks the "views" scope this operation needs']);
    });

    it('an NDJSON export holds the view’s rows as its list reads them page by page: filters, sort and columns', async () => {
      const view = await createView(h(), writer, {
        name: 'OpenAI models by context',
        entity: 'model',
        saved_filters: { provider: 'openai', name__ilk: 'model 1' },
        sort: 'context_window:desc,name:asc',
        columns: ['name', 'id', 'context_window'],
        format: 'ndjson',
      });
      const id = await exportOf(h(), writer, view.id);
      const done = await settled(h(), reader, id);
      const expected = await listRows(
        h(),
        reader,
        `/api/v1/aispm-models/tenants/${T1}/workspaces/${W1}?provider=openai&name__ilk=model%201&sort=context_window:desc,name:asc&page_size=7`,
        ['name', 'id', 'context_window'],
      );
      assert.ok(expected.rows.length > 20 && expected.pages > 3);
      const res = await download(h(), reader, id);
      assert.equal(res.headers['content-type'], 'application/x-ndjson');
      const lines = res.body.trimEnd().split('\n');
      assert.deepEqual(
        lines.map((l) => JSON.parse(l)),
        expected.rows.map(([name, mid, context_window]) => ({ name, id: mid, context_window })),
      );
      assert.equal(res.body.endsWith('\n'), true);
      assert.deepEqual(
        { ...done, created_at: undefined, export_date: undefined, finished_at: undefined },
        {
          id,
          view_id: view.id,
          export_status: 'completed',
          export_path: `${id}.ndjson`,
          export_date: undefined,
          format: 'ndjson',
          rows: expected.rows.length,
          bytes: Buffer.byteLength(res.body),
          attempts: 1,
          rows_written: expected.rows.length,
          error: null,
          recurring: false,
          requested_by: 'u1',
          created_at: undefined,
          finished_at: undefined,
          download_href: `/api/v1/view-exports/${id}/file`,
        },
      );
      assert.equal(done.export_date, done.finished_at);
      const after = body(await h().get(`/api/v1/views/${view.id}`, reader));
      assert.deepEqual([after.export_status, after.export_path, after.last_exported], ['completed', `${id}.ndjson`, done.finished_at]);
    });

    it('a CSV export of every column of the instances equals the list’s rows as CSV', async () => {
      const view = await createView(h(), writer, { name: 'open findings', entity: 'instances', saved_filters: { status: 'open' } });
      const id = await exportOf(h(), writer, view.id);
      assert.equal((await settled(h(), reader, id)).export_status, 'completed');
      const res = await download(h(), reader, id);
      assert.equal(res.headers['content-type'], 'text/csv; charset=utf-8');
      // The same rows, newest first, as the instances of each issue read page by page, merged.
      const all = await allPages(h(), `/api/v1/issues?workspace_id=${W1}&page_size=3`, reader);
      const instances: unknown[][] = [];
      let header: string[] = [];
      for (const issue of all.rows) {
        const page = await allPages(h(), `/api/v1/issues/${issue[1]}/instances?status=open&page_size=2`, reader);
        header = page.header.slice(1);
        instances.push(...page.rows.map((r) => r.slice(1)));
      }
      const at = header.indexOf('detected_at');
      const idAt = header.indexOf('id');
      instances.sort((a, b) => String(b[at]).localeCompare(String(a[at])) || (String(a[idAt]) < String(b[idAt]) ? 1 : -1));
      assert.ok(instances.length >= 5);
      assert.equal(res.body, csvLine(header) + instances.map((r) => csvLine(r)).join(''));
    });

    it('concurrent exports on two replicas: each runs once, each file whole and equal; one export of a view at a time', async () => {
      // A second replica: its own app and job runner on the same database (and the same clock).
      const replica = await buildApp({ db: h().db, config: h().config, logger: false, now: () => h().ctx.now() });
      replica.jobs.start();
      try {
        const views = await Promise.all(
          Array.from({ length: 6 }, (_, i) => createView(h(), writer, { name: `all models ${i}`, entity: 'model', format: 'csv' })),
        );
        // Six requests at once for one view, through both replicas: one export, every answer names it.
        const same = await Promise.all(
          Array.from({ length: 6 }, async (_, i) => {
            const res =
              i % 2
                ? await replica.app.inject({
                    method: 'POST',
                    url: `/api/v1/views/${views[0]!.id}/export`,
                    headers: { authorization: `Bearer ${writer}` },
                  })
                : await askExport(h(), writer, views[0]!.id);
            assert.equal(res.statusCode, 200, res.body);
            return body(res).export_workflow_id as string;
          }),
        );
        // Usually all six arrive while the first export runs and name it. On a loaded machine the
        // first export (251 rows) can complete before the last request arrives, which then rightly
        // starts the next one. What must hold either way: never two unsettled exports of the view
        // at once, so each export of the burst completed before the next was created.
        const burst = [...new Set(same)];
        const burstDone = await Promise.all(burst.map((id) => settled(h(), reader, id)));
        burstDone.sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
        for (let i = 1; i < burstDone.length; i++) {
          assert.ok(
            Date.parse(burstDone[i - 1].export_date) <= Date.parse(burstDone[i].created_at),
            `export ${burstDone[i].id} was created while ${burstDone[i - 1].id} was unsettled`,
          );
        }
        assert.ok(burst.length < same.length, 'six requests at once started an export each');
        const ids = [burst[0]!, ...(await Promise.all(views.slice(1).map((v) => exportOf(h(), writer, v.id))))];
        assert.equal(new Set(ids).size, 6);
        const done = await Promise.all(ids.map((id) => settled(h(), reader, id)));
        assert.deepEqual(
          done.map((e) => [e.export_status, e.attempts, e.rows]),
          // 250 models and the estate's gpt-4o.
          ids.map(() => ['completed', 1, 251]),
        );
        const files = await Promise.all(ids.map(async (id) => (await download(h(), reader, id)).body));
        assert.equal(new Set(files).size, 1);
        assert.equal(files[0]!.split('\r\n').length, 253);
        // Once settled, the next request is a new export: five more, one after the other.
        const mine = [...burst];
        for (let i = 0; i < 5; i++) {
          mine.push(await exportOf(h(), writer, views[0]!.id));
          await settled(h(), reader, mine.at(-1)!);
        }
        assert.equal(new Set(mine).size, burst.length + 5);
        const listed = body(await h().get(`/api/v1/views/${views[0]!.id}/exports?page_size=4`, reader));
        assert.equal(listed.total, burst.length + 5);
        assert.equal(listed.items.length, 4);
        const all = [...listed.items];
        for (let next = listed.page_hrefs.next; next; ) {
          const page = body(await h().get(next, reader));
          all.push(...page.items);
          next = page.page_hrefs.next;
        }
        assert.deepEqual(all.map((e: any) => e.id).sort(), [...mine].sort());
      } finally {
        await replica.app.close();
      }
    });

    it('a recurring view keeps its next export scheduled; deleting the view drops it', async () => {
      const view = await createView(h(), writer, { name: 'weekly', entity: 'issues', interval_seconds: 604_800 });
      const listed = body(await h().get(`/api/v1/views/${view.id}/exports`, reader));
      assert.equal(listed.total, 1);
      const next = listed.items[0];
      assert.deepEqual([next.export_status, next.recurring, next.attempts], ['scheduled', true, 0]);
      // Due a week after it was created.
      assert.equal(Date.parse(next.export_date) - Date.parse(view.created_at), 604_800_000);
      // Asked for now as well: it runs, and the schedule stays one export.
      const id = await exportOf(h(), writer, view.id);
      assert.equal((await settled(h(), reader, id)).export_status, 'completed');
      const after = body(await h().get(`/api/v1/views/${view.id}/exports`, reader));
      assert.deepEqual(after.items.map((e: any) => [e.export_status, e.recurring]).sort(), [
        ['completed', false],
        ['scheduled', true],
      ]);
      // A shorter interval reschedules it from now.
      const put = await h().request({
        method: 'PUT',
        url: `/api/v1/views/${view.id}`,
        token: writer,
        payload: { name: 'daily', entity: 'issues', interval_seconds: 86_400 },
      });
      const rescheduled = body(await h().get(`/api/v1/views/${view.id}/exports`, reader)).items.filter((e: any) => e.recurring);
      assert.equal(rescheduled.length, 1);
      assert.equal(Date.parse(rescheduled[0].export_date) - Date.parse(body(put).updated_at), 86_400_000);
      await h().request({ method: 'DELETE', url: `/api/v1/views/${view.id}`, token: writer });
      const count = await h().db.first<{ n: number }>(
        h().db.template('test.views.jobs', (b) =>
          b
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('id', '=', rescheduled[0].id),
        ),
        {},
      );
      assert.equal(Number(count?.n), 0);
    });

    it('isolation: another tenant or workspace reaches no view, export or file', async () => {
      const view = await createView(h(), writer, { name: 'mine', entity: 'model' });
      const id = await exportOf(h(), writer, view.id);
      await settled(h(), reader, id);
      for (const token of [otherTenant, w2Writer]) {
        for (const url of [`/api/v1/views/${view.id}`, `/api/v1/views/${view.id}/exports`]) {
          const res = await h().get(url, token);
          assert.deepEqual(
            [res.statusCode, body(res)],
            [404, { code: 404, message: "no view with this id in the token's workspaces" }],
            url,
          );
        }
        for (const url of [`/api/v1/view-exports/${id}`, `/api/v1/view-exports/${id}/file`]) {
          const res = await h().get(url, token);
          assert.deepEqual(
            [res.statusCode, body(res)],
            [404, { code: 404, message: "no view export with this id in the token's workspaces" }],
            url,
          );
        }
        for (const [method, url] of [
          ['POST', `/api/v1/views/${view.id}/export`],
          ['DELETE', `/api/v1/views/${view.id}`],
        ] as const) {
          assert.equal((await h().request({ method, url, token })).statusCode, 404);
        }
        const put = await h().request({
          method: 'PUT',
          url: `/api/v1/views/${view.id}`,
          token,
          payload: { name: 'taken', entity: 'model' },
        });
        assert.equal(put.statusCode, 404);
      }
      assert.equal((await h().get(viewsUrl(T1, W1), w2Writer)).statusCode, 403);
      assert.equal((await h().get(viewsUrl(T1, W1), otherTenant)).statusCode, 403);
      assert.equal(
        (await h().request({ method: 'POST', url: viewsUrl(T1, W1), token: otherTenant, payload: { name: 'x', entity: 'model' } }))
          .statusCode,
        403,
      );
      // Views of the other workspace are its own.
      const theirs = await createView(h(), w2Writer, { name: 'w2 view', entity: 'agent' }, T1, W2);
      assert.deepEqual(
        body(await h().get(viewsUrl(T1, W2), w2Writer)).items.map((v: any) => v.id),
        [theirs.id],
      );
      assert.equal((await h().get(`/api/v1/views/${theirs.id}`, reader)).statusCode, 200);
      // The export of the other workspace's view holds that workspace's rows only.
      const e = await exportOf(h(), w2Writer, theirs.id);
      await settled(h(), w2Writer, e);
      const csv = (await download(h(), w2Writer, e)).body;
      assert.equal(csv.split('\r\n')[1]!.split(',')[0], 'b1');
      assert.equal(csv.split('\r\n').length, 3);
    });
  },
  { config: { ...jobs, exportDir }, now: () => NOW },
);

const failingDir = mkdtempSync(join(tmpdir(), 'aispm-views-fail-'));
after(() => rmSync(failingDir, { recursive: true, force: true }));

describeEngines(
  'a failed export',
  (h) => {
    it('is retried with backoff (retry_pending, its error kept) and completes once it can write', async () => {
      await h().ingest(T1, W1, models(30));
      const writer = await h().token({ tenant: T1, scopes: ['read', 'views'] });
      // The export directory cannot be made: a file stands where it should be.
      const dir = h().config.exportDir;
      rmSync(dir, { recursive: true, force: true });
      writeFileSync(dir, 'not a directory');
      h().jobs.start();
      const view = await createView(h(), writer, { name: 'models', entity: 'model', format: 'ndjson' });
      const id = await exportOf(h(), writer, view.id);
      const until = Date.now() + 10_000;
      let e: any;
      do {
        await new Promise((r) => setTimeout(r, 20));
        e = body(await h().get(`/api/v1/view-exports/${id}`, writer));
      } while (e.attempts < 2 && Date.now() < until);
      assert.equal(e.attempts >= 2, true, JSON.stringify(e));
      assert.match(e.error, /EEXIST|ENOTDIR|not a directory|file already exists/);
      assert.notEqual(e.export_status, 'completed');
      rmSync(dir);
      mkdirSync(dir);
      const done = await settled(h(), writer, id);
      assert.equal(done.export_status, 'completed');
      // At least the failed attempt seen above and the one that wrote (the second attempt may have
      // been under way when the loop saw it claimed, and find the directory mended).
      assert.ok(done.attempts >= 2, JSON.stringify(done));
      assert.equal(done.error, null);
      assert.equal((await download(h(), writer, id)).body.trimEnd().split('\n').length, 30);
    });
  },
  {
    config: {
      jobsPollMs: 20,
      jobsLeaseMs: 3000,
      jobsRetryBaseMs: 150,
      jobsRetryMaxMs: 300,
      exportDir: join(failingDir, 'exports'),
    },
  },
);

let clock = NOW;

describeEngines(
  'a recurring export',
  (h) => {
    it('runs when its interval has passed, then the next one is scheduled an interval later', async () => {
      await h().ingest(T1, W1, models(12));
      const writer = await h().token({ tenant: T1, scopes: ['read', 'views'] });
      h().jobs.start();
      const view = await createView(h(), writer, { name: 'hourly', entity: 'model', format: 'ndjson', interval_seconds: 3600 });
      const list = async () => body(await h().get(`/api/v1/views/${view.id}/exports?sort=created_at:asc`, writer)).items;
      let items = await list();
      assert.deepEqual(
        items.map((e: any) => [e.export_status, e.export_date]),
        [['scheduled', new Date(clock + 3_600_000).toISOString()]],
      );
      // Not yet due: it waits.
      await new Promise((r) => setTimeout(r, 150));
      assert.equal((await list())[0].export_status, 'scheduled');
      // An hour later it runs, and the next one is due an hour after that.
      clock += 3_600_000;
      h().jobs.wake();
      const first = await settled(h(), writer, items[0].id);
      assert.deepEqual([first.export_status, first.rows, first.recurring], ['completed', 12, true]);
      items = await list();
      assert.deepEqual(
        items.map((e: any) => [e.id === first.id, e.export_status, e.recurring]),
        [
          [true, 'completed', true],
          [false, 'scheduled', true],
        ],
      );
      assert.equal(items[1].export_date, new Date(clock + 3_600_000).toISOString());
      const v = body(await h().get(`/api/v1/views/${view.id}`, writer));
      assert.deepEqual(
        [v.export_status, v.export_path, v.last_exported],
        ['completed', `${first.id}.ndjson`, new Date(clock).toISOString()],
      );
    });
  },
  { config: { jobsPollMs: 20, jobsLeaseMs: 3000 }, now: () => clock },
);

let boundClock = NOW;
const QUOTA = 4000;
const RETENTION_S = 3600;
const quotaMessage =
  `export_quota_exceeded: the tenant's export files would pass its quota of ${QUOTA} bytes (AISPM_EXPORT_QUOTA_BYTES); ` +
  'delete views whose exports are no longer needed, or wait for exports to expire (AISPM_EXPORT_RETENTION_SECONDS)';

describeEngines(
  'bounded exports',
  (h) => {
    let writer: string;
    let dir: string;
    const filesOf = () => readdirSync(dir).sort();
    before(async () => {
      const s = await h().ingest(T1, W1, models(40));
      assert.equal(s.rejected, 0);
      writer = await h().token({ tenant: T1, scopes: ['read', 'views'] });
      dir = h().config.exportDir;
    });

    it('one export of a view at a time: requests while one is in progress answer that one (row 7)', async () => {
      // The runner is not started yet: the first export stays scheduled while five more are asked for.
      const view = await createView(h(), writer, { name: 'ids', entity: 'model', columns: ['id'] });
      const answers = [];
      for (let i = 0; i < 5; i++) {
        const res = await askExport(h(), writer, view.id);
        assert.equal(res.statusCode, 200, res.body);
        answers.push(body(res));
      }
      assert.equal(new Set(answers.map((a) => a.export_workflow_id)).size, 1);
      assert.deepEqual(
        answers.map((a) => a.export_status),
        ['scheduled', 'scheduled', 'scheduled', 'scheduled', 'scheduled'],
      );
      assert.equal(body(await h().get(`/api/v1/views/${view.id}/exports`, writer)).total, 1);
      h().jobs.start();
      const done = await settled(h(), writer, answers[0].export_workflow_id);
      assert.deepEqual([done.export_status, done.rows], ['completed', 40]);
      // Settled: the next request is a new export.
      const next = await exportOf(h(), writer, view.id);
      assert.notEqual(next, answers[0].export_workflow_id);
      await settled(h(), writer, next);
    });

    it("a tenant's export files stay under the quota: refused with 409 before, failed while writing (row 7)", async () => {
      const used = async () => {
        const rows = await h().db.all<{ bytes: unknown }>(
          h().db.template('test.views.bytes', (b) =>
            b.selectFrom('view_exports').select('byte_count as bytes').where('tenant_id', '=', T1).where('finished_at', 'is not', null),
          ),
          {},
        );
        return rows.reduce((n, r) => n + Number(r.bytes), 0);
      };
      // Every column of 40 models is larger than the quota by itself: it fails while it writes, its file removed.
      const big = await createView(h(), writer, { name: 'everything', entity: 'model', format: 'ndjson' });
      const failed = await settled(h(), writer, await exportOf(h(), writer, big.id));
      assert.deepEqual([failed.export_status, failed.error, failed.attempts], ['failed', quotaMessage, 1]);
      assert.deepEqual(
        filesOf().filter((f) => f.startsWith(failed.id)),
        [],
      );
      // Small exports until the files fill the quota; then a request is refused, naming the quota.
      const small = await createView(h(), writer, { name: 'ids again', entity: 'model', columns: ['id'] });
      let size = 0;
      for (let n = 0; ; n++) {
        assert.ok(n < 50);
        const res = await askExport(h(), writer, small.id);
        if (res.statusCode === 409) {
          assert.deepEqual(body(res), { code: 409, message: quotaMessage });
          break;
        }
        const e = await settled(h(), writer, body(res).export_workflow_id);
        assert.equal(e.export_status, 'completed');
        size = e.bytes;
      }
      // Refused because the next file, as large as the last, would not fit: the files never pass the quota.
      assert.ok((await used()) <= QUOTA && (await used()) + size > QUOTA, `${await used()} + ${size}`);
      // Another tenant has its own quota.
      const other = await h().token({ tenant: T2, scopes: ['read', 'views'] });
      await h().ingest(T2, W1, models(3));
      const theirs = await createView(h(), other, { name: 'theirs', entity: 'model', columns: ['id'] }, T2, W1);
      assert.equal((await settled(h(), other, await exportOf(h(), other, theirs.id))).export_status, 'completed');
    });

    it('settled exports expire with their files, by the job runner; the quota is free again (row 7)', async () => {
      const views = body(await h().get(`/api/v1/views/tenants/${T1}/workspaces/${W1}`, writer)).items;
      const ids: string[] = [];
      for (const v of views) for (const e of body(await h().get(`/api/v1/views/${v.id}/exports`, writer)).items) ids.push(e.id);
      assert.ok(ids.length >= 4);
      assert.ok(filesOf().length >= 3);
      // Not yet: nothing expires before its time.
      h().jobs.wake();
      await new Promise((r) => setTimeout(r, 100));
      assert.equal((await h().get(`/api/v1/view-exports/${ids[0]}`, writer)).statusCode, 200);
      boundClock += RETENTION_S * 1000 + 1000;
      h().jobs.wake();
      const until = Date.now() + 10_000;
      const present = async () => {
        const statuses = await Promise.all(ids.map(async (id) => (await h().get(`/api/v1/view-exports/${id}`, writer)).statusCode));
        return statuses.filter((c) => c !== 404).length;
      };
      while ((await present()) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 25));
      assert.equal(await present(), 0, 'every settled export, completed or failed, is gone');
      // Their files too (the other tenant's as well: one job expires every tenant's).
      assert.deepEqual(filesOf(), []);
      const small = views.find((v: any) => v.name === 'ids again');
      // Nothing is left over the quota: an export is accepted again.
      const again = await exportOf(h(), writer, small.id);
      assert.equal((await settled(h(), writer, again)).export_status, 'completed');
    });

    it('a recurring view keeps the files of its last N exports (row 7)', async () => {
      const view = await createView(h(), writer, { name: 'every minute', entity: 'model', columns: ['id'], interval_seconds: 60 });
      const runs: string[] = [];
      for (let i = 0; i < 4; i++) {
        const due = body(await h().get(`/api/v1/views/${view.id}/exports?sort=created_at:desc`, writer)).items.find(
          (e: any) => e.recurring && e.export_status === 'scheduled',
        );
        boundClock += 60_000;
        h().jobs.wake();
        assert.equal((await settled(h(), writer, due.id)).export_status, 'completed');
        runs.push(due.id);
      }
      // AISPM_EXPORT_KEEP_SCHEDULED is 2 here: the last two runs are kept, the older two removed with their files.
      const items = body(await h().get(`/api/v1/views/${view.id}/exports`, writer)).items;
      assert.deepEqual(
        items
          .filter((e: any) => e.export_status === 'completed')
          .map((e: any) => e.id)
          .sort(),
        runs.slice(2).sort(),
      );
      for (const id of runs.slice(0, 2)) {
        assert.equal((await h().get(`/api/v1/view-exports/${id}`, writer)).statusCode, 404);
        assert.deepEqual(
          filesOf().filter((f) => f.startsWith(id)),
          [],
        );
      }
      for (const id of runs.slice(2))
        assert.deepEqual(
          filesOf().filter((f) => f.startsWith(id)),
          [`${id}.csv`],
        );
    });
  },
  {
    config: {
      jobsPollMs: 20,
      jobsLeaseMs: 3000,
      exportQuotaBytes: QUOTA,
      exportRetentionSeconds: RETENTION_S,
      exportKeepScheduled: 2,
    },
    now: () => boundClock,
  },
);
