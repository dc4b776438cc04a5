// What a new user meets before the first request: `npm test` says in one line what is missing and
// how to get it (before any suite runs), `npm install` leaves the lockfile as committed whichever
// npm of the supported Node versions runs it, and every relative link of the README and docs/
// leads somewhere. (The whole fresh-machine path, installs included, is .ci/run on a clean clone.)

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';

const npmTest = (env: Record<string, string>, ...files: string[]) => {
  const res = spawnSync(process.execPath, ['scripts/test.ts', ...files], {
    encoding: 'utf8',
    env: { ...process.env, NODE_TEST_CONTEXT: undefined, ...env },
  });
  return { code: res.status, out: res.stdout, err: res.stderr };
};

describe('npm test on a machine that lacks something', () => {
  it('a Chromium that is not there: one line naming the fix, no test run', () => {
    assert.deepEqual(npmTest({ AISPM_CHROMIUM: '/nonexistent/chromium' }, 'test/reference-page.test.ts'), {
      code: 1,
      out: '',
      err: 'npm test: AISPM_CHROMIUM is /nonexistent/chromium, which does not exist: point it at a Chromium or Chrome binary, or unset it\n',
    });
  });

  it('a PostgreSQL that cannot be reached: one line saying how to install it or where to point', () => {
    // 127.0.0.2 is this machine but not an address a Debian cluster listens on: nothing to start.
    assert.deepEqual(npmTest({ AISPM_TEST_PG: 'postgres://postgres@127.0.0.2:1/postgres' }, 'test/docs.test.ts'), {
      code: 1,
      out: '',
      err:
        'npm test: PostgreSQL is not reachable at 127.0.0.2:1: install it (sudo apt-get install -y postgresql) and let postgres ' +
        'connect from 127.0.0.1 without a password (trust in pg_hba.conf), or set AISPM_TEST_PG to a server the tests may create databases on\n',
    });
  });

  it('with PostgreSQL up and no browser test among the files, it runs them', () => {
    const run = npmTest({ AISPM_CHROMIUM: '/nonexistent/chromium' }, 'test/docs.test.ts');
    assert.equal(run.code, 0, run.err);
    assert.match(run.out, /✔ docs/);
  });
});

describe('npm install leaves the tree clean', () => {
  it('package-lock.json records no libc of optional packages (npm 10 drops the field, npm 11 keeps what it finds)', () => {
    // npm 11 writes `libc` for platform packages it resolves; npm 10 (Node 22) removes it on every
    // install, so a lockfile with it is rewritten on a Node 22 machine. Without it both leave it as is.
    const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as { packages: Record<string, { libc?: unknown }> };
    assert.deepEqual(
      Object.entries(lock.packages)
        .filter(([, p]) => p.libc !== undefined)
        .map(([name]) => name),
      [],
    );
  });
});

describe('documentation links', () => {
  const files = [
    'README.md',
    ...readdirSync('docs')
      .filter((f) => f.endsWith('.md'))
      .map((f) => join('docs', f)),
  ];
  const anchors = (text: string) =>
    new Set(
      [...text.matchAll(/^#+\s+(.+)$/gm)].map((m) =>
        m[1]!
          .trim()
          .toLowerCase()
          .replace(/[`*_]/g, '')
          .replace(/[^\p{L}\p{N}\s-]/gu, '')
          .replace(/\s/g, '-'),
      ),
    );

  it('every relative link of README.md and docs/ names a file (and a heading) that exists', () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8').replace(/```[\s\S]*?```/g, '');
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!) || target!.startsWith('<')) continue;
        const [path, anchor] = target!.split('#');
        const resolved = path ? join(dirname(file), path) : file;
        checked++;
        if (!existsSync(resolved)) broken.push(`${file}: ${target} (no ${resolved})`);
        else if (anchor && resolved.endsWith('.md') && !anchors(readFileSync(resolved, 'utf8')).has(anchor))
          broken.push(`${file}: ${target} (no heading #${anchor} in ${resolved})`);
      }
    }
    assert.ok(checked > 20, `only ${checked} links found`);
    assert.deepEqual(broken, []);
  });
});

describe('the aispm command on the machine’s own Node', () => {
  // npm scripts and npx run on the Node 24 that npm install brought (node_modules/.bin/node); a
  // user who runs bin/aispm.js (npx aispm, npm link) with an older Node on the PATH gets the same
  // command, run on the bundled Node. The first `node` on the PATH outside node_modules is the
  // machine's own (Node 20 on Debian 12 machines of this kind).
  const path = (process.env.PATH ?? '').split(':').filter((dir) => !dir.includes('node_modules'));
  const own = path.map((dir) => join(dir, 'node')).find((file) => existsSync(file));

  it('bin/aispm.js answers --version and --help whatever Node runs it', { skip: own === undefined }, () => {
    const env = { ...process.env, PATH: path.join(':') };
    const version = spawnSync(own!, ['bin/aispm.js', '--version'], { encoding: 'utf8', env });
    assert.equal(version.status, 0, version.stderr);
    assert.equal(version.stdout, `${JSON.parse(readFileSync('package.json', 'utf8')).version}\n`);
    const help = spawnSync(own!, ['bin/aispm.js', 'get', '--help'], { encoding: 'utf8', env });
    assert.equal(help.status, 0, help.stderr);
    assert.match(help.stdout, /^Usage: aispm get/);
  });
});
