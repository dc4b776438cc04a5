// BENCHMARKS.md's generated sections: each stands between `<!-- bench:<name>:start -->` and
// `<!-- bench:<name>:end -->`, and the run that measures it replaces it in place (appends it the
// first time). Found by position, not by a regular expression: a `$` in a figure stays a `$`.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const FILE = new URL('../BENCHMARKS.md', import.meta.url);

/** Writes `section` (its own markers included) over the section `name` of BENCHMARKS.md. */
export function writeSection(name: string, section: string): void {
  let text = existsSync(FILE) ? readFileSync(FILE, 'utf8') : '# Benchmarks\n';
  const start = `<!-- bench:${name}:start -->`;
  const end = `<!-- bench:${name}:end -->`;
  const from = text.indexOf(start);
  const to = from < 0 ? -1 : text.indexOf(end, from);
  text = to < 0 ? `${text.trimEnd()}\n\n${section}\n` : text.slice(0, from) + section + text.slice(to + end.length);
  writeFileSync(FILE, text);
}
