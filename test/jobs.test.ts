// The durable job runner (src/platform/jobs) on both engines: a job runs once, across replicas
// claiming together; a failed attempt is retried with backoff and fails for good when its
// attempts are spent; a job whose worker died is taken up when its lease lapses; at shutdown a
// running job is handed back and the next runner carries on; keys keep one unfinished job each;
// a handler's completion writes commit with the completion.

import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { it } from 'node:test';
import { openDb } from '../src/platform/db/open.ts';
import type { Db } from '../src/platform/db/database.ts';
import { backoffMs, type JobHandler, JobRunner, PermanentJobError, type RunnerOptions } from '../src/platform/jobs/runner.ts';
import { claimJobs, enqueueJob, getJob, type Job } from '../src/platform/jobs/store.ts';
import { describeEngines } from './helpers/harness.ts';

const fast: RunnerOptions = { concurrency: 2, pollMs: 30, leaseMs: 600, retryBaseMs: 80, retryMaxMs: 1000 };
const id = () => `job_${randomBytes(6).toString('hex')}`;

async function until<T>(what: string, probe: () => Promise<T | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const settled = (db: Db, tenant: string, jobId: string) =>
  until(`job ${jobId} to settle`, async () => {
    const j = await getJob(db, tenant, jobId);
    return j && (j.state === 'completed' || j.state === 'failed') ? j : undefined;
  });

function runner(db: Db, kind: string, handler: JobHandler, options: Partial<RunnerOptions> = {}): JobRunner {
  const r = new JobRunner(db, { ...fast, ...options });
  r.handle(kind, handler);
  return r;
}

describeEngines('jobs', (h) => {
  it('runs a job once, committing its completion writes with it, and frees its key for the next', async () => {
    const db = h().db;
    const runs: string[] = [];
    const r = runner(db, 'tick', {
      async run({ job }) {
        runs.push(job.id);
        const n = (job.payload as { n: number }).n;
        // The successor under the same key: possible only once this job no longer holds it.
        if (n < 3)
          return (tx) =>
            enqueueJob(
              tx,
              { tenant: 't1', id: `${job.id.split('.')[0]}.${n + 1}`, kind: 'tick', key: 'tick:t1', payload: { n: n + 1 } },
              Date.now(),
            ).then(() => {});
      },
    });
    const first = `${id()}.1`;
    assert.equal(await enqueueJob(db, { tenant: 't1', id: first, kind: 'tick', key: 'tick:t1', payload: { n: 1 } }, Date.now()), true);
    // Another job under the key while the first is unfinished: nothing.
    assert.equal(await enqueueJob(db, { tenant: 't1', id: id(), kind: 'tick', key: 'tick:t1', payload: { n: 9 } }, Date.now()), false);
    r.start();
    const base = first.split('.')[0]!;
    const last = await settled(db, 't1', `${base}.3`);
    await r.stop();
    assert.equal(last.state, 'completed');
    assert.equal(last.attempts, 1);
    assert.deepEqual(runs, [`${base}.1`, `${base}.2`, `${base}.3`]);
    for (const n of [1, 2]) {
      const j = await getJob(db, 't1', `${base}.${n}`);
      assert.equal(j?.state, 'completed');
      assert.equal(j?.leaseOwner, null);
      assert.ok(j!.finishedAt! >= j!.startedAt!);
    }
  });

  it('two replicas claiming together run each job exactly once', async () => {
    const db = h().db;
    const second = openDb(h().config.db, { pgPool: 4 });
    try {
      const seen = new Map<string, string[]>();
      const handler = (name: string): JobHandler => ({
        async run({ job }) {
          seen.set(job.id, [...(seen.get(job.id) ?? []), name]);
          await new Promise((r) => setTimeout(r, 5 + Math.random() * 20));
        },
      });
      const ids = Array.from({ length: 40 }, () => id());
      for (const jobId of ids) await enqueueJob(db, { tenant: 't1', id: jobId, kind: 'pair', payload: {} }, Date.now());
      const a = runner(db, 'pair', handler('a'), { concurrency: 3 });
      const b = runner(second, 'pair', handler('b'), { concurrency: 3 });
      a.start();
      b.start();
      for (const jobId of ids) assert.equal((await settled(db, 't1', jobId)).attempts, 1, `${jobId} claimed once`);
      await Promise.all([a.stop(), b.stop()]);
      assert.equal(seen.size, ids.length);
      for (const [jobId, by] of seen) assert.equal(by.length, 1, `${jobId} ran ${by.length} times (${by.join(', ')})`);
      const counts: Record<string, number> = {};
      for (const n of [...seen.values()].flat()) counts[n] = (counts[n] ?? 0) + 1;
      assert.ok((counts.a ?? 0) > 0 && (counts.b ?? 0) > 0, `both replicas ran jobs: ${JSON.stringify(counts)}`);
    } finally {
      await second.close();
    }
  });

  it('retries a failed attempt after a growing backoff, then completes; fails for good when attempts are spent', async () => {
    const db = h().db;
    const starts: number[] = [];
    const states: string[] = [];
    const flaky = id();
    const doomed = id();
    const failedHook: string[] = [];
    const r = runner(db, 'flaky', {
      async run({ job }) {
        if (job.id === flaky) {
          starts.push(Date.now());
          if (starts.length < 3) throw new Error(`attempt ${starts.length} broke`);
          return;
        }
        throw new Error('always broken');
      },
      async failed(_tx, job, error) {
        failedHook.push(`${job.id}: ${error}`);
      },
    });
    await enqueueJob(db, { tenant: 't1', id: flaky, kind: 'flaky', payload: {}, maxAttempts: 5 }, Date.now());
    await enqueueJob(db, { tenant: 't1', id: doomed, kind: 'flaky', payload: {}, maxAttempts: 2 }, Date.now());
    r.start();
    const watch = setInterval(() => {
      getJob(db, 't1', flaky).then((j) => j && states.at(-1) !== j.state && states.push(j.state));
    }, 5);
    const ok = await settled(db, 't1', flaky);
    const bad = await settled(db, 't1', doomed);
    clearInterval(watch);
    await r.stop();
    assert.equal(ok.state, 'completed');
    assert.equal(ok.attempts, 3);
    assert.equal(ok.lastError, null);
    assert.ok(states.includes('retry_pending'), `states seen: ${states.join(' → ')}`);
    // Backoff: at least half of base · 2^(n-1) before retry n.
    assert.ok(starts[1]! - starts[0]! >= fast.retryBaseMs / 2, `first retry after ${starts[1]! - starts[0]!} ms`);
    assert.ok(starts[2]! - starts[1]! >= fast.retryBaseMs, `second retry after ${starts[2]! - starts[1]!} ms`);
    assert.equal(bad.state, 'failed');
    assert.equal(bad.attempts, 2);
    assert.equal(bad.lastError, 'always broken');
    assert.deepEqual(failedHook, [`${doomed}: always broken`]);
  });

  it('a permanent error fails the job at once', async () => {
    const db = h().db;
    const r = runner(db, 'perm', {
      async run() {
        throw new PermanentJobError('the input is gone');
      },
    });
    const jobId = id();
    await enqueueJob(db, { tenant: 't1', id: jobId, kind: 'perm', payload: {} }, Date.now());
    r.start();
    const j = await settled(db, 't1', jobId);
    await r.stop();
    assert.equal(j.state, 'failed');
    assert.equal(j.attempts, 1);
    assert.equal(j.lastError, 'the input is gone');
  });

  it('takes up a job whose worker died once its lease lapses', async () => {
    const db = h().db;
    const jobId = id();
    await enqueueJob(db, { tenant: 't1', id: jobId, kind: 'orphan', payload: {} }, Date.now());
    // A worker claims it and dies at once: it never renews or settles.
    const [claimed] = await claimJobs(db, { owner: 'dead-worker', kinds: ['orphan'], now: Date.now(), leaseMs: 300, limit: 1 });
    assert.equal(claimed?.id, jobId);
    assert.equal((await getJob(db, 't1', jobId))?.state, 'running');
    const ranAt: number[] = [];
    const r = runner(db, 'orphan', {
      async run() {
        ranAt.push(Date.now());
      },
    });
    r.start();
    const j = await settled(db, 't1', jobId);
    await r.stop();
    assert.equal(j.state, 'completed');
    assert.equal(j.attempts, 2, 'the lost run counts as an attempt');
    assert.equal(ranAt.length, 1);
    assert.ok(ranAt[0]! >= claimed!.leaseUntil!, 'not before the lease lapsed');
  });

  it('hands a running job back at shutdown; the next runner carries on with it', async () => {
    const db = h().db;
    const jobId = id();
    await enqueueJob(db, { tenant: 't1', id: jobId, kind: 'long', payload: {} }, Date.now());
    let started = false;
    const first = runner(db, 'long', {
      run: ({ signal, progress }) =>
        new Promise((_resolve, reject) => {
          started = true;
          progress({ rows: 10 });
          signal.addEventListener('abort', () => reject(signal.reason));
        }),
    });
    first.start();
    await until('the job to start', async () => started);
    await first.stop();
    const back: Job | undefined = await getJob(db, 't1', jobId);
    assert.equal(back?.state, 'scheduled');
    assert.equal(back?.attempts, 0);
    assert.equal(back?.leaseOwner, null);
    const second = runner(db, 'long', { async run() {} });
    second.start();
    const j = await settled(db, 't1', jobId);
    await second.stop();
    assert.equal(j.state, 'completed');
    assert.equal(j.attempts, 1);
  });

  it('backoff doubles per attempt up to the cap, with jitter between half and all of it', () => {
    assert.equal(
      backoffMs(1, 1000, 60_000, () => 1),
      1000,
    );
    assert.equal(
      backoffMs(3, 1000, 60_000, () => 1),
      4000,
    );
    assert.equal(
      backoffMs(3, 1000, 60_000, () => 0),
      2000,
    );
    assert.equal(
      backoffMs(20, 1000, 60_000, () => 1),
      60_000,
    );
  });
});
