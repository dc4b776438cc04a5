// Where the process hears what each OTLP export brought (the counts also written to otlp_stats),
// for the Prometheus metrics: per process and without workspace or attribute-key labels, so the
// series stay few.

export type OtlpCountsListener = (counts: ReadonlyMap<string, number>) => void;

export class OtlpHub {
  private readonly listeners = new Set<OtlpCountsListener>();

  observe(listener: OtlpCountsListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /** The counts of one export (metric → n, as counters.ts names them), the objects it created and those the cap refused. */
  emit(counts: ReadonlyMap<string, number>, created: number, refused: number): void {
    const all = new Map(counts);
    if (created) all.set('objects.created', created);
    if (refused) all.set('objects.refused', refused);
    for (const l of this.listeners) l(all);
  }

  /** A group commit of exports (export-groups.ts) ended: committed or failed, with how many exports it held. */
  group(outcome: 'committed' | 'failed', exports: number): void {
    const all = new Map([
      [`groups.${outcome}`, 1],
      [`group_exports.${outcome}`, exports],
    ]);
    for (const l of this.listeners) l(all);
  }
}
