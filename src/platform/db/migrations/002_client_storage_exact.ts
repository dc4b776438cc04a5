// Client storage keeps what clients store, exactly, on both engines.
//
// - `value` becomes `json` instead of `jsonb` on PostgreSQL. jsonb re-orders object members, drops
//   duplicate ones, and refuses strings JavaScript and SQLite accept (lone surrogates such as
//   "\ud800", and "\u0000"); `json` keeps the compact text the service wrote, so a GET answers the
//   same bytes on PostgreSQL as on SQLite and never needs a parse.
// - `client_id`, `namespace` and `key` compare bytewise (collation "C"), as SQLite's BINARY does,
//   so key listings page in the same order on both engines whatever the database's locale.
//
// SQLite already stores text and compares bytewise: nothing to do there.

import type { Ddl } from './ddl.ts';

export const up: Ddl = {
  sqlite: 'select 1;',
  postgres: `
alter table client_storage
  alter column value type json using value::json,
  alter column client_id type text collate "C",
  alter column namespace type text collate "C",
  alter column key type text collate "C";
`,
};
