// Which inventory objects a model probe's target is (docs/IMPORTS.md): the workspace's models of
// the target's name whose provider is the target's (or unstated), however they were found —
// telemetry names them `openai/gpt-4o-mini`, `aispm scan` by a hash of where it found them, both
// with the model's name and its provider attribute — and the agents named as the target names one
// (promptfoo's provider label). Read before the batch is written; the records themselves come from
// src/ingest/probes.ts.

import { probeNdjson, type ProbeRun, type ResolvedTarget } from '../../ingest/probes.ts';
import { objectKey } from '../../ingest/batch-context.ts';
import { type Db, readJson } from '../../platform/db/database.ts';
import { readStored } from '../findings/instances-store.ts';
import { objectsNamedAnyCase } from '../inventory/entities-store.ts';

function named(db: Db, tenant: string, workspace: string, kind: string, name: string) {
  return objectsNamedAnyCase({ db, tx: db, tenant, workspace }, kind, name);
}

/** The objects each target of the run is. */
export async function resolveTargets(db: Db, tenant: string, workspace: string, run: ProbeRun): Promise<ResolvedTarget[]> {
  const out: ResolvedTarget[] = [];
  for (const t of run.targets) {
    const models = (await named(db, tenant, workspace, 'model', t.model))
      .filter((m) => {
        const p = readJson<Record<string, unknown>>(m.attributes)?.provider;
        return !t.provider || typeof p !== 'string' || p === '' || p.toLowerCase() === t.provider;
      })
      .map((m) => m.id);
    const agents = t.agent ? (await named(db, tenant, workspace, 'agent', t.agent)).map((a) => a.id) : [];
    const open = new Map<string, number>();
    for (const [kind, ids] of [
      ['model', models],
      ['agent', agents],
    ] as const)
      for (const id of ids)
        for (const f of await readStored(
          { db, tx: db, tenant, workspace },
          { by: 'object', values: [objectKey(kind, id)], status: 'open' },
        ))
          open.set(f.id, f.detected_at);
    out.push({ models, agents, open });
  }
  return out;
}

/** The run's records as NDJSON for the ingest pipeline, its targets resolved against the workspace. */
export async function probeBatch(db: Db, tenant: string, workspace: string, run: ProbeRun, failPercent: number) {
  return probeNdjson(run, await resolveTargets(db, tenant, workspace, run), failPercent);
}
