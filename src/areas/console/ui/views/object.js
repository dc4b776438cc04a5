// An object's page: its row and embedded sections, its neighbourhood as a graph (one or two hops,
// from the paths endpoint with direction=any, so relations either way count), its open findings
// with their evidence, and its sessions where the kind has them.

import { get } from '../api.js';
import { Async, CodeLocation, Empty, Fields, Named, Table } from '../components.js';
import { Graph } from '../graph.js';
import { fmt, label } from '../format.js';
import { href, html, KINDS, kindByName, kindByPrefix, kindWords, LEAF_KINDS, useAsync, wsPath } from '../lib.js';
import { agentNames } from '../names.js';

const WITH_SESSIONS = new Set(['agent', 'model', 'mcp_server', 'asset']);

/** Every object within `hops` relations of the object, and the relations on the way. */
async function neighbourhood(route, kind, id, hops) {
  const targets = [...KINDS.map((k) => k.prefix), ...LEAF_KINDS];
  const answers = await Promise.all(
    targets.map((to) =>
      get(wsPath(route, 'graph/paths'), {
        from: kind.prefix,
        'from.id': id,
        to,
        max_hops: hops,
        direction: 'any',
        page_size: 500,
      }),
    ),
  );
  const nodes = new Map();
  const edges = new Map();
  let truncated = false;
  for (const a of answers) {
    if (a.cursor) truncated = true;
    const pi = a.header.indexOf('path');
    const ri = a.header.indexOf('relations');
    for (const row of a.rows) {
      const path = row[pi];
      path.forEach((o, i) => {
        const known = nodes.get(o.id);
        if (!known || known.hops > i) {
          const k = kindByName(o.kind);
          nodes.set(o.id, {
            id: o.id,
            label: o.name ?? o.id,
            kind: o.kind,
            hops: i,
            level: i,
            root: i === 0,
            // The relation the first path to it arrived by, for the list under the graph.
            relation: i > 0 ? row[ri][i - 1] : undefined,
            href: k ? href(route, 'object', [k.prefix, o.id]) : undefined,
          });
        }
        if (i > 0) {
          const from = path[i - 1].id;
          const key = [from, o.id].sort().join('|');
          if (!edges.has(key)) edges.set(key, { source: from, target: o.id });
        }
      });
    }
  }
  return {
    nodes: [...nodes.values()].sort((a, b) => a.hops - b.hops || a.kind.localeCompare(b.kind) || a.label.localeCompare(b.label)),
    edges: [...edges.values()],
    truncated,
  };
}

/** The console page of the location a finding's code location names, when it names one. */
export const locationPage = (route, loc) =>
  typeof loc?.location_id === 'string' ? href(route, 'object', ['locations', loc.location_id]) : undefined;

function Evidence({ route, detail }) {
  const ev = detail.evidence ?? {};
  return html`<div class="evidence">
    <p>${detail.description ?? detail.title}</p>
    ${ev.predicate && html`<p class="sub"><strong>Rule:</strong> ${ev.predicate}</p>`}
    ${
      Array.isArray(ev.objects) &&
      ev.objects.length > 0 &&
      html`<ul>
        ${ev.objects.map((o) => html`<li>${o.role ?? o.object_type}: <code>${o.name ?? o.object_id}</code> (${o.object_id})${o.relation ? ` via ${o.relation.relation}` : ''}</li>`)}
      </ul>`
    }
    ${
      ev.attributes &&
      typeof ev.attributes === 'object' &&
      html`<p class="sub"><strong>Attributes:</strong> ${Object.entries(ev.attributes).map(
        ([k, v], i) => html`${i ? ' · ' : ''}${label(k)}: <code>${fmt(v)}</code>`,
      )}</p>`
    }
    ${detail.code_location && html`<p class="sub"><strong>Code:</strong> <${CodeLocation} loc=${detail.code_location} page=${locationPage(route, detail.code_location)} /></p>`}
    ${detail.remediation && html`<p class="sub"><strong>Remediation:</strong> ${detail.remediation}</p>`}
  </div>`;
}

