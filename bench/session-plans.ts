// Prints the query plan of every sessions-list order (each sort column, both directions, with and
// without agent_id, first page and a page after a cursor) on a demo estate, to check each one is
// an index walk with no sort step, and whether the walk reads the rows from the index alone (a
// covering index: SQLite's `COVERING INDEX`, PostgreSQL's `Index Only Scan`).
//
//   node bench/session-plans.ts [--engine sqlite|postgres] [--db URL --workspace W] [--loop N]
//
// --db: a kept benchmark database as it is (not migrated, so a database of an older schema can be
// compared with one migrated here) instead of a demo estate; --loop N: also runs
// each page statement (a page of ten) N times in a loop and prints its mean CPU time in µs.

import { CompiledQuery } from 'kysely';
import { DEMO_TENANT } from '../src/demo/estate.ts';
import { loadDemo } from '../src/demo/load.ts';
import { openDb } from '../src/platform/db/open.ts';
import { migrate } from '../src/compose.ts';
import { bind, type Db, type Template } from '../src/platform/db/database.ts';
import { readFilters } from '../src/platform/lists/filters.ts';
import { readPage } from '../src/platform/lists/list-page.ts';
import { sessionSortColumns, sessionsList } from '../src/areas/runtime/sessions.ts';
import { createDatabase } from '../test/helpers/harness.ts';

/** The page statement the last readPage ran: the first statement through `all` (the total is a `first`). */
function recording(db: Db): { db: Db; last(): { t: Template<unknown>; args: Record<string, unknown> } } {
  let seen: { t: Template<unknown>; args: Record<string, unknown> } | undefined;
  const wrapped = Object.create(db) as Db;
  wrapped.all = (t, args) => {
    seen = { t, args: args ?? {} };
    return db.all(t, args);
  };
  return { db: wrapped, last: () => seen! };
}

const flag = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const kept = flag('--db');
const engine = (kept ? (kept.startsWith('postgres') ? 'postgres' : 'sqlite') : (flag('--engine') ?? 'sqlite')) as 'sqlite' | 'postgres';
const workspace = flag('--workspace') ?? (kept ? 'bench' : 'default');
const loop = Number(flag('--loop') ?? 0);
const database = kept ? { url: kept, drop: async () => {} } : await createDatabase(engine);
const db = openDb(database.url);
try {
  if (!kept) {
    await migrate(db);
    await loadDemo(db, { scale: 1, seed: 1, now: Date.now(), storePrompts: false });
    if (engine === 'postgres') await db.exec('analyze');
  }
  let walks = 0;
  let covered = 0;
  let total = 0;
  let micros = 0;
  for (const agent of [undefined, 'agent-00001']) {
    for (const sort of sessionSortColumns) {
      for (const dir of ['asc', 'desc'] as const) {
        // The first page, then the page after it (the cursor of a real first page).
        const rec = recording(db);
        const scope = { args: { tenant: DEMO_TENANT, workspace }, key: '', fingerprint: [] };
        const filters = readFilters(sessionsList.filters, sessionsList.columns, agent ? { agent_id: agent } : {});
        const sortTerms = [{ column: sort, dir }];
        const first = await readPage(rec.db, sessionsList, scope, { filters, sort: sortTerms, after: null, limit: 10 });
        for (const after of [null, first.next]) {
          await readPage(rec.db, sessionsList, scope, { filters, sort: sortTerms, after, limit: 10 });
          const { t, args } = rec.last();
          const params = bind(db.dialect, t, args);
          const res = await db.execute<Record<string, string>>(
            CompiledQuery.raw(`${engine === 'sqlite' ? 'explain query plan' : 'explain'} ${t.sql}`, params),
          );
          const plan = res.rows.map((r) => r.detail ?? r['QUERY PLAN']).join(' | ');
          const sorts = /TEMP B-TREE|Sort\b|Seq Scan/i.test(plan);
          const covering = /COVERING INDEX|Index Only Scan/.test(plan);
          total++;
          if (!sorts) walks++;
          if (covering) covered++;
          let timing = '';
          if (loop > 0) {
            for (let i = 0; i < Math.min(loop, 200); i++) await db.all(t, args);
            // CPU time of the process (the machine is shared; wall time swings with its load).
            const c0 = process.cpuUsage();
            for (let i = 0; i < loop; i++) await db.all(t, args);
            const c1 = process.cpuUsage(c0);
            const us = (c1.user + c1.system) / loop;
            micros += us;
            timing = ` ${us.toFixed(1).padStart(7)} µs`;
          }
          console.log(
            `${sorts ? 'NOT A WALK' : 'walk      '}${covering ? ' covering' : '         '}${timing}  agent=${agent ? 'yes' : 'no '} sort=${sort.padEnd(12)} ${dir.padEnd(4)} ${after ? 'after' : 'first'}  ${plan}`,
          );
        }
      }
    }
  }
  console.log(`${walks}/${total} orders are index walks on ${engine}, ${covered}/${total} from a covering index`);
  if (loop > 0)
    console.log(`page statement: ${(micros / total).toFixed(1)} µs of CPU, mean over the ${total} statements (${loop} runs each)`);
} finally {
  await db.close();
  await database.drop();
}
