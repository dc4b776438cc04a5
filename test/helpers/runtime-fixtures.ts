// LLM interactions whose every value the runtime tests know, and a reference roll-up written
// independently of the service's, to say what a session row must hold.

import { findPrice, shippedPrices } from '../../src/catalog/prices.ts';
import { at } from './fixtures.ts';

export interface InteractionSpec {
  id: string;
  session: string;
  /** Minutes after the fixtures' base time (2026-01-01T00:00:00Z). */
  minute: number;
  agent?: string;
  model?: string;
  duration?: number;
  input?: number;
  output?: number;
  /** Omitted: priced from the table. Multiples of 1/8 keep float sums exact. */
  cost?: number;
  prompt_outcome?: string;
  response_outcome?: string;
  categories?: string[];
  /** MCP servers the call involved (`mcp_server_ids`). */
  mcp?: string[];
  extra?: Record<string, unknown>;
}

export function interaction(s: InteractionSpec): Record<string, unknown> {
  return {
    type: 'interaction',
    id: s.id,
    session_id: s.session,
    ...(s.agent !== undefined ? { agent_id: s.agent } : {}),
    model: s.model ?? 'gpt-4o',
    time: at(s.minute),
    duration_ms: s.duration ?? 1000,
    input_tokens: s.input ?? 100,
    output_tokens: s.output ?? 10,
    ...(s.cost !== undefined ? { cost: s.cost } : {}),
    ...(s.prompt_outcome ? { prompt_outcome: s.prompt_outcome } : {}),
    ...(s.response_outcome ? { response_outcome: s.response_outcome } : {}),
    ...(s.categories ? { categories: s.categories } : {}),
    ...(s.mcp ? { mcp_server_ids: s.mcp } : {}),
    ...s.extra,
  };
}

const rank: Record<string, number> = { OK: 0, ALERTED: 1, REDACTED: 2, BLOCKED: 3 };

/** The session rows (as the sessions endpoint's header orders them) the given interactions make. */
export function expectedSessions(specs: InteractionSpec[]): Map<string, Record<string, any>> {
  const base = Date.parse(at(0));
  const bySession = new Map<string, InteractionSpec[]>();
  for (const s of specs) bySession.set(s.session, [...(bySession.get(s.session) ?? []), s]);
  const out = new Map<string, Record<string, any>>();
  for (const [id, list] of bySession) {
    const sorted = [...list].sort((a, b) => a.minute - b.minute || (a.id < b.id ? -1 : 1));
    const start = base + sorted[0]!.minute * 60_000;
    const end = Math.max(...list.map((s) => base + s.minute * 60_000 + (s.duration ?? 1000)));
    const counts = { OK: 0, ALERTED: 0, BLOCKED: 0, REDACTED: 0 } as Record<string, number>;
    for (const s of list) {
      const p = s.prompt_outcome ?? 'OK';
      const r = s.response_outcome ?? 'OK';
      counts[rank[p]! >= rank[r]! ? p : r]! += 1;
    }
    const input = list.reduce((a, s) => a + (s.input ?? 100), 0);
    const output = list.reduce((a, s) => a + (s.output ?? 10), 0);
    out.set(id, {
      session_id: id,
      agent_id: sorted.find((s) => s.agent)?.agent ?? '',
      start_time: new Date(start).toISOString(),
      end_time: new Date(end).toISOString(),
      duration_ms: end - start,
      turns: list.length,
      input_tokens: input,
      output_tokens: output,
      total_tokens: input + output,
      cost: list.reduce((a, s) => a + (s.cost ?? 0), 0),
      ok: counts.OK,
      alerted: counts.ALERTED,
      blocked: counts.BLOCKED,
      redacted: counts.REDACTED,
      unpriced_turns: list.filter((s) => s.cost === undefined && !findPrice(shippedPrices, s.model ?? 'gpt-4o')).length,
      mcp_turns: list.filter((s) => (s.mcp ?? []).length > 0).length,
    });
  }
  return out;
}
