// What route modules get from the app: the database, the configuration, the cursor signer and
// the token cache, and the route table.

import type { Config } from '../../config.ts';
import type { Cursors } from '../db/paging/cursor.ts';
import type { Db } from '../db/database.ts';
import type { TokenCache } from './auth.ts';
import type { RouteEntry } from './route-table.ts';

export interface AppContext {
  db: Db;
  config: Config;
  cursors: Cursors;
  tokens: TokenCache;
  /** Wall clock; tests may pin it. */
  now: () => number;
  /** Every route and method the app serves, filled in as routes are added (tests enumerate it). */
  routes: readonly RouteEntry[];
}
