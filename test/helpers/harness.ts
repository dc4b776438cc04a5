// The behaviour-suite harness: each suite runs once on SQLite and once on PostgreSQL, against a
// database of its own created for the run and dropped after it. Requests go through HTTP
// (Fastify's inject) exactly as a client's would.
//
// PostgreSQL is required, not optional: AISPM_TEST_PG names the server (default
// postgres://postgres@127.0.0.1:5432/postgres); if it cannot be reached the suite fails.

import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe } from 'node:test';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { loadConfig, type Config } from '../../src/config.ts';
import { buildApp, migrate, type Service } from '../../src/compose.ts';
import type { AppContext } from '../../src/platform/http/context.ts';
import type { IngestSummary } from '../../src/ingest/pipeline.ts';
import type { Db } from '../../src/platform/db/database.ts';
import { openDb } from '../../src/platform/db/open.ts';
import { ALL_WORKSPACES, createToken, type Scope } from '../../src/platform/auth/tokens.ts';
import type { JobRunner } from '../../src/platform/jobs/runner.ts';

export type EngineName = 'sqlite' | 'postgres';
export const engineNames: EngineName[] = ['sqlite', 'postgres'];

const PG_ADMIN = process.env.AISPM_TEST_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/** A fresh, empty database of the engine, owned by the caller. */
export async function createDatabase(engine: EngineName): Promise<TestDatabase> {
  if (engine === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'aispm-test-'));
    return { url: `sqlite:${join(dir, 'test.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const name = `aispm_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: PG_ADMIN });
  try {
    await admin.connect();
  } catch (err) {
    throw new Error(
      `PostgreSQL is required for the test suite but ${PG_ADMIN.replace(/\/\/[^@]*@/, '//')} is not reachable ` +
        `(${(err as Error).message}); start it or set AISPM_TEST_PG`,
    );
  }
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface TokenSpec {
  tenant?: string;
  user?: string;
  workspaces?: string[];
  scopes?: Scope[];
  expiresInMs?: number;
  now?: number;
}

export interface Harness {
  engine: EngineName;
  app: FastifyInstance;
  ctx: AppContext;
  /** The app's ingest and posture rules (observers, direct ingest, whole-workspace evaluation). */
  service: Service;
  /** The app's background job runner, not started: suites that need background work start it. */
  jobs: JobRunner;
  db: Db;
  config: Config;
  /** Creates a token (default: tenant t1, user u1, all workspaces, read). */
  token(spec?: TokenSpec): Promise<string>;
  get(url: string, token?: string, headers?: Record<string, string>): Promise<LightMyRequestResponse>;
  request(opts: {
    method: string;
    url: string;
    token?: string;
    headers?: Record<string, string>;
    payload?: string | Buffer | object;
  }): Promise<LightMyRequestResponse>;
  /** Writes records through the ingest pipeline, as one all-or-nothing batch. */
  ingest(tenant: string, workspace: string, records: object[]): Promise<IngestSummary>;
  /** Gives a workspace data (one location), for suites that read a workspace only to test something else: a workspace with none answers 404. */
  seed(tenant: string, workspace: string): Promise<void>;
  close(): Promise<void>;
}

export interface HarnessOptions {
  config?: Partial<Config>;
  now?: () => number;
}

export async function startHarness(engine: EngineName, options: HarnessOptions = {}): Promise<Harness> {
  const database = await createDatabase(engine);
  // View exports are written here, never under the working directory.
  const exports = mkdtempSync(join(tmpdir(), 'aispm-exports-'));
  const config: Config = {
    ...loadConfig({}),
    exportDir: exports,
    db: database.url,
    authCacheMs: 0,
    pgPool: 4,
    ingestMaxBytes: 8 * 1024 * 1024,
    ...options.config,
  };
  const db = openDb(config.db, { pgPool: config.pgPool, pgReadPipes: config.pgReadPipes });
  await migrate(db);
  const { app, ctx, service, jobs } = await buildApp({ db, config, logger: false, now: options.now });
  const h: Harness = {
    engine,
    app,
    ctx,
    db,
    config,
    service,
    jobs,
    async token(spec = {}) {
      const { token } = await createToken(db, {
        tenantId: spec.tenant ?? 't1',
        userId: spec.user ?? 'u1',
        workspaces: spec.workspaces ?? [ALL_WORKSPACES],
        scopes: spec.scopes ?? ['read'],
        expiresInMs: spec.expiresInMs,
        now: spec.now,
      });
      return token;
    },
    get(url, token, headers = {}) {
      return app.inject({ method: 'GET', url, headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } });
    },
    request({ method, url, token, headers = {}, payload }) {
      return app.inject({
        method: method as 'GET',
        url,
        payload: payload as string,
        headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      });
    },
    ingest(tenant, workspace, records) {
      const body = records.map((r) => JSON.stringify(r)).join('\n') + '\n';
      return service.ingestor.ingest(db, [Buffer.from(body)], {
        tenant,
        workspace,
        storePrompts: config.storePrompts,
        batchSize: 1000,
        mode: 'request',
        now: options.now,
        evaluateRules: config.postureRules,
      });
    },
    async seed(tenant, workspace) {
      const s = await h.ingest(tenant, workspace, [
        { type: 'entity', kind: 'location', id: 'seed', name: 'seed', last_seen: new Date(0).toISOString() },
      ]);
      if (s.rejected) throw new Error(`seeding ${tenant}/${workspace}: ${JSON.stringify(s.errors)}`);
    },
    async close() {
      await app.close();
      await db.close();
      await database.drop();
      rmSync(exports, { recursive: true, force: true });
    },
  };
  return h;
}

/**
 * Declares a suite once per engine. `fn` receives a getter for the harness, which is started
 * before the suite's tests and closed after them.
 */
export function describeEngines(name: string, fn: (h: () => Harness, engine: EngineName) => void, options: HarnessOptions = {}): void {
  for (const engine of engineNames) {
    describe(`${name} [${engine}]`, () => {
      let harness: Harness | undefined;
      before(async () => {
        harness = await startHarness(engine, options);
      });
      after(async () => {
        await harness?.close();
      });
      fn(() => {
        if (!harness) throw new Error('harness not started');
        return harness;
      }, engine);
    });
  }
}

/** The body of a response as JSON. */
export function body<T = any>(res: LightMyRequestResponse): T {
  return JSON.parse(res.body) as T;
}

/** Zips a tabular result's header with each row. */
export function objects(result: { header: string[]; rows: unknown[][] }): Array<Record<string, any>> {
  return result.rows.map((r) => Object.fromEntries(result.header.map((h, i) => [h, r[i]])));
}

/** Follows cursors through every page of a tabular endpoint; `totals`: the total each page said. */
export async function allPages(
  h: Harness,
  url: string,
  token: string,
): Promise<{ rows: unknown[][]; pages: number; header: string[]; totals: number[] }> {
  const rows: unknown[][] = [];
  const totals: number[] = [];
  let cursor = '';
  let pages = 0;
  let header: string[] = [];
  do {
    const sep = url.includes('?') ? '&' : '?';
    const res = await h.get(cursor ? `${url}${sep}cursor=${encodeURIComponent(cursor)}` : url, token);
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    const page = body(res);
    header = page.header;
    rows.push(...page.rows);
    totals.push(page.total);
    cursor = page.cursor;
    pages++;
    if (pages > 10_000) throw new Error('too many pages');
  } while (cursor);
  return { rows, pages, header, totals };
}

export { ALL_WORKSPACES };
