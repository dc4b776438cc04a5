// A list of the API (inventory kinds, issues, sessions) with its filters, sort and paging kept in
// the address: the address's query is the API's query, so a shared link shows the same page, and
// an unknown or malformed filter is refused by the API with a message the view shows.

import { getBlob, saveBlob } from '../api.js';
import { Async, Empty, Table } from '../components.js';
import { label } from '../format.js';
import { html } from '../lib.js';
import { useState } from 'preact/hooks';

export const OPS = [
  ['', '='],
  ['__ne', '≠'],
  ['__gt', '>'],
  ['__gte', '≥'],
  ['__lt', '<'],
  ['__lte', '≤'],
  ['__ilk', 'contains'],
  ['__in', 'one of (a,b)'],
];

/** Parameters of the address that are not filters. */
const PAGING = new Set(['sort', 'sort_dir', 'page_size', 'pageSize', 'cursor']);

/** The filters of a query as [name, value] pairs. */
export const filtersOf = (query) => [...query.entries()].filter(([k]) => !PAGING.has(k));

/** The address with `changes` applied to the query (undefined removes); paging restarts. */
export function withQuery(query, changes, keepCursor = false) {
  const q = new URLSearchParams(query);
  if (!keepCursor) q.delete('cursor');
  for (const [k, v] of Object.entries(changes)) {
    if (v === undefined || v === '') q.delete(k);
    else q.set(k, v);
  }
  return q;
}

export function FilterBar({ header, query, go, columns }) {
  const [column, setColumn] = useState('');
  const filters = filtersOf(query);
  const cols = columns ?? header;
  const submit = (e) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const col = f.get('column');
    const value = String(f.get('value') ?? '').trim();
    if (!col || value === '') return;
    go(withQuery(query, { [`${col}${f.get('op')}`]: value }));
  };
  return html`<div class="filters">
    <form class="filter-form" onSubmit=${submit} aria-label="Add a filter">
      <label>Column
        <select name="column" value=${column} onChange=${(e) => setColumn(e.currentTarget.value)} data-testid="filter-column">
          <option value="">choose…</option>
          ${cols.map((c) => html`<option value=${c}>${label(c)}</option>`)}
        </select>
      </label>
      <label>Operator
        <select name="op" data-testid="filter-op">${OPS.map(([v, l]) => html`<option value=${v}>${l}</option>`)}</select>
      </label>
      <label>Value <input name="value" data-testid="filter-value" /></label>
      <button type="submit">Add filter</button>
    </form>
    ${
      filters.length > 0 &&
      html`<ul class="chips" aria-label="Filters in use">
        ${filters.map(
          ([k, v]) => html`<li>
            <code>${k}=${v}</code>
            <button type="button" aria-label=${`Remove filter ${k}`} onClick=${() => {
              const q = new URLSearchParams(query);
              q.delete(k);
              q.delete('cursor');
              go(q);
            }}>×</button>
          </li>`,
        )}
      </ul>`
    }
  </div>`;
}

/**
 * The page of a list: the table (sortable by `sortable` columns when given), the count, the next
 * and first page links, and the CSV download of the same query.
 */
export function ListPage({ state, query, go, caption, cell, sortable, columns, csv, testid, filterColumns, filterBar = true, empty }) {
  const sort = query.get('sort') ?? '';
  const dir = query.get('sort_dir') ?? 'desc';
  const onSort = (c) => go(withQuery(query, { sort: c, sort_dir: sort === c && dir === 'desc' ? 'asc' : 'desc' }));
  const [busy, setBusy] = useState(false);
  const [csvError, setCsvError] = useState();
  const download = async () => {
    setBusy(true);
    setCsvError(undefined);
    try {
      const q = Object.fromEntries(withQuery(query, { page_size: '10000' }));
      saveBlob(await getBlob(csv.path, q, 'text/csv'), csv.filename);
    } catch (e) {
      setCsvError(e);
    } finally {
      setBusy(false);
    }
  };
  return html`<${Async}
    state=${state}
    render=${(data) => html`
      ${filterBar && html`<${FilterBar} header=${data.header} query=${query} go=${go} columns=${filterColumns} />`}
      <div class="list-bar">
        <p class="count" data-testid="list-total" aria-live="polite">
          ${data.rows.length} shown of <strong>${data.total}</strong>${data.total_sampling !== 1 ? ' (estimated)' : ''}
        </p>
        <label class="page-size">Rows per page
          <select value=${query.get('page_size') ?? ''} onChange=${(e) => go(withQuery(query, { page_size: e.currentTarget.value }))}>
            <option value="">the API's default</option>
            ${[25, 100, 500, 1000].map((n) => html`<option value=${String(n)}>${n}</option>`)}
          </select>
        </label>
        ${
          csv &&
          html`<button type="button" onClick=${download} disabled=${busy} data-testid="csv">${busy ? 'Preparing CSV…' : 'Download CSV'}</button>`
        }
        ${csvError && html`<span class="error" role="alert">${csvError.message}</span>`}
      </div>
      ${
        data.rows.length
          ? html`<${Table}
              header=${data.header}
              rows=${data.rows}
              columns=${columns?.filter((c) => data.header.includes(c))}
              caption=${caption}
              cell=${cell}
              testid=${testid}
              sort=${sortable === false ? undefined : { column: sort, dir, onSort, sortable: sortable ?? data.header }}
            />`
          : html`<${Empty}>${empty ?? 'Nothing matches.'}</${Empty}>`
      }
      <nav class="pager" aria-label="Pages">
        ${
          query.get('cursor') &&
          html`<a href="#" onClick=${(e) => {
            e.preventDefault();
            go(withQuery(query, {}));
          }}>First page</a>`
        }
        ${
          data.cursor &&
          html`<a href="#" data-testid="next-page" onClick=${(e) => {
            e.preventDefault();
            go(withQuery(query, { cursor: data.cursor }, true));
          }}>Next page</a>`
        }
      </nav>
    `}
  />`;
}
