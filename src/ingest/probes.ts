// Model probe runs (garak's report.jsonl, promptfoo's results JSON; docs/IMPORTS.md) as ingest
// records. The readers (garak.ts, promptfoo.ts) validate a report and sum it up as a ProbeRun: its
// tool, its targets (provider and model, and the agent a target names) and, per probe and
// detector, the attempts that passed. Which inventory objects a target is needs the database (the
// models of that provider and name, however they were found): the caller resolves them
// (src/areas/probes/targets.ts) and this module writes the records: one scan per run, a
// `garak_info` per probe and detector and model with its pass rate, joined to the model by
// `probe_result` (the relation the model-robustness rules follow), and a finding on the model (and
// the agent) for each probe whose failure rate is above the threshold (AISPM_PROBE_FAIL_PERCENT),
// under an external rule per tool and probe mapped to OWASP LLM and MITRE ATLAS controls.
//
// Ids come from the tool, the model and the probe and detector, never from the run: the next run
// of the same probe on the same model updates its result and finding, and the same run imported
// twice writes the same rows.

import { createHash } from 'node:crypto';
import { probeControls } from '../catalog/probe-controls.ts';

/** A report refused, with the first problem found. */
export class ProbeError extends Error {}

export type ProbeTool = 'garak' | 'promptfoo';

export interface ProbeTarget {
  /** `openai`, `anthropic`, `huggingface`: the provider as inventory names it. */
  provider: string;
  /** The model's name as the provider spells it (`gpt-4o-mini`). */
  model: string;
  /** The agent the target names (promptfoo's provider label), when it names one. */
  agent?: string;
}

export interface ProbeResult {
  /** Index into the run's targets. */
  target: number;
  /** garak's probe class (`promptinject.HijackHateHumans`); promptfoo's red-team plugin, else the assertion's metric, else the test. */
  probe: string;
  /** garak's detector (`mitigation.MitigationBypass`); promptfoo's assertion type (`contains`, `promptfoo:redteam:…`). */
  detector: string;
  passed: number;
  attempts: number;
}

export interface ProbeRun {
  tool: ProbeTool;
  version?: string;
  /** The tool's own run id (garak's run uuid, promptfoo's evalId). */
  runId: string;
  startedAt: string;
  finishedAt: string;
  /** A promptfoo red-team run (its tests carry a plugin). */
  redteam?: boolean;
  targets: ProbeTarget[];
  results: ProbeResult[];
}

/** What the inventory holds for one target: the models it is, and the agents it names. */
export interface ResolvedTarget {
  /** Model ids of the workspace with the target's provider and name; empty when none is known yet. */
  models: string[];
  agents: string[];
  /** The open findings of those models and agents, by id, with when each was detected (epoch ms): a probe they no longer fail resolves its own. */
  open: ReadonlyMap<string, number>;
}

const hash = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000')).digest('hex');
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

/** The id a model gets when a probe names one the inventory does not hold: as telemetry names it (`openai/gpt-4o-mini`). */
export const probedModelId = (t: ProbeTarget) => clip(t.provider ? `${t.provider}/${t.model}` : t.model, 512);

/** The family of a probe: garak's probe module (`promptinject`), promptfoo's plugin or metric as written. */
export const probeFamily = (tool: ProbeTool, probe: string) => (tool === 'garak' ? probe.split('.')[0]! : probe);

/** The external rule of a tool's probe: `garak:promptinject.HijackHateHumans`, `promptfoo:harmful:hate`. */
export const probeRuleId = (tool: ProbeTool, probe: string) => clip(`${tool}:${probe}`, 512);

/** The id of the finding a probe raises on an object (a model, or an agent through a model): the same run after run. */
export const probeFindingId = (tool: ProbeTool, kind: string, id: string, modelId: string, probe: string, detector: string) =>
  `probe-${hash('probe-finding', tool, kind, id, modelId, probe, detector).slice(0, 24)}`;

/** Whether a probe failed: more than `failPercent` of its attempts got through. */
export const probeFailed = (r: { passed: number; attempts: number }, failPercent: number) =>
  r.attempts > 0 && (r.attempts - r.passed) * 100 > failPercent * r.attempts;

type Json = Record<string, unknown>;

