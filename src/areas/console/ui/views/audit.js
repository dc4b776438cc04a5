// Audit (admins): the tenant's audit trail, `GET /audit/tenants/{t}` (scope `admin`), a list like
// any other: its filters (action, actor, outcome, …), sort, paging and CSV kept in the address.
// Tenant-wide, so the workspace picker does not change it. docs/IDENTITY.md says what is recorded.

import { get } from '../api.js';
import { html, href, useAsync } from '../lib.js';
import { ListPage } from './list.js';

export function Audit({ route, me }) {
  const path = `/audit/tenants/${encodeURIComponent(route.tenant)}`;
  const query = route.query;
  const go = (q) => {
    location.hash = href(route, 'audit', [], q);
  };
  const allowed = me.scopes.includes('admin');
  // Not asked without the scope: the API would answer 403.
  const state = useAsync(async () => (allowed ? get(path, Object.fromEntries(query)) : null), [route.tenant, query.toString(), allowed]);
  if (!allowed)
    return html`<h1 tabindex="-1">Audit</h1>
      <p class="empty" data-testid="audit-scope">The audit trail needs a token with the <code>admin</code> scope; this one has ${me.scopes.join(', ')}.</p>`;
  return html`<h1 tabindex="-1">Audit</h1>
    <p>Every change of tenant ${route.tenant}: who (a key, or a signed-in user), when, from where, what and its outcome, newest first.</p>
    <${ListPage}
      state=${state}
      query=${query}
      go=${go}
      caption=${`Audit trail of ${route.tenant}`}
      testid="audit-table"
      columns=${['time', 'actor', 'action', 'target', 'outcome', 'workspace_id', 'address', 'reason']}
      sortable=${['time', 'actor', 'action', 'target', 'outcome', 'workspace_id', 'address']}
      csv=${{ path, filename: `${route.tenant}-audit.csv` }}
    />`;
}
