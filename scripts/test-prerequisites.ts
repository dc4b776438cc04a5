// What `npm test` needs besides node_modules, obtained by the test run itself so that a fresh
// machine needs only what the README lists:
//
// - PostgreSQL (half of every suite runs on it): reachable at AISPM_TEST_PG (default
//   postgres://postgres@127.0.0.1:5432). When it is installed here but not running (a Debian
//   cluster under /etc/postgresql), it is started; when it is not installed, one line says how.
// - Chromium (the reference page and the console are tested in a real browser): AISPM_CHROMIUM, else the system's
//   (/usr/bin/chromium, chromium-browser, google-chrome); when there is none and apt-get can be
//   run (as root, or through sudo without a password), Debian's `chromium` package is installed;
//   otherwise one line says how.
//
// Each step prints one line of what it did. A failure is one line naming the fix, and exit 1.
// apt-get is used for Chromium rather than an npm package shipping a browser build because the
// npm packages that do (puppeteer, playwright's installer) download it from a CDN at install
// time, which closed networks and registry mirrors do not allow; Debian's package comes from the
// machine's own package sources.

import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { connect } from 'node:net';

const say = (text: string) => process.stderr.write(`npm test: ${text}\n`);

export class Missing extends Error {}

/** Runs a command as root: directly when we are root, through `sudo -n` when that works; false otherwise. */
function asRoot(cmd: string[], quiet = true): boolean {
  const root = process.getuid?.() === 0;
  if (!root && spawnSync('sudo', ['-n', 'true'], { stdio: 'ignore' }).status !== 0) return false;
  const argv = root ? cmd : ['sudo', '-n', ...cmd];
  const res = spawnSync(argv[0]!, argv.slice(1), {
    stdio: quiet ? 'ignore' : 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return res.status === 0;
}

const onPath = (name: string) => spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim() || undefined;

// ---- PostgreSQL ---------------------------------------------------------------------------------

function reachable(host: string, port: number, timeoutMs = 1000): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/** Debian's clusters (/etc/postgresql/<version>/<name>), newest version first. */
function debianClusters(): Array<[string, string]> {
  if (!existsSync('/etc/postgresql') || !onPath('pg_ctlcluster')) return [];
  const versions = readdirSync('/etc/postgresql').sort((a, b) => Number(b) - Number(a));
  return versions.flatMap((v) => readdirSync(`/etc/postgresql/${v}`).map((name): [string, string] => [v, name]));
}

export async function ensurePostgres(url = process.env.AISPM_TEST_PG ?? 'postgres://postgres@127.0.0.1:5432/postgres'): Promise<void> {
  const { hostname, port: p } = new URL(url);
  const host = hostname.replace(/^\[|\]$/g, '') || '127.0.0.1';
  const port = Number(p || 5432);
  const shown = `${host}:${port}`;
  if (await reachable(host, port)) return;
  const local = ['127.0.0.1', 'localhost', '::1'].includes(host);
  const clusters = local ? debianClusters() : [];
  if (clusters.length === 0) {
    throw new Missing(
      `PostgreSQL is not reachable at ${shown}: install it (sudo apt-get install -y postgresql) and let postgres connect from ` +
        '127.0.0.1 without a password (trust in pg_hba.conf), or set AISPM_TEST_PG to a server the tests may create databases on',
    );
  }
  for (const [version, name] of clusters) {
    say(`PostgreSQL is installed but not running: starting cluster ${version}/${name}`);
    if (!asRoot(['pg_ctlcluster', '--skip-systemctl-redirect', version, name, 'start'])) continue;
    for (let i = 0; i < 30; i++) {
      if (await reachable(host, port)) return;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  throw new Missing(
    `PostgreSQL is installed but not running at ${shown} and could not be started from here: start it ` +
      `(sudo pg_ctlcluster ${clusters[0]![0]} ${clusters[0]![1]} start), or set AISPM_TEST_PG`,
  );
}

// ---- Chromium -----------------------------------------------------------------------------------

const SYSTEM_CHROMIUMS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export function findChromium(): string | undefined {
  return SYSTEM_CHROMIUMS.find((p) => existsSync(p));
}

/** The path of a Chromium to drive, installing Debian's when it can; sets nothing itself. */
export function ensureChromium(): string {
  const given = process.env.AISPM_CHROMIUM;
  if (given) {
    if (existsSync(given)) return given;
    throw new Missing(`AISPM_CHROMIUM is ${given}, which does not exist: point it at a Chromium or Chrome binary, or unset it`);
  }
  const found = findChromium();
  if (found) return found;
  const instruction =
    'install it (sudo apt-get install -y chromium on Debian, chromium-browser on Ubuntu) or set AISPM_CHROMIUM to a Chromium or Chrome binary';
  if (onPath('apt-get')) {
    say(
      "Chromium is needed for the browser tests (the reference page and the console) and is not installed: installing Debian's chromium with apt-get",
    );
    if (
      asRoot(['apt-get', 'install', '-y', '-qq', 'chromium']) ||
      (asRoot(['apt-get', 'update', '-qq']) && asRoot(['apt-get', 'install', '-y', '-qq', 'chromium']))
    ) {
      const installed = findChromium();
      if (installed) return installed;
    }
    throw new Missing(
      `Chromium is needed for the browser tests (the reference page and the console) and apt-get could not install it here (root or sudo needed): ${instruction}`,
    );
  }
  throw new Missing(`Chromium is needed for the browser tests (the reference page and the console): ${instruction}`);
}
