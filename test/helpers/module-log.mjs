// Preloaded (`node --import`) into a process a test starts: records the URL of every module the
// process resolves or loads (a hook registered later, such as the command's own for its bundled
// packages, may resolve a module without asking this one) and writes them, one per line, to AISPM_MODULE_LOG when the process exits,
// followed by the internal modules of Node it loaded (`node:internal/…`, from process.moduleLoadList).
// Plain JavaScript: it is loaded before the type stripper would be.

import { writeFileSync } from 'node:fs';
import module from 'node:module';

const seen = new Set();
module.registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    seen.add(resolved.url);
    return resolved;
  },
  load(url, context, nextLoad) {
    seen.add(url);
    return nextLoad(url, context);
  },
});
process.on('exit', () => {
  const internal = process.moduleLoadList
    .filter((m) => m.startsWith('NativeModule '))
    .map((m) => `node:${m.slice('NativeModule '.length)}`);
  writeFileSync(process.env.AISPM_MODULE_LOG, [...seen, ...internal].join('\n'));
});
