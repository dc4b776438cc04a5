// Downloads: the AI-BOM (CycloneDX) and SARIF where the service has them, and every list as CSV.
// A file is fetched with the token in a header and saved from memory, so no link carries a token.

import { getBlob, hasOperation, saveBlob } from '../api.js';
import { Async, NotAvailable } from '../components.js';
import { html, KINDS, useAsync, wsPath } from '../lib.js';
import { useState } from 'preact/hooks';

const EXPORTS = [
  {
    id: 'aibom',
    what: 'AI-BOM (CycloneDX JSON)',
    operation: '/aibom/tenants/{tenant_id}/workspaces/{workspace_id}',
    path: (r) => wsPath(r, 'aibom'),
    accept: 'application/vnd.cyclonedx+json, application/json',
    file: (r) => `${r.workspace}-aibom.cdx.json`,
  },
  {
    id: 'sarif',
    what: 'Open findings as SARIF 2.1.0',
    operation: '/issues/tenants/{tenant_id}/workspaces/{workspace_id}/sarif',
    path: (r) => `${wsPath(r, 'issues')}/sarif`,
    accept: 'application/sarif+json, application/json',
    file: (r) => `${r.workspace}-findings.sarif`,
  },
];

function DownloadButton({ label, path, accept, filename, query, testid }) {
  const [state, setState] = useState({});
  const click = async () => {
    setState({ busy: true });
    try {
      saveBlob(await getBlob(path, query, accept), filename);
      setState({ done: true });
    } catch (error) {
      setState({ error });
    }
  };
  return html`<button type="button" onClick=${click} disabled=${state.busy} data-testid=${testid}>${state.busy ? 'Preparing…' : label}</button>
    ${state.done && html` <span class="sub" role="status">saved ${filename}</span>`}
    ${state.error && html` <span class="error" role="alert">${state.error.message}</span>`}`;
}

export function Downloads({ route }) {
  const available = useAsync(
    async () => Object.fromEntries(await Promise.all(EXPORTS.map(async (e) => [e.id, await hasOperation(e.operation)]))),
    [],
  );
  return html`<h1 tabindex="-1">Downloads</h1>
    <section aria-labelledby="formats-h">
      <h2 id="formats-h">For auditors and other tools</h2>
      <${Async}
        state=${available}
        render=${(a) => html`<ul class="downloads">
          ${EXPORTS.map(
            (e) => html`<li data-export=${e.id}>
              ${
                a[e.id]
                  ? html`<strong>${e.what}</strong>: <${DownloadButton} label="Download" path=${e.path(route)} accept=${e.accept} filename=${e.file(route)} testid=${`download-${e.id}`} />`
                  : html`<${NotAvailable} what=${e.what} />`
              }
            </li>`,
          )}
        </ul>`}
      />
    </section>
    <section aria-labelledby="csv-h">
      <h2 id="csv-h">Lists as CSV (up to 10,000 rows each)</h2>
      <ul class="downloads">
        ${[...KINDS.map((k) => [k.label, k.prefix]), ['Issues', 'issues'], ['Sessions', 'aispm-llm-sessions']].map(
          ([label, prefix]) => html`<li>
            <strong>${label}</strong>: <${DownloadButton} label="Download CSV" path=${wsPath(route, prefix)} accept="text/csv" filename=${`${route.workspace}-${prefix}.csv`} query=${{ page_size: 10000 }} testid=${`csv-${prefix}`} />
          </li>`,
        )}
      </ul>
    </section>`;
}
