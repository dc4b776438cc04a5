// External rules keep what a code scanner says of them (a SARIF import's reporting descriptors,
// docs/IMPORTS.md): their tags (CWE ids among them, `CWE-79`) and the address of their help.

import { typed } from './ddl.ts';

export const up = typed(`
alter table rules add column tags {json} not null default '[]';
alter table rules add column help_uri text;
`);
