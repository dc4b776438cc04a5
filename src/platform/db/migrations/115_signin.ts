// Sign-in with an OpenID Connect provider (issue 38, points 1 and 2). `identity_users`: one row per
// person of a tenant, made at their first sign-in (keyed by the provider's issuer and subject, so
// a changed e-mail address is the same user), with the roles their groups gave them at the last
// sign-in. `console_sessions`: a signed-in browser; only the SHA-256 of its cookie is stored, with
// the scopes and workspaces of the roles it was granted, so a request costs one lookup by key.
// `oidc_logins`: a sign-in under way (state, nonce, PKCE verifier), deleted when its callback
// arrives, so a state is good for one callback only.

import { typed } from './ddl.ts';

export const up = typed(`
create table identity_users (
  tenant_id text not null,
  id text not null,
  issuer text not null,
  subject text not null,
  email text,
  name text,
  roles {json} not null,
  created_at {big} not null,
  last_sign_in_at {big} not null,
  primary key (tenant_id, id)
);
create unique index identity_users_subject on identity_users (tenant_id, issuer, subject);
create table console_sessions (
  id_hash text primary key,
  tenant_id text not null,
  user_id text not null,
  csrf text not null,
  scopes {json} not null,
  workspaces {json} not null,
  created_at {big} not null,
  last_seen_at {big} not null,
  expires_at {big} not null
);
create index console_sessions_expiry on console_sessions (expires_at);
create table oidc_logins (
  state_hash text primary key,
  verifier text not null,
  nonce text not null,
  created_at {big} not null
);
create index oidc_logins_created on oidc_logins (created_at);
`);
