// Overview: objects per kind, top issues, the most at-risk objects, the 12-month severity
// histogram, guardrail outcomes over the last 14 days and the current scans, from the dashboard,
// the histogram and the guardrail counts endpoints.

import { get } from '../api.js';
import { Async, ChartFigure, COLORS, Empty, Named, Table } from '../components.js';
import { number } from '../format.js';
import { href, html, KINDS, kindByName, useAsync, wsPath } from '../lib.js';

/** A kind as the family's document may name it (`AGENT`, `aispm_mcp_servers`, …) → the catalogue's name. */
const kindName = (t) =>
  String(t ?? '')
    .toLowerCase()
    .replace(/^aispm[_-]?/, '')
    .replace(/-/g, '_')
    .replace(/s$/, '');

/** An at-risk object under either shape. */
const atRiskItem = (o) => ({
  id: o.id ?? o.aispm_object_id,
  name: o.name ?? o.aispm_friendly_name ?? o.id ?? o.aispm_object_id,
  risk_score: o.risk_score,
  critical_issues: o.critical_issues ?? o.critical_count,
  high_issues: o.high_issues ?? o.high_count,
});

/**
 * The dashboard under either of its shapes: this service's (`objects_counts` keyed by kind,
 * `top_issues`, `top_at_risk`) or the product family's document's (`aispm_objects_counts` as a
 * list, `aispm_objects_top_issues`, `aispm_top_at_risk_*`, `scans_counts.total_current_aispm_scans`, …).
 */
function readDashboard(d) {
  const risk = d.top_at_risk ?? {};
  const scans = d.scans_counts ?? {};
  let counts = d.objects_counts;
  if (!counts && Array.isArray(d.aispm_objects_counts)) {
    counts = Object.fromEntries(
      d.aispm_objects_counts.map((c) => [
        kindName(c.object_type),
        { inventory: c.total_inventory_count, issues: c.total_issues_count, critical: c.critical_issues_count, high: c.high_issues_count },
      ]),
    );
  }
  const topIssues = (d.top_issues ?? d.aispm_objects_top_issues ?? []).map((i) => ({
    id: i.id ?? i.issue_id,
    rule_name: i.rule_name,
    severity: i.severity ?? i.definitive_severity,
    category: i.category,
    open_instances: i.open_instances ?? i.total_priority_affected_elements,
    objects: i.objects,
    last_detected: i.last_detected,
  }));
  const list = (a) => (a ? a.map(atRiskItem) : undefined);
  return {
    counts: counts ?? {},
    topIssues,
    atRisk: {
      agent: list(risk.agents ?? d.aispm_top_at_risk_agents) ?? [],
      model: list(risk.models ?? d.aispm_top_at_risk_models) ?? [],
      mcp_server: list(risk.mcp_servers ?? d.aispm_top_at_risk_mcp_servers) ?? [],
      tool: list(risk.tools ?? d.aispm_top_at_risk_tools),
    },
    scans: {
      current: scans.current_scans ?? scans.total_current_aispm_scans,
      withAi: scans.with_ai_objects ?? scans.scans_with_ai_objects_count,
      pct: scans.with_ai_objects_pct ?? scans.percent_scans_with_ai_objects,
    },
  };
}

const DAY = 86_400_000;

/** Hourly guardrail counts summed per UTC day. */
function perDay(counts) {
  const days = new Map();
  for (const [hour, c] of Object.entries(counts.results ?? {})) {
    const day = hour.slice(0, 10);
    const d = days.get(day) ?? { ok: 0, alerted: 0, blocked: 0, redacted: 0 };
    for (const k of Object.keys(d)) d[k] += c[k]?.count ?? 0;
    days.set(day, d);
  }
  return days;
}

/** Current scans per sensor type that the workspace has used. */
async function currentScans(route) {
  const sensors = await get(wsPath(route, 'sensors-used'));
  return Promise.all(
    sensors.map(async (sensor) => {
      const r = await get(`${wsPath(route, 'scans')}/current`, { sensorType: sensor, page_size: 1 });
      return [sensor, r.total];
    }),
  );
}

