// Run by `npm install` (postinstall): bundles the two ES-module packages a start loads file by file
// into a few files each, so `aispm` loads them in tens of milliseconds instead of hundreds. TypeBox
// ships 683 modules and Kysely 255, half of the ~1,900 modules `aispm serve` loaded; each is a
// resolution, a read and a compile of its own, and importing them took 170-240 ms and 230-260 ms on
// a 2-core machine where their bundles take 18-20 ms and 24-30 ms (BENCHMARKS.md, start to /readyz).
// esbuild does the bundling: the ES modules are kept as ES modules (splitting keeps one copy of what
// `typebox` and `typebox/compile` share), with their names kept.
//
// The bundles go to node_modules/.cache/aispm-bundles with a manifest of the packages' versions;
// src/platform/bundled-packages.ts has the `aispm` command resolve the packages to them when the
// versions installed are the ones bundled, and to the packages themselves otherwise (so do the
// body and parse worker threads; tests and scripts that import src/ directly use the packages on
// their own thread). A failure here only costs start time: it is said in one line and the install
// goes on.
//
// Plain JavaScript: npm runs it with the Node that runs npm, which may be Node 20.

import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The specifiers bundled, each with the file its bundle is written to. */
const ENTRIES = { typebox: 'typebox', 'typebox/compile': 'typebox-compile', kysely: 'kysely' };

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(root, 'node_modules', '.cache', 'aispm-bundles');

const packageOf = (specifier) => specifier.split('/')[0];
const versionOf = (name) => JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

async function main() {
  const { build, version } = await import('esbuild');
  const staging = `${target}.${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    // Each specifier as Node resolves it for an import (the packages' "import" export conditions).
    entryPoints: Object.entries(ENTRIES).map(([specifier, out]) => ({ in: fileURLToPath(import.meta.resolve(specifier)), out })),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node22',
    outdir: staging,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'chunk-[hash]',
    keepNames: true,
    legalComments: 'eof',
    logLevel: 'silent',
  });
  // Each package once (typebox has two entries).
  const packages = new Set(Object.keys(ENTRIES).map(packageOf));
  const versions = Object.fromEntries([...packages].map((name) => [name, versionOf(name)]));
  const entries = Object.fromEntries(Object.entries(ENTRIES).map(([specifier, out]) => [specifier, `${out}.mjs`]));
  writeFileSync(join(staging, 'manifest.json'), `${JSON.stringify({ versions, entries, esbuild: version }, null, 2)}\n`);
  // Replaced whole: a start never sees half of one bundle and half of another.
  mkdirSync(dirname(target), { recursive: true });
  rmSync(target, { recursive: true, force: true });
  renameSync(staging, target);
}

main().catch((err) => {
  rmSync(`${target}.${process.pid}`, { recursive: true, force: true });
  process.stderr.write(
    `aispm: TypeBox and Kysely were not bundled (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); ` +
      'aispm runs as well and starts a few hundred milliseconds slower\n',
  );
});
