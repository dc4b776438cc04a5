// A tenant or workspace the console cannot show: one the token may not read, or a workspace that
// never received data. The page says which, in the API's own words (the dashboard's 404 or 403 for
// the workspace, the workspaces list's answer for the tenant), and offers what the token can open,
// instead of a view of zeros beside an error.

import { get } from '../api.js';
import { Async, ErrorBox } from '../components.js';
import { number } from '../format.js';
import { href, html, useAsync } from '../lib.js';

/** `view` is shown after all when the API answers for the workspace (its data arrived since the list was read). */
export function UnknownWorkspace({ route, workspaces, view }) {
  // The API's answer for this workspace: 404 when it holds no data, 403 when the token may not read it.
  const state = useAsync(
    () =>
      get('/aispm-dashboard', { workspace_id: route.workspace, top: 1 }).then(
        () => null,
        (error) => error,
      ),
    [route.tenant, route.workspace],
  );
  return html`<${Async}
    state=${state}
    what="Looking the workspace up"
    render=${(error) =>
      error === null
        ? view
        : html`<h1 tabindex="-1" data-testid="unknown-workspace">
        ${error.status === 403 ? `Workspace “${route.workspace}” is not open to this token` : `No data in workspace “${route.workspace}”`}
      </h1>
      <${ErrorBox} error=${error} />
      <p>A workspace appears once an ingest, a scan or OpenTelemetry traces reach it. The workspaces this token can open:</p>
      <ul class="workspaces" data-testid="workspace-links">
        ${workspaces.map(
          (w) =>
            html`<li><a href=${href({ tenant: route.tenant, workspace: w.workspace_id }, 'overview')}>${w.workspace_id}</a> <span class="sub">${number(w.objects)} objects</span></li>`,
        )}
      </ul>`}
  />`;
}

export function UnknownTenant({ tenant, mine, error }) {
  return html`<h1 tabindex="-1" data-testid="unknown-tenant">Tenant “${tenant}” is not open to this token</h1>
    <${ErrorBox} error=${error} />
    <p>A token reads the tenant it was created for. <a href=${`#/${encodeURIComponent(mine)}`}>Open tenant ${mine}</a>.</p>`;
}
