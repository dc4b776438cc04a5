// List prices of common models in US dollars per million tokens, used when an interaction arrives
// without a cost. Prices are the providers' published standard (non-batch, non-cached) rates as of
// PRICES_AS_OF; a tenant overrides or extends them with `price` ingest records. A model name
// matches the longest entry it starts with, so dated snapshots ("gpt-4o-2024-08-06") use their
// family's price.

export const PRICES_AS_OF = '2025-09-30';

export interface Price {
  model: string;
  input: number;
  output: number;
  /** Input tokens read from the provider's prompt cache; absent: the input rate. */
  cacheRead?: number;
  /** Input tokens written to the prompt cache; absent: the input rate. */
  cacheWrite?: number;
  /** Reasoning tokens (part of the output); absent: the output rate. */
  reasoning?: number;
}

export const shippedPrices: Price[] = [
  { model: 'gpt-5', input: 1.25, output: 10, cacheRead: 0.125 },
  { model: 'gpt-5-mini', input: 0.25, output: 2, cacheRead: 0.025 },
  { model: 'gpt-5-nano', input: 0.05, output: 0.4, cacheRead: 0.005 },
  { model: 'gpt-4.1', input: 2, output: 8, cacheRead: 0.5 },
  { model: 'gpt-4.1-mini', input: 0.4, output: 1.6, cacheRead: 0.1 },
  { model: 'gpt-4.1-nano', input: 0.1, output: 0.4, cacheRead: 0.025 },
  { model: 'gpt-4o', input: 2.5, output: 10, cacheRead: 1.25 },
  { model: 'gpt-4o-mini', input: 0.15, output: 0.6, cacheRead: 0.075 },
  { model: 'o3', input: 2, output: 8, cacheRead: 0.5 },
  { model: 'o4-mini', input: 1.1, output: 4.4, cacheRead: 0.275 },
  { model: 'text-embedding-3-small', input: 0.02, output: 0 },
  { model: 'text-embedding-3-large', input: 0.13, output: 0 },
  { model: 'claude-opus-4', input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 },
  { model: 'claude-sonnet-4', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
  { model: 'claude-3-7-sonnet', input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 },
  { model: 'claude-3-5-haiku', input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1 },
  { model: 'claude-haiku-4', input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 },
  { model: 'gemini-2.5-pro', input: 1.25, output: 10, cacheRead: 0.31 },
  { model: 'gemini-2.5-flash', input: 0.3, output: 2.5, cacheRead: 0.075 },
  { model: 'gemini-2.5-flash-lite', input: 0.1, output: 0.4 },
  { model: 'gemini-2.0-flash', input: 0.1, output: 0.4 },
  { model: 'mistral-large', input: 2, output: 6 },
  { model: 'mistral-small', input: 0.1, output: 0.3 },
  { model: 'command-r-plus', input: 2.5, output: 10 },
  { model: 'command-r', input: 0.15, output: 0.6 },
];

/** Finds the price for a model name among `prices` (longest matching prefix wins). */
export function findPrice(prices: readonly Price[], model: string): Price | undefined {
  const name = model.toLowerCase();
  let best: Price | undefined;
  for (const p of prices) {
    if (
      (name === p.model || name.startsWith(p.model + '-') || name.startsWith(p.model + '@') || name.startsWith(p.model + ':')) &&
      (!best || p.model.length > best.model.length)
    )
      best = p;
  }
  return best;
}

/** Token counts of one call, as the GenAI conventions count them: cache reads and writes are part of the input, reasoning part of the output. */
export interface TokenUse {
  input: number;
  output: number;
  cacheRead?: number;
  cacheWrite?: number;
  reasoning?: number;
}

export function costOf(price: Price, inputTokens: number, outputTokens: number, use: Partial<TokenUse> = {}): number {
  const cacheRead = Math.min(use.cacheRead ?? 0, inputTokens);
  const cacheWrite = Math.min(use.cacheWrite ?? 0, inputTokens - cacheRead);
  const reasoning = Math.min(use.reasoning ?? 0, outputTokens);
  const input =
    (inputTokens - cacheRead - cacheWrite) * price.input +
    cacheRead * (price.cacheRead ?? price.input) +
    cacheWrite * (price.cacheWrite ?? price.input);
  const output = (outputTokens - reasoning) * price.output + reasoning * (price.reasoning ?? price.output);
  return (input + output) / 1_000_000;
}
