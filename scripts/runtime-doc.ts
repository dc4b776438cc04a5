// Writes the generated section of docs/RUNTIME.md: the dialect tables, from the declarations of
// src/areas/telemetry/dialects/ in the order of their registry. test/docs.test.ts fails when the
// committed section is out of date.

import { dialectTables } from '../src/areas/telemetry/dialects/doc.ts';
import { type Section, writeSections } from './generated-sections.ts';

export const sections: Section[] = [
  {
    begin: '<!-- dialects: generated from src/areas/telemetry/dialects/ by `node scripts/runtime-doc.ts` -->',
    end: '<!-- end of dialects -->',
    text: dialectTables,
  },
];

if (import.meta.main) writeSections('docs/RUNTIME.md', sections);
