// Findings: the issues index with the API's filters and sort, an issue's objects and each object's
// instance details with their evidence and code location.

import { get } from '../api.js';
import { Async, CodeLocation, Empty, Fields, Named, Table } from '../components.js';
import { fmt, label } from '../format.js';
import { href, html, kindByName, useAsync, wsPath } from '../lib.js';
import { ListPage, withQuery } from './list.js';
import { locationPage } from './object.js';

const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'];

export function Findings({ route }) {
  const query = route.query;
  const go = (q) => {
    location.hash = href(route, 'findings', [], q);
  };
  const state = useAsync(() => get(wsPath(route, 'issues'), Object.fromEntries(query)), [route.tenant, route.workspace, query.toString()]);
  const severity = query.get('severity') ?? '';
  return html`<h1 tabindex="-1">Findings</h1>
    <form class="quick" aria-label="Severity" onSubmit=${(e) => e.preventDefault()}>
      <label>Severity
        <select data-testid="severity-filter" value=${severity} onChange=${(e) => go(withQuery(query, { severity: e.currentTarget.value }))}>
          <option value="">any</option>
          ${SEVERITIES.map((s) => html`<option value=${s}>${s}</option>`)}
        </select>
      </label>
    </form>
    <${ListPage}
      state=${state}
      query=${query}
      go=${go}
      caption="Issues (a rule's findings at one severity)"
      testid="issues-table"
      columns=${['rule_name', 'severity', 'category', 'open_instances', 'objects', 'first_detected', 'last_detected']}
      sortable=${['severity', 'open_instances', 'objects', 'first_detected', 'last_detected', 'rule_name']}
      csv=${{ path: wsPath(route, 'issues'), filename: `${route.workspace}-issues.csv` }}
      cell=${(col, v, row) => (col === 'rule_name' ? html`<a href=${href(route, 'issue', [row[0]])}>${v}</a>` : col === 'severity' ? html`<span class=${`sev ${v}`}>${v}</span>` : undefined)}
    />
    <p class="sub">The same findings against the controls of OWASP, MITRE ATLAS, NIST AI RMF and the EU AI Act: <a href=${href(route, 'compliance')}>Compliance</a>.</p>
    <${Waived} route=${route} />`;
}

/** The findings set aside by a waiver (they are in no issue above), newest first, each linking to its page. */
function Waived({ route }) {
  const state = useAsync(() => get(wsPath(route, 'instances'), { status: 'waived', page_size: 100 }), [route.tenant, route.workspace]);
  return html`<section aria-labelledby="waived-h">
    <h2 id="waived-h">Waived findings</h2>
    <${Async}
      state=${state}
      what="Loading the waived findings"
      render=${(d) =>
        d.rows.length
          ? html`<${Table}
              header=${d.header}
              rows=${d.rows}
              caption=${d.total > d.rows.length ? `The newest ${d.rows.length} of ${d.total} waived findings` : 'Findings set aside by a waiver'}
              testid="waived-table"
              columns=${['title', 'severity', 'object_id', 'detected_at']}
              cell=${(col, v, row) =>
                col === 'title'
                  ? html`<a href=${href(route, 'finding', [row[0]])}>${v}</a>`
                  : col === 'severity'
                    ? html`<span class=${`sev ${v}`}>${v}</span>`
                    : undefined}
            />`
          : html`<${Empty}>No finding is waived.</${Empty}>`}
    />
  </section>`;
}

function ObjectDetails({ route, issueId, object }) {
  const state = useAsync(
    () => get(`${wsPath(route, 'issues')}/${encodeURIComponent(issueId)}/objects/${encodeURIComponent(object)}/details`, { page_size: 20 }),
    [route.tenant, route.workspace, issueId, object],
  );
  return html`<section aria-labelledby="details-h">
    <h2 id="details-h">Instances on ${object}</h2>
    <${Async}
      state=${state}
      what="Loading the instances"
      render=${(d) =>
        d.details?.length
          ? html`<ul class="findings" data-testid="instance-details">
              ${d.details.map(
                (x) => html`<li>
                  <h3><span class=${`sev ${x.severity}`}>${x.severity}</span> <a href=${href(route, 'finding', [x.id])}>${x.title}</a> <span class="sub">${x.status} · detected ${fmt(x.detected_at)}</span></h3>
                  <p>${x.description}</p>
                  ${x.code_location && html`<p class="sub"><strong>Code:</strong> <${CodeLocation} loc=${x.code_location} page=${locationPage(route, x.code_location)} /></p>`}
                  ${
                    x.evidence &&
                    typeof x.evidence === 'object' &&
                    html`<dl class="evidence-fields">
                      ${Object.entries(x.evidence).map(([k, v]) => html`<div><dt>${label(k)}</dt><dd>${typeof v === 'object' && v !== null ? html`<code>${JSON.stringify(v)}</code>` : fmt(v)}</dd></div>`)}
                    </dl>`
                  }
                  ${x.remediation && html`<p class="sub"><strong>Remediation:</strong> ${x.remediation}</p>`}
                </li>`,
              )}
            </ul>`
          : html`<${Empty}>No instances.</${Empty}>`}
    />
  </section>`;
}

export function IssuePage({ route }) {
  const [issueId] = route.parts;
  const query = route.query;
  const object = query.get('object');
  const issue = useAsync(() => get(`${wsPath(route, 'issues')}/${encodeURIComponent(issueId)}`), [route.tenant, route.workspace, issueId]);
  const listQuery = new URLSearchParams(query);
  listQuery.delete('object');
  const objects = useAsync(
    () => get(`${wsPath(route, 'issues')}/${encodeURIComponent(issueId)}/objects`, Object.fromEntries(listQuery)),
    [route.tenant, route.workspace, issueId, listQuery.toString()],
  );
  const go = (q) => {
    location.hash = href(route, 'issue', [issueId], q);
  };
  return html`<${Async}
    state=${issue}
    what="Loading the issue"
    render=${(d) => html`<h1 tabindex="-1">Issue: ${d.rows[0][d.header.indexOf('rule_name')]}</h1>
      <${Fields} header=${d.header} row=${d.rows[0]} />
      ${d.rule && html`<section aria-labelledby="rule-h"><h2 id="rule-h">Rule</h2><${Fields} header=${Object.keys(d.rule)} row=${Object.values(d.rule)} /></section>`}
      <section aria-labelledby="objects-h">
        <h2 id="objects-h">Objects</h2>
        <${ListPage}
          state=${objects}
          query=${listQuery}
          go=${go}
          caption="Objects this issue touches"
          testid="issue-objects"
          filterBar=${false}
          sortable=${false}
          columns=${['object_name', 'object_type', 'occurrences', 'first_detected', 'last_detected']}
          cell=${(col, v, row) => {
            if (col === 'object_name') {
              const kind = kindByName(row[0]);
              return html`<${Named} name=${v} id=${row[1]} href=${kind ? href(route, 'object', [kind.prefix, row[1]]) : undefined} />`;
            }
            if (col === 'occurrences')
              return html`<a href=${href(route, 'issue', [issueId], withQuery(listQuery, { object: row[1] }, true))}>${fmt(v)} — show</a>`;
            return undefined;
          }}
        />
      </section>
      ${object ? html`<${ObjectDetails} route=${route} issueId=${issueId} object=${object} />` : null}`}
  />`;
}
