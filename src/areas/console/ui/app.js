// The console's shell: signing in, the tenant and workspace pickers, the navigation and the view
// of the address. Every view's state is in the address (#/<tenant>/<workspace>/<view>/…?…), so a
// link can be shared; the token is not: it stays in this tab's sessionStorage. Signing in through
// the identity provider leaves an http-only session cookie instead (docs/IDENTITY.md, "Sign-in").

import { render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { get, records, session } from './api.js';
import { ErrorBox, Loading } from './components.js';
import { number } from './format.js';
import { href, html, parseRoute } from './lib.js';
import { ApiKeys } from './views/api-keys.js';
import { Audit } from './views/audit.js';
import { Compliance } from './views/compliance.js';
import { ControlPage, Controls } from './views/controls.js';
import { Downloads } from './views/downloads.js';
import { FindingPage } from './views/finding.js';
import { Findings, IssuePage } from './views/findings.js';
import { Inventory } from './views/inventory.js';
import { ObjectPage } from './views/object.js';
import { Overview } from './views/overview.js';
import { PathsView } from './views/paths.js';
import { Runtime, SessionPage } from './views/runtime.js';
import { UnknownTenant, UnknownWorkspace } from './views/unknown.js';

const VIEWS = [
  { view: 'overview', label: 'Overview' },
  { view: 'inventory', label: 'Inventory' },
  { view: 'findings', label: 'Findings' },
  { view: 'compliance', label: 'Compliance' },
  { view: 'controls', label: 'Controls' },
  { view: 'runtime', label: 'Runtime' },
  { view: 'paths', label: 'Paths' },
  { view: 'downloads', label: 'Downloads' },
  { view: 'api-keys', label: 'API keys' },
  // Only for principals that may read it.
  { view: 'audit', label: 'Audit', scope: 'admin' },
];

function useHash() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const on = () => setHash(location.hash);
    addEventListener('hashchange', on);
    return () => removeEventListener('hashchange', on);
  }, []);
  return hash;
}

