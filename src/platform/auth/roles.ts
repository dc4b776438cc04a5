// Roles: what a person signing in through the provider may do, as a set of the existing scopes, so
// every route checks a session's scopes exactly as it checks a key's. Roles come from the
// provider's groups claim through AISPM_OIDC_ROLES (`group=role` or `group=role:workspace`), looked
// up in a Map: a group name is never used as a plain-object key.

import { ALL_WORKSPACES, type Scope } from './tokens.ts';

export type Role = 'admin' | 'editor' | 'viewer';
export const roles: readonly Role[] = ['admin', 'editor', 'viewer'];

/**
 * The scopes of each role. `viewer` reads (and keeps its own console preferences in client
 * storage); `editor` also changes what the workspace holds (ingest, webhooks, views, controls);
 * `admin` also manages every key of the tenant and reads the audit trail. None has `metrics`: the
 * process's figures are for a scraper's key, not a person.
 */
export const roleScopes: ReadonlyMap<Role, readonly Scope[]> = new Map<Role, readonly Scope[]>([
  ['viewer', ['read', 'storage']],
  ['editor', ['read', 'storage', 'ingest', 'webhooks', 'views', 'controls']],
  ['admin', ['read', 'storage', 'ingest', 'webhooks', 'views', 'controls', 'admin']],
]);

/** A role granted in the tenant: on every workspace (null) or on one. */
export interface Grant {
  role: Role;
  workspace: string | null;
}

/** Parses AISPM_OIDC_ROLES (checked at start by the setting) into group → grants. */
export function parseRoleMap(text: string): Map<string, Grant[]> {
  const map = new Map<string, Grant[]>();
  for (const part of text.split(',')) {
    const m = /^\s*([^=]+?)\s*=\s*(admin|editor|viewer)(?::(\S+))?\s*$/.exec(part);
    if (!m) continue;
    const grants = map.get(m[1]!) ?? [];
    grants.push({ role: m[2] as Role, workspace: m[3] ?? null });
    map.set(m[1]!, grants);
  }
  return map;
}

/** The grants a person's groups give, plus the default role when none does. */
export function grantsOf(groups: readonly string[], map: ReadonlyMap<string, Grant[]>, defaultRole: Role | ''): Grant[] {
  const out: Grant[] = [];
  const seen = new Set<string>();
  for (const g of groups) {
    for (const grant of map.get(g) ?? []) {
      const k = `${grant.role}\0${grant.workspace ?? ''}`;
      if (!seen.has(k)) out.push(grant);
      seen.add(k);
    }
  }
  if (out.length === 0 && defaultRole) out.push({ role: defaultRole, workspace: null });
  return out;
}

/**
 * What a session may do under its grants: one principal has one set of scopes and one set of
 * workspaces, so a tenant-wide grant gives its scopes on every workspace, and the grants of single
 * workspaces add those workspaces with the scopes of the widest such grant only when no tenant-wide
 * grant exists. (A person with `viewer` everywhere and `editor` on `prod` gets the viewer's scopes
 * everywhere: one principal cannot hold different scopes per workspace; docs/IDENTITY.md says so.)
 */
export function accessOf(grants: readonly Grant[]): { scopes: Scope[]; workspaces: string[] } {
  const wide = grants.filter((g) => g.workspace === null);
  const chosen = wide.length ? wide : grants;
  const scopes = new Set<Scope>();
  for (const g of chosen) for (const s of roleScopes.get(g.role) ?? []) scopes.add(s);
  const workspaces = wide.length ? [ALL_WORKSPACES] : [...new Set(grants.map((g) => g.workspace!))].sort();
  return { scopes: [...scopes], workspaces };
}
