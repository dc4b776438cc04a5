// The DDL of a migration: its text for each engine. Most migrations are one text for both
// (`same`), or one text with type placeholders (`typed`); the migrator runs the engine's own.

import type { Engine } from '../database.ts';

export type Ddl = Record<Engine, string>;

/** One text for both engines. */
export function same(text: string): Ddl {
  return { sqlite: text, postgres: text };
}

/** `{json}`, `{big}` and `{real}` become jsonb / bigint / double precision on PostgreSQL and text / integer / real on SQLite. */
export function typed(text: string): Ddl {
  const as = (json: string, big: string, real: string) =>
    text.replaceAll('{json}', json).replaceAll('{big}', big).replaceAll('{real}', real);
  return { sqlite: as('text', 'integer', 'real'), postgres: as('jsonb', 'bigint', 'double precision') };
}
