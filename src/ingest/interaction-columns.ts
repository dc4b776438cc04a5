// Checked interaction records in columns, to hand a batch from the import's parse worker to the
// main thread cheaply. Posting the records themselves would structured-clone 50,000 objects of 23
// fields a batch, and deserialising those on the main thread measured as slow as parsing and
// checking the lines again (~200 ms for 50,000). In columns a batch is two typed arrays (moved,
// not copied) and one array of distinct strings; the main thread rebuilds the records from them
// in a few milliseconds. The records it rebuilds are equal to what parseRecord returned.

import type { Lined } from './batch-context.ts';
import type { InteractionRecord, Outcome } from './records.ts';

/** Numbers per record: line, time, duration_ms, the five token counts, cost (NaN for none). */
const NUMS = 9;
/** String references per record (indexes into `strings`, -1 for null). */
const REFS = 13;

export interface InteractionColumns {
  count: number;
  nums: Float64Array;
  refs: Int32Array;
  /** The values: each distinct one once (sessions, agents, models, arrays and attributes as JSON text), ids and prompts as they come. */
  strings: string[];
}

/**
 * Puts records in columns. With `storePrompts` false their prompt and response are left out (the
 * writer would drop them: docs/INGEST.md), so the text is not copied between threads for nothing.
 */
export function toColumns(records: Lined<InteractionRecord>[], storePrompts: boolean): InteractionColumns {
  const count = records.length;
  const nums = new Float64Array(count * NUMS);
  const refs = new Int32Array(count * REFS);
  const strings: string[] = [];
  const seen = new Map<string, number>();
  const ref = (s: string | null): number => {
    if (s === null) return -1;
    let i = seen.get(s);
    if (i === undefined) {
      i = strings.length;
      strings.push(s);
      seen.set(s, i);
    }
    return i;
  };
  // Ids and long free text are seldom repeated: not worth hashing.
  const own = (s: string): number => strings.push(s) - 1;
  const text = (s: string | null): number => (s === null || !storePrompts ? -1 : own(s));
  for (let k = 0; k < count; k++) {
    const { line, record: r } = records[k]!;
    const n = k * NUMS;
    nums[n] = line;
    nums[n + 1] = r.time;
    nums[n + 2] = r.durationMs;
    nums[n + 3] = r.inputTokens;
    nums[n + 4] = r.outputTokens;
    nums[n + 5] = r.cacheReadTokens;
    nums[n + 6] = r.cacheWriteTokens;
    nums[n + 7] = r.reasoningTokens;
    nums[n + 8] = r.cost === null ? Number.NaN : r.cost;
    const s = k * REFS;
    refs[s] = own(r.id);
    refs[s + 1] = ref(r.sessionId);
    refs[s + 2] = ref(r.agentId);
    refs[s + 3] = ref(r.model);
    refs[s + 4] = ref(r.modelId);
    refs[s + 5] = ref(r.provider);
    refs[s + 6] = ref(r.promptOutcome);
    refs[s + 7] = ref(r.responseOutcome);
    refs[s + 8] = ref(r.categories.length ? JSON.stringify(r.categories) : '');
    refs[s + 9] = ref(r.mcpServerIds.length ? JSON.stringify(r.mcpServerIds) : '');
    refs[s + 10] = text(r.prompt);
    refs[s + 11] = text(r.response);
    refs[s + 12] = ref(isEmpty(r.attributes) ? '' : JSON.stringify(r.attributes));
  }
  return { count, nums, refs, strings };
}

function isEmpty(o: object): boolean {
  for (const _ in o) return false;
  return true;
}

/** The buffers postMessage may move instead of copying. */
export function transferables(c: InteractionColumns): ArrayBuffer[] {
  return [c.nums.buffer as ArrayBuffer, c.refs.buffer as ArrayBuffer];
}

/** The records again, in the order they were put in. */
export function fromColumns(c: InteractionColumns): Lined<InteractionRecord>[] {
  const { count, nums, refs, strings } = c;
  const str = (i: number) => strings[i]!;
  const nullable = (i: number) => (i < 0 ? null : strings[i]!);
  // Arrays and attributes come back as fresh values per record (a writer may keep or extend them).
  const list = (i: number): string[] => (strings[i] === '' ? [] : (JSON.parse(strings[i]!) as string[]));
  const out: Lined<InteractionRecord>[] = new Array(count);
  for (let k = 0; k < count; k++) {
    const n = k * NUMS;
    const s = k * REFS;
    const cost = nums[n + 8]!;
    const attributes = strings[refs[s + 12]!]!;
    out[k] = {
      line: nums[n]!,
      record: {
        type: 'interaction',
        id: str(refs[s]!),
        sessionId: str(refs[s + 1]!),
        agentId: str(refs[s + 2]!),
        model: str(refs[s + 3]!),
        modelId: nullable(refs[s + 4]!),
        provider: str(refs[s + 5]!),
        time: nums[n + 1]!,
        durationMs: nums[n + 2]!,
        inputTokens: nums[n + 3]!,
        outputTokens: nums[n + 4]!,
        cacheReadTokens: nums[n + 5]!,
        cacheWriteTokens: nums[n + 6]!,
        reasoningTokens: nums[n + 7]!,
        cost: Number.isNaN(cost) ? null : cost,
        promptOutcome: str(refs[s + 6]!) as Outcome,
        responseOutcome: str(refs[s + 7]!) as Outcome,
        categories: list(refs[s + 8]!),
        mcpServerIds: list(refs[s + 9]!),
        prompt: nullable(refs[s + 10]!),
        response: nullable(refs[s + 11]!),
        attributes: attributes === '' ? {} : (JSON.parse(attributes) as Record<string, unknown>),
      },
    };
  }
  return out;
}