function Findings({ route, kind, id }) {
  const state = useAsync(async () => {
    const issues = await get(`${wsPath(route, kind.prefix)}/${encodeURIComponent(id)}/issues`, { page_size: 50 });
    const idIdx = issues.header.indexOf('id');
    const details = await Promise.all(
      issues.rows.slice(0, 10).map((r) =>
        get(`${wsPath(route, 'issues')}/${encodeURIComponent(r[idIdx])}/objects/${encodeURIComponent(id)}/details`, {
          page_size: 5,
          status: 'open',
        }),
      ),
    );
    return { issues, details };
  }, [route.tenant, route.workspace, kind.prefix, id]);
  return html`<section aria-labelledby="findings-h">
    <h2 id="findings-h">Open findings</h2>
    <${Async}
      state=${state}
      what="Loading the findings"
      render=${({ issues, details }) =>
        issues.rows.length === 0
          ? html`<${Empty}>No open findings.</${Empty}>`
          : html`<p class="count" data-testid="findings-total">${issues.total} issues</p>
              <ul class="findings" data-testid="object-findings">
                ${issues.rows.map((r, i) => {
                  const o = Object.fromEntries(issues.header.map((h, j) => [h, r[j]]));
                  const d = details[i]?.details ?? [];
                  return html`<li>
                    <details>
                      <summary><span class=${`sev ${o.severity}`}>${o.severity}</span> ${o.rule_name} <span class="sub">(${o.occurrences === 1 ? '1 occurrence' : `${fmt(o.occurrences ?? d.length)} occurrences`}, last ${fmt(o.last_detected)})</span></summary>
                      ${d.length ? d.map((x) => html`<${Evidence} route=${route} detail=${x} />`) : html`<p><a href=${href(route, 'issue', [o.id])}>Open the issue</a></p>`}
                      <p><a href=${href(route, 'issue', [o.id])}>The issue and all its objects</a></p>
                    </details>
                  </li>`;
                })}
              </ul>`}
    />
  </section>`;
}

function Sessions({ route, kind, id }) {
  const state = useAsync(async () => {
    const s = await get(`${wsPath(route, kind.prefix)}/${encodeURIComponent(id)}/sessions`, { page_size: 20 });
    return {
      ...s,
      names: await agentNames(
        route,
        s.rows.map((r) => r[s.header.indexOf('agent_id')]),
      ),
    };
  }, [route.tenant, route.workspace, kind.prefix, id]);
  return html`<section aria-labelledby="sessions-h">
    <h2 id="sessions-h">Sessions</h2>
    <${Async}
      state=${state}
      what="Loading the sessions"
      render=${(s) =>
        s.rows.length
          ? html`<p class="count">${s.rows.length} most recent of ${s.total}</p>
              <${Table}
                caption="Sessions"
                testid="object-sessions"
                header=${s.header}
                rows=${s.rows}
                columns=${['session_id', 'agent_id', 'start_time', 'duration_ms', 'turns', 'total_tokens', 'cost', 'blocked', 'redacted']}
                cell=${(col, v) =>
                  col === 'session_id'
                    ? html`<a href=${href(route, 'session', [v])}>${v}</a>`
                    : col === 'agent_id' && v
                      ? html`<${Named} name=${s.names.get(v)} id=${v} href=${href(route, 'object', ['aispm-agents', v])} />`
                      : undefined}
              />`
          : html`<${Empty}>No sessions.</${Empty}>`}
    />
  </section>`;
}

/** The kind of the objects of a detail's section (the API's section names). */
const SECTION_KINDS = new Map([
  ['models', 'aispm-models'],
  ['tools', 'aispm-tools'],
  ['mcp_servers', 'aispm-mcp-servers'],
  ['sub_agents', 'aispm-agents'],
  ['agents', 'aispm-agents'],
  ['locations', 'locations'],
]);

