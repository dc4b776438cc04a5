/** A JSON column: jsonb on PostgreSQL, text on SQLite (read back with `readJson`). */
export type Json = unknown;