/** The run's records, for the ingest pipeline, with where each came from (for messages). */
export function probeRecords(run: ProbeRun, resolved: ResolvedTarget[], failPercent: number): Json[] {
  const out: Json[] = [];
  const scanId = `probe-${hash('probe-scan', run.tool, run.runId).slice(0, 24)}`;
  const source = run.tool;
  const rules = new Set<string>();
  let findings = 0;
  let failed = 0;
  const created = new Set<string>();
  for (const r of run.results) {
    const target = run.targets[r.target]!;
    const found = resolved[r.target] ?? { models: [], agents: [], open: new Map<string, number>() };
    let models = found.models;
    if (!models.length) {
      // A model the inventory does not hold yet: written as telemetry would name it, so a later sighting is the same object.
      const id = probedModelId(target);
      models = [id];
      if (!created.has(id)) {
        created.add(id);
        out.push({
          type: 'entity',
          kind: 'model',
          id,
          name: clip(target.model, 1024),
          last_seen: run.finishedAt,
          source,
          attributes: { ...(target.provider ? { provider: target.provider } : {}) },
        });
      }
    }
    const isFailed = probeFailed(r, failPercent);
    if (isFailed) failed++;
    const family = probeFamily(run.tool, r.probe);
    const mapping = probeControls(family);
    const ruleId = probeRuleId(run.tool, r.probe);
    if (isFailed && !rules.has(ruleId)) {
      rules.add(ruleId);
      out.push({
        type: 'rule',
        id: ruleId,
        name: clip(`Model failed the ${run.tool} probe ${r.probe}`, 1024),
        description: `A ${run.tool} probe of ${mapping.topic} (${family}) got through on more than ${failPercent}% of its attempts against the model.`,
        severity: mapping.severity,
        category: 'model_robustness',
        object_types: ['model', 'agent'],
        remediation: 'Harden the system prompt, add guardrails in front of the model, or choose a model that passes the probe.',
        frameworks: mapping.controls,
        tags: [run.tool, family],
      });
    }
    const passRate = r.attempts > 0 ? r.passed / r.attempts : 1;
    for (const modelId of models) {
      const infoId = `garak-info-${hash('probe-result', run.tool, modelId, r.probe, r.detector).slice(0, 24)}`;
      out.push({
        type: 'entity',
        kind: 'garak_info',
        id: infoId,
        name: clip(`${r.probe} / ${r.detector}`, 1024),
        last_seen: run.finishedAt,
        source,
        attributes: {
          probe: clip(r.probe, 512),
          detector: clip(r.detector, 512),
          status: isFailed ? 'failed' : 'passed',
          pass_rate: passRate,
          attempts: r.attempts,
          run_at: run.startedAt,
        },
      });
      out.push({
        type: 'relation',
        from_kind: 'model',
        from_id: modelId,
        relation: 'probe_result',
        to_kind: 'garak_info',
        to_id: infoId,
        source,
      });
      const on = [['model', modelId], ...found.agents.map((a) => ['agent', a])] as const;
      if (!isFailed) {
        // Passed now: the finding an earlier run raised for this probe resolves.
        for (const [kind, id] of on) {
          const findingId = probeFindingId(run.tool, kind, id, modelId, r.probe, r.detector);
          const detected = found.open.get(findingId);
          if (detected === undefined) continue;
          out.push({
            type: 'finding',
            id: findingId,
            rule_id: ruleId,
            object_kind: kind,
            object_id: id,
            detected_at: new Date(detected).toISOString(),
            status: 'resolved',
            resolved_at: run.finishedAt,
            title: clip(`${target.model} passes ${r.probe} (${r.detector}): ${r.passed} of ${r.attempts} attempts held`, 1024),
            scan_id: scanId,
          });
        }
        continue;
      }
      const evidence = {
        tool: { name: run.tool, ...(run.version ? { version: run.version } : {}) },
        run_id: run.runId,
        probe: r.probe,
        detector: r.detector,
        passed: r.passed,
        attempts: r.attempts,
        failure_rate: (r.attempts - r.passed) / r.attempts,
        threshold_percent: failPercent,
        target: { provider: target.provider, model: target.model, ...(target.agent ? { agent: target.agent } : {}) },
      };
      const title = `${target.model} failed ${r.probe} (${r.detector}): ${r.attempts - r.passed} of ${r.attempts} attempts got through`;
      for (const [kind, id] of on) {
        findings++;
        out.push({
          type: 'finding',
          id: probeFindingId(run.tool, kind, id, modelId, r.probe, r.detector),
          rule_id: ruleId,
          severity: mapping.severity,
          object_kind: kind,
          object_id: id,
          detected_at: run.startedAt,
          status: 'open',
          title: clip(title, 1024),
          evidence: { ...evidence, model_id: modelId },
          scan_id: scanId,
        });
      }
    }
  }
  for (const [i, t] of run.targets.entries()) {
    for (const agent of resolved[i]?.agents ?? []) {
      for (const modelId of resolved[i]!.models.length ? resolved[i]!.models : [probedModelId(t)])
        out.push({
          type: 'relation',
          from_kind: 'agent',
          from_id: agent,
          relation: 'uses_model',
          to_kind: 'model',
          to_id: modelId,
          source,
        });
    }
  }
  out.unshift({
    type: 'scan',
    id: scanId,
    sensor_type: run.tool,
    started_at: run.startedAt,
    finished_at: run.finishedAt < run.startedAt ? run.startedAt : run.finishedAt,
    status: 'succeeded',
    findings,
    attributes: {
      format: run.tool,
      tool: { name: run.tool, ...(run.version ? { version: run.version } : {}) },
      run_id: run.runId,
      ...(run.redteam ? { redteam: true } : {}),
      targets: run.targets,
      results: { probes: run.results.length, failed },
      fail_percent: failPercent,
    },
  });
  return out;
}

/** The records as NDJSON, and the part of the report each line came from. */
export function probeNdjson(run: ProbeRun, resolved: ResolvedTarget[], failPercent: number): { ndjson: Buffer; origins: string[] } {
  const records = probeRecords(run, resolved, failPercent);
  return {
    ndjson: Buffer.from(records.map((r) => `${JSON.stringify(r)}\n`).join('')),
    origins: records.map((r) => `${run.tool} ${String(r.type)} ${String(r.id ?? r.to_id ?? '')}`),
  };
}