/** One item of a detail's section: a name with its id, or a code location, linked to its page. */
function sectionItem(route, section, it) {
  const prefix = SECTION_KINDS.get(section);
  const page = prefix ? href(route, 'object', [prefix, it.id]) : undefined;
  if (it.codeLocation) return html`<${CodeLocation} loc=${it.codeLocation} page=${page} />`;
  return html`<${Named} name=${it.name} id=${it.id} href=${page} />`;
}

export function ObjectPage({ route }) {
  const [prefix, id] = route.parts;
  const kind = kindByPrefix(prefix);
  const hops = route.query.get('hops') === '2' ? 2 : 1;
  const detail = useAsync(() => get(`${wsPath(route, prefix)}/${encodeURIComponent(id)}`), [route.tenant, route.workspace, prefix, id]);
  const graph = useAsync(() => neighbourhood(route, kind, id, hops), [route.tenant, route.workspace, prefix, id, hops]);
  if (!kind) return html`<h1 tabindex="-1">Unknown kind</h1><p>No kind "${prefix}".</p>`;
  return html`<${Async}
    state=${detail}
    what="Loading the object"
    render=${(d) => {
      const row = d.rows[0];
      const name = row[d.header.indexOf('name')] ?? id;
      const sections = Object.entries(d).filter(([, v]) => v && typeof v === 'object' && Array.isArray(v.items));
      return html`<h1 tabindex="-1">${kind.one}: ${name}</h1>
        <p class="sub"><code>${id}</code> · <a href=${href(route, 'inventory', [prefix])}>all ${kind.label.toLowerCase()}</a></p>
        <section aria-labelledby="row-h">
          <h2 id="row-h">Attributes</h2>
          <${Fields} header=${d.header} row=${row} />
          ${
            sections.length > 0 &&
            html`<div class="sections">
              ${sections.map(
                ([k, v]) => html`<div><h3>${label(k)} (${v.total})</h3>
                  <ul data-section=${k}>${v.items.map((it) => html`<li>${sectionItem(route, k, it)}</li>`)}</ul>
                </div>`,
              )}
            </div>`
          }
        </section>
        <section aria-labelledby="graph-h">
          <h2 id="graph-h">Neighbourhood</h2>
          <p class="hops">
            Show:
            <a href=${href(route, 'object', [prefix, id], { hops: 1 })} aria-current=${hops === 1 ? 'true' : undefined}>one hop</a>
            <a href=${href(route, 'object', [prefix, id], { hops: 2 })} aria-current=${hops === 2 ? 'true' : undefined}>two hops</a>
          </p>
          <${Async}
            state=${graph}
            what="Loading the neighbourhood"
            render=${(g) =>
              g.nodes.length <= 1
                ? html`<${Empty}>No related objects.</${Empty}>`
                : html`<${Graph} nodes=${g.nodes} edges=${g.edges} title=${`Objects within ${hops} relation(s) of ${name}`} testid="neighbourhood" />
                    ${g.truncated && html`<p class="sub">Only the first 500 objects of a kind are drawn.</p>`}
                    <details open=${g.nodes.length <= 40}>
                      <summary>The ${g.nodes.length - 1} related objects as a list</summary>
                      <ul class="neighbours" data-testid="neighbours">
                        ${g.nodes
                          .filter((n) => !n.root)
                          .map(
                            (n) =>
                              html`<li data-id=${n.id} data-hops=${n.hops}>${n.href ? html`<a href=${n.href}>${n.label}</a>` : n.label} <span class="sub">${kindWords(n.kind)} · ${n.relation} · ${n.hops === 1 ? '1 hop' : `${n.hops} hops`}</span></li>`,
                          )}
                      </ul>
                    </details>`}
          />
        </section>
        <${Findings} route=${route} kind=${kind} id=${id} />
        ${WITH_SESSIONS.has(kind.kind) && html`<${Sessions} route=${route} kind=${kind} id=${id} />`}`;
    }}
  />`;
}
