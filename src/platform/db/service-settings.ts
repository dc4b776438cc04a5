// The service's own settings kept in the database (`service_settings`): values every replica must
// share (the cursor-signing secret) and fingerprints of what was last rebuilt after a release
// (the stored rows' rendering, the risk formula), so a start rebuilds only what changed.

import type { Db, Executor } from './database.ts';
import { param } from './database.ts';

/** The stored value of `key`, if any. */
export async function readServiceSetting(db: Db, ex: Executor, key: string): Promise<string | undefined> {
  const t = db.template('service-settings.get', (b) => b.selectFrom('service_settings').select('value').where('key', '=', param('key')));
  return (await ex.first(t, { key }))?.value;
}

/** Stores `value` under `key`, replacing what was there. */
export async function saveServiceSetting(db: Db, ex: Executor, key: string, value: string): Promise<void> {
  const t = db.template('service-settings.save', (b) =>
    b
      .insertInto('service_settings')
      .values({ key: param('key'), value: param('value') })
      .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ value: eb.ref('excluded.value') }))),
  );
  await ex.run(t, { key, value });
}
