// Sending a webhook without letting a subscription reach what it should not. Unless the operator
// allows it (AISPM_WEBHOOK_ALLOW_HTTP, AISPM_WEBHOOK_ALLOW_PRIVATE): only https URLs, and only
// public addresses, checked at delivery time after DNS resolution, every address the name
// resolves to, and the connection made to the address that was checked (the lookup is the
// check, so a name cannot resolve to a public address for the check and a private one for the
// connection). IP literals are checked the same way. No redirect is followed; the response body
// is read up to a few kilobytes and dropped; the whole attempt has a deadline.

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import https from 'node:https';
import { isIP } from 'node:net';
import { nodeHttp } from '../../platform/http/node-http.ts';
import { isPublicAddress } from './public-address.ts';

export interface OutboundPolicy {
  allowHttp: boolean;
  allowPrivate: boolean;
  timeoutMs: number;
}

/** The attempt was not made: the URL or the address it resolves to is not allowed. */
export class OutboundRefused extends Error {}

/** What a delivery log says of a refused target (deliver.ts prefixes `refused: `). */
const NOT_PUBLIC = 'not a public address';

/** The URL a subscription may be created with: absolute http(s), no credentials; https unless allowed. */
export function checkUrl(text: string, policy: Pick<OutboundPolicy, 'allowHttp' | 'allowPrivate'>): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new OutboundRefused('not an absolute URL');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && policy.allowHttp)) {
    throw new OutboundRefused(`must be an https URL${policy.allowHttp ? ' or an http one' : ''}, not ${url.protocol.replace(':', '')}`);
  }
  if (url.username || url.password) throw new OutboundRefused('must not carry a user name or password');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !policy.allowPrivate && !isPublicAddress(host)) {
    throw new OutboundRefused(`${host} is not a public address (loopback, private, link-local or reserved)`);
  }
  return url;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** dns.lookup that refuses names resolving to any non-public address (unless allowed). */
function checkedLookup(allowPrivate: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const bad = addresses.find((a) => !isPublicAddress(a.address));
      if (bad && !allowPrivate) {
        // The subscriber reads this message in its delivery log: it says that the target was
        // refused, never what the name resolved to (that would map the inside for whoever owns
        // the DNS name).
        const refusal: NodeJS.ErrnoException = new OutboundRefused(NOT_PUBLIC);
        return callback(refusal, []);
      }
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export interface PostResult {
  status: number;
}

const MAX_RESPONSE_READ = 4096;

/** POSTs the body; resolves with the status, rejects with OutboundRefused, or an error naming what failed. */
export function postOnce(
  url: URL,
  headers: Record<string, string>,
  body: string,
  policy: OutboundPolicy,
  signal?: AbortSignal,
): Promise<PostResult> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && !policy.allowPrivate && !isPublicAddress(host)) {
    // Checked again at delivery: the address rules may have tightened since the subscription was made.
    return Promise.reject(new OutboundRefused(NOT_PUBLIC));
  }
  const deadline = AbortSignal.timeout(policy.timeoutMs);
  const abort = signal ? AbortSignal.any([signal, deadline]) : deadline;
  const client = url.protocol === 'https:' ? https : nodeHttp;
  return new Promise<PostResult>((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: checkedLookup(policy.allowPrivate) as never,
        signal: abort,
        agent: false,
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_RESPONSE_READ) res.destroy();
        });
        const done = () => resolve({ status: res.statusCode ?? 0 });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => {
      if (err instanceof OutboundRefused) return reject(err);
      if (deadline.aborted) return reject(new Error(`no answer within ${policy.timeoutMs} ms`));
      if (signal?.aborted) return reject(new Error('stopped: the service is shutting down'));
      reject(new Error(err.code ? `${err.code}: ${err.message}` : err.message));
    });
    req.end(body);
  });
}
