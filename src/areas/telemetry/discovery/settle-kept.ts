// Phase 2 of discovery: spans kept from earlier exports whose ancestors this export brought (or that
// waited long enough) go under their agent: their relations are made and their interaction is sent
// again with its agent. A settled span stays, owing nothing, until its wait is over: a child of it
// may still be on its way.

import { type Run, serviceAgent } from './run.ts';
import { PENDING_TTL_MS } from './types.ts';
import { cut } from './values.ts';

export function settleKept(run: Run): void {
  const { index, g, out, now } = run;
  for (const p of index.stored.values()) {
    const expired = now - p.receivedAt >= PENDING_TTL_MS;
    const owes = p.uses.length > 0 || p.interaction !== undefined;
    let owner = index.ownerAbove(p.parentSpanId);
    if (owner.kind === 'unknown' && !expired) {
      if (owes) for (const l of owner.path) run.links.add(l);
      continue;
    }
    if (expired) out.resolved.push({ traceId: p.traceId, spanId: p.spanId });
    else if (owes) out.pending.push({ ...p, uses: [], interaction: undefined, sessionFromTrace: undefined });
    if (!owes) continue;
    if (owner.kind === 'unknown') owner = { kind: 'root' };
    let agent: string | undefined;
    if (owner.kind === 'agent') agent = owner.id;
    else if (p.service && !p.agentId) agent = serviceAgent(run, p.service, p.serviceAttributes ?? {}, p.first, p.last);
    if (!agent) continue;
    for (const [relation, kind, id] of p.uses) g.relate('agent', agent, relation, kind, id, p.first, p.last);
    if (!p.interaction) continue;
    // The interaction goes again with its agent, and the session of its ancestors when it had none of its own.
    const session = p.sessionFromTrace ? index.sessionAbove(p.parentSpanId) : undefined;
    const again = { ...p.interaction, agent_id: agent, ...(session ? { session_id: cut(session) } : {}) };
    if (again.agent_id !== p.interaction.agent_id || again.session_id !== p.interaction.session_id) run.interactions.push(again);
  }
}
