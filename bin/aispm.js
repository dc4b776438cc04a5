#!/usr/bin/env node
// The `aispm` command on any Node that can run npm. The service is TypeScript run directly by
// Node's type stripping (22.18 and later). On such a Node this imports src/cli.ts in-process; on
// an older one (Debian's and Ubuntu's Node 20, say) it runs src/cli.ts on the Node 24 that
// `npm install` brought (the optional dependency node-<os>-<arch>, linked as node_modules/.bin/node),
// passing the arguments, the terminal and the exit status through. Plain JavaScript on purpose:
// this file must parse on the old Node too.

import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

const [major, minor] = process.versions.node.split('.').map(Number);
const strips = major > 22 || (major === 22 && minor >= 18);

if (strips) {
  // Before src/cli.ts, not in it: with the compile cache on, Node takes the type-stripped
  // src/cli.ts and config.ts from the cache instead of loading the stripper (about 80 ms of
  // every command's start). src/cli.ts enables it again for `node src/cli.ts` (a no-op here).
  module.enableCompileCache?.();
  await import('../src/cli.ts');
} else {
  const bundled = fileURLToPath(new URL('../node_modules/.bin/node', import.meta.url));
  if (!existsSync(bundled)) {
    process.stderr.write(
      `aispm: this is Node ${process.versions.node}; aispm needs Node 22.18 or later. npm install brings Node 24 ` +
        `on Linux (x64, arm64): run npm install in the checkout, or install Node 24 from https://nodejs.org\n`,
    );
    process.exit(1);
  }
  const cli = fileURLToPath(new URL('../src/cli.ts', import.meta.url));
  const child = spawn(bundled, [cli, ...process.argv.slice(2)], { stdio: 'inherit' });
  // The child shares the terminal, so Ctrl-C reaches it directly; a signal sent to this process
  // alone (a supervisor's SIGTERM) is passed on, and this process waits for the child's end.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
}
