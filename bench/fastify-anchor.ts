// The second anchor: a bare Fastify server (the service's own Fastify version, no hooks, no
// plugins, no schemas) answering every request with the same bytes from memory, as the ceiling
// does. Between the ceiling (bare node:http) and this lies what Fastify itself costs; between this
// and the service, what the service adds per request (authentication, guards, hooks, metrics,
// headers, cache keys, logging).
//
//   node bench/fastify-anchor.ts <file with the body> <content-type> <status>    (prints its port)

import { readFileSync } from 'node:fs';
import Fastify, { type FastifyInstance } from 'fastify';

/** A Fastify app that answers any GET with the given bytes. */
export function bareFastify(body: Buffer, type: string, status: number): FastifyInstance {
  const app = Fastify({ logger: false });
  // A string, as the service's response cache holds and sends its answers.
  const text = body.toString('utf8');
  // One wildcard route: the router's lookup is paid as for any route, and every case's path matches.
  app.get('/*', (_request, reply) => {
    reply.code(status).header('content-type', type).send(text);
  });
  return app as unknown as FastifyInstance;
}

if (import.meta.main) {
  const [file, type, status] = process.argv.slice(2) as [string, string, string];
  const app = bareFastify(readFileSync(file), type, Number(status));
  app.server.keepAliveTimeout = 72_000;
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  process.stdout.write(`${new URL(address).port}\n`);
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
