// The isolation matrix (OWASP API1, broken object level authorisation), generated from the
// server's route table: every route and method is called with no token, a malformed, revoked or
// expired one, a token of another tenant, of another workspace, without the scope it needs, and
// with ids that exist only in another tenant, workspace or user's data. Statuses follow DESIGN.md
// (401, 403, 404); and no response, whatever its status, may carry a marker string planted in
// data its token cannot read. A route added later is enumerated like the others: one without
// authentication fails the no-token case.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import type { RouteEntry } from '../src/platform/http/route-table.ts';
import type { Db } from '../src/platform/db/database.ts';
import { ALL_WORKSPACES, createToken, newTokenString, revokeKey, scopes, type Scope } from '../src/platform/auth/tokens.ts';
import { describeEngines } from './helpers/harness.ts';
import { dataset, markedRecords, sharedEntries, storageEntries, type Dataset } from './helpers/marked-estate.ts';
import {
  callableRoutes,
  enumeratedParam,
  fillPath,
  pathParams,
  queryProps,
  requiredQuery,
  SCOPE_PARAMS,
  takesBody,
  tokenScoped,
  validBody,
  withQuery,
} from './helpers/route-requests.ts';
import { rpcStatus } from './helpers/rpc-status.ts';

/**
 * Routes that answer without a token, each with the reason. Adding a route here is a security
 * decision: a route missing from this list that declares `access: 'public'` fails the matrix.
 */
const PUBLIC_ROUTES: Record<string, string> = {
  '/healthz': 'liveness for load balancers; answers {status} only',
  '/readyz': 'readiness for load balancers; answers {status} only',
  '/api/v1/openapi.json': 'the API description, generated from the schemas; no data',
  '/docs': 'the API reference page (issue 9); no data',
  '/docs/*': 'assets of the API reference page (issue 9); no data',
  '/docs/assets/:version/:file': "the reference page's own scripts and styles (swagger-ui-dist), served by the service; no data",
  '/': 'a redirect to the console (issue 24); no data',
  '/ui': 'the web console page (issue 24); it reads the API with the token the user pastes; no data',
  '/ui/assets/:digest/*': "the console's own modules, styles and libraries, served by the service; no data",
  '/api/v1/auth/session': "the sign-in methods offered, and the session of the caller's own cookie (issue 38); no data without one",
  '/api/v1/auth/oidc/login': 'starts a sign-in at the identity provider (issue 38): a redirect; 404 when none is configured',
  '/api/v1/auth/oidc/callback':
    "the identity provider's redirect back (issue 38): makes a session only for a valid code, state and ID token",
};

interface Who {
  tenant: string;
  user: string;
  workspaces: string[];
}

/** A string that must not appear in a response unless the token may read it. */
interface Marker {
  text: string;
  /** Ids may legitimately come back when the request itself carried them (a 404 message, a PUT). */
  kind: 'secret' | 'id' | 'token';
  readableBy(who: Who | null): boolean;
  owner: string;
}

/** Data one token owns: its ids, and which other datasets' tokens must not reach it. */
interface OwnedIds {
  name: string;
  /** The dataset whose token, tenant and workspace read these ids. */
  via: Dataset;
  /** The id every object has; the other ids are tried one parameter at a time. */
  id: string;
  pool: string[];
  foreignTo(caller: Dataset): boolean;
}

const canRead = (who: Who, workspace: string) => who.workspaces.includes(ALL_WORKSPACES) || who.workspaces.includes(workspace);