export function Overview({ route }) {
  const dash = useAsync(() => get('/aispm-dashboard', { workspace_id: route.workspace }), [route.tenant, route.workspace]);
  const hist = useAsync(() => get('/histograms/aispm', { workspace_id: route.workspace }), [route.tenant, route.workspace]);
  const guard = useAsync(() => {
    const end = new Date();
    const start = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth(), end.getUTCDate()) - 13 * DAY);
    return get(`${wsPath(route, 'aispm-llm-interactions-dash')}/counts`, { start_time: start.toISOString(), end_time: end.toISOString() });
  }, [route.tenant, route.workspace]);

  const scans = useAsync(() => currentScans(route), [route.tenant, route.workspace]);

  return html`<h1 tabindex="-1">Overview of ${route.workspace}</h1>
    <${Async}
      state=${dash}
      what="Loading the dashboard"
      render=${(raw) => {
        const d = readDashboard(raw);
        return html`<section aria-labelledby="kinds-h">
            <h2 id="kinds-h">Objects per kind</h2>
            <ul class="cards" data-testid="kind-cards">
              ${KINDS.map((k) => {
                const c = d.counts[k.kind] ?? {};
                return html`<li class="card" data-kind=${k.kind}>
                  <a href=${href(route, 'inventory', [k.prefix])}><span class="big" data-testid="count">${number(c.inventory ?? 0)}</span> ${k.label}</a>
                  <span class="sub"><span class="sev critical">${number(c.critical ?? 0)} critical</span> · <span class="sev high">${number(c.high ?? 0)} high</span> · ${number(c.issues ?? 0)} findings</span>
                </li>`;
              })}
              <li class="card" data-kind="scans">
                <span><span class="big" data-testid="current-scans">${d.scans.current === undefined ? '—' : number(d.scans.current)}</span> current scans</span>
                <span class="sub">${d.scans.withAi === undefined ? '—' : number(d.scans.withAi)} found AI objects (${d.scans.pct ?? '—'} %)</span>
              </li>
            </ul>
          </section>
          <section aria-labelledby="top-h">
            <h2 id="top-h">Top issues</h2>
            ${
              d.topIssues.length
                ? html`<${Table}
                    caption="Top issues by severity and open instances"
                    testid="top-issues"
                    header=${['rule_name', 'severity', 'category', 'open_instances', 'objects', 'last_detected']}
                    rows=${d.topIssues.map((i) => [i.rule_name, i.severity, i.category, i.open_instances, i.objects, i.last_detected, i.id])}
                    cell=${(col, v, row) => (col === 'rule_name' ? html`<a href=${href(route, 'issue', [row[6]])}>${v}</a>` : col === 'severity' ? html`<span class=${`sev ${v}`}>${v}</span>` : undefined)}
                  />`
                : html`<${Empty}>No open issues.</${Empty}>`
            }
          </section>
          <section aria-labelledby="risk-h">
            <h2 id="risk-h">Most at risk</h2>
            <div class="grid2">
              ${['agent', 'model', 'mcp_server', 'tool']
                .filter((k) => d.atRisk[k])
                .map((k) => {
                  const kind = kindByName(k);
                  const items = d.atRisk[k];
                  return html`<div>
                    <h3>${kind.label}</h3>
                    ${
                      items.length
                        ? html`<${Table}
                            caption=${`Most at-risk ${kind.label.toLowerCase()}`}
                            testid=${`at-risk-${k}`}
                            header=${['name', 'risk_score', 'critical_issues', 'high_issues']}
                            rows=${items.map((o) => [o.name, o.risk_score, o.critical_issues, o.high_issues, o.id])}
                            cell=${(col, v, row) =>
                              col === 'name'
                                ? html`<${Named} name=${v} id=${row[4]} href=${href(route, 'object', [kind.prefix, row[4]])} />`
                                : undefined}
                          />`
                        : html`<${Empty}>None.</${Empty}>`
                    }
                  </div>`;
                })}
            </div>
          </section>`;
      }}
    />
    <section aria-labelledby="charts-h">
      <h2 id="charts-h">Trends</h2>
      <div class="grid2">
        <${Async}
          state=${hist}
          what="Loading the histogram"
          render=${(h) => {
            const counts = h.issues_histogram?.counts ?? [];
            return html`<${ChartFigure}
              title="Findings detected per month, by severity (12 months)"
              testid="severity-histogram"
              labels=${counts.map((c, i) => c.month ?? `month ${i + 1}`)}
              datasets=${['critical', 'high', 'other'].map((s) => ({ label: s, data: counts.map((c) => c[s]), backgroundColor: COLORS[s] }))}
            />`;
          }}
        />
        <${Async}
          state=${guard}
          what="Loading guardrail outcomes"
          render=${(g) => {
            const days = perDay(g);
            return html`<div><${ChartFigure}
              title="Guardrail outcomes per day (14 days, UTC)"
              testid="guardrail-outcomes"
              labels=${[...days.keys()]}
              datasets=${['ok', 'alerted', 'blocked', 'redacted'].map((s) => ({
                label: s,
                data: [...days.values()].map((d) => d[s]),
                backgroundColor: COLORS[s],
              }))}
            />
            <p class="sub" data-testid="guardrail-totals">
              ${g.total} interactions: ${g.ok} ok, ${g.alerted} alerted, ${g.blocked} blocked, ${g.redacted} redacted
            </p></div>`;
          }}
        />
      </div>
    </section>
    <section aria-labelledby="scans-h">
      <h2 id="scans-h">Current scans by sensor</h2>
      <${Async}
        state=${scans}
        what="Loading the scans"
        render=${(rows) =>
          rows.length
            ? html`<${Table}
                caption="Current scans (the latest of each sensor and asset) per sensor type"
                testid="current-scans-by-sensor"
                header=${['sensor_type', 'current_scans']}
                headings=${['Sensor', 'Current scans']}
                rows=${rows}
              />`
            : html`<${Empty}>No scans yet.</${Empty}>`}
      />
    </section>`;
}
