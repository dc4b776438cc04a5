// What every view uses: htm bound to preact, the kinds of the inventory as the API names them,
// the console's address scheme (#/<tenant>/<workspace>/<view>/…?<state>), and fetching state.

import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import htm from 'htm';
import { KIND_LABELS } from './columns.js';

export const html = htm.bind(h);

/** The inventory kinds with a list of their own: the kind's name, its URL prefix, how people call it. */
export const KINDS = [
  { kind: 'agent', prefix: 'aispm-agents', label: 'Agents', one: 'agent', counts: 'agents' },
  { kind: 'model', prefix: 'aispm-models', label: 'Models', one: 'model', counts: 'models' },
  { kind: 'tool', prefix: 'aispm-tools', label: 'Tools', one: 'tool', counts: 'tools' },
  { kind: 'mcp_server', prefix: 'aispm-mcp-servers', label: 'MCP servers', one: 'MCP server', counts: 'mcp_servers' },
  { kind: 'asset', prefix: 'assets', label: 'Assets', one: 'asset', counts: 'assets' },
  { kind: 'location', prefix: 'locations', label: 'Locations', one: 'location', counts: 'locations' },
];

/** Kinds without a list of their own, reachable in the graph (the paths endpoint's names). */
export const LEAF_KINDS = [
  'certs',
  'keys',
  'secrets',
  'qualys-secrets',
  'tls-configs',
  'operations',
  'crypto-sessions',
  'guardrails',
  'mcp-prompts',
  'mcp-resources',
  'garak-infos',
];

export const kindByName = (kind) => KINDS.find((k) => k.kind === kind);
export const kindByPrefix = (prefix) => KINDS.find((k) => k.prefix === prefix);

/** A kind as the catalogue calls one of its objects ("MCP server", "TLS configuration"). */
export const kindWords = (kind) => KIND_LABELS.get(kind) ?? String(kind).replaceAll('_', ' ');

/** The route of the current address. */
export function parseRoute(hash = location.hash) {
  const raw = hash.replace(/^#\/?/, '');
  const q = raw.indexOf('?');
  const path = (q < 0 ? raw : raw.slice(0, q)).split('/').filter(Boolean).map(decodeURIComponent);
  const query = new URLSearchParams(q < 0 ? '' : raw.slice(q + 1));
  const [tenant, workspace, view = 'overview', ...parts] = path;
  return { tenant, workspace, view, parts, query };
}

/** The address of a view in a workspace, with its state (never the token). */
export function href(route, view, parts = [], query = {}) {
  const path = [route.tenant, route.workspace, view, ...parts].map((p) => encodeURIComponent(p)).join('/');
  const qs = new URLSearchParams();
  for (const [k, v] of query instanceof URLSearchParams ? query : Object.entries(query))
    if (v !== undefined && v !== null && v !== '') qs.append(k, String(v));
  const s = qs.toString();
  return `#/${path}${s ? `?${s}` : ''}`;
}

/**
 * Runs an async read when its inputs change: {loading}, {data} or {error}. A render with new
 * inputs shows loading at once, never the previous inputs' answer.
 */
export function useAsync(fn, deps) {
  const key = JSON.stringify(deps);
  const [state, setState] = useState({ loading: true, key });
  useEffect(() => {
    let live = true;
    setState({ loading: true, key });
    fn().then(
      (data) => live && setState({ data, key }),
      (error) => live && setState({ error, key }),
    );
    return () => {
      live = false;
    };
  }, [key]);
  return state.key === key ? state : { loading: true, key };
}

/** The API's workspace path segment of a kind or area. */
export const wsPath = (route, prefix) =>
  `/${prefix}/tenants/${encodeURIComponent(route.tenant)}/workspaces/${encodeURIComponent(route.workspace)}`;
