// An answer whose shape this console does not know in advance (features other versions of the
// service add): a tabular result as a table, a list of objects as a table, anything else as fields.

import { Table } from '../components.js';
import { fmt, html } from '../lib.js';

export function Generic({ data, caption }) {
  if (data && Array.isArray(data.header) && Array.isArray(data.rows))
    return html`<${Table} caption=${caption} header=${data.header} rows=${data.rows} />`;
  const list = Array.isArray(data)
    ? data
    : Object.values(data ?? {}).find((v) => Array.isArray(v) && v.every((x) => x && typeof x === 'object'));
  if (list?.length) {
    const header = [...new Set(list.flatMap((o) => Object.keys(o)))];
    return html`<${Table} caption=${caption} header=${header} rows=${list.map((o) => header.map((h) => o[h]))} />`;
  }
  return html`<dl class="fields">
    ${Object.entries(data ?? {}).map(([k, v]) => html`<div><dt>${k}</dt><dd>${fmt(v)}</dd></div>`)}
  </dl>`;
}
