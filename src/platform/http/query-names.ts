// The names of the query parameters a request sent, read from the raw URL rather than from the
// parsed `request.query`: a parser may drop or treat specially names such as `__proto__`, and a
// name a client sends is data to compare against what the operation declares, never a key to look
// up on an object (where `constructor` or `toString` would be found on every object's prototype).

import type { FastifyRequest } from 'fastify';

/** Each parameter name of the request's query string once, in the order sent, decoded as URLSearchParams does. */
export function rawQueryNames(request: FastifyRequest): string[] {
  const url = request.raw.url ?? request.url;
  const at = url.indexOf('?');
  if (at < 0) return [];
  const names = new Set<string>();
  for (const name of new URLSearchParams(url.slice(at + 1)).keys()) names.add(name);
  return [...names];
}
