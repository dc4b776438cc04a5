// Runtime: sessions with filters and sort, cost per day of the agents that spent most over the last
// 30 days (summed from the sessions list), guardrail categories, the OTLP stats where the service
// has them, and a session's interactions as a timeline with their guardrail outcomes. Agents are
// named by their names, their ids beside them.

import { get, records } from '../api.js';
import { Async, ChartFigure, COLORS, Empty, Named, PALETTE, Table } from '../components.js';
import { money } from '../format.js';
import { href, html, useAsync, wsPath } from '../lib.js';
import { agentNames } from '../names.js';
import { ListPage } from './list.js';
import { OtlpStats } from './otlp.js';

const DAY = 86_400_000;
const SORTS = ['session_id', 'start_time', 'total_tokens', 'cost', 'turns', 'duration_ms'];

/** Cost per UTC day of the `top` agents that spent most (by name), the rest together. */
function costPerAgent(sessions, names, days, top = 6) {
  const end = Date.now();
  const labels = [];
  for (let i = days - 1; i >= 0; i--) labels.push(new Date(end - i * DAY).toISOString().slice(0, 10));
  const byAgent = new Map();
  for (const s of sessions) {
    const day = s.start_time.slice(0, 10);
    const i = labels.indexOf(day);
    if (i < 0) continue;
    const a = byAgent.get(s.agent_id) ?? { total: 0, data: labels.map(() => 0) };
    a.total += s.cost ?? 0;
    a.data[i] += s.cost ?? 0;
    byAgent.set(s.agent_id, a);
  }
  const ranked = [...byAgent.entries()].sort((x, y) => y[1].total - x[1].total);
  const shown = ranked.slice(0, top).map(([agent]) => names.get(agent) ?? agent);
  // Two agents of one name are told apart by their ids.
  const labelOf = (agent, i) => (shown.indexOf(shown[i]) !== shown.lastIndexOf(shown[i]) ? `${shown[i]} (${agent})` : shown[i]);
  const datasets = ranked
    .slice(0, top)
    .map(([agent, a], i) => ({ label: labelOf(agent, i), data: a.data.map((v) => Number(v.toFixed(6))), backgroundColor: PALETTE[i] }));
  if (ranked.length > top) {
    const rest = labels.map((_, i) => ranked.slice(top).reduce((sum, [, a]) => sum + a.data[i], 0));
    datasets.push({
      label: `${ranked.length - top} other agents`,
      data: rest.map((v) => Number(v.toFixed(6))),
      backgroundColor: PALETTE[7],
    });
  }
  return { labels, datasets };
}