describeEngines(
  'isolation matrix',
  (h) => {
    const A1 = dataset('A1', 'tenant-a', 'ws-a1', 'user-1');
    const A2 = dataset('A2', 'tenant-a', 'ws-a2', 'user-2');
    const B = dataset('B', 'tenant-b', 'ws-b1', 'user-1');
    const datasets = [A1, A2, B];
    const tokens = new Map<string, string>();
    const whoOf = new Map<string, Who | null>();
    const markers: Marker[] = [];
    const owned: OwnedIds[] = [];
    const seenBy = new Set<string>();
    const failures: string[] = [];
    let routes: RouteEntry[] = [];
    let sentCount = 0;

    async function issue(label: string, who: Who, opts: { scopes?: Scope[]; expiresInMs?: number; now?: number; revoke?: boolean } = {}) {
      const { token, key } = await createToken(h().db, {
        tenantId: who.tenant,
        userId: who.user,
        workspaces: who.workspaces,
        scopes: opts.scopes ?? scopes,
        expiresInMs: opts.expiresInMs,
        now: opts.now,
      });
      if (opts.revoke) await revokeKey(h().db, key.id);
      tokens.set(label, token);
      // Only a live token reads anything.
      whoOf.set(label, opts.revoke || opts.expiresInMs ? null : who);
      markers.push({ text: token.toLowerCase(), kind: 'token', readableBy: () => false, owner: label });
      return token;
    }

    const whoOfDataset = (d: Dataset): Who => ({ tenant: d.tenant, user: d.user, workspaces: [d.workspace] });

    /**
     * What each tenant's own keys have sent (URLs and bodies): the audit trail names what a tenant's
     * keys asked for (a storage entry named after another tenant's id, say), which is the tenant's own
     * record and no leak.
     */
    const sentBy = new Map<string, string[]>();
    const sentByTenant = (tenant: string | undefined, text: string) =>
      tenant !== undefined && (sentBy.get(tenant) ?? []).some((r) => r.includes(text));

    /** Sends one request and checks its answer for markers the token may not read. */
    async function send(
      label: string,
      tokenLabel: string | null,
      method: string,
      url: string,
      extra: { headers?: Record<string, string>; payload?: string | Buffer; authorization?: string } = {},
    ): Promise<LightMyRequestResponse> {
      const headers: Record<string, string> = { ...extra.headers };
      if (extra.authorization !== undefined) headers.authorization = extra.authorization;
      else if (tokenLabel) headers.authorization = `Bearer ${tokens.get(tokenLabel)!}`;
      const res = await h().app.inject({ method: method as 'GET', url, headers, payload: extra.payload });
      sentCount++;
      const who = tokenLabel && extra.authorization === undefined ? (whoOf.get(tokenLabel) ?? null) : null;
      const text = (res.body + '\n' + JSON.stringify(res.headers)).toLowerCase();
      const request = (url + ' ' + String(extra.payload ?? '')).toLowerCase();
      if (who) {
        const sent = sentBy.get(who.tenant) ?? [];
        sentBy.set(who.tenant, sent);
        sent.push(request);
      }
      for (const m of markers) {
        if (!text.includes(m.text)) continue;
        if (m.readableBy(who)) {
          seenBy.add(m.text);
          continue;
        }
        if (m.kind === 'id' && request.includes(m.text)) continue;
        if (m.kind === 'id' && url.includes('/audit/') && sentByTenant(who?.tenant, m.text)) continue;
        failures.push(
          `LEAK ${label}: ${method} ${url} as ${tokenLabel ?? 'nobody'} answered ${res.statusCode} carrying ${m.kind} of ${m.owner} ("${m.text}")`,
        );
      }
      if (res.statusCode >= 500)
        failures.push(`5xx ${label}: ${method} ${url} as ${tokenLabel ?? 'nobody'} answered ${res.statusCode}: ${res.body.slice(0, 200)}`);
      return res;
    }

    function expect(
      label: string,
      method: string,
      url: string,
      res: LightMyRequestResponse,
      ok: (status: number) => boolean,
      wanted: string,
    ) {
      if (!ok(res.statusCode))
        failures.push(`${label}: ${method} ${url} answered ${res.statusCode}, expected ${wanted}: ${res.body.slice(0, 200)}`);
      else if (res.statusCode >= 400 && method !== 'HEAD' && res.headers['content-type'] === 'application/x-protobuf') {
        // An OTLP protobuf request's errors are a google.rpc.Status (its gRPC code, not the HTTP status).
        let b: { code: number; message: string } = { code: 0, message: '' };
        try {
          b = rpcStatus(res.rawPayload);
        } catch {
          /* reported below */
        }
        if (!(b.code > 0) || !b.message) failures.push(`${label}: ${method} ${url} error body is not a google.rpc.Status`);
      } else if (res.statusCode >= 400 && method !== 'HEAD') {
        let b: { code?: unknown; message?: unknown } = {};
        try {
          b = JSON.parse(res.body);
        } catch {
          /* reported below */
        }
        if (b.code !== res.statusCode || typeof b.message !== 'string')
          failures.push(`${label}: ${method} ${url} error body is not {code, message}: ${res.body.slice(0, 200)}`);
      }
    }

    function report(title: string) {
      const list = failures.splice(0);
      assert.equal(list.length, 0, `${title}: ${list.length} failures\n${list.slice(0, 40).join('\n')}`);
    }

    /** The path of `route` for the dataset's own tenant and workspace, ids from `ids`. */
    function pathFor(route: RouteEntry, d: { tenant: string; workspace: string }, ids: Record<string, string>): string {
      const values: Record<string, string> = { tenant_id: d.tenant, workspace_id: d.workspace, '*': 'x' };
      for (const p of pathParams(route.url)) if (!SCOPE_PARAMS.has(p) && p !== '*') values[p] = ids[p]!;
      return withQuery(fillPath(route.url, values), requiredQuery(route));
    }

    function bodyOf(route: RouteEntry) {
      if (!takesBody(route)) return {};
      const { contentType, payload } = validBody(route);
      return { headers: { 'content-type': contentType }, payload };
    }

    /** Id parameters of a route (not the tenant or workspace, which the auth hook checks). */
    const idParams = (route: RouteEntry) => pathParams(route.url).filter((p) => !SCOPE_PARAMS.has(p) && p !== '*');

    /**
     * Combinations of id values for a route, valid in dataset `d`'s world: every id parameter at the
     * dataset's object id, then each one in turn at every other id of the dataset (issue ids, the second
     * finding), crossed with the values of enumerated parameters (edge names).
     */
    function combos(route: RouteEntry, d: OwnedIds): Array<Record<string, string>> {
      const params = idParams(route);
      const plain = params.filter((p) => !enumeratedParam(route, p));
      const enumerated = params.filter((p) => enumeratedParam(route, p));
      const base: Array<Record<string, string>> = [Object.fromEntries(plain.map((p) => [p, d.id]))];
      for (const p of plain) for (const v of d.pool) if (v !== d.id) base.push({ ...base[0], [p]: v });
      let out = base;
      for (const p of enumerated) out = out.flatMap((c) => enumeratedParam(route, p)!.map((v) => ({ ...c, [p]: v })));
      return out;
    }

    /** Every id-like value stored for the dataset, read from every table that has tenant and workspace columns. */
    async function harvest(db: Db, d: Dataset): Promise<Set<string>> {
      const columns =
        db.dialect.name === 'sqlite'
          ? (
              await db.execute<{ t: string; c: string }>(
                sql`select m.name as t, p.name as c from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table'`.compile(
                  db.builder,
                ),
              )
            ).rows
          : (
              await db.execute<{ t: string; c: string }>(
                sql`select table_name as t, column_name as c from information_schema.columns where table_schema = 'public'`.compile(
                  db.builder,
                ),
              )
            ).rows;
      const byTable = new Map<string, string[]>();
      for (const { t, c } of columns) byTable.set(t, [...(byTable.get(t) ?? []), c]);
      const out = new Set<string>();
      for (const [table, cols] of byTable) {
        if (!cols.includes('tenant_id') || !cols.includes('workspace_id')) continue;
        const userFilter = cols.includes('user_id') ? sql`and user_id in (${d.user}, '')` : sql``;
        for (const c of cols) {
          if (
            !(c === 'id' || c.endsWith('_id') || c === 'key' || c === 'namespace') ||
            ['tenant_id', 'workspace_id', 'user_id'].includes(c)
          )
            continue;
          const q = sql<{
            v: unknown;
          }>`select distinct ${sql.ref(c)} as v from ${sql.table(table)} where tenant_id = ${d.tenant} and workspace_id in (${d.workspace}, '') ${userFilter}`;
          for (const { v } of (await db.execute<{ v: unknown }>(q.compile(db.builder))).rows)
            if (typeof v === 'string' && v.length >= 6) out.add(v);
        }
      }
      return out;
    }

    before(async () => {
      routes = callableRoutes(h().ctx.routes);
      for (const d of datasets) {
        const summary = await h().ingest(d.tenant, d.workspace, markedRecords(d));
        assert.equal(summary.rejected, 0, JSON.stringify(summary.errors));
        await issue(d.name, whoOfDataset(d));
      }
      await issue('C', { tenant: 'tenant-c', user: 'user-9', workspaces: [ALL_WORKSPACES] });
      await issue('A1-revoked', whoOfDataset(A1), { revoke: true });
      await issue('A1-expired', whoOfDataset(A1), { expiresInMs: 1000, now: Date.now() - 2000 });
      for (const s of scopes) await issue(`A1-without-${s}`, whoOfDataset(A1), { scopes: scopes.filter((x) => x !== s) });

      // Client storage: each dataset's user writes an entry in every per-user and per-workspace scope;
      // tenant-wide entries carry their tenant's own marker (every user of the tenant may read them).
      for (const d of datasets) {
        for (const e of storageEntries(d)) {
          const res = await h().request({
            method: 'PUT',
            url: e.url,
            token: tokens.get(d.name),
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ value: e.value }),
          });
          assert.equal(res.statusCode, 204, `${e.url}: ${res.body}`);
        }
      }
      for (const [tenant, writer] of [
        ['tenant-a', A1],
        ['tenant-b', B],
      ] as const) {
        const shared = sharedEntries(tenant);
        for (const e of shared.entries) {
          const res = await h().request({
            method: 'PUT',
            url: e.url,
            token: tokens.get(writer.name),
            headers: { 'content-type': 'application/json' },
            payload: JSON.stringify({ value: e.value }),
          });
          assert.equal(res.statusCode, 204, `${e.url}: ${res.body}`);
        }
        for (const [text, kind] of [
          [shared.secret, 'secret'],
          [shared.id, 'id'],
        ] as const) {
          markers.push({ text, kind, owner: `${tenant} (shared)`, readableBy: (who) => who?.tenant === tenant });
        }
        // Every user of the tenant reads these: they are foreign only to other tenants.
        owned.push({
          name: `${tenant} shared`,
          via: writer,
          id: shared.id,
          pool: [shared.id],
          foreignTo: (caller) => caller.tenant !== tenant,
        });
      }

      // Webhooks: each dataset subscribes, then a new object makes a delivery, so subscription and
      // delivery ids are stored for it (and harvested below). Signing secrets are shown once, at
      // creation: no answer of the matrix may carry one.
      for (const d of datasets) {
        const res = await h().request({
          method: 'POST',
          url: `/api/v1/webhooks/tenants/${d.tenant}/workspaces/${d.workspace}`,
          token: tokens.get(d.name),
          payload: { url: `https://hooks.example.com/${d.name}`, events: ['object.discovered', 'finding.created'] },
        });
        assert.equal(res.statusCode, 201, res.body);
        const secret = (JSON.parse(res.body) as { secret: string }).secret;
        markers.push({ text: secret.toLowerCase(), kind: 'token', readableBy: () => false, owner: `${d.name} webhook secret` });
        const s = await h().ingest(d.tenant, d.workspace, [
          { type: 'entity', kind: 'location', id: `hooked-${d.name}`, name: 'hooked', last_seen: new Date().toISOString() },
        ]);
        assert.equal(s.rejected, 0, JSON.stringify(s.errors));
      }

      // Saved views: each dataset saves a view and exports it (the exports complete, so their
      // files download), so view and export ids are stored for it (and harvested below).
      h().jobs.start();
      for (const d of datasets) {
        const res = await h().request({
          method: 'POST',
          url: `/api/v1/views/tenants/${d.tenant}/workspaces/${d.workspace}`,
          token: tokens.get(d.name),
          payload: { name: `view of ${d.name}`, entity: 'location' },
        });
        assert.equal(res.statusCode, 201, res.body);
        const view = (JSON.parse(res.body) as { id: string }).id;
        const exported = await h().request({ method: 'POST', url: `/api/v1/views/${view}/export`, token: tokens.get(d.name) });
        assert.equal(exported.statusCode, 200, exported.body);
        const id = (JSON.parse(exported.body) as { export_workflow_id: string }).export_workflow_id;
        for (let state = ''; state !== 'completed'; ) {
          await new Promise((r) => setTimeout(r, 20));
          state = (JSON.parse((await h().get(`/api/v1/view-exports/${id}`, tokens.get(d.name))).body) as { export_status: string })
            .export_status;
          assert.notEqual(state, 'failed');
        }
      }
      await h().jobs.stop();

      // Controls: each dataset saves one (over its own locations, so it has an open finding),
      // so control, rule and finding ids are stored for it (and harvested below).
      for (const d of datasets) {
        const res = await h().request({
          method: 'PUT',
          url: `/api/v1/controls/tenants/${d.tenant}/workspaces/${d.workspace}/CTL-iso-${d.name}`,
          token: tokens.get(d.name),
          payload: { title: `control of ${d.name}`, severity: 'low', list: 'locations' },
        });
        assert.equal(res.statusCode, 201, res.body);
        // Its control's finding is waived, so the waiver route has a waiver to answer for it.
        const results = await h().get(`/api/v1/rules/CTL-iso-${d.name}/results?workspace_id=${d.workspace}`, tokens.get(d.name));
        const [row] = (JSON.parse(results.body) as { rows: string[][] }).rows;
        assert.ok(row, results.body);
        const waived = await h().request({
          method: 'POST',
          url: `/api/v1/instances/tenants/${d.tenant}/workspaces/${d.workspace}/${row[1]}/waiver`,
          token: tokens.get(d.name),
          payload: { reason: `waived by ${d.name}` },
        });
        assert.equal(waived.statusCode, 201, waived.body);
      }

      // Markers of each dataset: its secret and every id stored for it that no other dataset has.
      const harvested = new Map<string, Set<string>>();
      for (const d of datasets) harvested.set(d.name, await harvest(h().db, d));
      for (const d of datasets) {
        const own = [...harvested.get(d.name)!].filter((v) => datasets.every((o) => o === d || !harvested.get(o.name)!.has(v)));
        assert.ok(own.includes(d.id), `${d.name}: its object id is stored`);
        owned.push({ name: d.name, via: d, id: d.id, pool: own, foreignTo: (caller) => caller !== d });
        const readableBy = (who: Who | null) => who !== null && who.tenant === d.tenant && who.user === d.user && canRead(who, d.workspace);
        markers.push({ text: d.secret, kind: 'secret', owner: d.name, readableBy });
        for (const id of own) markers.push({ text: id.toLowerCase(), kind: 'id', owner: d.name, readableBy });
      }
    });

    it('every route declares its access; those open without a token are the known public ones', () => {
      for (const r of routes) {
        if (r.access === undefined) failures.push(`${r.method} ${r.url} declares no access`);
        if (r.access === 'public' && !(r.url in PUBLIC_ROUTES))
          failures.push(`${r.method} ${r.url} is public but not in PUBLIC_ROUTES (test/isolation.test.ts)`);
      }
      report('access declarations');
      assert.ok(routes.length >= 50, `the route table has ${routes.length} routes`);
    });

    it('public routes answer without a token and carry no data', async () => {
      for (const r of routes.filter((x) => x.access === 'public')) {
        const url = fillPath(r.url, { '*': 'index.html', version: 'any', file: 'swagger-ui.css', digest: 'any' });
        const res = await send('public', null, r.method, url);
        expect('public', r.method, url, res, (s) => s < 400 || s === 404, 'an answer without a token');
      }
      report('public routes');
    });

    const protectedRoutes = () => routes.filter((r) => r.access !== 'public');
    const ownedBy = (d: Dataset) => owned.find((o) => o.name === d.name)!;
    const ownIds = (r: RouteEntry, d: Dataset) => combos(r, ownedBy(d))[0]!;
    /** Ids no dataset has: writes that create data (a token-scoped PUT) must not plant it under anyone's ids. */
    const scratchIds = (r: RouteEntry) => Object.fromEntries(idParams(r).map((p) => [p, enumeratedParam(r, p)?.[0] ?? 'scratch-entry']));

    it('401 with WWW-Authenticate for no token, a malformed, an unknown, a revoked and an expired token', async () => {
      const wrong = tokens.get('A1')!.slice(0, -1) + (tokens.get('A1')!.endsWith('A') ? 'B' : 'A');
      const unknown = newTokenString();
      markers.push({ text: unknown.toLowerCase(), kind: 'token', owner: 'unknown', readableBy: () => false });
      const malformed = [
        'Bearer zqxmalformedtoken',
        'Basic dXNlcjpwYXNz',
        `Bearer ${wrong}`,
        `Bearer ${unknown}`,
        'Bearer',
        'bearer  aispm_',
      ];
      markers.push({ text: 'zqxmalformedtoken', kind: 'token', owner: 'malformed', readableBy: () => false });
      let i = 0;
      for (const r of protectedRoutes()) {
        const url = pathFor(r, A1, ownIds(r, A1));
        const body = bodyOf(r);
        for (const [label, tokenLabel, authorization] of [
          ['no token', null, undefined],
          ['malformed token', null, malformed[i++ % malformed.length]],
          ['revoked token', 'A1-revoked', undefined],
          ['expired token', 'A1-expired', undefined],
        ] as const) {
          const res = await send(label, tokenLabel, r.method, url, { ...body, authorization });
          expect(label, r.method, url, res, (s) => s === 401, '401');
          if (res.statusCode === 401 && !/^Bearer/.test(String(res.headers['www-authenticate'])))
            failures.push(`${label}: ${r.method} ${url} 401 without WWW-Authenticate: Bearer`);
        }
      }
      report('unauthenticated requests');
    });

    it('403 for a token of another tenant on every tenant path; token-scoped routes answer only its own tenant', async () => {
      for (const r of protectedRoutes()) {
        const url = pathFor(r, A1, tokenScoped(r) && takesBody(r) ? scratchIds(r) : ownIds(r, A1));
        for (const other of ['B', 'C']) {
          const res = await send('other tenant', other, r.method, url, bodyOf(r));
          if (tokenScoped(r))
            expect('other tenant (token-scoped)', r.method, url, res, (s) => s !== 401 && s !== 403 && s < 500, 'its own answer');
          else expect('other tenant', r.method, url, res, (s) => s === 403, '403');
        }
      }
      report('tokens of another tenant');
    });

    it('403 for a token of the right tenant without the workspace (in the path or the workspace_id parameter)', async () => {
      let checked = 0;
      for (const r of protectedRoutes()) {
        const inPath = pathParams(r.url).includes('workspace_id');
        const inQuery = 'workspace_id' in queryProps(r);
        if (!inPath && !inQuery) continue;
        const ids = ownIds(r, A1);
        const url = inPath
          ? pathFor(r, { tenant: A1.tenant, workspace: A2.workspace }, ids)
          : withQuery(pathFor(r, A1, ids), { ...requiredQuery(r), workspace_id: A2.workspace });
        const res = await send('other workspace', 'A1', r.method, url, bodyOf(r));
        expect('other workspace', r.method, url, res, (s) => s === 403, '403');
        checked++;
      }
      report('tokens without the workspace');
      assert.ok(checked > 40, `${checked} routes name a workspace`);
    });

    it('403 for a token without the scope the operation needs', async () => {
      // Routes open to any valid key of the tenant (making keys no wider than one's own) have no scope to miss.
      for (const r of protectedRoutes().filter((x) => x.access !== 'any')) {
        const url = pathFor(r, A1, ownIds(r, A1));
        const res = await send('missing scope', `A1-without-${r.access}`, r.method, url, bodyOf(r));
        expect(`missing ${r.access} scope`, r.method, url, res, (s) => s === 403, '403');
      }
      report('tokens without the scope');
    });

    it('ids that exist only in another tenant, workspace or user answer 404 (or an empty list), for reads; their owners read them', async () => {
      const ownerAnswered = new Map<string, number[]>();
      const readByOwner = new Map<string, Array<Record<string, string>>>();
      for (const r of protectedRoutes().filter((x) => ['GET', 'HEAD'].includes(x.method))) {
        // Catalogue constants in a path (an edge name alone, a compliance framework and control) are
        // nobody's ids: such a route answers the caller's own data, checked by the scope tests above.
        const withIds = idParams(r).some((p) => !enumeratedParam(r, p));
        const idQuery = Object.keys(queryProps(r)).filter((q) => q.endsWith('_id') && q !== 'workspace_id');
        if (!withIds && idQuery.length === 0) continue;
        for (const owner of owned) {
          // HEAD runs the GET's handler (GET sorts first): the combinations its owner could read are enough.
          const all = idParams(r).length ? combos(r, owner) : [{}];
          const readable = readByOwner.get(`${owner.name} ${r.url}`);
          for (const ids of r.method === 'HEAD' && readable?.length ? readable : all) {
            const query = Object.fromEntries(idQuery.map((q) => [q, owner.id]));
            // The owner first: the combination must mean something in its own world.
            const ownUrl = withQuery(pathFor(r, owner.via, ids), withIds ? requiredQuery(r) : { ...requiredQuery(r), ...query });
            const own = await send('owner', owner.via.name, r.method, ownUrl);
            if (r.method === 'GET' && own.statusCode === 200)
              readByOwner.set(`${owner.name} ${r.url}`, [...(readByOwner.get(`${owner.name} ${r.url}`) ?? []), ids]);
            ownerAnswered.set(`${r.method} ${r.url}`, [...(ownerAnswered.get(`${r.method} ${r.url}`) ?? []), own.statusCode]);
            for (const caller of datasets.filter((d) => owner.foreignTo(d))) {
              const url = withQuery(pathFor(r, caller, ids), withIds ? requiredQuery(r) : { ...requiredQuery(r), ...query });
              const res = await send(`${owner.name}'s ids`, caller.name, r.method, url);
              const empty = () => {
                if (r.method === 'HEAD') return true;
                try {
                  const b = JSON.parse(res.body);
                  return b.total === 0 && Array.isArray(b.rows) && b.rows.length === 0;
                } catch {
                  return false;
                }
              };
              // 400 is a refusal too (an id query parameter naming nothing the caller has may be malformed for it).
              expect(
                `${owner.name}'s ids`,
                r.method,
                url,
                res,
                (s) => s === 404 || s === 400 || (s === 200 && empty()),
                '404 or an empty list',
              );
            }
          }
        }
      }
      // Each route's combinations reach at least one object for its owner: the 404s above are about access, not about absent data.
      for (const [route, statuses] of ownerAnswered) {
        if (!statuses.some((s) => s >= 200 && s < 300))
          failures.push(
            `owner never got a 2xx from ${route} (statuses ${[...new Set(statuses)].join(', ')}): the matrix would prove nothing there`,
          );
      }
      report('ids of others, reads');
    });

    it("writes with ids of others touch only the caller's own data", async () => {
      for (const r of protectedRoutes().filter((x) => ['PUT', 'DELETE', 'POST', 'PATCH'].includes(x.method) && idParams(x).length > 0)) {
        for (const owner of owned) {
          for (const caller of datasets.filter((d) => owner.foreignTo(d))) {
            const ids = combos(r, owner)[0]!;
            const url = pathFor(r, caller, ids);
            const res = await send(`${owner.name}'s ids (write)`, caller.name, r.method, url, bodyOf(r));
            // A DELETE finds nothing of the caller's; a PUT creates the caller's own entry.
            if (r.method === 'DELETE') expect(`${owner.name}'s ids (write)`, r.method, url, res, (s) => s === 404, '404');
            else
              expect(
                `${owner.name}'s ids (write)`,
                r.method,
                url,
                res,
                (s) => s < 300 || (s >= 400 && s !== 401 && s !== 403 && s < 500),
                'a write to its own data',
              );
          }
        }
      }
      // Every dataset still reads its own entries, with its own values.
      const kept: Array<[Dataset, { url: string }, string]> = datasets.flatMap((d) =>
        storageEntries(d).map((e) => [d, e, d.secret] as [Dataset, { url: string }, string]),
      );
      for (const [tenant, writer] of [
        ['tenant-a', A1],
        ['tenant-b', B],
      ] as const) {
        const shared = sharedEntries(tenant);
        for (const e of shared.entries) kept.push([writer, e, shared.secret]);
      }
      for (const [d, e, secret] of kept) {
        const res = await send('owner after others wrote', d.name, 'GET', e.url);
        if (res.statusCode !== 200 || !res.body.includes(secret))
          failures.push(`${d.name}'s entry ${e.url} changed after others wrote: ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
      report('ids of others, writes');
    });

    it('owners use every route: no 401, 403 or 5xx', async () => {
      for (const r of protectedRoutes()) {
        for (const d of datasets) {
          const url = pathFor(r, d, ownIds(r, d));
          const res = await send('owner', d.name, r.method, url, bodyOf(r));
          expect('owner', r.method, url, res, (s) => s !== 401 && s !== 403 && s < 500, 'an answer for the owner');
        }
      }
      report('owners');
    });

    it('no response carried a marker its token may not read; each planted secret reached its owner', (t) => {
      report('leaks');
      for (const m of markers.filter((x) => x.kind === 'secret'))
        assert.ok(seenBy.has(m.text), `${m.owner}'s secret never appeared in its owner's answers`);
      t.diagnostic(`${sentCount} requests over ${routes.length} routes and methods`);
    });
    // Rate limiting is tested on its own (limits.test.ts); here it would only turn answers into 429s.
  },
  { config: { rateLimitMax: 0 } },
);
