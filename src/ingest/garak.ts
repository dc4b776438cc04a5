// garak's report.jsonl (docs/IMPORTS.md) read into a ProbeRun: each line is checked against the
// schema of its `entry_type` (probe-schemas.ts) and a bad one refused naming its line. The target
// is the `start_run setup` entry's `plugins.target_type` / `target_name` (`plugins.model_type` /
// `model_name` before garak 0.11), else the digest's; each `eval` entry is one probe and detector
// with its passes out of the outputs evaluated. Without `eval` entries (a run cut short) the
// finished attempts (`status` 2) are counted per probe and detector instead: a detector score of
// 0.5 or more is a hit, garak's own threshold. garak cannot run here: the test's report is built from
// garak's published format (garak/command.py, attempt.py, evaluators/base.py).

import { MAX_JSON_DEPTH, nestedDeeperThan } from '../platform/json-depth.ts';
import { firstProblem, garakEntryValidator } from './probe-schemas.ts';
import { ProbeError, type ProbeResult, type ProbeRun, type ProbeTarget } from './probes.ts';

type Json = Record<string, any>;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

/** garak's generator type as a provider: `openai`, `openai.OpenAICompatible` → `openai`, `huggingface.Model` → `huggingface`. */
export function garakProvider(targetType: string): string {
  return targetType.split('.')[0]!.toLowerCase();
}

function iso(v: unknown): string | undefined {
  // garak writes local times without a zone (datetime.isoformat()): read as UTC.
  if (typeof v !== 'string') return undefined;
  const ms = Date.parse(/[zZ]|[+-]\d\d:\d\d$/.test(v) ? v : `${v}Z`);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : undefined;
}

/** Reads a report, or throws a ProbeError naming the first bad line. */
export function readGarak(text: string, now: number): ProbeRun {
  let setup: Json | undefined;
  let init: Json | undefined;
  let completion: Json | undefined;
  let digest: Json | undefined;
  const evals = new Map<string, ProbeResult>();
  const attempts = new Map<string, ProbeResult>();
  let lineNo = 0;
  let seen = 0;
  for (const raw of text.split('\n')) {
    lineNo++;
    const line = raw.trim();
    if (!line) continue;
    let e: unknown;
    try {
      e = JSON.parse(line);
    } catch (err) {
      throw new ProbeError(`line ${lineNo}: not valid JSON: ${(err as Error).message.replace(/\s+/g, ' ').slice(0, 200)}`);
    }
    if (typeof e !== 'object' || e === null || Array.isArray(e)) throw new ProbeError(`line ${lineNo}: expected a JSON object`);
    const entry = e as Json;
    if (typeof entry.entry_type !== 'string') throw new ProbeError(`line ${lineNo}: no entry_type; not a garak report line`);
    if (nestedDeeperThan(entry, MAX_JSON_DEPTH)) throw new ProbeError(`line ${lineNo}: nests more than ${MAX_JSON_DEPTH} levels deep`);
    const validate = garakEntryValidator(entry.entry_type);
    if (!validate) continue;
    if (!validate(entry))
      throw new ProbeError(
        `line ${lineNo}: not a valid garak ${String((entry as Json).entry_type)} entry: ${firstProblem(validate.errors)}`,
      );
    seen++;
    switch (entry.entry_type) {
      case 'start_run setup':
        setup = entry;
        break;
      case 'init':
        init = entry;
        break;
      case 'completion':
        completion = entry;
        break;
      case 'digest':
        digest = entry;
        break;
      case 'eval': {
        const key = `${entry.probe}\u0000${entry.detector}`;
        evals.set(key, { target: 0, probe: entry.probe, detector: entry.detector, passed: entry.passed, attempts: entry.total_evaluated });
        break;
      }
      case 'attempt': {
        if (entry.status !== 2) break;
        for (const [detector, scores] of Object.entries((entry.detector_results ?? {}) as Record<string, Array<number | null>>)) {
          const key = `${entry.probe_classname}\u0000${detector}`;
          const r = attempts.get(key) ?? { target: 0, probe: entry.probe_classname, detector, passed: 0, attempts: 0 };
          for (const s of scores) {
            if (s === null) continue;
            r.attempts++;
            if (s < 0.5) r.passed++;
          }
          attempts.set(key, r);
        }
        break;
      }
    }
  }
  if (!seen) throw new ProbeError('no garak report entries (start_run setup, init, attempt, eval, digest)');
  if (!init) throw new ProbeError('no init entry: not a garak report, or its start is missing');
  for (const r of evals.values())
    if (r.passed > r.attempts) throw new ProbeError(`eval of ${r.probe} / ${r.detector}: passed ${r.passed} of ${r.attempts} evaluated`);
  const meta = (digest?.meta ?? {}) as Json;
  const targetType = str(setup?.['plugins.target_type']) ?? str(setup?.['plugins.model_type']) ?? str(meta.target_type);
  const targetName = str(setup?.['plugins.target_name']) ?? str(setup?.['plugins.model_name']) ?? str(meta.target_name);
  if (!targetName) throw new ProbeError('the report names no target model (plugins.target_name or plugins.model_name)');
  const target: ProbeTarget = { provider: targetType ? garakProvider(targetType) : '', model: targetName };
  const startedAt = iso(init.start_time) ?? new Date(now).toISOString();
  const results = [...(evals.size ? evals : attempts).values()].sort((a, b) =>
    a.probe === b.probe ? a.detector.localeCompare(b.detector) : a.probe.localeCompare(b.probe),
  );
  return {
    tool: 'garak',
    version: str(init.garak_version),
    runId: String(init.run),
    startedAt,
    finishedAt: iso(completion?.end_time) ?? startedAt,
    targets: [target],
    results,
  };
}
