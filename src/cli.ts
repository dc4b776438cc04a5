#!/usr/bin/env node
// The `aispm` command. Turns on Node's on-disk compile cache before the command tree is loaded:
// compiling (and type-stripping) the service's modules is most of its start-up time, and the
// cache cuts a start on an existing database from about 1.4 s to well under one. bin/aispm.js
// (the installed command, and npm start) turns it on before this file, and a process this file
// replaces itself with (below) has it from its first module, so that neither loads the type
// stripper. Packages only some commands or settings need (Redis, the OIDC client, YAML, CVSS,
// zip) are imported where they are used, not at start. The commands themselves are in cli/
// (cli/index.ts lists them).
//
// `serve` and `start` run with V8's young generation bounded (AISPM_SEMI_SPACE_MB, default 4;
// 0 leaves V8's default). Under 50 concurrent connections V8 grew it to 128 MiB and kept it, for
// no throughput (model detail over distinct ids: 19,777 req/s with the default, 19,899 with
// 4 MiB; resident memory after the run 390 MB against 246 MB: BENCHMARKS.md). And with the old
// generation's growth after a major collection bounded (AISPM_HEAP_GROWTH_PERCENT, default 50;
// 0 leaves V8's own factor): V8 let the old space grow to up to four times what a collection kept
// (47 → 187 MB over the benchmark's first cached cases: request objects of 50 concurrent
// connections, promoted and dead) before collecting again. At 1.5 times it collects every few
// seconds under that load, pausing 12–35 ms, and the service ended the benchmark's read cases at
// 271–321 MB instead of 380–463 (docs/OPERATIONS.md). V8 reads both only at start, so the command
// replaces itself with node given them (execve: the same process, pid and output, ~40 ms more
// start), unless node was already given either. Where execve does not exist (Windows) it runs the
// service as its child instead: a second Node process kept ~40 MB resident for forwarding signals.

import { spawn } from 'node:child_process';
import module from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, clearSetting, processEnvironment, readSetting } from './config.ts';
import { useBundledPackages } from './platform/bundled-packages.ts';

const setting = <T>(read: () => T): T => {
  try {
    return read();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    process.stderr.write(`aispm: ${err.message}\n`);
    process.exit(2);
  }
};
const command = process.argv.slice(2).find((a) => !a.startsWith('-') && !a.includes(':') && !a.includes('/'));
const semiSpaceMb = setting(() => readSetting('semiSpaceMb'));
const heapGrowthPercent = setting(() => readSetting('heapGrowthPercent'));
// Node given either flag (by an operator, or to this command's child) sets V8's flags itself.
const given = ['--max-semi-space-size', '--heap-growing-percent'].some((f) => process.execArgv.some((a) => a.startsWith(f)));
const v8Flags = given
  ? []
  : [
      ...(semiSpaceMb > 0 ? [`--max-semi-space-size=${semiSpaceMb}`] : []),
      ...(heapGrowthPercent > 0 ? [`--heap-growing-percent=${heapGrowthPercent}`] : []),
    ];
// glibc's malloc reads its tuning from the environment only at start: it goes in the environment
// of the node the command replaces itself with. A variable set already (by an operator, or in the
// replaced process) stays as it is, so the replaced process does not replace itself again.
const arenaMax = setting(() => readSetting('mallocArenaMax'));
const trimKb = setting(() => readSetting('mallocTrimKb'));
const mallocEnv = Object.entries({
  MALLOC_ARENA_MAX: arenaMax > 0 ? String(arenaMax) : undefined,
  MALLOC_MMAP_THRESHOLD_: trimKb > 0 ? String(trimKb * 1024) : undefined,
  MALLOC_TRIM_THRESHOLD_: trimKb > 0 ? String(trimKb * 1024) : undefined,
}).filter((e): e is [string, string] => e[1] !== undefined && processEnvironment()[e[0]] === undefined);
if ((command === 'serve' || command === 'start') && (v8Flags.length > 0 || mallocEnv.length > 0)) {
  const args = [...v8Flags, ...process.execArgv, ...process.argv.slice(1)];
  // The replaced process has the compile cache from its first module on: enabled below, it would
  // come after this file and config.ts, whose type-stripping loads the stripper itself (about 80 ms
  // of every start). The same directory enableCompileCache() picks; an operator's own is kept.
  const compileCache =
    processEnvironment().NODE_COMPILE_CACHE === undefined ? { NODE_COMPILE_CACHE: join(tmpdir(), 'node-compile-cache') } : {};
  const env = { ...processEnvironment(), ...Object.fromEntries(mallocEnv), ...compileCache };
  if (typeof process.execve === 'function') process.execve(process.execPath, [process.execPath, ...args], env);
  // An IPC channel beside the inherited output: it closes only when `aispm` dies without its
  // child (SIGKILL), and the child then dies the same way, so nothing runs under nobody and a kill
  // stays a kill (jobs resume after the restart as after any crash).
  const child = spawn(process.execPath, args, {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
    env: { ...env, AISPM_REEXECUTED: '1' },
  });
  // The child is the service: signals go to it, its exit is ours.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 128 + 15 : 1)));
} else {
  if (readSetting('reexecuted') && process.channel) {
    clearSetting('reexecuted');
    process.channel.unref();
    process.on('disconnect', () => process.kill(process.pid, 'SIGKILL'));
  }
  module.enableCompileCache?.();
  // Before the commands load: TypeBox and Kysely from their bundles (platform/bundled-packages.ts).
  useBundledPackages();
  await import('./cli/index.ts');
}
