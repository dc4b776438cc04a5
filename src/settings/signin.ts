// Signing in to the console: with an OpenID Connect provider (authorization code flow with PKCE),
// and with a pasted API token (docs/IDENTITY.md, "Sign-in"). The provider is off while
// AISPM_OIDC_ISSUER is empty, so `npm start` needs none.

import { setting, url } from './setting.ts';

/** A comma-separated list setting's items, trimmed, empties dropped. */
export const listOf = (v: string): string[] =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export const signinSettings = {
  oidcIssuer: setting({
    env: 'AISPM_OIDC_ISSUER',
    type: 'string',
    default: '',
    shown: '*(none: off)*',
    check: url('an http:// or https:// URL', /^https?:\/\/[^\s]+$/),
    doc: "The OpenID Connect provider's issuer URL (its discovery document is read from `<issuer>/.well-known/openid-configuration`). Empty: no sign-in with a provider.",
  }),
  oidcClientId: setting({
    env: 'AISPM_OIDC_CLIENT_ID',
    type: 'string',
    default: '',
    doc: 'The client id the provider gave this service.',
  }),
  oidcClientSecret: setting({
    env: 'AISPM_OIDC_CLIENT_SECRET',
    type: 'string',
    default: '',
    shown: '*(none)*',
    doc: 'The client secret (`client_secret_basic`). Empty: a public client (PKCE alone).',
  }),
  oidcRedirectBase: setting({
    env: 'AISPM_OIDC_REDIRECT_BASE',
    type: 'string',
    default: '',
    shown: '*(AISPM_PUBLIC_URL)*',
    check: url('an http:// or https:// URL', /^https?:\/\/[^/\s]+\/?$/),
    doc: 'The base URL browsers reach the service at (`https://aispm.example.com`); the redirect URI to register with the provider is `<base>/api/v1/auth/oidc/callback`. Empty: `AISPM_PUBLIC_URL`. When it is `https://`, the session cookie is `Secure`.',
  }),
  oidcTenant: setting({
    env: 'AISPM_OIDC_TENANT',
    type: 'string',
    default: 'default',
    doc: 'The tenant people signing in through the provider belong to.',
  }),
  oidcScopes: setting({
    env: 'AISPM_OIDC_SCOPES',
    type: 'string',
    default: 'openid email profile',
    doc: 'Scopes asked of the provider (space-separated; add the one that releases the groups claim, e.g. `groups`, if the provider needs it).',
  }),
  oidcAllowedDomains: setting({
    env: 'AISPM_OIDC_ALLOWED_DOMAINS',
    type: 'string',
    default: '',
    shown: '*(any)*',
    doc: 'Comma-separated e-mail domains allowed to sign in (`example.com,example.org`); the `email` claim must be in one (and `email_verified` not false). Empty: any.',
  }),
  oidcAllowedGroups: setting({
    env: 'AISPM_OIDC_ALLOWED_GROUPS',
    type: 'string',
    default: '',
    shown: '*(any)*',
    doc: 'Comma-separated groups, one of which a person must have in the groups claim to sign in. Empty: any.',
  }),
  oidcGroupsClaim: setting({
    env: 'AISPM_OIDC_GROUPS_CLAIM',
    type: 'string',
    default: 'groups',
    doc: 'The ID-token (or userinfo) claim holding the groups or roles the provider gives a person: an array of strings.',
  }),
  oidcRoles: setting({
    env: 'AISPM_OIDC_ROLES',
    type: 'string',
    default: '',
    shown: '*(none)*',
    check: (v) =>
      v === '' || v.split(',').every((p) => /^\s*[^=,\s][^=,]*=(admin|editor|viewer)(:[^\s,:]+)?\s*$/.test(p))
        ? undefined
        : 'a comma-separated list of group=role or group=role:workspace, role one of admin, editor, viewer',
    doc: 'Which role each group of the groups claim gives in the tenant: `group=role` (every workspace) or `group=role:workspace` (that workspace), comma-separated; roles `admin`, `editor`, `viewer` (docs/IDENTITY.md, "Roles"). E.g. `aispm-admins=admin,platform=editor,auditors=viewer:prod`.',
  }),
  oidcDefaultRole: setting({
    env: 'AISPM_OIDC_DEFAULT_ROLE',
    type: 'string',
    default: '',
    oneOf: ['', 'admin', 'editor', 'viewer'],
    doc: 'The role of a person none of whose groups has one (every workspace). Empty: such a person is refused.',
  }),
  oidcAllowHttp: setting({
    env: 'AISPM_OIDC_ALLOW_HTTP',
    type: 'boolean',
    default: false,
    doc: 'Let the issuer be an `http://` URL. Off: https only. For a provider on a trusted network, and the tests.',
  }),
  sessionIdleSeconds: setting({
    env: 'AISPM_SESSION_IDLE_SECONDS',
    type: 'integer',
    default: 1800,
    min: 60,
    doc: 'A console session unused this long ends (checked to within a minute).',
  }),
  sessionMaxSeconds: setting({
    env: 'AISPM_SESSION_MAX_SECONDS',
    type: 'integer',
    default: 43_200,
    min: 60,
    doc: 'A console session ends this long after sign-in, used or not.',
  }),
  tokenSignin: setting({
    env: 'AISPM_TOKEN_SIGNIN',
    type: 'boolean',
    default: true,
    doc: 'The console offers sign-in by pasting an API token. `false`: it offers the provider only (`GET /api/v1/auth/session` says which). API keys still work in the Authorization header, for scripts: this setting only takes the form away.',
  }),
};
