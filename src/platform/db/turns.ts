// One clock for this thread's long synchronous work: SQLite statements (sqlite/database.ts) and
// the loops between them (posture evaluation over 100,000 objects) take their turns by it, so the
// event loop, and `/healthz` with it, gets one at least every SLICE_MS of such work.

/** Work between two turns of the event loop, ms. */
const SLICE_MS = 10;
let sliceStart = performance.now();

/**
 * Gives the event loop a turn once SLICE_MS have passed since the last one; otherwise returns at
 * once (no promise: a caller in a tight loop writes `await breathe()` and pays one check).
 */
export function breathe(): Promise<void> | undefined {
  if (performance.now() - sliceStart < SLICE_MS) return undefined;
  return new Promise<void>((resolve) =>
    setImmediate(() => {
      sliceStart = performance.now();
      resolve();
    }),
  );
}
