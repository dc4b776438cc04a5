// Is the port free? `aispm start` asks before it touches the database (migrations, the demo, a new
// token), so a second start while the first still runs changes nothing and says so in one line,
// instead of failing at listen with a bare EADDRINUSE after the work is done.

import { createServer } from 'node:net';

/** Binds host:port for a moment: false when another process holds it. Port 0 is always free. */
export function portIsFree(host: string, port: number): Promise<boolean> {
  if (port === 0) return Promise.resolve(true);
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') resolve(false);
      else reject(err);
    });
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** The one line an operator reads when the port is taken: what is wrong and the two ways round it. */
export function portTakenMessage(host: string, port: number): string {
  return `port ${port} on ${host} is already in use (another aispm running?): choose another with --port <n> or AISPM_PORT=<n>`;
}

export const isAddressInUse = (err: unknown): boolean => (err as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';