function SignIn({ onSignedIn, error: initial }) {
  const [error, setError] = useState(initial);
  const [busy, setBusy] = useState(false);
  const submit = async (e) => {
    e.preventDefault();
    const token = new FormData(e.currentTarget).get('token').trim();
    setBusy(true);
    setError(undefined);
    try {
      const me = await get('/token', {}, token);
      session.signIn(token);
      onSignedIn(me);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  const methods = session.methods();
  return html`<main id="main" class="signin">
    <h1>aispm console</h1>
    ${methods.oidc && html`<p><a class="button" id="oidc-signin" href="/api/v1/auth/oidc/login">Sign in with your organisation's account</a></p>`}
    ${
      methods.token &&
      html`<p>Paste an API token with the <code>read</code> scope (<code>npm start</code> prints one). It is kept in this browser tab only and sent as the Authorization header.</p>
      <form onSubmit=${submit}>
        <label for="token">API token</label>
        <input id="token" name="token" type="password" autocomplete="off" spellcheck="false" required placeholder="aispm_…" />
        <button type="submit" disabled=${busy}>${busy ? 'Signing in…' : 'Sign in'}</button>
      </form>`
    }
    ${error && html`<${ErrorBox} error=${error} />`}
  </main>`;
}

function Shell({ me, onSignOut }) {
  useHash();
  const route = parseRoute();
  const main = useRef(null);

  const tenant = route.tenant ?? me.tenant_id;
  // The tenant's workspaces with data, and whether that is all of them (a workspace missing from a
  // complete list is unknown: the page says so instead of a view of zeros). Read per tenant: the
  // answer for another tenant is never taken for this one's.
  const [read, setRead] = useState({});
  const current = read.tenant === tenant ? read : {};
  const { workspaces, complete, error } = current;
  useEffect(() => {
    let live = true;
    get(`/tenants/${encodeURIComponent(tenant)}/workspaces`, { page_size: 1000 }).then(
      (r) => live && setRead({ tenant, workspaces: records(r), complete: !r.cursor }),
      (e) => live && setRead({ tenant, error: e }),
    );
    return () => {
      live = false;
    };
  }, [tenant]);

  // An address without a tenant or workspace opens the token's tenant and its first workspace.
  useEffect(() => {
    // Read again here: the address may have changed since this render.
    const now = parseRoute();
    if (workspaces && (!now.tenant || !now.workspace)) {
      const ws = workspaces[0]?.workspace_id ?? 'default';
      location.replace(href({ tenant, workspace: ws }, now.view));
    }
  }, [workspaces, route.tenant, route.workspace]);

  // A new view moves the focus to its heading, so keyboards and screen readers start there.
  // Not on the first view of a page load: there the skip link comes first.
  const viewKey = `${route.view}/${route.parts.join('/')}`;
  const shown = useRef(undefined);
  useEffect(() => {
    if (shown.current !== undefined && shown.current !== viewKey) main.current?.querySelector('h1')?.focus({ preventScroll: true });
    shown.current = viewKey;
  }, [viewKey]);

  const pick = (workspace) => {
    location.hash = href(
      { tenant, workspace },
      ['object', 'issue', 'finding', 'session', 'control'].includes(route.view) ? 'overview' : route.view,
    );
  };

  const known = workspaces?.some((w) => w.workspace_id === route.workspace);
  let body;
  if (error && (error.status === 403 || error.status === 404))
    body = html`<${UnknownTenant} tenant=${tenant} mine=${me.tenant_id} error=${error} />`;
  else if (error) body = html`<${ErrorBox} error=${error} />`;
  else if (!workspaces || !route.workspace) body = html`<${Loading} what="Loading the workspaces" />`;
  else if (workspaces.length === 0)
    body = html`<p class="empty">This tenant has no workspace with data yet: ingest some first (docs/INGEST.md).</p>`;
  else if (!known && complete)
    body = html`<${UnknownWorkspace} route=${route} workspaces=${workspaces} view=${html`<${View} route=${route} me=${me} />`} />`;
  else body = html`<${View} route=${route} me=${me} />`;

  return html`<a class="skip" href="#main" onClick=${(e) => {
    e.preventDefault();
    main.current?.focus();
  }}>Skip to content</a>
    <header class="top">
      <a class="brand" href=${href({ tenant, workspace: route.workspace ?? '' }, 'overview')}>aispm console</a>
      <div class="pickers">
        <label>Tenant
          <select aria-label="Tenant" disabled=${true} value=${tenant}><option value=${tenant}>${tenant}</option></select>
        </label>
        <label>Workspace
          <select data-testid="workspace-picker" value=${route.workspace} onChange=${(e) => pick(e.currentTarget.value)}>
            ${workspaces && !known && route.workspace && html`<option value=${route.workspace} disabled>${route.workspace} (no data)</option>`}
            ${(workspaces ?? []).map((w) => html`<option value=${w.workspace_id}>${w.workspace_id} (${number(w.objects)} objects)</option>`)}
          </select>
        </label>
      </div>
      <span class="who">${session.cookie()?.email ?? me.user_id}</span>
      <button type="button" class="signout" onClick=${onSignOut}>Sign out</button>
    </header>
    <nav aria-label="Views">
      <ul>
        ${VIEWS.filter((v) => !v.scope || me.scopes.includes(v.scope)).map(
          (v) =>
            html`<li><a href=${href({ tenant, workspace: route.workspace ?? '' }, v.view)} aria-current=${route.view === v.view ? 'page' : undefined}>${v.label}</a></li>`,
        )}
      </ul>
    </nav>
    <main id="main" ref=${main} tabindex="-1" data-route=${location.hash}>${body}</main>`;
}

function View({ route, me }) {
  switch (route.view) {
    case 'overview':
      return html`<${Overview} route=${route} />`;
    case 'inventory':
      return html`<${Inventory} route=${route} />`;
    case 'object':
      return html`<${ObjectPage} route=${route} />`;
    case 'findings':
      return html`<${Findings} route=${route} />`;
    case 'compliance':
      return html`<${Compliance} route=${route} />`;
    case 'controls':
      return html`<${Controls} route=${route} me=${me} />`;
    case 'control':
      return html`<${ControlPage} route=${route} me=${me} />`;
    case 'issue':
      return html`<${IssuePage} route=${route} />`;
    case 'finding':
      return html`<${FindingPage} route=${route} />`;
    case 'runtime':
      return html`<${Runtime} route=${route} />`;
    case 'session':
      return html`<${SessionPage} route=${route} />`;
    case 'paths':
      return html`<${PathsView} route=${route} />`;
    case 'downloads':
      return html`<${Downloads} route=${route} />`;
    case 'audit':
      return html`<${Audit} route=${route} me=${me} />`;
    case 'api-keys':
      return html`<${ApiKeys} route=${route} />`;
    default:
      return html`<h1 tabindex="-1">Not found</h1><p>No view "${route.view}". <a href=${href(route, 'overview')}>Overview</a></p>`;
  }
}

function App() {
  const [me, setMe] = useState();
  const [state, setState] = useState('loading');
  const [error, setError] = useState();
  useEffect(() => {
    if (state !== 'loading') return;
    session
      .load()
      .catch(() => undefined)
      .then(() => setState(session.token() || session.cookie() ? 'checking' : 'signed-out'));
  }, [state]);
  useEffect(() => {
    if (state !== 'checking') return;
    get('/token')
      .then((m) => {
        setMe(m);
        setState('signed-in');
      })
      .catch((err) => {
        session.signOut();
        setError(err);
        setState('signed-out');
      });
  }, [state]);
  useEffect(() => {
    const expired = (e) => {
      session.signOut();
      setMe(undefined);
      setError(e.detail);
      setState('signed-out');
    };
    addEventListener('aispm:unauthorized', expired);
    return () => removeEventListener('aispm:unauthorized', expired);
  }, []);
  if (state === 'loading' || state === 'checking') return html`<${Loading} what="Checking the sign-in" />`;
  if (state === 'signed-out')
    return html`<${SignIn}
      error=${error}
      onSignedIn=${(m) => {
        setMe(m);
        setState('signed-in');
      }}
    />`;
  return html`<${Shell}
    me=${me}
    onSignOut=${async () => {
      await session.end().catch(() => undefined);
      session.signOut();
      setMe(undefined);
      setError(undefined);
      setState('signed-out');
    }}
  />`;
}

const root = document.getElementById('app');
// The page's "Loading the console…" placeholder goes: preact would render beside it.
root.textContent = '';
render(html`<${App} />`, root);
