// promptfoo's results JSON (`promptfoo eval -o results.json`, red-team runs included;
// docs/IMPORTS.md) read into a ProbeRun, after a check against the schema of the part read
// (probe-schemas.ts). Each provider is a target (`openai:chat:gpt-4o-mini` → provider `openai`,
// model `gpt-4o-mini`; its `label` the agent it stands for, when the inventory has one by that
// name). Each test result's assertions are attempts: a red-team test's plugin (`harmful:hate`,
// `pii:direct`) is its probe, else the assertion's `metric`, else the test's description; the
// assertion's type is the detector. A test with no assertions counts once, as its own success.

import { MAX_JSON_DEPTH, nestedDeeperThan } from '../platform/json-depth.ts';
import { firstProblem, promptfooValidator } from './probe-schemas.ts';
import { ProbeError, type ProbeResult, type ProbeRun, type ProbeTarget } from './probes.ts';

type Json = Record<string, any>;
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.length > 0 ? v : undefined);

/** The words of a provider id that say which API, not which model (`openai:chat:…`). */
const API_WORDS = new Set([
  'chat',
  'completion',
  'completions',
  'messages',
  'responses',
  'embedding',
  'embeddings',
  'assistant',
  'realtime',
]);

/** `openai:chat:gpt-4o-mini` → openai, gpt-4o-mini; `anthropic:messages:claude-3-5-haiku` → anthropic, …; `ollama:llama3` → ollama, llama3. */
export function promptfooTarget(id: string, label?: string): ProbeTarget {
  const parts = id.split(':');
  const provider = parts.length > 1 ? parts[0]!.toLowerCase() : '';
  const rest = parts.slice(parts.length > 1 ? 1 : 0);
  if (rest.length > 1 && API_WORDS.has(rest[0]!)) rest.shift();
  return { provider, model: rest.join(':') || id, ...(label ? { agent: label } : {}) };
}

/** Reads a results file, or throws a ProbeError naming the first problem. */
export function readPromptfoo(text: string, now: number): ProbeRun {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (err) {
    throw new ProbeError(`not valid JSON: ${(err as Error).message.replace(/\s+/g, ' ').slice(0, 200)}`);
  }
  if (typeof doc !== 'object' || doc === null || Array.isArray(doc))
    throw new ProbeError('not a promptfoo results file: expected a JSON object');
  if (nestedDeeperThan(doc, MAX_JSON_DEPTH)) throw new ProbeError(`the file nests more than ${MAX_JSON_DEPTH} levels deep`);
  const validate = promptfooValidator();
  if (!validate(doc)) throw new ProbeError(`not a valid promptfoo results file: ${firstProblem(validate.errors)}`);
  const d = doc as Json;
  const targets: ProbeTarget[] = [];
  const targetIndex = new Map<string, number>();
  const results = new Map<string, ProbeResult>();
  let redteam = false;
  (d.results.results as Json[]).forEach((row) => {
    const key = `${row.provider.id}\u0000${row.provider.label ?? ''}`;
    let t = targetIndex.get(key);
    if (t === undefined) {
      t = targets.push(promptfooTarget(row.provider.id, str(row.provider.label))) - 1;
      targetIndex.set(key, t);
    }
    const plugin = str(row.metadata?.pluginId) ?? str(row.testCase?.metadata?.pluginId);
    if (plugin) redteam = true;
    const test = str(row.testCase?.description) ?? `test ${row.testIdx ?? 0}`;
    const components: Json[] = Array.isArray(row.gradingResult?.componentResults) ? row.gradingResult.componentResults : [];
    const count = (probe: string, detector: string, pass: boolean) => {
      const k = `${t}\u0000${probe}\u0000${detector}`;
      const r = results.get(k) ?? { target: t!, probe, detector, passed: 0, attempts: 0 };
      r.attempts++;
      if (pass) r.passed++;
      results.set(k, r);
    };
    if (!components.length) count(plugin ?? test, row.gradingResult ? 'grading' : 'success', row.success === true);
    for (const c of components) count(plugin ?? str(c.assertion?.metric) ?? test, str(c.assertion?.type) ?? 'assertion', c.pass === true);
  });
  const at = str(d.metadata?.evaluationCreatedAt) ?? str(d.results.timestamp);
  const startedMs = at ? Date.parse(at) : Number.NaN;
  const startedAt = new Date(Number.isFinite(startedMs) ? startedMs : now).toISOString();
  const endMs = str(d.metadata?.exportedAt) ? Date.parse(d.metadata.exportedAt) : Number.NaN;
  return {
    tool: 'promptfoo',
    version: str(d.metadata?.promptfooVersion),
    runId: d.evalId,
    startedAt,
    finishedAt: Number.isFinite(endMs) ? new Date(endMs).toISOString() : startedAt,
    ...(redteam ? { redteam } : {}),
    targets,
    results: [...results.values()].sort(
      (a, b) => a.target - b.target || a.probe.localeCompare(b.probe) || a.detector.localeCompare(b.detector),
    ),
  };
}
