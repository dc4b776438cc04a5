// Inventory: one list per kind with the API's filters, sort and paging, and its CSV.

import { get } from '../api.js';
import { href, html, KINDS, kindByPrefix, useAsync, wsPath } from '../lib.js';
import { ListPage } from './list.js';

const COLUMNS = {
  agent: [
    'id',
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
  model: ['id', 'name', 'provider', 'risk_score', 'critical_issues', 'high_issues', 'total_issues', 'agents', 'last_seen'],
  tool: ['id', 'name', 'risk_score', 'critical_issues', 'high_issues', 'total_issues', 'agents', 'mcp_servers', 'last_seen'],
  mcp_server: ['id', 'name', 'transport', 'risk_score', 'critical_issues', 'high_issues', 'total_issues', 'tools', 'agents', 'last_seen'],
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
      cell=${(col, v, row) => (col === 'name' || col === 'id' ? html`<a href=${href(route, 'object', [kind.prefix, row[0]])}>${v ?? row[0]}</a>` : undefined)}
    />`;
}
