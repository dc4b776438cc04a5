// Compliance (docs/COMPLIANCE.md): the posture per framework (GET /compliance/…), a page per
// framework with its controls and their status (GET …/{framework}, a list like any other: filters,
// sort, CSV), and a page per control with the rules mapped to it (the rules list's `frameworks`
// filter) and the findings behind it (GET …/{framework}/{control}). A control no rule maps to is
// said to be not assessed: nothing checks it, which is not a pass.

import { get, hasOperation, records } from '../api.js';
import { Async, ChartFigure, CodeLocation, COLORS, Empty, Named, NotAvailable, Table } from '../components.js';
import { fmt, number, percent } from '../format.js';
import { href, html, kindByName, useAsync, wsPath } from '../lib.js';
import { ListPage, withQuery } from './list.js';
import { locationPage } from './object.js';

const POSTURE = '/compliance/tenants/{tenant_id}/workspaces/{workspace_id}';
const STATUSES = [
  ['failing', 'failing'],
  ['passing', 'passing'],
  ['not_assessed', 'not assessed'],
];
const statusWords = new Map(STATUSES);
const TREND_COLORS = { critical: COLORS.critical, high: COLORS.high, medium: '#a16207', low: COLORS.other };

/** A control's status as a badge. */
const Status = ({ status }) => html`<span class=${`status ${status}`} data-status=${status}>${statusWords.get(status) ?? status}</span>`;

/** The posture of the workspace (null where the service has no compliance). */
function usePosture(route) {
  return useAsync(async () => {
    if (!(await hasOperation(POSTURE))) return null;
    try {
      return (await get(wsPath(route, 'compliance'))).frameworks;
    } catch (e) {
      if (e.status === 404) return null;
      throw e;
    }
  }, [route.tenant, route.workspace]);
}

/** Controls failing, passing and not assessed of a framework's posture, in words. */
const summary = (f) =>
  `${number(f.controls_assessed)} of ${number(f.controls)} controls assessed: ${number(f.controls_with_open_findings)} failing, ` +
  `${number(f.controls_assessed - f.controls_with_open_findings)} passing; ${number(f.controls_not_assessed)} not assessed (no rule maps to them)`;

const OVERVIEW_COLUMNS = [
  ['framework', 'Framework'],
  ['posture_score', 'Objects passing'],
  ['controls_with_open_findings', 'Controls failing'],
  ['controls_passing', 'Controls passing'],
  ['controls_not_assessed', 'Not assessed'],
  ['critical', 'Critical'],
  ['high', 'High'],
  ['open_findings', 'Open findings'],
  ['objects_failing', 'Objects failing'],
  ['objects_in_scope', 'Objects in scope'],
];

function Frameworks({ route }) {
  const state = usePosture(route);
  return html`<h1 tabindex="-1">Compliance</h1>
    <p>The open findings of ${route.workspace} against the controls of each framework: a control fails when a rule mapped to it has an open finding, passes when its rules have none, and is <strong>not assessed</strong> when no rule maps to it.</p>
    <${Async}
      state=${state}
      what="Loading the compliance posture"
      render=${(frameworks) => {
        if (frameworks === null) return html`<${NotAvailable} what="Compliance posture per framework" />`;
        const rows = frameworks.map((f) => [
          f.framework,
          f.posture_score,
          f.controls_with_open_findings,
          f.controls_assessed - f.controls_with_open_findings,
          f.controls_not_assessed,
          f.open_findings.critical,
          f.open_findings.high,
          f.open_findings.total,
          f.objects_failing,
          f.objects_in_scope,
        ]);
        return html`<section aria-labelledby="frameworks-h">
          <h2 id="frameworks-h">Frameworks</h2>
          <${Table}
            caption="Posture per framework; objects passing is the share of in-scope objects with no open finding of the framework's rules"
            testid="frameworks"
            header=${OVERVIEW_COLUMNS.map(([c]) => c)}
            headings=${OVERVIEW_COLUMNS.map(([, h]) => h)}
            rows=${rows}
            cell=${(col, v) => {
              if (col === 'framework') {
                const f = frameworks.find((x) => x.framework === v);
                return html`<${Named} name=${`${f.name} ${f.version}`} id=${v} href=${href(route, 'compliance', [v])} />`;
              }
              if (col === 'posture_score') return percent(v);
              return undefined;
            }}
          />
        </section>`;
      }}
    />`;
}

