// The real `aispm` command in a child process, on the Node running the tests, with none of the
// caller's AISPM_* connection settings leaking in: what it printed and how it exited.

import { spawn } from 'node:child_process';

export interface Run {
  code: number | null;
  out: string;
  err: string;
}

/** Runs `node src/cli.ts ...args` with `env` over a clean connection environment; standard input is empty. */
export function runAispm(env: Record<string, string | undefined>, args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['src/cli.ts', ...args], {
      env: {
        ...process.env,
        AISPM_URL: undefined,
        AISPM_TOKEN: undefined,
        AISPM_TENANT: undefined,
        AISPM_WORKSPACE: undefined,
        ...env,
      },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, out, err }));
    child.stdin.end();
  });
}
