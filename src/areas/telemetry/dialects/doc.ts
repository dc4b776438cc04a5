// docs/RUNTIME.md's dialect tables, written from the dialects' declarations (scripts/runtime-doc.ts
// rewrites the section; test/docs.test.ts fails when the committed doc is not what this says).

import { DIALECTS, PRECEDENCE, SESSION_KEYS } from './registry.ts';
import { codes } from './reader.ts';

export function dialectTables(): string {
  const labels = (claims: string) =>
    PRECEDENCE.filter((d) => d.claims === claims)
      .map((d) => d.doc.label)
      .join(', then ');
  const blocks: string[] = [
    `A span that speaks several dialects is read by one: the first of ${labels('kind')} whose kind attribute it\n` +
      `carries; a span none of them gave a role, by ${labels('fallback')}. The GenAI attributes then fill in\n` +
      'what that reading left out (the SDKs repeat them on their spans).',
  ];
  for (const { doc } of DIALECTS) {
    blocks.push(doc.intro);
    if (doc.table) blocks.push(['| field | attributes |', '|---|---|', ...doc.table.map(([f, a]) => `| ${f} | ${a} |`)].join('\n'));
    if (doc.after) blocks.push(doc.after);
  }
  blocks.push(
    `Session ids, in order: ${codes(SESSION_KEYS)}; on the span, else its nearest ancestor that has one\n` +
      '(in the export, or a span kept from an earlier one), else the trace id until such an ancestor arrives.',
  );
  return blocks.join('\n\n');
}
