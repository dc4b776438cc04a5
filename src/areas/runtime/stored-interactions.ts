// The stored form of an LLM interaction (a row of llm_interactions) shared by the interactions writer and the
// sessions roll-up.

import { canonicalJson } from '../../platform/values.ts';
import { readJson } from '../../platform/db/database.ts';
import type { Selectable } from 'kysely';
import type { LlmInteractionsTable } from '../../platform/db/tables/runtime.ts';

/**
 * A row of llm_interactions without its scope. JSON columns are the text written, and as read back
 * text (SQLite) or parsed (PostgreSQL): compared through readJson (signature).
 */
export type Stored = Omit<Selectable<LlmInteractionsTable>, 'tenant_id' | 'workspace_id'>;

export const storedColumns = [
  'id',
  'time',
  'session_id',
  'agent_id',
  'model',
  'model_id',
  'provider',
  'duration_ms',
  'input_tokens',
  'output_tokens',
  'total_tokens',
  'cost',
  'cost_source',
  'prompt_outcome',
  'response_outcome',
  'outcome',
  'categories',
  'mcp_server_ids',
  'prompt',
  'response',
  'attributes',
] as const satisfies ReadonlyArray<keyof Stored>;

/**
 * A row to insert: the scope, then the values of storedColumns in their order. Written out rather
 * than mapped over the column names: bulk import builds 300,000 of these, and the mapped spread
 * allocated two arrays a row. Checked against storedColumns when this module loads.
 */
export function storedRow(tenant: string, workspace: string, s: Stored): unknown[] {
  return [
    tenant,
    workspace,
    s.id,
    s.time,
    s.session_id,
    s.agent_id,
    s.model,
    s.model_id,
    s.provider,
    s.duration_ms,
    s.input_tokens,
    s.output_tokens,
    s.total_tokens,
    s.cost,
    s.cost_source,
    s.prompt_outcome,
    s.response_outcome,
    s.outcome,
    s.categories,
    s.mcp_server_ids,
    s.prompt,
    s.response,
    s.attributes,
  ];
}
{
  const probe = Object.fromEntries(storedColumns.map((c) => [c, c])) as unknown as Stored;
  if (JSON.stringify(storedRow('t', 'w', probe)) !== JSON.stringify(['t', 'w', ...storedColumns]))
    throw new Error('storedRow does not follow storedColumns');
}

export const numericColumns = ['time', 'duration_ms', 'input_tokens', 'output_tokens', 'total_tokens', 'cost'] as const;

export function signature(s: Stored): string {
  return JSON.stringify(
    storedColumns.map((c) => {
      const v = s[c];
      return c === 'categories' || c === 'mcp_server_ids' || c === 'attributes' ? canonicalJson(readJson(v)) : v;
    }),
  );
}

export function numeric<T extends object>(r: T, columns: readonly string[]): T {
  const out = { ...r } as Record<string, unknown>;
  for (const c of columns) out[c] = Number(out[c]);
  return out as T;
}

export const byTimeThenId = (a: { time: number; id: string }, b: { time: number; id: string }) =>
  a.time - b.time || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
