// Shared pieces of the views: loading / empty / error states, tables, charts (Chart.js) and graphs
// (cytoscape). Each chart and graph also has its data as text, for keyboards and screen readers.

import { Chart, registerables } from 'chart.js';
import { useEffect, useRef } from 'preact/hooks';
import { fmt, html } from './lib.js';

Chart.register(...registerables);
Chart.defaults.animation = false;
Chart.defaults.font.family = 'system-ui, sans-serif';

export function Loading({ what = 'Loading' }) {
  return html`<p class="loading" role="status" aria-live="polite">${what}…</p>`;
}

export function ErrorBox({ error }) {
  return html`<div class="error" role="alert"><strong>${error.status ? `Error ${error.status}` : 'Error'}:</strong> ${error.message}</div>`;
}

export function Empty({ children }) {
  return html`<p class="empty">${children}</p>`;
}

export function NotAvailable({ what }) {
  return html`<p class="unavailable" data-testid="not-available">${what}: not available on this service.</p>`;
}

/** Shows `render(data)` once a read of useAsync has answered, else its loading or error state. */
export function Async({ state, render, what }) {
  if (state.error) return html`<${ErrorBox} error=${state.error} />`;
  if (state.loading) return html`<${Loading} what=${what ?? 'Loading'} />`;
  return render(state.data);
}

/**
 * A tabular result as a table. `cell(col, value, row)` may return markup for a column; `sort`
 * ({column, dir, onSort}) makes the sortable headers buttons.
 */
