// Whether a key asked for is wider than the key asking: a scope it lacks, a workspace it is not
// granted (or every workspace when it has only some), or a life beyond its own expiry. A key may
// make keys no wider than itself, so a narrow key cannot mint its way into more.

import { type ApiKey, ALL_WORKSPACES, type Scope } from '../../platform/auth/tokens.ts';

export interface KeyRequest {
  scopes: readonly Scope[];
  /** Workspace ids, or [ALL_WORKSPACES]. */
  workspaces: readonly string[];
  /** When it would expire, or null for never. */
  expiresAt: number | null;
}

/** What is wider than the asking key, one phrase per way; empty when nothing is. */
export function widerThan(asking: ApiKey, wanted: KeyRequest): string[] {
  const out: string[] = [];
  const extraScopes = wanted.scopes.filter((s) => !asking.scopes.includes(s));
  if (extraScopes.length) out.push(`scopes ${extraScopes.join(', ')}`);
  if (!asking.workspaces.includes(ALL_WORKSPACES)) {
    if (wanted.workspaces.includes(ALL_WORKSPACES)) out.push('all_workspaces');
    else {
      const granted = new Set(asking.workspaces);
      const extra = wanted.workspaces.filter((w) => !granted.has(w));
      if (extra.length) out.push(`workspaces ${extra.map((w) => w.slice(0, 128)).join(', ')}`);
    }
  }
  if (asking.expiresAt !== null && (wanted.expiresAt === null || wanted.expiresAt > asking.expiresAt)) {
    out.push(`a lifetime past ${new Date(asking.expiresAt).toISOString()} (when this key expires)`);
  }
  return out;
}
