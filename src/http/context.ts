// What route modules get from the app: the database, the configuration, the cursor signer and
// the token cache.

import type { Config } from '../config.ts';
import type { Cursors } from '../query/cursor.ts';
import type { Db } from '../store/db.ts';
import type { TokenCache } from './auth.ts';

export interface AppContext {
  db: Db;
  config: Config;
  cursors: Cursors;
  tokens: TokenCache;
  /** Wall clock; tests may pin it. */
  now: () => number;
}
