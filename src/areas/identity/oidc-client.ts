// The service as an OpenID Connect relying party, through `openid-client` (a certified library):
// discovery, the authorization URL with PKCE (S256), state and nonce, and the code exchange, in
// which the library checks the ID token's signature (against the provider's published keys), issuer,
// audience, expiry, nonce and the state. Nothing here parses a token by hand.

import type * as OpenIdClient from 'openid-client';
import type { Config } from '../../config.ts';

// Loaded at the first sign-in, not at start: most services have no provider configured, and every
// start would pay for loading the library and its dependencies.
let library: Promise<typeof OpenIdClient> | undefined;
const openIdClient = () => (library ??= import('openid-client'));

/** What the callback must match: kept server-side (oidc_logins) from the start of a sign-in. */
export interface LoginChecks {
  state: string;
  nonce: string;
  verifier: string;
}

/** Who signed in, as the provider's ID token (or, for claims it leaves out, its userinfo) says. */
export interface SignedIn {
  issuer: string;
  subject: string;
  email: string | null;
  emailVerified: boolean | null;
  name: string | null;
  groups: string[];
}

/** Why the library refused a sign-in, in words for the audit trail: its message and the claim or provider error it names. */
export function refusalReason(err: unknown): string {
  const e = err as { message?: string; error?: unknown; error_description?: unknown; cause?: unknown };
  if (typeof e.error === 'string')
    return `the provider answered ${e.error.slice(0, 100)}${typeof e.error_description === 'string' ? ` (${e.error_description.slice(0, 200)})` : ''}`;
  // openid-client words its errors generally and keeps the precise one (naming the claim) as the cause.
  const precise = e.cause instanceof Error ? `: ${e.cause.message}` : '';
  return `${String(e.message ?? err)}${precise}`.slice(0, 400);
}

export const CALLBACK_PATH = '/api/v1/auth/oidc/callback';

export class OidcClient {
  readonly redirectUri: string;
  private configuration?: Promise<OpenIdClient.Configuration>;
  private readonly config: Config;
  constructor(config: Config) {
    this.config = config;
    const base = (config.oidcRedirectBase || config.publicUrl).replace(/\/+$/, '');
    this.redirectUri = base + CALLBACK_PATH;
  }

  /** Whether sign-in with a provider is configured (an issuer, a client id and a redirect base). */
  get enabled(): boolean {
    return this.config.oidcIssuer !== '' && this.config.oidcClientId !== '' && this.redirectUri.startsWith('http');
  }

  /** Whether the service is reached over https, so its cookies must be Secure. */
  get secure(): boolean {
    return this.redirectUri.startsWith('https://');
  }

  /** The provider's metadata, discovered once; a failed discovery is tried again on the next sign-in. */
  private discover(): Promise<OpenIdClient.Configuration> {
    this.configuration ??= (async () => {
      const client = await openIdClient();
      const c = await client.discovery(
        new URL(this.config.oidcIssuer),
        this.config.oidcClientId,
        undefined,
        this.config.oidcClientSecret ? client.ClientSecretBasic(this.config.oidcClientSecret) : client.None(),
        { execute: this.config.oidcAllowHttp ? [client.allowInsecureRequests] : [], timeout: 10 },
      );
      // The code exchange talks to the provider directly, where the ID token's signature is
      // optional under the specification; it is checked anyway, against the provider's keys.
      client.enableNonRepudiationChecks(c);
      return c;
    })().catch((err: unknown) => {
      this.configuration = undefined;
      throw err;
    });
    return this.configuration;
  }

  /** A new sign-in: where to send the browser, and what its callback must match. */
  async start(): Promise<{ url: string; checks: LoginChecks }> {
    const config = await this.discover();
    const client = await openIdClient();
    const checks = { state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier() };
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: this.config.oidcScopes,
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
      code_challenge_method: 'S256',
      state: checks.state,
      nonce: checks.nonce,
    });
    return { url: url.href, checks };
  }

  /** Exchanges the callback's code and validates the ID token; throws what the library refused. */
  async finish(query: URLSearchParams, checks: LoginChecks): Promise<SignedIn> {
    const config = await this.discover();
    const client = await openIdClient();
    // The callback URL as the provider built it: the registered redirect URI and the query it sent.
    const current = new URL(this.redirectUri);
    current.search = query.toString();
    const tokens = await client.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: checks.verifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims()!;
    let source: Record<string, unknown> = claims;
    const groupsClaim = this.config.oidcGroupsClaim;
    // Providers that keep e-mail or groups out of the ID token give them at the userinfo endpoint.
    if ((claims.email === undefined || !Object.hasOwn(claims, groupsClaim)) && config.serverMetadata().userinfo_endpoint) {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      source = { ...info, ...claims };
    }
    const rawGroups = Object.hasOwn(source, groupsClaim) ? source[groupsClaim] : undefined;
    return {
      issuer: String(claims.iss),
      subject: claims.sub,
      email: typeof source.email === 'string' ? source.email.toLowerCase() : null,
      emailVerified: typeof source.email_verified === 'boolean' ? source.email_verified : null,
      name: typeof source.name === 'string' ? source.name : null,
      groups: Array.isArray(rawGroups) ? rawGroups.filter((g): g is string => typeof g === 'string') : [],
    };
  }
}
