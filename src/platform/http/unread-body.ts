// A request refused before its body was read whole (413 too large or a gzip bomb, 415, 401 on a
// body) leaves the rest of that body on the connection: kept alive, the server would read it as
// the next request's bytes, or wait on it, and a second request on the connection (a load
// balancer reusing it for another client) hung until the keep-alive timeout. Such an answer says
// `Connection: close`, and Node closes the socket once it is sent: nothing more is read from it.

import type { FastifyInstance } from 'fastify';

export function registerUnreadBodyClose(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (reply.statusCode >= 400 && !request.raw.complete) reply.header('connection', 'close');
    done(null, payload);
  });
}
