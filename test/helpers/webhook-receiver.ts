// A real webhook receiver on loopback: a node:http server that verifies every delivery with the
// Standard Webhooks reference library (`standardwebhooks` from the npm registry) against the
// secret of the subscription its path names, and records what it got. It can be stopped and
// started again on the same port (a receiver that is down), and told to answer an error status.

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  path: string;
  at: number;
  headers: Record<string, string>;
  body: string;
  /** The verified event (JSON-parsed by the library). */
  event: any;
}

export class Receiver {
  readonly received: Received[] = [];
  /** Requests that failed verification (must stay empty). */
  readonly rejected: Array<{ path: string; error: string }> = [];
  /** Connections accepted, whatever they carried. */
  connections = 0;
  private readonly secrets = new Map<string, string>();
  private readonly statuses = new Map<string, number>();
  private server: http.Server | undefined;
  port = 0;

  /** Path → the secret its deliveries are signed with. */
  expect(path: string, secret: string): void {
    this.secrets.set(path, secret);
  }

  /** Answer this status on a path (default 204). */
  answer(path: string, status: number): void {
    this.statuses.set(path, status);
  }

  url(path: string): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  on(path: string): Received[] {
    return this.received.filter((r) => r.path === path);
  }

  async start(port = this.port): Promise<void> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const path = req.url ?? '';
        const body = Buffer.concat(chunks).toString('utf8');
        const headers = {
          'webhook-id': String(req.headers['webhook-id'] ?? ''),
          'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
          'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
        };
        const secret = this.secrets.get(path);
        try {
          if (!secret) throw new Error(`no secret for ${path}`);
          // The raw bytes, as received: the library verifies the signature and the timestamp's age, and parses the JSON.
          const event = new Webhook(secret).verify(body, headers);
          const status = this.statuses.get(path) ?? 204;
          if (status < 300)
            this.received.push({
              path,
              at: Date.now(),
              headers: { ...headers, 'content-type': String(req.headers['content-type']) },
              body,
              event,
            });
          res.writeHead(status).end();
        } catch (err) {
          this.rejected.push({ path, error: (err as Error).message });
          res.writeHead(401).end();
        }
      });
    });
    server.on('connection', () => {
      this.connections++;
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
  }

  /** Stops listening and drops open connections: the receiver is down. */
  async stop(): Promise<void> {
    const s = this.server;
    this.server = undefined;
    if (!s) return;
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
}

/** Waits until `check` holds, polling; fails with `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, check: () => T | Promise<T>, timeoutMs = 15_000): Promise<NonNullable<Exclude<T, false>>> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await check();
    if (v) return v as NonNullable<Exclude<T, false>>;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
