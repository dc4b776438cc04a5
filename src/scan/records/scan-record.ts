// The scan record of a unit (docs/INGEST.md, `scan`): sensor SENSOR_TYPE_STATIC_CODE_SCAN over the
// unit's asset, the CI system, repository, branch and commit, the counts, and in its attributes
// what was read and skipped and the manifest the next scan retires from (manifest.ts).

import type { Skip } from '../facts.ts';
import type { ScanUnit } from '../unit.ts';
import { type BuiltScan, type NdjsonRecord, SENSOR_TYPE } from './build.ts';

export function skipCounts(skips: Skip[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const s of skips) out[s.reason] = (out[s.reason] ?? 0) + 1;
  return out;
}

/** Past this, the manifest is left out: an ingest line may be 4 MiB, and the scan record must fit in one. */
const MAX_MANIFEST_CHARS = 3 * 1024 * 1024;

export function scanRecord(unit: ScanUnit, built: BuiltScan, version: string): NdjsonRecord {
  const c = built.counts;
  const manifestFits = JSON.stringify(built.manifest).length <= MAX_MANIFEST_CHARS;
  return {
    type: 'scan',
    id: built.scanId,
    sensor_type: SENSOR_TYPE,
    cicd_type: unit.ci.cicdType,
    ...(unit.repository ? { repository: unit.repository } : {}),
    ...(unit.branch ? { branch: unit.branch.slice(0, 1024) } : {}),
    ...(unit.commit ? { commit: unit.commit.slice(0, 128) } : {}),
    started_at: new Date(unit.startedAt).toISOString(),
    finished_at: new Date(Math.max(unit.finishedAt, unit.startedAt)).toISOString(),
    status: 'succeeded',
    asset_ids: [unit.assetId],
    ai_objects: c.agents + c.models + c.tools + c.mcpServers,
    findings: built.findings.length,
    attributes: {
      scanner: 'aispm scan',
      version,
      kind: unit.kind,
      host: unit.hostname,
      ...(unit.ci.pipeline ? { pipeline: unit.ci.pipeline } : {}),
      files_read: unit.files,
      bytes_read: unit.bytes,
      skipped: skipCounts(unit.facts.skips),
      code_analyzed: unit.codeAnalyzed,
      objects: c,
      // Without it the next scan retires nothing (it says so): a scan of that size is rare.
      ...(manifestFits ? { reported: built.manifest } : { reported_omitted: 'over 3 MiB' }),
    },
  };
}
