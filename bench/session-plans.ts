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
import { listSessions, sessionSortColumns } from '../src/areas/runtime/sessions.ts';
import { createDatabase } from '../test/helpers/harness.ts';

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
        const first = await listSessions(db, { tenant: DEMO_TENANT, workspace: 'default', agent, sort, dir, after: null, limit: 5 });
        for (const after of [null, first.next]) {
          const q = { tenant: DEMO_TENANT, workspace: "default", agent, sort, dir, after, limit: 5 };
          await listSessions(db, q);
          const sortSql = agent !== undefined && sort === 'session_id' ? 'agent_id' : sort;
          const key = `sessions.list:${agent !== undefined}|${sortSql}|session_id|${dir}|${after ? 'after' : 'first'}`;
          const t = db.template(key, () => { throw new Error(`template ${key} was not built`); });
          const args: Record<string, unknown> = { tenant: DEMO_TENANT, workspace: 'default', agent, limit: 6, after_sort: q.after?.[0], after_tie: q.after?.[1] };
          const params = t.slots.map((s) => ('name' in s ? args[s.name] : s.value));
          const res = await db.execute<Record<string, string>>(CompiledQuery.raw(`${engine === 'sqlite' ? 'explain query plan' : 'explain'} ${t.sql}`, params));
          const plan = res.rows.map((r) => r.detail ?? r['QUERY PLAN']).join(' | ');
          const sorts = /TEMP B-TREE|Sort\b|Seq Scan/i.test(plan);
          total++;
          if (!sorts) walks++;
          console.log(`${sorts ? 'NOT A WALK' : 'walk      '}  agent=${agent ? 'yes' : 'no '} sort=${sort.padEnd(12)} ${dir.padEnd(4)} ${after ? 'after' : 'first'}  ${plan}`);
        }
      }
    }
  }
  console.log(`${walks}/${total} orders are index walks on ${engine}`);
} finally {
  await db.close();
  await database.drop();
}
