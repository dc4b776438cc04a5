// Prints the query plan of every sessions-list order (each sort column, both directions, with and
// without agent_id, first page and a page after a cursor) on a demo estate, to check each one is
// an index walk with no sort step.
//
//   node bench/session-plans.ts [--engine sqlite|postgres]

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
function recording(db: Db): { db: Db; last(): { t: Template; args: Record<string, unknown> } } {
  let seen: { t: Template; args: Record<string, unknown> } | undefined;
  const wrapped = Object.create(db) as Db;
  wrapped.all = (t, args) => {
    seen = { t, args: args ?? {} };
    return db.all(t, args);
  };
  return { db: wrapped, last: () => seen! };
}

const engine = (process.argv.includes('--engine') ? process.argv[process.argv.indexOf('--engine') + 1] : 'sqlite') as 'sqlite' | 'postgres';
const database = await createDatabase(engine);
const db = openDb(database.url);
try {
  await migrate(db);
  await loadDemo(db, { scale: 1, seed: 1, now: Date.now(), storePrompts: false });
  if (engine === 'postgres') await db.exec('analyze');
  let walks = 0;
  let total = 0;
  for (const agent of [undefined, 'agent-00001']) {
    for (const sort of sessionSortColumns) {
      for (const dir of ['asc', 'desc'] as const) {
        // The first page, then the page after it (the cursor of a real first page).
        const rec = recording(db);
        const scope = { args: { tenant: DEMO_TENANT, workspace: 'default' }, key: '', fingerprint: [] };
        const filters = readFilters(sessionsList.filters, sessionsList.columns, agent ? { agent_id: agent } : {});
        const sortTerms = [{ column: sort, dir }];
        const first = await readPage(rec.db, sessionsList, scope, { filters, sort: sortTerms, after: null, limit: 5 });
        for (const after of [null, first.next]) {
          await readPage(rec.db, sessionsList, scope, { filters, sort: sortTerms, after, limit: 5 });
          const { t, args } = rec.last();
          const params = bind(db.dialect, t, args);
          const res = await db.execute<Record<string, string>>(
            CompiledQuery.raw(`${engine === 'sqlite' ? 'explain query plan' : 'explain'} ${t.sql}`, params),
          );
          const plan = res.rows.map((r) => r.detail ?? r['QUERY PLAN']).join(' | ');
          const sorts = /TEMP B-TREE|Sort\b|Seq Scan/i.test(plan);
          total++;
          if (!sorts) walks++;
          console.log(
            `${sorts ? 'NOT A WALK' : 'walk      '}  agent=${agent ? 'yes' : 'no '} sort=${sort.padEnd(12)} ${dir.padEnd(4)} ${after ? 'after' : 'first'}  ${plan}`,
          );
        }
      }
    }
  }
  console.log(`${walks}/${total} orders are index walks on ${engine}`);
} finally {
  await db.close();
  await database.drop();
}
