// The body worker's entry: Node's on-disk compile cache and the bundled TypeBox and Kysely
// (platform/bundled-packages.ts) for this thread, as src/cli.ts has them for the main thread, before
// the worker's modules load, so a request that needs a new worker waits less for it.

import module from 'node:module';
import { useBundledPackages } from '../platform/bundled-packages.ts';

module.enableCompileCache?.();
useBundledPackages();
await import('./body-thread.ts');
