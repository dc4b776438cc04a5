// The typed client (src/client) wired to a harness: its requests go through Fastify's inject, the
// same path a socket request takes from routing on, so a suite can call the API exactly as a
// client application would without opening a port.

import type { FastifyInstance } from 'fastify';
import { createAispmClient, type AispmClient } from '../../src/client/index.ts';
import type { Harness } from './harness.ts';

/** A fetch that answers from the app in process. */
export function injectFetch(app: FastifyInstance): (request: Request) => Promise<Response> {
  return async (request) => {
    const url = new URL(request.url);
    const payload = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const res = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      payload,
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers)) {
      for (const v of [value ?? []].flat()) headers.append(name, String(v));
    }
    const empty = res.statusCode === 204 || res.statusCode === 304 || request.method === 'HEAD';
    return new Response(empty ? null : res.rawPayload, { status: res.statusCode, headers });
  };
}

export function clientFor(h: Harness, token: string): AispmClient {
  return createAispmClient({ baseUrl: 'http://aispm.test', token, fetch: injectFetch(h.app) });
}