export function Table({ header, rows, cell, caption, sort, columns, testid }) {
  const cols = columns ?? header;
  const idx = cols.map((c) => header.indexOf(c));
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label=${caption}>
    <table data-testid=${testid}>
      <caption>${caption}</caption>
      <thead>
        <tr>
          ${cols.map((c) => {
            const active = sort && sort.column === c;
            const ariaSort = active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined;
            return html`<th scope="col" aria-sort=${ariaSort}>
              ${
                sort?.sortable?.includes(c)
                  ? html`<button type="button" class="sort" onClick=${() => sort.onSort(c)}>${c}${active ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}</button>`
                  : c
              }
            </th>`;
          })}
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (row) => html`<tr>${idx.map((i, j) => html`<td data-col=${cols[j]}>${cell?.(cols[j], row[i], row) ?? fmt(row[i])}</td>`)}</tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** One object as a definition list. */
export function Fields({ header, row }) {
  return html`<dl class="fields">
    ${header.map((h, i) => html`<div><dt>${h}</dt><dd data-field=${h}>${fmt(row[i])}</dd></div>`)}
  </dl>`;
}

export const COLORS = {
  critical: '#b91c1c',
  high: '#c2410c',
  other: '#6b7280',
  ok: '#15803d',
  alerted: '#a16207',
  blocked: '#b91c1c',
  redacted: '#6d28d9',
};
export const PALETTE = ['#1d4ed8', '#b91c1c', '#15803d', '#a16207', '#6d28d9', '#0e7490', '#be185d', '#4b5563'];

/**
 * A Chart.js chart, with its numbers as a table under a disclosure (what a screen reader or a
 * keyboard reads; the canvas is one image to them).
 */
export function ChartFigure({ type = 'bar', labels, datasets, title, stacked = true, options = {}, testid }) {
  const ref = useRef(null);
  const key = JSON.stringify([type, labels, datasets.map((d) => [d.label, d.data])]);
  useEffect(() => {
    const chart = new Chart(ref.current, {
      type,
      data: { labels, datasets },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        plugins: { legend: { position: 'bottom' } },
        scales: stacked ? { x: { stacked: true }, y: { stacked: true, beginAtZero: true } } : undefined,
        ...options,
      },
    });
    return () => chart.destroy();
  }, [key]);
  return html`<figure class="chart" data-testid=${testid}>
    <figcaption>${title}</figcaption>
    <div class="chart-box"><canvas ref=${ref} role="img" aria-label=${`${title} (chart; the numbers are in the table below)`}></canvas></div>
    <details>
      <summary>${title}: the numbers</summary>
      <${Table}
        caption=${title}
        header=${['', ...datasets.map((d) => d.label)]}
        rows=${labels.map((l, i) => [l, ...datasets.map((d) => (typeof d.data[i] === 'object' ? fmt(d.data[i]) : d.data[i]))])}
      />
    </details>
  </figure>`;
}

const KIND_COLORS = {
  agent: '#1d4ed8',
  model: '#6d28d9',
  tool: '#0e7490',
  mcp_server: '#be185d',
  asset: '#4b5563',
  location: '#a16207',
};

/** Left to right by `level` (the hop at which a path first reaches the node), one column each. */
function columnPositions(nodes) {
  const rows = new Map();
  const positions = {};
  for (const n of nodes) {
    const level = n.level ?? 0;
    const row = rows.get(level) ?? 0;
    rows.set(level, row + 1);
    positions[n.id] = { x: level * 240, y: row * 36 };
  }
  return positions;
}

/** The height a column layout needs to keep its labels readable. */
function columnsHeight(nodes) {
  const perLevel = new Map();
  for (const n of nodes) perLevel.set(n.level ?? 0, (perLevel.get(n.level ?? 0) ?? 0) + 1);
  return Math.min(1400, Math.max(320, Math.max(...perLevel.values()) * 30 + 60));
}

/**
 * A graph drawn by cytoscape. nodes: {id, label, kind, href?, root?}; edges: {source, target,
 * label}. A node with an href opens it on tap; the same nodes are listed as links beside it.
 */
export function Graph({ nodes, edges, layout = 'concentric', title, testid }) {
  const ref = useRef(null);
  const key = JSON.stringify([nodes, edges, layout]);
  useEffect(() => {
    let cy;
    let gone = false;
    // Loaded on the first graph: the overview and the lists do without its 430 kB.
    import('cytoscape').then(({ default: cytoscape }) => {
      // The view may have moved on while the library loaded.
      if (gone || !ref.current) return;
      cy = cytoscape({
        container: ref.current,
        elements: [
          ...nodes.map((n) => ({ data: { ...n, color: KIND_COLORS[n.kind] ?? '#374151' }, classes: n.root ? 'root' : '' })),
          ...edges.map((e, i) => ({ data: { id: `e${i}`, ...e } })),
        ],
        style: [
          {
            selector: 'node',
            style: {
              label: 'data(label)',
              'background-color': 'data(color)',
              'font-size': 10,
              'text-valign': 'bottom',
              'text-margin-y': 4,
              width: 18,
              height: 18,
              color: '#111827',
              'text-wrap': 'ellipsis',
              'text-max-width': 120,
              // Labels too small to read at the current zoom are left out; zooming in shows them.
              'min-zoomed-font-size': 7,
            },
          },
          {
            selector: 'node.root',
            style: {
              width: 30,
              height: 30,
              'border-width': 3,
              'border-color': '#f59e0b',
              'font-size': 12,
              'font-weight': 'bold',
              'min-zoomed-font-size': 0,
            },
          },
          {
            selector: 'edge',
            style: {
              width: 1.5,
              'line-color': '#9ca3af',
              'target-arrow-color': '#9ca3af',
              'target-arrow-shape': 'triangle',
              'curve-style': 'bezier',
              label: 'data(label)',
              'font-size': 8,
              color: '#4b5563',
              'text-rotation': 'autorotate',
            },
          },
        ],
        layout:
          layout === 'concentric'
            ? { name: 'concentric', concentric: (n) => 10 - (n.data('hops') ?? 0), levelWidth: () => 1, minNodeSpacing: 24, animate: false }
            : { name: 'preset', positions: columnPositions(nodes), fit: true, padding: 30, animate: false },
        minZoom: 0.2,
        maxZoom: 3,
      });
      cy.on('tap', 'node', (e) => {
        const to = e.target.data('href');
        if (to) location.hash = to.slice(1);
      });
    });
    return () => {
      gone = true;
      cy?.destroy();
    };
  }, [key]);
  const kinds = [...new Set(nodes.map((n) => n.kind))].sort();
  return html`<figure class="graph-figure" data-testid=${testid}>
    <figcaption>${title}</figcaption>
    <ul class="legend" aria-label="Colours of the kinds">
      ${kinds.map((k) => html`<li><span class=${`swatch k-${KIND_COLORS[k] ? k : 'other'}`}></span>${k}</li>`)}
    </ul>
    <div class="graph" ref=${ref} style=${{ height: `${layout === 'columns' ? columnsHeight(nodes) : nodes.length > 40 ? 680 : 440}px` }} role="img" aria-label=${`${title}: ${nodes.length} objects, ${edges.length} relations (listed below)`}></div>
  </figure>`;
}
