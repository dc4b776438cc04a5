// Words generated from the catalogue for OpenAPI descriptions and docs/INVENTORY.md, so what the
// documentation says about columns and edges is what the code does.

import { derivedRowSets } from './rowsets.ts';
import type { ColumnDef, EdgeDef, KindDef } from './types.ts';
import { edgeAlias, edgeWord, kindByName } from './kinds.ts';
import { withArticle } from './labels.ts';

export function columnsTable(columns: ColumnDef[]): string {
  const lines = ['| column | type | sortable | meaning |', '|---|---|---|---|'];
  for (const c of columns) lines.push(`| \`${c.name}\` | ${c.type} | ${c.sortable ? 'yes' : ''} | ${c.description} |`);
  return lines.join('\n');
}

export function edgeTargetColumns(edge: EdgeDef): ColumnDef[] {
  const kind = kindByName.get(edge.target);
  if (kind) return kind.columns;
  return derivedRowSets[edge.target]?.columns ?? [];
}

export function edgesTable(kind: KindDef): string {
  const lines = ['| edge | answers | meaning |', '|---|---|---|'];
  for (const e of kind.edges) {
    const target = kindByName.get(e.target)?.label ?? e.target.replace('_', ' ');
    // One spelling, the related filters' and the detail section's; the product family's own is accepted too.
    const also = edgeAlias(kind, e) ? ` (also accepted: \`${e.name}\`)` : '';
    lines.push(`| \`${edgeWord(kind, e)}\` | ${target} rows | ${e.description}${also} |`);
  }
  return lines.join('\n');
}

export function listDescription(kind: KindDef): string {
  return (
    `Lists the ${kind.label}s of the workspace as a tabular result, newest \`last_seen\` first (ties by id), ` +
    'paged by keyset cursor. `sort` takes any sortable column, `sort_dir` asc or desc (asc when `sort` is given alone), ' +
    '`name__ilk` a case-insensitive name substring. `Accept: text/csv` answers the same page as CSV ' +
    '(next cursor in `X-Next-Cursor`, total in `X-Total-Count`).\n\nColumns:\n\n' +
    columnsTable(kind.columns)
  );
}

/** A kind's detail sections, each named as the edge it is the first page of (said when that edge's name differs). */
export function detailSections(kind: KindDef): string {
  return kind.sections
    .map((s) => {
      const edge = kind.edges.find((e) => e.name === s.edge);
      return edge && edgeWord(kind, edge) === s.name ? `\`${s.name}\`` : `\`${s.name}\` (edge \`${s.edge}\`)`;
    })
    .join(', ');
}

export function detailDescription(kind: KindDef): string {
  const sections = detailSections(kind);
  return (
    `One ${kind.label} as a tabular result with a single row` +
    (sections ? `, plus embedded sections: ${sections}. Each section lists up to 100 items; its total counts all.` : '.') +
    (kind.name === 'agent'
      ? ' Cost: `burn_rate` (daily spend over the last 7 days against the 30-day baseline), ' +
        '`cost_history` (current month, quarter, year to date and 12 months) and `cost_per_session_history` (12 months), in US dollars.'
      : '') +
    '\n\nColumns:\n\n' +
    columnsTable(kind.columns)
  );
}

export function edgesDescription(kind: KindDef): string {
  const parts = [
    `Follows one edge from ${withArticle(kind.label)} to its neighbours, paged like the lists. An edge is named as the column ` +
      'counting it, its detail section and its related filters name it (`models`: `?models.provider=openai`); the name in ' +
      'parentheses is accepted too. An edge name not below answers 400.',
    '',
    edgesTable(kind),
  ];
  for (const e of kind.edges) {
    parts.push(
      '',
      `Columns of \`${edgeWord(kind, e)}\`: ${edgeTargetColumns(e)
        .map((c) => `\`${c.name}\``)
        .join(', ')}.`,
    );
  }
  return parts.join('\n');
}
