// Phase 4 of discovery: guardrail outcomes reach the model call they judged: an apply_guardrail span
// under it (of this export or kept from an earlier one), or a gen_ai.guardrail.result event of its own.

import { guardrailEvent } from '../dialects/registry.ts';
import { OUTCOMES } from './interaction.ts';
import type { Run } from './run.ts';
import { cut, nsToMs } from './values.ts';

const worse = (a: string | undefined, b: string | undefined) => {
  const rank = ['OK', 'ALERTED', 'REDACTED', 'BLOCKED'];
  if (!a) return b;
  if (!b) return a;
  return rank.indexOf(a) >= rank.indexOf(b) ? a : b;
};

function applyOutcome(r: Record<string, unknown>, target: 'input' | 'output', outcome: string, name: string | undefined): void {
  if (!OUTCOMES.has(outcome) || outcome === 'OK') return;
  const field = target === 'output' ? 'response_outcome' : 'prompt_outcome';
  r[field] = worse(r[field] as string | undefined, outcome);
  if (name) {
    const categories = (r.categories as string[] | undefined) ?? [];
    if (!categories.includes(name.slice(0, 128))) categories.push(name.slice(0, 128));
    r.categories = categories.slice(0, 64);
  }
}

export function applyGuardrailOutcomes(run: Run): void {
  const { index, g } = run;
  const byInteraction = new Map(run.interactions.map((r) => [(r.attributes as { span_id: string }).span_id, r]));
  // A guardrail span kept from an earlier export judged a model call of this one.
  for (const p of index.stored.values()) {
    const r = p.outcome && byInteraction.get(p.parentSpanId);
    if (r) applyOutcome(r, p.outcome!.target, p.outcome!.outcome, p.outcome!.name);
  }
  for (const s of index.spans) {
    const v = index.view(s);
    if (v.role === 'guardrail' && v.guardrail?.outcome && s.parentSpanId) {
      const r = byInteraction.get(s.parentSpanId);
      if (r) applyOutcome(r, v.guardrail.target ?? 'input', v.guardrail.outcome, v.guardrail.name);
    }
    const r = byInteraction.get(s.spanId);
    if (!r) continue;
    for (const e of s.events) {
      if (e.name !== 'gen_ai.guardrail.result') continue;
      const ge = guardrailEvent(e.attributes);
      if (ge.outcome) applyOutcome(r, ge.target, ge.outcome, ge.name);
      if (ge.name) {
        const at = nsToMs(e.timeNs || s.startNs);
        g.object('guardrail', cut(ge.name), cut(ge.name, 1024), at, at, { sources: ['runtime'] });
        const agent = r.agent_id as string | undefined;
        if (agent && g.objects.has(`agent\u0000${agent}`))
          g.relate('agent', agent, ge.target === 'output' ? 'output_guardrail' : 'input_guardrail', 'guardrail', cut(ge.name), at, at);
      }
    }
  }
}
