// The stored form of an LLM interaction (a row of llm_interactions) shared by the interactions writer and the
// sessions roll-up.

import { canonicalJson } from '../../platform/values.ts';
import { readJson } from '../../platform/db/database.ts';
import type { LlmInteractionsTable } from '../../platform/db/schema.ts';

/** A row of llm_interactions without its scope; JSON columns as the text written and compared. */
export type Stored = Omit<LlmInteractionsTable, 'tenant_id' | 'workspace_id' | 'categories' | 'mcp_server_ids' | 'attributes'> & {
  categories: string;
  mcp_server_ids: string;
  attributes: string;
};

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
