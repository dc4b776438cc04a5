// Diagnostics and the process's own plumbing: read where they act, not part of the service's Config.

import { setting } from './setting.ts';

export const toolingSettings = {
  sqlProfile: setting({
    env: 'AISPM_SQL_PROFILE',
    type: 'boolean',
    default: false,
    shown: '*(off)*',
    doc: '`1` prints the time spent per SQL statement when the process exits.',
  }),
  sqliteDriver: setting({
    env: 'AISPM_SQLITE_DRIVER',
    type: 'string',
    default: 'node',
    oneOf: ['node', 'better'],
    doc: "The SQLite driver: `node` (Node's built-in `node:sqlite`) or `better` (better-sqlite3); see BENCHMARKS.md for how they compare.",
  }),
  workerIndex: setting({
    env: 'AISPM_WORKER_INDEX',
    type: 'string',
    default: '',
    shown: '*(set by the primary)*',
    doc: 'Which worker a process is under `serve --workers N` (0 runs the maintenance job); not for operators to set.',
  }),
  reexecuted: setting({
    env: 'AISPM_REEXECUTED',
    type: 'boolean',
    default: false,
    shown: '*(set by `serve`)*',
    doc: 'Marks the child `serve` and `start` run the service in where execve does not exist (see `AISPM_SEMI_SPACE_MB`); not for operators to set.',
  }),
};
