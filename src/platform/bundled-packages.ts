// TypeBox and Kysely from the bundles `npm install` made of them (scripts/bundle-packages.mjs):
// the `aispm` command (src/cli.ts) resolves the two packages to their bundles before it loads its
// commands, and the worker threads' entries before theirs (ingest/*-start.ts), so a start reads a
// few files for them instead of ~940 (about 400 ms of a start on a slow machine;
// BENCHMARKS.md, start to /readyz). Only when every bundled package is installed at the version it
// was bundled from: after an update without the install's script, or with no bundles at all, the
// packages load as they are. A thread resolves them one way throughout (the hook is in place before
// its first import of either, and threads share no modules), so none holds two copies of a package.
//
// Only node: imports here: this module is loaded before the packages it redirects.

import { existsSync, readFileSync } from 'node:fs';
import module from 'node:module';

/** Where the install's script writes the bundles, from the checkout's root. */
export const BUNDLES_DIR = 'node_modules/.cache/aispm-bundles';

interface Manifest {
  versions: Record<string, string>;
  entries: Record<string, string>;
}

/**
 * The specifiers to resolve to bundles (specifier → file URL), or undefined when there are no
 * bundles, their manifest is unreadable, or a package's installed version is not the bundled one.
 */
export function bundledEntries(root: URL): Map<string, string> | undefined {
  const dir = new URL(`${BUNDLES_DIR}/`, root);
  const manifestFile = new URL('manifest.json', dir);
  if (!existsSync(manifestFile)) return undefined;
  try {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Manifest;
    for (const [name, version] of Object.entries(manifest.versions)) {
      const installed = JSON.parse(readFileSync(new URL(`node_modules/${name}/package.json`, root), 'utf8')) as { version?: string };
      if (installed.version !== version) return undefined;
    }
    const entries = new Map<string, string>();
    for (const [specifier, file] of Object.entries(manifest.entries)) {
      const url = new URL(file, dir);
      if (!existsSync(url)) return undefined;
      entries.set(specifier, url.href);
    }
    return entries;
  } catch {
    // A manifest half written or a package without its package.json: the packages as they are.
    return undefined;
  }
}

/** Has this thread resolve the bundled packages to their bundles from now on; true when it does. */
export function useBundledPackages(): boolean {
  if (typeof module.registerHooks !== 'function') return false;
  const entries = bundledEntries(new URL('../../', import.meta.url));
  if (!entries) return false;
  module.registerHooks({
    resolve(specifier, context, nextResolve) {
      const url = entries.get(specifier);
      return url ? { url, format: 'module', shortCircuit: true } : nextResolve(specifier, context);
    },
  });
  return true;
}
