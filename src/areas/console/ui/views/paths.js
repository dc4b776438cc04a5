// Paths: from / to / via pickers over the paths endpoint, each answer drawn as the union of its
// paths (a graph laid out from the start objects) and listed row by row.

import { get } from '../api.js';
import { Async, Empty } from '../components.js';
import { Graph } from '../graph.js';
import { href, html, KINDS, kindByName, LEAF_KINDS, useAsync, wsPath } from '../lib.js';
import { withQuery } from './list.js';

const ALL = [...KINDS.map((k) => k.prefix), ...LEAF_KINDS];

function draw(route, data) {
  const pi = data.header.indexOf('path');
  const nodes = new Map();
  const edges = new Map();
  for (const row of data.rows) {
    row[pi].forEach((o, i) => {
      const k = kindByName(o.kind);
      const known = nodes.get(o.id);
      if (!known)
        nodes.set(o.id, {
          id: o.id,
          label: o.name ?? o.id,
          kind: o.kind,
          level: i,
          root: i === 0,
          href: k ? href(route, 'object', [k.prefix, o.id]) : undefined,
        });
      else if (known.level > i) known.level = i;
      if (i > 0) {
        const from = row[pi][i - 1].id;
        edges.set(`${from}|${o.id}`, { source: from, target: o.id });
      }
    });
  }
  return { nodes: [...nodes.values()], edges: [...edges.values()] };
}

export function PathsView({ route }) {
  const query = route.query;
  const from = query.get('from') ?? '';
  const to = query.get('to') ?? '';
  const go = (q) => {
    location.hash = href(route, 'paths', [], q);
  };
  const state = useAsync(
    () =>
      from && to
        ? get(wsPath(route, 'graph/paths'), Object.fromEntries(withQuery(query, { page_size: query.get('page_size') ?? '50' }, true)))
        : Promise.resolve(null),
    [route.tenant, route.workspace, query.toString()],
  );
  const submit = (e) => {
    e.preventDefault();
    const f = new FormData(e.currentTarget);
    const via = [f.get('via1'), f.get('via2')].filter(Boolean).join(',');
    go(
      new URLSearchParams(
        Object.entries({ from: f.get('from'), to: f.get('to'), via, max_hops: f.get('max_hops'), direction: f.get('direction') }).filter(
          ([, v]) => v,
        ),
      ),
    );
  };
  const via = (query.get('via') ?? '').split(',');
  const kindOptions = (selected, none) =>
    html`${none && html`<option value="">${none}</option>`}${ALL.map((k) => html`<option value=${k} selected=${k === selected}>${k}</option>`)}`;
  return html`<h1 tabindex="-1">Paths</h1>
    <p>What reaches what: from every object of one kind to every object of another, over at most a number of relations, through the kinds you name.</p>
    <form class="path-form" onSubmit=${submit} aria-label="Path query">
      <label>From <select name="from" data-testid="path-from">${kindOptions(from || 'aispm-agents')}</select></label>
      <label>Via <select name="via1" data-testid="path-via">${kindOptions(via[0], 'any')}</select></label>
      <label>then via <select name="via2">${kindOptions(via[1], 'any')}</select></label>
      <label>To <select name="to" data-testid="path-to">${kindOptions(to || 'secrets')}</select></label>
      <label>Max hops
        <select name="max_hops">${[1, 2, 3, 4, 5, 6].map((n) => html`<option value=${n} selected=${String(n) === (query.get('max_hops') ?? '4')}>${n}</option>`)}</select>
      </label>
      <label>Direction
        <select name="direction">
          <option value="out" selected=${query.get('direction') !== 'any'}>as stored</option>
          <option value="any" selected=${query.get('direction') === 'any'}>either way</option>
        </select>
      </label>
      <button type="submit" data-testid="path-go">Find paths</button>
    </form>
    <${Async}
      state=${state}
      what="Walking the graph"
      render=${(d) => {
        if (d === null) return html`<${Empty}>Choose where paths start and end.</${Empty}>`;
        if (d.rows.length === 0) return html`<${Empty}>No paths.</${Empty}>`;
        const g = draw(route, d);
        return html`<p class="count" data-testid="paths-total">${d.rows.length} shown of <strong>${d.total}</strong> (from, to) pairs</p>
          <${Graph} nodes=${g.nodes} edges=${g.edges} title="The paths shown (the relations are named in the list below)" testid="paths-graph" />
          <ol class="paths" data-testid="paths-list">
            ${d.rows.map((row) => {
              const path = row[d.header.indexOf('path')];
              const rels = row[d.header.indexOf('relations')];
              return html`<li>
                ${path.map((o, i) => {
                  const k = kindByName(o.kind);
                  return html`${i > 0 ? html` <span class="rel">—${rels[i - 1]}→</span> ` : ''}${k ? html`<a href=${href(route, 'object', [k.prefix, o.id])}>${o.name}</a>` : html`<span>${o.name}</span>`}<span class="sub"> (${o.kind})</span>`;
                })}
              </li>`;
            })}
          </ol>
          ${d.cursor && html`<p><a href=${href(route, 'paths', [], withQuery(query, { cursor: d.cursor }, true))}>Next page</a></p>`}`;
      }}
    />`;
}
