// Graphs drawn by cytoscape (an object's neighbourhood, the paths between kinds): laid out in
// columns by hop, each object's label to its right in a row of its own, so no two labels can
// overlap at any zoom; a colour and a shape per kind, shown in the legend above the graph. The
// relations' names are not drawn on the edges (dozens of them would cover each other): the list
// under each graph says them. Cytoscape is loaded on the first graph only.

import { useEffect, useRef } from 'preact/hooks';
import { html, kindWords } from './lib.js';

/**
 * Every kind the graph can reach (src/catalog/kinds.ts), each with a colour of its own; the shape
 * tells the families apart too (AI objects round, where things run square, secrets and
 * cryptography diamonds, what MCP servers offer triangles, guardrails hexagons).
 */
const KIND_STYLES = new Map([
  ['agent', { color: '#1d4ed8', shape: 'ellipse' }],
  ['model', { color: '#7c3aed', shape: 'ellipse' }],
  ['tool', { color: '#0891b2', shape: 'ellipse' }],
  ['mcp_server', { color: '#db2777', shape: 'ellipse' }],
  ['asset', { color: '#475569', shape: 'round-rectangle' }],
  ['location', { color: '#d97706', shape: 'round-rectangle' }],
  ['secret', { color: '#dc2626', shape: 'diamond' }],
  ['qualys_secret', { color: '#881337', shape: 'diamond' }],
  ['key', { color: '#9a3412', shape: 'diamond' }],
  ['cert', { color: '#65a30d', shape: 'diamond' }],
  ['tls_config', { color: '#166534', shape: 'diamond' }],
  ['crypto_session', { color: '#14b8a6', shape: 'diamond' }],
  ['operation', { color: '#ca8a04', shape: 'diamond' }],
  ['guardrail', { color: '#c026d3', shape: 'hexagon' }],
  ['mcp_prompt', { color: '#38bdf8', shape: 'triangle' }],
  ['mcp_resource', { color: '#a8a29e', shape: 'triangle' }],
  ['garak_info', { color: '#111827', shape: 'pentagon' }],
]);
const UNKNOWN = { color: '#9ca3af', shape: 'ellipse' };

export const kindStyle = (kind) => KIND_STYLES.get(kind) ?? UNKNOWN;

// A column is a label's width apart from the next; a row a label's height (with its background).
const COLUMN = 200;
const ROW = 30;
const LABEL_WIDTH = 150;

/** Rows per column: a column of a level taller than this continues in the next column. */
const rowsFor = (count) => Math.min(40, Math.max(22, Math.ceil(count / 6)));

/**
 * Positions by `level` (the hop at which a path first reaches the node), in the nodes' order: a
 * column per level (more where a level has more nodes than a column has rows), each centred on
 * the tallest.
 */
function columnPositions(nodes) {
  const rows = rowsFor(nodes.length);
  const levels = [...new Set(nodes.map((n) => n.level ?? 0))].sort((a, b) => a - b);
  const columns = levels.flatMap((level) => {
    const here = nodes.filter((n) => (n.level ?? 0) === level);
    return Array.from({ length: Math.ceil(here.length / rows) }, (_, c) => here.slice(c * rows, (c + 1) * rows));
  });
  const tallest = Math.max(...columns.map((c) => c.length));
  const positions = {};
  columns.forEach((column, x) => {
    const top = ((tallest - column.length) * ROW) / 2;
    column.forEach((n, y) => {
      positions[n.id] = { x: x * COLUMN, y: top + y * ROW };
    });
  });
  return { positions, height: tallest * ROW + 50 };
}

/**
 * A graph. nodes: {id, label, kind, level, href?, root?}; edges: {source, target}. A node with an
 * href opens it on tap; the views list the same nodes as links under the graph.
 */
export function Graph({ nodes, edges, title, testid }) {
  const ref = useRef(null);
  const key = JSON.stringify([nodes, edges]);
  const { positions, height } = columnPositions(nodes);
  useEffect(() => {
    let cy;
    let gone = false;
    import('cytoscape').then(({ default: cytoscape }) => {
      // The view may have moved on while the library loaded.
      if (gone || !ref.current) return;
      cy = cytoscape({
        container: ref.current,
        elements: [
          ...nodes.map((n) => ({ data: { ...n, ...kindStyle(n.kind) }, classes: n.root ? 'root' : '' })),
          ...edges.map((e, i) => ({ data: { id: `e${i}`, source: e.source, target: e.target } })),
        ],
        style: [
          {
            selector: 'node',
            style: {
              label: 'data(label)',
              'background-color': 'data(color)',
              shape: 'data(shape)',
              width: 16,
              height: 16,
              'font-size': 12,
              color: '#111827',
              'text-halign': 'right',
              'text-valign': 'center',
              'text-margin-x': 5,
              'text-wrap': 'ellipsis',
              'text-max-width': LABEL_WIDTH,
              'text-background-color': '#ffffff',
              // Opaque, so an edge passing behind a label never crosses its text.
              'text-background-opacity': 1,
              'text-background-padding': 1,
              // Labels too small to read at the current zoom are left out; zooming in shows them.
              'min-zoomed-font-size': 6,
            },
          },
          {
            selector: 'node.root',
            style: { 'border-width': 3, 'border-color': '#f59e0b', 'font-weight': 'bold' },
          },
          {
            selector: 'edge',
            style: {
              width: 1.2,
              'line-color': '#94a3b8',
              'target-arrow-color': '#94a3b8',
              'target-arrow-shape': 'triangle',
              'arrow-scale': 0.8,
              'curve-style': 'straight',
            },
          },
        ],
        layout: { name: 'preset', positions, fit: true, padding: 24, animate: false },
        minZoom: 0.2,
        maxZoom: 3,
      });
      // A small graph is drawn at its size, not blown up to the box.
      if (cy.zoom() > 1) {
        cy.zoom(1);
        cy.pan({ x: 24, y: 24 });
      }
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
  const kinds = [...new Set(nodes.map((n) => n.kind))].sort((a, b) => kindWords(a).localeCompare(kindWords(b)));
  return html`<figure class="graph-figure" data-testid=${testid}>
    <figcaption>${title}</figcaption>
    <ul class="legend" aria-label="Colours and shapes of the kinds">
      ${kinds.map((k) => {
        const s = kindStyle(k);
        return html`<li data-kind=${k}><span class=${`swatch ${s.shape}`} style=${{ backgroundColor: s.color }}></span>${kindWords(k)}</li>`;
      })}
    </ul>
    <div class="graph" ref=${ref} style=${{ height: `${height}px` }} role="img" aria-label=${`${title}: ${nodes.length} objects, ${edges.length} relations (listed below)`}></div>
  </figure>`;
}
