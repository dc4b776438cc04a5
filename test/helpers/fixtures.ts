// Small estates whose every row the tests know.

export const T1 = 't1';
export const T2 = 't2';
export const W1 = 'w1';
export const W2 = 'w2';

const base = Date.UTC(2026, 0, 1);
export const at = (minutes: number) => new Date(base + minutes * 60_000).toISOString();

export function entity(kind: string, id: string, name: string, lastSeenMinutes: number, attributes: Record<string, unknown> = {}) {
  return { type: 'entity', kind, id, name, first_seen: at(0), last_seen: at(lastSeenMinutes), attributes };
}

export function relation(fromKind: string, fromId: string, rel: string, toKind: string, toId: string) {
  return { type: 'relation', from_kind: fromKind, from_id: fromId, relation: rel, to_kind: toKind, to_id: toId };
}

/** `count` models named model-NNN with distinct last_seen, some ties, for paging tests. */
export function models(count: number, prefix = 'model') {
  return Array.from({ length: count }, (_, i) =>
    entity(
      'model',
      `${prefix}-${String(i).padStart(3, '0')}`,
      `Model ${i}`,
      // Every third pair shares a last_seen so the id tie-breaker matters.
      Math.floor(i / 2) * 10,
      { provider: ['openai', 'anthropic', 'google'][i % 3], pinned: i % 2 === 0, context_window: 1000 * (i % 7) },
    ),
  );
}
