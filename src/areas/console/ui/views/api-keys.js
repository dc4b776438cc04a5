// Settings → API keys: the keys this user (or token) may manage, making one (its token shown once,
// here, and never again) and revoking one. Over the public routes `/api-keys/tenants/{t}`, with the
// pasted token or the session cookie and its CSRF token (api.js), like any script could.

import { useState } from 'preact/hooks';
import { get, records, send } from '../api.js';
import { Async, ErrorBox, Table } from '../components.js';
import { html, useAsync } from '../lib.js';

const SCOPES = ['read', 'ingest', 'storage', 'webhooks', 'views', 'controls', 'admin', 'metrics'];
const LIFETIMES = [
  ['30d', '30 days'],
  ['90d', '90 days'],
  ['365d', 'a year'],
  ['', 'never expires'],
];

function NewKey({ route, mine, onMade }) {
  const [state, setState] = useState({});
  const submit = async (e) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const body = { name: String(form.get('name')).trim(), scopes: form.getAll('scope') };
    if (form.get('where') === 'all') body.all_workspaces = true;
    else body.workspaces = [route.workspace];
    if (form.get('expires_in')) body.expires_in = form.get('expires_in');
    setState({ busy: true });
    try {
      const made = await send('POST', `/api-keys/tenants/${encodeURIComponent(route.tenant)}`, body);
      setState({ made });
      onMade();
    } catch (error) {
      setState({ error });
    }
  };
  return html`<form class="new-key" onSubmit=${submit} aria-labelledby="new-key-h">
      <h2 id="new-key-h">Make a key</h2>
      <label for="key-name">Name</label>
      <input id="key-name" name="name" required maxlength="200" placeholder="what will use it" />
      <fieldset>
        <legend>Scopes (no wider than yours)</legend>
        ${SCOPES.filter((s) => mine.scopes.includes(s)).map(
          (s) => html`<label class="check"><input type="checkbox" name="scope" value=${s} checked=${s === 'read'} /> ${s}</label>`,
        )}
      </fieldset>
      <fieldset>
        <legend>Workspaces</legend>
        <label class="check"><input type="radio" name="where" value="one" checked /> only ${route.workspace}</label>
        ${mine.all && html`<label class="check"><input type="radio" name="where" value="all" /> every workspace</label>`}
      </fieldset>
      <label for="key-expiry">Expires</label>
      <select id="key-expiry" name="expires_in">
        ${LIFETIMES.map(([v, l]) => html`<option value=${v}>${l}</option>`)}
      </select>
      <button type="submit" disabled=${state.busy}>${state.busy ? 'Making…' : 'Make key'}</button>
    </form>
    ${state.error && html`<${ErrorBox} error=${state.error} />`}
    ${
      state.made &&
      html`<div class="new-token" role="status">
        <p>The token of <strong>${state.made.name}</strong>: copy it now, it is not shown again.</p>
        <code data-testid="new-token">${state.made.token}</code>
      </div>`
    }`;
}

export function ApiKeys({ route }) {
  const [version, setVersion] = useState(0);
  const [revokeError, setRevokeError] = useState();
  const me = useAsync(() => get('/token'), []);
  const keys = useAsync(() => get(`/api-keys/tenants/${encodeURIComponent(route.tenant)}`, { page_size: 200 }), [route.tenant, version]);
  const revoke = async (id) => {
    setRevokeError(undefined);
    try {
      await send('DELETE', `/api-keys/tenants/${encodeURIComponent(route.tenant)}/${encodeURIComponent(id)}`);
    } catch (error) {
      setRevokeError(error);
    }
    setVersion((v) => v + 1);
  };
  return html`<h1 tabindex="-1">Settings → API keys</h1>
    <p class="sub">Keys for scripts and collectors, sent as <code>Authorization: Bearer …</code>. You see and revoke the keys you made (an admin: every key of the tenant).</p>
    <${Async}
      state=${me}
      what="Loading"
      render=${(m) => html`<${NewKey} route=${route} mine=${{ scopes: m.scopes, all: m.all_workspaces ?? m.workspaces.length === 0 }} onMade=${() => setVersion((v) => v + 1)} />`}
    />
    ${revokeError && html`<${ErrorBox} error=${revokeError} />`}
    <${Async}
      state=${keys}
      what="Loading the keys"
      render=${(r) =>
        html`<${Table}
          header=${[...r.header, 'action']}
          rows=${r.rows.map((row) => [...row, null])}
          columns=${['name', 'scopes', 'workspaces', 'created_at', 'last_used_at', 'expires_at', 'revoked_at', 'action']}
          caption="API keys"
          testid="api-keys"
          cell=${(col, _v, row) => {
            const rec = records({ header: r.header, rows: [row] })[0];
            if (col === 'action')
              return rec.revoked_at
                ? ''
                : html`<button type="button" onClick=${() => revoke(rec.id)} aria-label=${`Revoke ${rec.name}`}>Revoke</button>`;
            if (col === 'scopes' || col === 'workspaces') return (rec[col] ?? []).join(', ');
            return undefined;
          }}
        />`}
    />`;
}
