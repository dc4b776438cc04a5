// The parameters and paths the query commands share (src/cli/queries.ts builds the commands'
// options and output on them): which kinds and storage scopes exist and their paths, from the
// catalogue like the routes themselves (test/cli-queries.test.ts checks every path built here
// against the served OpenAPI document), and `--filter` / `--sort` as the service reads them.

import { InvalidArgumentError } from 'commander';
import { routedKinds } from '../catalog/kinds.ts';
import { storageScopes, type StorageScope } from '../catalog/storage-scopes.ts';
import type { KindDef } from '../catalog/types.ts';
import { readSetting } from '../config.ts';
import type { Format } from './output.ts';
import type { Fail } from './operator.ts';

/**
 * A typed query with the user's `--filter` parameters added. The filters a list takes are generated
 * from the catalogue per list and are too many to name in a command; the service checks them and
 * refuses unknown ones with a 400 naming the parameter, so the one widening here is safe.
 */
export function withFilters<Q extends object>(filters: Record<string, string>, query: Q): Q {
  const given = Object.entries(query).filter(([, v]) => v !== undefined);
  return { ...filters, ...Object.fromEntries(given) } as Q;
}

// Every kind's list, detail and edge share one generic handler (src/areas/inventory/routes.ts) and
// so the same parameters; the models paths stand for all of them in the types.
export const LIST = '/api/v1/aispm-models/tenants/{tenant_id}/workspaces/{workspace_id}';
export const DETAIL = `${LIST}/{id}` as const;
export const EDGE = `${LIST}/{id}/{edge}` as const;
// Likewise the four client-storage scopes; the tenant + workspace paths carry every parameter.
export const ENTRY = '/api/v1/client-storage/tenants/{tenant_id}/workspaces/{workspace_id}/{client_id}/{namespace}/{key}';
export const KEYS = '/api/v1/client-storage/tenants/{tenant_id}/workspaces/{workspace_id}/{client_id}/{namespace}';

/** The names a kind answers to on the command line: models, model, aispm-models, mcp-servers, mcp_server… */
function kindNames(k: KindDef): string[] {
  const plain = k.prefix!.replace(/^aispm-/, '');
  return [
    ...new Set([
      plain,
      k.prefix!,
      k.name,
      `${k.name}s`,
      k.name.replaceAll('_', '-'),
      `${k.name.replaceAll('_', '-')}s`,
      plain.replaceAll('-', '_'),
    ]),
  ];
}

export const kindWords = routedKinds.map((k) => k.prefix!.replace(/^aispm-/, ''));

export function kindFor(word: string): KindDef | undefined {
  const w = word.toLowerCase();
  return routedKinds.find((k) => kindNames(k).includes(w));
}

/** Inventory paths of a kind, as the OpenAPI document writes them. */
export function inventoryPaths(kind: KindDef) {
  const list = `/api/v1/${kind.prefix}/tenants/{tenant_id}/workspaces/{workspace_id}`;
  return { list, detail: `${list}/{id}`, edge: `${list}/{id}/{edge}` };
}

export const storageScopeWords = storageScopes.map((s) => s.name.replaceAll('_', '-'));

/** Client-storage paths of a scope, as the OpenAPI document writes them. */
export function storagePaths(scope: StorageScope) {
  const keys = `/api/v1/client-storage/${scope.path.replace(/:(\w+)/g, '{$1}')}/{client_id}/{namespace}`;
  return { keys, entry: `${keys}/{key}` };
}

export const SESSIONS = '/api/v1/aispm-llm-sessions/tenants/{tenant_id}/workspaces/{workspace_id}' as const;

export interface OutputOptions {
  format: Format;
  columns?: string;
  all?: boolean;
  pageSize?: number;
  cursor?: string;
  /** `--filter key=value`, repeatable: any filter the list takes (docs/QUERIES.md). */
  filter?: string[];
  /** `--sort`, repeatable: sort terms `column[:asc|desc]`, joined with commas as the service reads them. */
  sort?: string[];
}

/** The `--filter key=value` pairs as query parameters; the service refuses the ones its list lacks. */
export function filterParams(filters: readonly string[] | undefined, fail: Fail): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of filters ?? []) {
    const eq = f.indexOf('=');
    if (eq < 1) fail(`--filter: expected key=value (such as models.provider=anthropic or critical_issues__gt=0), got "${f}"`);
    const key = f.slice(0, eq);
    if (['cursor', 'page_size', 'pageSize', 'sort', 'sort_dir'].includes(key))
      fail(`--filter: ${key} has an option of its own (--${key.replace('_', '-')})`);
    out[key] = f.slice(eq + 1);
  }
  return out;
}

/** `--sort a:desc --sort b` or `--sort a:desc,b` as the one parameter `sort=a:desc,b`. */
export const sortParam = (terms: readonly string[] | undefined) => (terms?.length ? terms.join(',') : undefined);

/** The columns sort terms name (without their direction), which a table must not drop. */
export const sortColumns = (terms: readonly string[] | undefined, aliases: Record<string, string> = {}) =>
  (terms ?? [])
    .flatMap((t) => t.split(','))
    .map((t) => t.trim().replace(/:(asc|desc)$/i, ''))
    .filter(Boolean)
    .map((c) => (Object.hasOwn(aliases, c) ? aliases[c]! : c));

export interface Page {
  cursor: string;
  total?: number;
}

export const int = (name: string) => (v: string) => {
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new InvalidArgumentError(`${name} must be a whole number from 1`);
  return Number(v);
};

export function terminalWidth(): number {
  return process.stdout.columns || readSetting('columns');
}

export const write = (text: string) => {
  process.stdout.write(text);
};
export const note = (text: string) => {
  process.stderr.write(text);
};

/** Options of the commands that summarise every workspace of the token unless one is named (flag or AISPM_WORKSPACE). */
export type SummaryOptions = OutputOptions & { workspace?: string; allWorkspaces?: boolean; top?: number };
export const workspaceOf = (o: SummaryOptions) => (o.allWorkspaces ? undefined : o.workspace);
