// The generated parts of a hand-written doc: each between a begin and an end marker, rewritten
// from the code that declares it (the settings, the posture rules, the controls). Every doc script
// writes through `writeSections`; its test compares the file with `withSections` of itself, so a
// declaration changed without the doc fails CI.

import { readFileSync, writeFileSync } from 'node:fs';

export interface Section {
  begin: string;
  end: string;
  text: () => string;
}

/** The doc's text with every section's content replaced by what its code declares now. */
export function withSections(doc: string, sections: readonly Section[], name: string): string {
  for (const { begin, end, text } of sections) {
    const start = doc.indexOf(begin);
    const stop = doc.indexOf(end);
    if (start < 0 || stop < start) throw new Error(`${name} has no ${begin} … ${end} section`);
    doc = `${doc.slice(0, start + begin.length)}\n\n${text()}\n\n${doc.slice(stop)}`;
  }
  return doc;
}

/** Rewrites the sections of the doc at `path` (relative to the repository). */
export function writeSections(path: string, sections: readonly Section[]): void {
  const url = new URL(`../${path}`, import.meta.url);
  writeFileSync(url, withSections(readFileSync(url, 'utf8'), sections, path));
}

/** The doc as committed, and as its code would write it: equal when it is current. */
export function sectionsOf(path: string, sections: readonly Section[]): { committed: string; generated: string } {
  const committed = readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
  return { committed, generated: withSections(committed, sections, path) };
}
