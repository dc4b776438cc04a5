// Shared pieces of the views: loading / empty / error states, tables with the catalogue's column
// labels, names with their ids, code locations, and charts (Chart.js). Each chart also has its
// numbers as a table, for keyboards and screen readers. Graphs are in graph.js.

import { Chart, registerables } from 'chart.js';
import { useEffect, useRef } from 'preact/hooks';
import { cellClass, cellText, describe, isNumeric, label } from './format.js';
import { html } from './lib.js';

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
 * A tabular result as a table, headed by the columns' labels (or by `headings`, texts of its own
 * such as a chart's series). `cell(col, value, row)` may return markup for a column; `sort`
 * ({column, dir, onSort, sortable}) makes the sortable headers buttons.
 */
export function Table({ header, rows, cell, caption, sort, columns, testid, headings }) {
  const cols = columns ?? header;
  const idx = cols.map((c) => header.indexOf(c));
  return html`<div class="table-wrap" tabindex="0" role="region" aria-label=${caption}>
    <table data-testid=${testid}>
      <caption>${caption}</caption>
      <thead>
        <tr>
          ${cols.map((c, j) => {
            const active = sort && sort.column === c;
            const ariaSort = active ? (sort.dir === 'asc' ? 'ascending' : 'descending') : undefined;
            return html`<th scope="col" aria-sort=${ariaSort} class=${isNumeric(c) ? 'num' : undefined} title=${describe(c)} data-col=${c}>
              ${
                sort?.sortable?.includes(c)
                  ? html`<button type="button" class="sort" onClick=${() => sort.onSort(c)}>${label(c)}${active ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ''}</button>`
                  : (headings?.[idx[j]] ?? label(c))
              }
            </th>`;
          })}
        </tr>
      </thead>
      <tbody>
        ${rows.map(
          (row) =>
            html`<tr>${idx.map((i, j) => html`<td data-col=${cols[j]} class=${cellClass(cols[j], row[i])}>${cell?.(cols[j], row[i], row) ?? cellText(cols[j], row[i])}</td>`)}</tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** One object as a definition list, each field under its label; `cell` as Table's. */
export function Fields({ header, row, cell }) {
  return html`<dl class="fields">
    ${header.map(
      (h, i) =>
        html`<div><dt title=${describe(h)}>${label(h)}</dt><dd data-field=${h} class=${cellClass(h, row[i])}>${cell?.(h, row[i], row) ?? cellText(h, row[i])}</dd></div>`,
    )}
  </dl>`;
}

/** An object's name, linked to its page when it has one, with its id as secondary text (under it, or beside it `inline`). */
export function Named({ name, id, href, inline }) {
  const shown = name ?? id;
  return html`<span class=${inline ? 'named inline' : 'named'} data-id=${id}>${href ? html`<a href=${href}>${shown}</a>` : shown}${
    name && name !== id ? html`<span class="id">${id}</span>` : ''
  }</span>`;
}

/** An address a link may open: http(s) only (a location's `url` is data a sensor sent). */
export function safeUrl(text) {
  try {
    const url = new URL(String(text));
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A code location ({repository, path, start_line, end_line, commit, url, location_id} as a sensor
 * sent it): where it is in words, linked to the location's page in the console when the location
 * is an inventory object (`page`), and to the code host when it carries a `url`.
 */
export function CodeLocation({ loc, page }) {
  if (!loc || typeof loc !== 'object') return '—';
  const repo = typeof loc.repository === 'string' ? loc.repository.replace(/^https?:\/\/[^/]+\//, '') : '';
  // A hyphen between line numbers, which a line never breaks at (an en dash it would).
  const lines = loc.start_line ? `:${loc.start_line}${loc.end_line && loc.end_line !== loc.start_line ? `-${loc.end_line}` : ''}` : '';
  // A path breaks after a slash, never inside a name or a line number.
  const path = `${loc.path ?? ''}${lines}`.split('/').flatMap((part, i) => (i ? [html`/<wbr />`, part] : [part]));
  const external = safeUrl(loc.url);
  const text = html`${repo && html`<code>${repo}</code> › `}<code class="path">${loc.path || lines ? path : '(no path)'}</code>${
    loc.commit ? html` <span class="sub">@ ${String(loc.commit).slice(0, 10)}</span>` : ''
  }`;
  return html`<span class="code-location" data-testid="code-location" title=${loc.repository ?? undefined}>
    ${page ? html`<a href=${page}>${text}</a>` : external ? html`<a href=${external} rel="noopener noreferrer" target="_blank">${text}</a>` : text}
    ${page && external ? html` <a class="external" href=${external} rel="noopener noreferrer" target="_blank">code host ↗</a>` : ''}
  </span>`;
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
export function ChartFigure({ type = 'bar', labels, datasets, title, stacked = true, options = {}, testid, format }) {
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
        header=${['', ...datasets.map((_, i) => `s${i}`)]}
        headings=${['', ...datasets.map((d) => d.label)]}
        rows=${labels.map((l, i) => [l, ...datasets.map((d) => d.data[i])])}
        cell=${(col, v) => (col === '' ? v : format && typeof v === 'number' ? format(v) : undefined)}
      />
    </details>
  </figure>`;
}
