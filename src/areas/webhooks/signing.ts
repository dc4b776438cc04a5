// Standard Webhooks signatures (https://www.standardwebhooks.com, v1): a per-subscription secret
// `whsec_` + base64 of 32 random bytes, and `webhook-signature: v1,<base64 HMAC-SHA256 of
// "{webhook-id}.{webhook-timestamp}.{body}">`, the key being the secret's decoded bytes. While a
// rotated-out secret is in its grace period both sign, space-separated, as the specification
// allows, so receivers can switch without losing a delivery.
//
// Written here rather than with the `standardwebhooks` package: it is three lines of node:crypto
// and the package's `sign` takes a Date and a string only; the tests verify every delivery with
// that package (the reference implementation), so the two are checked against each other.

import { createHmac, randomBytes } from 'node:crypto';

export const SECRET_PREFIX = 'whsec_';

export function newSecret(): string {
  return SECRET_PREFIX + randomBytes(32).toString('base64');
}

function signOne(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.slice(SECRET_PREFIX.length), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/** The three headers of a signed message: id, timestamp (unix seconds) and the signatures with every live secret. */
export function signatureHeaders(secrets: readonly string[], id: string, nowMs: number, body: string): Record<string, string> {
  const timestamp = Math.floor(nowMs / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((s) => signOne(s, id, timestamp, body)).join(' '),
  };
}
