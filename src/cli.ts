#!/usr/bin/env node
// The `aispm` command. Turns on Node's on-disk compile cache before anything else is loaded:
// compiling (and type-stripping) the service's modules is most of its start-up time, and the
// cache cuts a start on an existing database from about 1.4 s to well under one. The commands
// themselves are in cli-program.ts.

import module from 'node:module';

module.enableCompileCache?.();
await import('./cli-program.ts');