function FrameworkPage({ route, framework }) {
  const query = route.query;
  const go = (q) => {
    location.hash = href(route, 'compliance', [framework], q);
  };
  const posture = usePosture(route);
  const state = useAsync(
    () => get(`${wsPath(route, 'compliance')}/${encodeURIComponent(framework)}`, Object.fromEntries(query)),
    [route.tenant, route.workspace, framework, query.toString()],
  );
  const f = posture.data?.find((x) => x.framework === framework);
  const status = query.get('status') ?? '';
  return html`<h1 tabindex="-1">${f ? `${f.name} ${f.version}` : framework}</h1>
    <p class="sub"><code>${framework}</code> · <a href=${href(route, 'compliance')}>all frameworks</a></p>
    ${f && html`<p data-testid="framework-summary">${summary(f)}.</p>`}
    ${
      f &&
      html`<${ChartFigure}
        title="Findings of the framework's rules detected per month, by severity (12 months, resolved ones included)"
        testid="framework-trend"
        labels=${f.trend.map((m) => m.month)}
        datasets=${['critical', 'high', 'medium', 'low'].map((s) => ({ label: s, data: f.trend.map((m) => m[s]), backgroundColor: TREND_COLORS[s] }))}
      />`
    }
    <form class="quick" aria-label="Status" onSubmit=${(e) => e.preventDefault()}>
      <label>Status
        <select data-testid="status-filter" value=${status} onChange=${(e) => go(withQuery(query, { status: e.currentTarget.value }))}>
          <option value="">any</option>
          ${STATUSES.map(([v, words]) => html`<option value=${v}>${words}</option>`)}
        </select>
      </label>
    </form>
    <${ListPage}
      state=${state}
      query=${query}
      go=${go}
      caption=${`The controls of ${f?.name ?? framework}`}
      testid="controls-table"
      columns=${['control_id', 'name', 'status', 'rules', 'critical', 'high', 'medium', 'low', 'open_findings', 'objects_failing']}
      csv=${{ path: `${wsPath(route, 'compliance')}/${encodeURIComponent(framework)}`, filename: `${route.workspace}-${framework}.csv` }}
      cell=${(col, v) =>
        col === 'control_id'
          ? html`<a href=${href(route, 'compliance', [framework, v])}>${v}</a>`
          : col === 'status'
            ? html`<${Status} status=${v} />`
            : undefined}
    />`;
}

/** The control's row of its framework's list, and the rules the workspace sees mapped to it. */
async function controlOf(route, framework, control) {
  const [list, rules] = await Promise.all([
    get(`${wsPath(route, 'compliance')}/${encodeURIComponent(framework)}`, { control_id: control }),
    get(wsPath(route, 'rules'), { frameworks: control, page_size: 1000 }),
  ]);
  return { row: records(list)[0], rules };
}