export function Runtime({ route }) {
  const query = route.query;
  const go = (q) => {
    location.hash = href(route, 'runtime', [], q);
  };
  const sessions = useAsync(async () => {
    const page = await get(wsPath(route, 'aispm-llm-sessions'), Object.fromEntries(query));
    return {
      ...page,
      names: await agentNames(
        route,
        page.rows.map((r) => r[page.header.indexOf('agent_id')]),
      ),
    };
  }, [route.tenant, route.workspace, query.toString()]);
  const cost = useAsync(async () => {
    const start = new Date(Date.now() - 30 * DAY).toISOString();
    const rows = records(await get(wsPath(route, 'aispm-llm-sessions'), { start_time: start, page_size: 10000 }));
    return {
      rows,
      names: await agentNames(
        route,
        rows.map((r) => r.agent_id),
      ),
    };
  }, [route.tenant, route.workspace]);
  const categories = useAsync(() => {
    const end = new Date();
    return get(`${wsPath(route, 'aispm-llm-interactions-dash')}/categories`, {
      start_time: new Date(end - 30 * DAY).toISOString(),
      end_time: end.toISOString(),
    });
  }, [route.tenant, route.workspace]);
  return html`<h1 tabindex="-1">Runtime</h1>
    <div class="grid2">
      <${Async}
        state=${cost}
        what="Loading the cost"
        render=${({ rows, names }) => {
          if (rows.length === 0) return html`<${Empty}>No sessions in the last 30 days.</${Empty}>`;
          const c = costPerAgent(rows, names, 30);
          return html`<${ChartFigure}
            title="Cost per day (USD) by agent, last 30 days"
            testid="cost-per-agent"
            labels=${c.labels}
            datasets=${c.datasets}
            format=${money}
            options=${{
              scales: { x: { stacked: true }, y: { stacked: true, beginAtZero: true, ticks: { callback: (v) => money(v) } } },
              plugins: {
                legend: { position: 'bottom' },
                tooltip: { callbacks: { label: (c) => `${c.dataset.label}: ${money(c.parsed.y)}` } },
              },
            }}
          />`;
        }}
      />
      <section aria-labelledby="cat-h">
        <h2 id="cat-h">Guardrail categories, last 30 days</h2>
        <${Async}
          state=${categories}
          render=${(c) =>
            c.categories.length
              ? html`<${Table} caption="Categories of blocked or redacted interactions" header=${['category', 'count']} headings=${['Category', 'Interactions']} rows=${c.categories.map((x) => [x.category, x.count])} />`
              : html`<${Empty}>No blocked or redacted interactions.</${Empty}>`}
        />
      </section>
    </div>
    <section aria-labelledby="sessions-h">
      <h2 id="sessions-h">Sessions</h2>
      <${ListPage}
        state=${sessions}
        query=${query}
        go=${go}
        caption="Sessions"
        testid="sessions-table"
        sortable=${SORTS}
        filterColumns=${['agent_id', 'session_id', 'turns', 'total_tokens', 'cost', 'duration_ms', 'blocked', 'redacted', 'alerted']}
        csv=${{ path: wsPath(route, 'aispm-llm-sessions'), filename: `${route.workspace}-sessions.csv` }}
        cell=${(col, v) =>
          col === 'session_id'
            ? html`<a href=${href(route, 'session', [v])}>${v}</a>`
            : col === 'agent_id' && v
              ? html`<${Named} name=${sessions.data?.names.get(v)} id=${v} href=${href(route, 'object', ['aispm-agents', v])} />`
              : undefined}
      />
    </section>
    <${OtlpStats} route=${route} />`;
}

export function SessionPage({ route }) {
  const [sessionId] = route.parts;
  const state = useAsync(async () => {
    const page = await get(wsPath(route, 'aispm-llm-interactions'), {
      session_id: sessionId,
      page_size: 1000,
      sort: 'time',
      sort_dir: 'asc',
    });
    return {
      ...page,
      names: await agentNames(
        route,
        page.rows.slice(0, 1).map((r) => r[page.header.indexOf('agent_id')]),
      ),
    };
  }, [route.tenant, route.workspace, sessionId]);
  return html`<h1 tabindex="-1">Session ${sessionId}</h1>
    <${Async}
      state=${state}
      what="Loading the interactions"
      render=${(d) => {
        const rows = records(d);
        if (rows.length === 0) return html`<${Empty}>No interactions kept for this session (retention may have removed them).</${Empty}>`;
        const t0 = Date.parse(rows[0].time);
        const labels = rows.map((r, i) => `${i + 1}. ${r.model}`);
        const outcomes = ['OK', 'ALERTED', 'BLOCKED', 'REDACTED'];
        const datasets = outcomes.map((o) => ({
          label: o.toLowerCase(),
          data: rows.map((r) =>
            r.outcome === o ? [(Date.parse(r.time) - t0) / 1000, (Date.parse(r.time) - t0 + (r.duration_ms ?? 0)) / 1000] : null,
          ),
          backgroundColor: COLORS[o.toLowerCase()],
        }));
        const agent = rows[0].agent_id;
        return html`<p class="sub" data-testid="session-summary">${rows.length} interactions · agent ${agent ? html`<${Named} inline name=${d.names.get(agent)} id=${agent} href=${href(route, 'object', ['aispm-agents', agent])} />` : 'not known'} · total cost ${money(rows.reduce((s, r) => s + (r.cost ?? 0), 0))}</p>
          <${ChartFigure}
            type="bar"
            title="Interactions over time (seconds from the first), by guardrail outcome"
            testid="session-timeline"
            labels=${labels}
            datasets=${datasets}
            stacked=${false}
            options=${{ indexAxis: 'y', scales: { x: { title: { display: true, text: 'seconds' } }, y: { stacked: true } } }}
          />
          <${Table}
            caption="Interactions"
            testid="interactions-table"
            header=${d.header}
            rows=${d.rows}
            columns=${['id', 'time', 'model', 'provider', 'duration_ms', 'input_tokens', 'output_tokens', 'cost', 'prompt_outcome', 'response_outcome', 'categories']}
          />`;
      }}
    />`;
}
