// The risk score of agents, models, tools and MCP servers: one number to rank objects by, with a
// formula a reader can check by hand.
//
//   risk_score = Σ over the open issues touching the object of the weight of the severity
//              + Σ over the reach terms of the object's kind of weight × distinct objects found
//
// An issue is a rule at a severity (every instance of it on the object counts once), so a sensor
// reporting the same finding a thousand times does not outweigh a second rule. The reach terms say
// what the object can get to over the graph (an agent's code-executing tools, the secrets next to
// it) or, for what agents use, how many agents it serves: the same findings weigh more on an object
// that reaches more. The terms are posture conditions, so the score follows the graph incrementally
// after each batch exactly as the posture rules do (src/areas/risk).

import { codeExecution, type Condition, destructiveUnapproved, failedProbe, type Hop, secretKinds, type Severity } from './rules/index.ts';

/** What one open issue of each severity adds. */
export const severityWeights: Record<Severity, number> = { critical: 10, high: 5, medium: 2, low: 1 };

export interface ReachTerm {
  /** The evidence role counted: the distinct objects the condition finds under this name. */
  role: string;
  weight: number;
  /** What is counted, for the documentation. */
  description: string;
  when: Condition;
}

export type RiskKind = 'agent' | 'model' | 'tool' | 'mcp_server';
export const riskKinds: readonly RiskKind[] = ['agent', 'model', 'tool', 'mcp_server'];

const tools = (where: Condition, role: string): Condition => ({
  any: [
    // The agent's own tools, those of the MCP servers it uses, and those of the agents it delegates to.
    { some: { relation: 'uses_tool', direction: 'out', kinds: ['tool'], as: role, where } },
    {
      some: {
        relation: 'uses_mcp_server',
        direction: 'out',
        kinds: ['mcp_server'],
        as: 'via_mcp_servers',
        where: { some: { relation: 'exposes_tool', direction: 'out', kinds: ['tool'], as: role, where } },
      },
    },
    {
      some: {
        relation: 'delegates_to',
        direction: 'out',
        kinds: ['agent'],
        as: 'via_sub_agents',
        where: { some: { relation: 'uses_tool', direction: 'out', kinds: ['tool'], as: role, where } },
      },
    },
  ],
});
const holding = (relation: string, kinds: string[], via: string): Hop => ({
  relation,
  direction: 'out',
  kinds,
  as: via,
  where: { some: { relation: 'contains', direction: 'out', kinds: secretKinds, as: 'secrets' } },
});
const agentsUsing = (relation: string): Condition => ({ some: { relation, direction: 'in', kinds: ['agent'], as: 'agents' } });

export const reachTerms: Record<RiskKind, ReachTerm[]> = {
  agent: [
    {
      role: 'code_execution_tools',
      weight: 5,
      when: tools(codeExecution, 'code_execution_tools'),
      description: "tools able to run shell commands or code it can call: its own, its MCP servers', its sub-agents'",
    },
    {
      role: 'unapproved_destructive_tools',
      weight: 3,
      when: tools(destructiveUnapproved, 'unapproved_destructive_tools'),
      description: 'destructive tools that need no approval it can call, reached the same ways',
    },
    {
      role: 'secrets',
      weight: 4,
      when: {
        any: [{ some: holding('runs_on', ['asset'], 'via_assets') }, { some: holding('defined_in', ['location'], 'via_locations') }],
      },
      description: 'secrets on the assets it runs on and at the locations that define it',
    },
    {
      role: 'unauthenticated_mcp_servers',
      weight: 3,
      when: {
        some: {
          relation: 'uses_mcp_server',
          direction: 'out',
          kinds: ['mcp_server'],
          as: 'unauthenticated_mcp_servers',
          where: { attribute: 'authentication', equals: 'none' },
        },
      },
      description: 'MCP servers it uses that require no authentication',
    },
    {
      role: 'probe_failing_models',
      weight: 3,
      when: {
        some: {
          relation: 'uses_model',
          direction: 'out',
          kinds: ['model'],
          as: 'probe_failing_models',
          where: { some: failedProbe('failed_probes') },
        },
      },
      description: 'models it calls that failed a garak probe',
    },
    {
      role: 'sub_agents',
      weight: 1,
      when: { some: { relation: 'delegates_to', direction: 'out', kinds: ['agent'], as: 'sub_agents' } },
      description: 'agents it delegates to',
    },
  ],
  model: [{ role: 'agents', weight: 1, when: agentsUsing('uses_model'), description: 'agents that call it' }],
  tool: [
    {
      role: 'agents',
      weight: 1,
      when: {
        any: [
          agentsUsing('uses_tool'),
          {
            some: {
              relation: 'exposes_tool',
              direction: 'in',
              kinds: ['mcp_server'],
              as: 'via_mcp_servers',
              where: agentsUsing('uses_mcp_server'),
            },
          },
        ],
      },
      description: 'agents that can call it, directly or through an MCP server exposing it',
    },
  ],
  mcp_server: [
    {
      role: 'code_execution_tools',
      weight: 5,
      when: { some: { relation: 'exposes_tool', direction: 'out', kinds: ['tool'], as: 'code_execution_tools', where: codeExecution } },
      description: 'tools it exposes able to run shell commands or code',
    },
    {
      role: 'unapproved_destructive_tools',
      weight: 3,
      when: {
        some: {
          relation: 'exposes_tool',
          direction: 'out',
          kinds: ['tool'],
          as: 'unapproved_destructive_tools',
          where: destructiveUnapproved,
        },
      },
      description: 'destructive tools it exposes that need no approval',
    },
    { role: 'agents', weight: 1, when: agentsUsing('uses_mcp_server'), description: 'agents that use it' },
  ],
};

/** The formula as a Markdown section (the table of docs/POSTURE.md: node scripts/posture-doc.ts). */
export function riskTable(): string {
  const lines = [
    '| Severity of an open issue | Weight |',
    '| --- | --- |',
    ...Object.entries(severityWeights).map(([s, w]) => `| ${s} | ${w} |`),
    '',
    '| Kind | Reach term (distinct objects) | Weight |',
    '| --- | --- | --- |',
  ];
  for (const kind of riskKinds) for (const t of reachTerms[kind]) lines.push(`| ${kind} | \`${t.role}\`: ${t.description} | ${t.weight} |`);
  return lines.join('\n');
}
