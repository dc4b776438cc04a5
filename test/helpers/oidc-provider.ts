// A real OpenID Connect provider on loopback for the sign-in tests: the certified `oidc-provider`
// package with its development login form (any login, any password), one confidential client, and
// accounts given by the test. It sits behind a small forwarding server on the issuer's port, so a
// test can have the token endpoint answer a tampered ID token (wrong issuer, audience, nonce,
// expiry, re-signed with the provider's own key; or signed with another key under the same kid) and
// watch the service refuse it.

import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';

export interface Account {
  email: string;
  name: string;
  groups: string[];
  email_verified?: boolean;
}

export type Tamper = 'issuer' | 'audience' | 'nonce' | 'expiry' | 'signature';

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The next token answers carry an ID token tampered this way, until set to null. */
  tamper: Tamper | null;
  close(): Promise<void>;
}

const listen = (server: Server) =>
  new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));

export async function startProvider(opts: { redirectUris: string[]; accounts: Record<string, Account> }): Promise<TestProvider> {
  const accounts = new Map(Object.entries(opts.accounts));
  const front = createServer();
  const port = await listen(front);
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const other = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const clientId = 'aispm-console';
  const clientSecret = 'test-client-secret-0123456789abcdef';

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk as any] },
    cookies: { keys: ['test-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
    scopes: ['openid', 'email', 'profile', 'groups'],
    // Claims in the ID token itself, as most enterprise providers put e-mail and groups.
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    async findAccount(_ctx: unknown, id: string) {
      const a = accounts.get(id);
      if (!a) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, email_verified: true, ...a }) };
    },
    // A first-party client: no consent screen.
    async loadExistingGrant(ctx: any) {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid email profile groups');
      await grant.save();
      return grant;
    },
  } as any);
  const inner = createServer(provider.callback());
  const innerPort = await listen(inner);
  const state: TestProvider = {
    issuer,
    clientId,
    clientSecret,
    tamper: null,
    async close() {
      await new Promise((r) => front.close(r));
      await new Promise((r) => inner.close(r));
    },
  };

  async function tampered(idToken: string, how: Tamper): Promise<string> {
    const claims = decodeJwt(idToken);
    const now = Math.floor(Date.now() / 1000);
    if (how === 'issuer') claims.iss = 'http://127.0.0.1:9/not-the-issuer';
    if (how === 'audience') claims.aud = 'another-client';
    if (how === 'nonce') claims.nonce = 'not-the-nonce';
    if (how === 'expiry') Object.assign(claims, { iat: now - 7200, exp: now - 3600 });
    const key = how === 'signature' ? other.privateKey : privateKey;
    return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1', typ: 'JWT' }).sign(key);
  }

  front.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const fwd = httpRequest({ host: '127.0.0.1', port: innerPort, method: req.method, path: req.url, headers: req.headers }, (up) => {
        const body: Buffer[] = [];
        up.on('data', (c: Buffer) => body.push(c));
        up.on('end', async () => {
          let out = Buffer.concat(body);
          const how = state.tamper;
          if (how && req.url?.startsWith('/token') && up.statusCode === 200) {
            const json = JSON.parse(out.toString('utf8'));
            json.id_token = await tampered(json.id_token, how);
            out = Buffer.from(JSON.stringify(json));
          }
          const headers = { ...up.headers, 'content-length': String(out.length) };
          res.writeHead(up.statusCode ?? 500, headers);
          res.end(out);
        });
      });
      fwd.end(Buffer.concat(chunks));
    });
  });
  return state;
}

/** A cookie jar of one origin: name → value, from Set-Cookie headers (Max-Age=0 deletes). */
export class Jar {
  readonly cookies = new Map<string, string>();
  take(setCookie: string | string[] | undefined): void {
    for (const line of Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []) {
      const [pair, ...attrs] = line.split(';');
      const i = pair!.indexOf('=');
      const name = pair!.slice(0, i).trim();
      const value = pair!.slice(i + 1).trim();
      const gone = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=thu, 01 jan 1970/i.test(a));
      if (gone || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

/**
 * Drives the provider's side of a sign-in over HTTP, like a browser: follows its redirects, fills
 * the login form with `login`, and answers the URL it finally sends the browser to (the callback).
 */
export async function loginAtProvider(authorizeUrl: string, login: string, jar = new Jar()): Promise<string> {
  let url = authorizeUrl;
  for (let i = 0; i < 10; i++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: jar.header() } });
    jar.take(res.headers.getSetCookie());
    if (res.status >= 300 && res.status < 400) {
      const next = new URL(res.headers.get('location')!, url).href;
      if (!next.startsWith(new URL(authorizeUrl).origin)) return next;
      url = next;
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action) throw new Error(`provider answered ${res.status} without a form: ${html.slice(0, 300)}`);
    const post = await fetch(new URL(action.replaceAll('&amp;', '&'), url), {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie: jar.header(), 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
    });
    jar.take(post.headers.getSetCookie());
    url = new URL(post.headers.get('location')!, url).href;
  }
  throw new Error('too many redirects at the provider');
}