function ControlFindings({ route, framework, control }) {
  const query = route.query;
  const path = `${wsPath(route, 'compliance')}/${encodeURIComponent(framework)}/${encodeURIComponent(control)}`;
  const go = (q) => {
    location.hash = href(route, 'compliance', [framework, control], q);
  };
  const state = useAsync(() => get(path, Object.fromEntries(query)), [route.tenant, route.workspace, path, query.toString()]);
  const status = query.get('status') ?? '';
  return html`<section aria-labelledby="control-findings-h">
    <h2 id="control-findings-h">Findings</h2>
    <form class="quick" aria-label="Finding status" onSubmit=${(e) => e.preventDefault()}>
      <label>Findings
        <select data-testid="finding-status" value=${status} onChange=${(e) => go(withQuery(query, { status: e.currentTarget.value }))}>
          <option value="">open</option>
          <option value="resolved">resolved</option>
          <option value="all">all</option>
        </select>
      </label>
    </form>
    <${ListPage}
      state=${state}
      query=${query}
      go=${go}
      caption=${`Findings of the rules mapped to ${control}`}
      testid="control-findings"
      empty="No findings."
      columns=${['title', 'severity', 'status', 'object_id', 'detected_at', 'code_location']}
      sortable=${['severity', 'status', 'detected_at', 'rule_id']}
      csv=${{ path, filename: `${route.workspace}-${control}-findings.csv` }}
      cell=${(col, v, row) => {
        const o = (name) => row[state.data.header.indexOf(name)];
        if (col === 'title') return html`<a href=${href(route, 'issue', [o('issue_id')], { object: o('object_id') })}>${v}</a>`;
        if (col === 'severity') return html`<span class=${`sev ${v}`}>${v}</span>`;
        if (col === 'object_id') {
          const kind = kindByName(o('object_type'));
          return html`<${Named} id=${v} href=${kind ? href(route, 'object', [kind.prefix, v]) : undefined} /> <span class="sub">${fmt(o('object_type'))}</span>`;
        }
        if (col === 'code_location') return v ? html`<${CodeLocation} loc=${v} page=${locationPage(route, v)} />` : '—';
        return undefined;
      }}
    />
  </section>`;
}

function ControlPage({ route, framework, control }) {
  const posture = usePosture(route);
  const state = useAsync(() => controlOf(route, framework, control), [route.tenant, route.workspace, framework, control]);
  const f = posture.data?.find((x) => x.framework === framework);
  return html`<${Async}
    state=${state}
    what="Loading the control"
    render=${({ row, rules }) => html`<h1 tabindex="-1">${control}${row ? `: ${row.name}` : ''}</h1>
      <p class="sub">
        <a href=${href(route, 'compliance', [framework])}>${f ? `${f.name} ${f.version}` : framework}</a>${' · '}<a href=${href(route, 'compliance')}>all frameworks</a>
      </p>
      ${
        row &&
        html`<p class="control-status" data-testid="control-status"><${Status} status=${row.status} />
          ${
            row.status === 'not_assessed'
              ? ' No rule this workspace sees maps to this control, so nothing checks it: it is not assessed, which is not a pass. An external rule that names it in its frameworks would assess it.'
              : ` ${number(row.open_findings)} open findings (${number(row.critical)} critical, ${number(row.high)} high, ${number(row.medium)} medium, ${number(row.low)} low) on ${number(row.objects_failing)} objects, from ${number(row.rules)} rules.`
          }
        </p>`
      }
      <section aria-labelledby="control-rules-h">
        <h2 id="control-rules-h">Rules mapped (${number(rules.total)})</h2>
        ${
          rules.rows.length
            ? html`<${Table}
                caption=${`Rules this workspace sees that map to ${control}`}
                testid="control-rules"
                header=${rules.header}
                rows=${rules.rows}
                columns=${['rule_name', 'severity', 'category', 'source', 'enabled']}
                cell=${(col, v, r) => (col === 'rule_name' ? html`<${Named} name=${v} id=${r[0]} />` : undefined)}
              />`
            : html`<${Empty}>None.</${Empty}>`
        }
      </section>
      ${row?.status === 'not_assessed' ? null : html`<${ControlFindings} route=${route} framework=${framework} control=${control} />`}`}
  />`;
}

export function Compliance({ route }) {
  const [framework, control] = route.parts;
  if (control) return html`<${ControlPage} route=${route} framework=${framework} control=${control} />`;
  if (framework) return html`<${FrameworkPage} route=${route} framework=${framework} />`;
  return html`<${Frameworks} route=${route} />`;
}
