// The parse worker's entry: turns on Node's on-disk compile cache and the bundled TypeBox and Kysely
// (platform/bundled-packages.ts) for this thread (as src/cli.ts does for the main thread) before the
// worker's modules are loaded, so the worker parses its first batch sooner; the main thread waits
// for that batch once its own start is done.

import module from 'node:module';
import { useBundledPackages } from '../platform/bundled-packages.ts';

module.enableCompileCache?.();
useBundledPackages();
await import('./parse-worker.ts');
