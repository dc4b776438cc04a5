// Writes docs/INVENTORY.md from the catalogue: every kind's columns and edges, and the relation
// types ingest accepts. test/docs.test.ts fails when the committed file is out of date.

import { writeFileSync } from 'node:fs';
import { columnsTable, detailSections, edgesTable, edgeTargetColumns } from '../src/catalog/docs.ts';
import { edgeWord, kinds, relations } from '../src/catalog/kinds.ts';

export function inventoryDoc(): string {
  const out: string[] = [
    '# Inventory: kinds, columns and edges',
    '',
    '<!-- Generated from src/catalog/kinds.ts by `node scripts/inventory-doc.ts`; do not edit by hand. -->',
    '',
    'Every routed kind answers `GET /api/v1/{prefix}/tenants/{t}/workspaces/{w}` (list), `…/{id}` (detail) and',
    '`…/{id}/{edge}` (edge). An edge is named as the column that counts it, its detail section and its related filters',
    "name it (`…/{id}/models`, `?models.provider=openai`); the product family's name (`aispm_model_dependencies`) is accepted too.",
    'Lists and edges take `page_size` (alias `pageSize`, default 100, max 10000), `cursor`,',
    '`sort` (a sortable column), `sort_dir` (`asc`/`desc`) and `name__ilk`; the default order is `last_seen`',
    'descending, ties by `id` in the same direction. `Accept: text/csv` answers the same page as CSV.',
    '',
  ];
  for (const k of kinds) {
    out.push(`## ${k.label} (\`${k.name}\`)`, '');
    out.push(k.prefix ? `Prefix \`/api/v1/${k.prefix}\`.` : 'Reached over edges only.', '');
    out.push(columnsTable(k.columns), '');
    if (k.sections.length) out.push(`Detail sections: ${detailSections(k)}, each the first page of the edge of its name.`, '');
    if (k.edges.length) {
      out.push(edgesTable(k), '');
      for (const e of k.edges)
        out.push(
          `- \`${edgeWord(k, e)}\` columns: ${edgeTargetColumns(e)
            .map((c) => `\`${c.name}\``)
            .join(', ')}`,
        );
      out.push('');
    }
  }
  out.push('## Relation types (ingest `relation` records)', '', '| relation | joins | meaning |', '|---|---|---|');
  for (const r of relations) out.push(`| \`${r.name}\` | ${r.pairs.map(([f, t]) => `${f} → ${t}`).join(', ')} | ${r.description} |`);
  return out.join('\n') + '\n';
}

if (import.meta.main) writeFileSync(new URL('../docs/INVENTORY.md', import.meta.url), inventoryDoc());
