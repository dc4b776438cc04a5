// When the `aispm` command takes TypeBox and Kysely from the bundles `npm install` made
// (src/platform/bundled-packages.ts): only with a manifest whose every package is installed at the
// bundled version and whose every bundle is there; otherwise the packages as they are. A started
// service's use of the real bundles is in start-imports.test.ts.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { it } from 'node:test';
import { BUNDLES_DIR, bundledEntries } from '../src/platform/bundled-packages.ts';

/** A checkout with kysely 0.29.9 and typebox 1.4.3 installed, and bundles of the given manifest. */
function checkout(manifest: unknown | undefined, files = ['kysely.mjs', 'typebox.mjs']): { root: URL; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), 'aispm-bundles-'));
  for (const [name, version] of [
    ['kysely', '0.29.9'],
    ['typebox', '1.4.3'],
  ]) {
    mkdirSync(join(dir, 'node_modules', name!), { recursive: true });
    writeFileSync(join(dir, 'node_modules', name!, 'package.json'), JSON.stringify({ name, version }));
  }
  const bundles = join(dir, BUNDLES_DIR);
  mkdirSync(bundles, { recursive: true });
  for (const f of files) writeFileSync(join(bundles, f), 'export {};\n');
  if (manifest !== undefined)
    writeFileSync(join(bundles, 'manifest.json'), typeof manifest === 'string' ? manifest : JSON.stringify(manifest));
  return { root: pathToFileURL(`${dir}/`), dir };
}

const manifest = (versions: Record<string, string>) => ({
  versions,
  entries: { kysely: 'kysely.mjs', typebox: 'typebox.mjs' },
});

it('resolves each bundled specifier to its bundle when the installed versions are the bundled ones', () => {
  const { root, dir } = checkout(manifest({ kysely: '0.29.9', typebox: '1.4.3' }));
  try {
    assert.deepEqual(
      bundledEntries(root),
      new Map([
        ['kysely', new URL(`${BUNDLES_DIR}/kysely.mjs`, root).href],
        ['typebox', new URL(`${BUNDLES_DIR}/typebox.mjs`, root).href],
      ]),
    );
  } finally {
    rmSync(dir, { recursive: true });
  }
});

it('uses the packages themselves when a version differs, a bundle or the manifest is missing, or the manifest is unreadable', () => {
  const cases = [
    checkout(manifest({ kysely: '0.29.8', typebox: '1.4.3' })),
    checkout(manifest({ kysely: '0.29.9', typebox: '1.4.3', absent: '1.0.0' })),
    checkout(manifest({ kysely: '0.29.9', typebox: '1.4.3' }), ['kysely.mjs']),
    checkout(undefined),
    checkout('{"versions": {"kysely": '),
  ];
  try {
    for (const c of cases) assert.equal(bundledEntries(c.root), undefined, c.dir);
  } finally {
    for (const c of cases) rmSync(c.dir, { recursive: true });
  }
});
