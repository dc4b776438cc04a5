// Inventory: one list per kind with the API's filters, sort and paging, and its CSV.

import { get } from '../api.js';
import { Named, safeUrl } from '../components.js';
import { href, html, KINDS, kindByPrefix, useAsync, wsPath } from '../lib.js';
import { ListPage } from './list.js';

// The columns each kind's table shows (the API answers more; the filter picker offers them all).
// An object's name carries its id as secondary text, so `id` has no column of its own.
const COLUMNS = {
  agent: [
    'name',
    'framework',
    'environment',
    'owner',
    'risk_score',
    'critical_issues',
    'high_issues',
    'total_issues',
    'models',
    'tools',
    'mcp_servers',
    'last_seen',
  ],
  model: [
    'name',
    'provider',
    'model_family',
    'hosting',
    'risk_score',
    'critical_issues',
    'high_issues',
    'total_issues',
    'agents',
    'last_seen',
  ],
  tool: [
    'name',
    'type',
    'destructive',
    'risk_score',
    'critical_issues',
    'high_issues',
    'total_issues',
    'agents',
    'mcp_servers',
    'last_seen',
  ],
  mcp_server: [
    'name',
    'transport',
    'authentication',
    'risk_score',
    'critical_issues',
    'high_issues',
    'total_issues',
    'tools',
    'agents',
    'last_seen',
  ],
  asset: ['name', 'type', 'hostname', 'os', 'cloud_provider', 'environment', 'criticality', 'agents', 'models', 'mcp_servers', 'last_seen'],
  location: ['name', 'type', 'repository', 'path', 'start_line', 'end_line', 'url', 'secrets', 'certs', 'last_seen'],
};

export function Inventory({ route }) {
  const kind = kindByPrefix(route.parts[0]) ?? KINDS[0];
  const query = route.query;
  const go = (q) => {
    location.hash = href(route, 'inventory', [kind.prefix], q);
  };
  const state = useAsync(
    () => get(wsPath(route, kind.prefix), Object.fromEntries(query)),
    [route.tenant, route.workspace, kind.prefix, query.toString()],
  );
  return html`<h1 tabindex="-1">Inventory: ${kind.label}</h1>
    <nav class="tabs" aria-label="Kinds">
      <ul>
        ${KINDS.map((k) => html`<li><a href=${href(route, 'inventory', [k.prefix])} aria-current=${k === kind ? 'page' : undefined}>${k.label}</a></li>`)}
      </ul>
    </nav>
    <${ListPage}
      state=${state}
      query=${query}
      go=${go}
      caption=${`${kind.label} of ${route.workspace}`}
      testid="inventory-table"
      columns=${COLUMNS[kind.kind]}
      csv=${{ path: wsPath(route, kind.prefix), filename: `${route.workspace}-${kind.prefix}.csv` }}
      cell=${(col, v, row) =>
        col === 'name'
          ? html`<${Named} name=${v} id=${row[0]} href=${href(route, 'object', [kind.prefix, row[0]])} />`
          : col === 'url' && safeUrl(v)
            ? html`<a href=${safeUrl(v)} rel="noopener noreferrer" target="_blank">code host ↗</a>`
            : undefined}
    />`;
}
