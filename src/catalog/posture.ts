// Posture rules the service evaluates itself: the static rules of `rules.ts` that the inventory
// graph alone can decide, each written as data: the kind of object it judges, a condition over
// that object's attributes and its neighbours (hops over the stored relations of `kinds.ts`), and
// the sentence that explains an instance. `src/areas/posture/` evaluates these after every ingest batch
// and writes what they find as `source: "static"` instances; docs/POSTURE.md lists them.
//
// Attribute tests are strict about what the inventory says: `equals` fires only on the value
// itself (a model with no `pinned` attribute is not reported as unpinned), while `notTrue` treats
// a missing attribute as false, because an approval step nobody recorded is one nobody can rely on.

import { kindByName, relationByName } from './kinds.ts';
import { staticRuleById } from './rules.ts';

/** One hop over a stored relation, from the object in hand to neighbours of the given kinds. */
export interface Hop {
  relation: string;
  /** `out`: the object is the relation's `from`; `in`: its `to`. */
  direction: 'out' | 'in';
  kinds: string[];
  /** What the neighbours found are called in the evidence and the explanation (`{tools}`). */
  as: string;
  /** A condition each neighbour must meet to count; none: every neighbour counts. */
  where?: Condition;
}

export type Condition =
  /** The attribute holds exactly this value. */
  | { attribute: string; equals: string | boolean }
  /** The attribute is false or missing. */
  | { attribute: string; notTrue: true }
  /** The attribute (a list of strings) contains one of these. */
  | { attribute: string; includesAny: string[] }
  /** The attribute (a list of strings) has an element matching this regular expression. */
  | { attribute: string; matches: string }
  /** The attribute (a list of strings) is not empty and holds nothing but these. */
  | { attribute: string; only: string[] }
  /** The attribute (a list of strings) holds an element other than these. */
  | { attribute: string; besides: string[] }
  /**
   * The attribute (an RFC 3339 time) is older than the evaluation's quiet period (days, config
   * AISPM_RUNTIME_QUIET_DAYS; DEFAULT_QUIET_DAYS when none is given).
   */
  | { attribute: string; quiet: true }
  /** At least one neighbour over the hop meets the hop's condition: these are the evidence. */
  | { some: Hop }
  /** No neighbour over the hop meets the hop's condition. */
  | { no: Hop }
  | { all: Condition[] }
  /** At least one of these holds; the evidence is what every one that holds found. */
  | { any: Condition[] };

export interface PostureRule {
  /** A static rule of `rules.ts`: name, severity, category, OWASP and remediation come from there. */
  ruleId: string;
  /** The kind of object judged (a rule with several object types has one entry per kind). */
  kind: string;
  when: Condition;
  /** The condition in words, for the documentation and the evidence. */
  predicate: string;
  /**
   * The instance's description. `{subject}` is the object judged; `{<as>}` the neighbours a hop
   * named so found (deduplicated, in id order); `{subject.<attribute>}` one of its attributes.
   */
  explain: string;
  /**
   * A toxic combination: the rule fires on a path through the graph rather than on one object, and
   * its evidence gives the paths (from the object judged, over each relation, to the object that
   * completes the combination).
   */
  toxic?: boolean;
  /**
   * The verdict changes with time alone (a quiet period): the rule is settled over the whole
   * workspace after every batch that brought telemetry, not only on the objects it changed.
   */
  timed?: boolean;
}

// ---- shared pieces -----------------------------------------------------------------------------

export const codeExecution: Condition = { attribute: 'capabilities', includesAny: ['shell', 'code_execution'] };
export const destructiveUnapproved: Condition = {
  all: [
    { attribute: 'destructive', equals: true },
    { attribute: 'requires_approval', notTrue: true },
  ],
};
export const failedProbe = (as: string): Hop => ({
  relation: 'probe_result',
  direction: 'out',
  kinds: ['garak_info'],
  as,
  where: { attribute: 'status', equals: 'failed' },
});
const codeExecutionTools = (as: string): Hop => ({ relation: 'exposes_tool', direction: 'out', kinds: ['tool'], as, where: codeExecution });

const sr = (slug: string) => `SR-aispm_${slug}`;

/** Days a declared agent may go unseen at runtime before it is reported, unless configured. */
export const DEFAULT_QUIET_DAYS = 14;
/** What telemetry (OTLP) reports as an object's source. */
export const RUNTIME_SOURCE = 'runtime';
const runtimeOnly: Condition = { attribute: 'sources', only: [RUNTIME_SOURCE] };

/**
 * Data sources whose content people outside the organisation can write (tickets, issues, shared
 * documents, mail, the web): an agent that reads them takes untrusted input into its context.
 */
export const untrustedSources = ['zendesk', 'github', 'jira', 'google-drive', 'email', 'web', 'slack', 'user_upload', 'internet', 'rss'];
const untrustedInput: Condition = { attribute: 'data_sources', includesAny: untrustedSources };
/** A tool able to run code or shell: the agent's own, or one an MCP server it uses exposes. */
const reachesCodeExecution = (as: string): Condition => ({
  any: [
    { some: { relation: 'uses_tool', direction: 'out', kinds: ['tool'], as, where: codeExecution } },
    {
      some: {
        relation: 'uses_mcp_server',
        direction: 'out',
        kinds: ['mcp_server'],
        as: 'mcp_servers',
        where: { some: codeExecutionTools(as) },
      },
    },
  ],
});
export const secretKinds = ['secret', 'qualys_secret'];

export const postureRules: PostureRule[] = [
  {
    ruleId: sr('missing_input_guardrails'),
    kind: 'agent',
    when: { no: { relation: 'input_guardrail', direction: 'out', kinds: ['guardrail'], as: 'input_guardrails' } },
    predicate: 'An agent with no input_guardrail relation to a guardrail.',
    explain:
      '{subject} has no input guardrail: user and tool input reaches its models without a check for prompt injection, jailbreaks or sensitive data.',
  },
  {
    ruleId: sr('missing_output_guardrails'),
    kind: 'agent',
    when: { no: { relation: 'output_guardrail', direction: 'out', kinds: ['guardrail'], as: 'output_guardrails' } },
    predicate: 'An agent with no output_guardrail relation to a guardrail.',
    explain:
      '{subject} has no output guardrail: what its models answer reaches users and tools without a check for leaked data or unsafe content.',
  },
  {
    ruleId: sr('unpinned_model_version'),
    kind: 'model',
    when: { attribute: 'pinned', equals: false },
    predicate: 'A model whose `pinned` attribute is false.',
    explain:
      '{subject} is referenced by a moving alias (version "{subject.version}"), not a pinned snapshot, so the model behind it can change without review.',
  },
  {
    ruleId: sr('mcp_server_without_authentication'),
    kind: 'mcp_server',
    when: { attribute: 'authentication', equals: 'none' },
    predicate: 'An MCP server whose `authentication` attribute is "none".',
    explain: '{subject} lets clients connect and call its tools without authenticating (authentication "none").',
  },
  {
    ruleId: sr('tool_shell_or_code_execution'),
    kind: 'tool',
    when: codeExecution,
    predicate: 'A tool whose `capabilities` include shell or code_execution.',
    explain: '{subject} runs shell commands or code on behalf of the model.',
  },
  {
    ruleId: sr('unvalidated_tool_input'),
    kind: 'tool',
    when: { attribute: 'input_validation', equals: false },
    predicate: 'A tool whose `input_validation` attribute is false.',
    explain: '{subject} acts on model-generated arguments without validating them against a schema.',
  },
  {
    ruleId: sr('excessive_agent_permissions'),
    kind: 'agent',
    when: { attribute: 'permissions', matches: '^\\*$|:\\*$|(^|:)admin$' },
    predicate: 'An agent holding a wildcard or admin permission (`*`, `<resource>:*` or `<resource>:admin`).',
    explain: '{subject} holds wildcard or admin permissions, broader than any single task needs.',
  },
  {
    ruleId: sr('model_failed_garak_probes'),
    kind: 'model',
    when: { some: failedProbe('failed_probes') },
    predicate: 'A model with a probe_result relation to a garak result whose `status` is "failed".',
    explain: '{subject} failed garak probes: {failed_probes}.',
  },
  {
    ruleId: sr('agent_uses_model_with_failed_probes'),
    kind: 'agent',
    when: {
      some: { relation: 'uses_model', direction: 'out', kinds: ['model'], as: 'models', where: { some: failedProbe('failed_probes') } },
    },
    predicate: 'An agent with a uses_model relation to a model that failed a garak probe.',
    explain: '{subject} calls {models}, on which garak probes failed: {failed_probes}.',
  },
  {
    ruleId: sr('unauthenticated_mcp_exposes_code_execution'),
    kind: 'mcp_server',
    when: { all: [{ attribute: 'authentication', equals: 'none' }, { some: codeExecutionTools('tools') }] },
    predicate: 'An MCP server whose `authentication` is "none" with an exposes_tool relation to a tool able to run shell commands or code.',
    explain: '{subject} requires no authentication and exposes {tools}, able to run shell commands or code, to any client.',
  },
  {
    ruleId: sr('agent_reaches_code_execution_via_mcp'),
    kind: 'agent',
    when: {
      some: {
        relation: 'uses_mcp_server',
        direction: 'out',
        kinds: ['mcp_server'],
        as: 'mcp_servers',
        where: { some: codeExecutionTools('tools') },
      },
    },
    predicate: 'An agent with a uses_mcp_server relation to an MCP server that exposes a tool able to run shell commands or code.',
    explain: '{subject} can run shell commands or code through {mcp_servers}, exposing {tools}.',
  },
  {
    ruleId: sr('destructive_action_without_approval'),
    kind: 'agent',
    when: {
      all: [
        { attribute: 'human_approval', notTrue: true },
        { some: { relation: 'uses_tool', direction: 'out', kinds: ['tool'], as: 'tools', where: destructiveUnapproved } },
      ],
    },
    predicate:
      'An agent whose `human_approval` is not true with a uses_tool relation to a destructive tool whose `requires_approval` is not true.',
    explain: '{subject} has no human approval step and can call destructive tools that need no approval: {tools}.',
  },
  {
    ruleId: sr('destructive_action_without_approval'),
    kind: 'tool',
    when: destructiveUnapproved,
    predicate: 'A tool whose `destructive` is true and whose `requires_approval` is not true.',
    explain: '{subject} changes or deletes data and no human approves its calls.',
  },
  {
    ruleId: sr('secrets_near_ai_code'),
    kind: 'location',
    when: {
      all: [
        { some: { relation: 'defined_in', direction: 'in', kinds: ['agent', 'mcp_server'], as: 'ai_objects' } },
        { some: { relation: 'contains', direction: 'out', kinds: ['secret', 'qualys_secret'], as: 'secrets' } },
      ],
    },
    predicate: 'A location with a defined_in relation from an agent or MCP server and a contains relation to a secret or detected secret.',
    explain: '{subject} defines {ai_objects} and holds {secrets}.',
  },
  {
    ruleId: sr('delegation_without_approval'),
    kind: 'agent',
    when: {
      all: [
        { attribute: 'human_approval', notTrue: true },
        {
          some: {
            relation: 'delegates_to',
            direction: 'out',
            kinds: ['agent'],
            as: 'sub_agents',
            where: {
              all: [
                { attribute: 'human_approval', notTrue: true },
                { some: { relation: 'uses_tool', direction: 'out', kinds: ['tool'], as: 'tools', where: destructiveUnapproved } },
              ],
            },
          },
        },
      ],
    },
    predicate:
      'An agent whose `human_approval` is not true with a delegates_to relation to a sub-agent whose `human_approval` is not true ' +
      'and that uses a destructive tool whose `requires_approval` is not true.',
    explain:
      '{subject} delegates to {sub_agents}, which can call the destructive tools {tools}, and no human approves anywhere in the chain.',
  },

  // ---- shadow AI: what runs without being declared, and what is declared but no longer runs ---------
  {
    ruleId: sr('undeclared_ai_model_or_mcp_server'),
    kind: 'model',
    when: runtimeOnly,
    predicate: 'A model whose `sources` are only `runtime`: telemetry reports it, no scan or declared inventory does.',
    explain: '{subject} is called at runtime but no scan or declared inventory reports it.',
  },
  {
    ruleId: sr('undeclared_ai_model_or_mcp_server'),
    kind: 'mcp_server',
    when: runtimeOnly,
    predicate: 'An MCP server whose `sources` are only `runtime`.',
    explain: '{subject} is used at runtime but no scan or declared inventory reports it.',
  },
  {
    ruleId: sr('undeclared_ai_agent_or_tool'),
    kind: 'agent',
    when: runtimeOnly,
    predicate: 'An agent whose `sources` are only `runtime`.',
    explain: '{subject} runs (telemetry reports it) but no scan or declared inventory reports it.',
  },
  {
    ruleId: sr('undeclared_ai_agent_or_tool'),
    kind: 'tool',
    when: runtimeOnly,
    predicate: 'A tool whose `sources` are only `runtime`.',
    explain: '{subject} is called at runtime but no scan or declared inventory reports it.',
  },
  {
    ruleId: sr('declared_agent_quiet_at_runtime'),
    kind: 'agent',
    timed: true,
    when: {
      all: [
        { attribute: 'sources', besides: [RUNTIME_SOURCE] },
        { attribute: 'runtime_last_seen', quiet: true },
      ],
    },
    predicate:
      'An agent that a source other than `runtime` declares, whose `runtime_last_seen` is older than AISPM_RUNTIME_QUIET_DAYS days (default ' +
      `${DEFAULT_QUIET_DAYS}).`,
    explain: '{subject} is declared but was last seen at runtime at {subject.runtime_last_seen}.',
  },

  // ---- toxic combinations: rules that fire on a path ----------------------------------------------
  {
    ruleId: sr('toxic_unguarded_agent_reaches_code_execution'),
    kind: 'agent',
    toxic: true,
    when: {
      all: [
        { no: { relation: 'input_guardrail', direction: 'out', kinds: ['guardrail'], as: 'input_guardrails' } },
        reachesCodeExecution('tools'),
      ],
    },
    predicate:
      'An agent with no input_guardrail relation that reaches a tool able to run shell commands or code, over uses_tool or through an MCP server it uses.',
    explain:
      '{subject} has no input guardrail and can run shell commands or code through {tools}: a prompt injection becomes code execution.',
  },
  {
    ruleId: sr('toxic_untrusted_input_reaches_secret'),
    kind: 'agent',
    toxic: true,
    when: {
      all: [
        untrustedInput,
        {
          any: [
            {
              some: {
                relation: 'runs_on',
                direction: 'out',
                kinds: ['asset'],
                as: 'assets',
                where: { some: { relation: 'contains', direction: 'out', kinds: secretKinds, as: 'secrets' } },
              },
            },
            {
              some: {
                relation: 'defined_in',
                direction: 'out',
                kinds: ['location'],
                as: 'locations',
                where: { some: { relation: 'contains', direction: 'out', kinds: secretKinds, as: 'secrets' } },
              },
            },
          ],
        },
      ],
    },
    predicate:
      'An agent whose `data_sources` include a source outsiders can write (' +
      untrustedSources.join(', ') +
      ') that runs on an asset, ' +
      'or is defined at a location, holding a secret.',
    explain: '{subject} reads untrusted content ({subject.data_sources}) and runs next to {secrets}: injected instructions can reach them.',
  },
  {
    ruleId: sr('toxic_production_agent_unauthenticated_destructive_mcp'),
    kind: 'agent',
    toxic: true,
    when: {
      all: [
        { attribute: 'environment', equals: 'production' },
        {
          some: {
            relation: 'uses_mcp_server',
            direction: 'out',
            kinds: ['mcp_server'],
            as: 'mcp_servers',
            where: {
              all: [
                { attribute: 'authentication', equals: 'none' },
                {
                  some: {
                    relation: 'exposes_tool',
                    direction: 'out',
                    kinds: ['tool'],
                    as: 'tools',
                    where: { attribute: 'destructive', equals: true },
                  },
                },
              ],
            },
          },
        },
      ],
    },
    predicate:
      'An agent whose `environment` is "production" with a uses_mcp_server relation to an MCP server whose `authentication` is "none" ' +
      'that exposes a destructive tool.',
    explain:
      '{subject} runs in production and uses {mcp_servers}, which require no authentication and expose the destructive tools {tools}.',
  },
  {
    ruleId: sr('toxic_probed_model_with_code_execution'),
    kind: 'agent',
    toxic: true,
    when: {
      all: [
        {
          some: { relation: 'uses_model', direction: 'out', kinds: ['model'], as: 'models', where: { some: failedProbe('failed_probes') } },
        },
        reachesCodeExecution('tools'),
      ],
    },
    predicate:
      'An agent with a uses_model relation to a model that failed a garak probe that also reaches a tool able to run shell commands or code.',
    explain: '{subject} calls {models}, which failed garak probes ({failed_probes}), and can run shell commands or code through {tools}.',
  },
];

/** The rule ids among the posture rules (a rule judging several kinds appears once). */
export const postureRuleIds: string[] = [...new Set(postureRules.map((r) => r.ruleId))];

/** The hops of a condition, outermost first, with the conditions nested under them. */
export function hopsOf(c: Condition | undefined): Hop[] {
  if (!c) return [];
  if ('some' in c) return [c.some];
  if ('no' in c) return [c.no];
  if ('all' in c) return c.all.flatMap(hopsOf);
  if ('any' in c) return c.any.flatMap(hopsOf);
  return [];
}

/**
 * Checks the declarations against the catalogue at load: a rule that named a relation the
 * catalogue does not have, or joined kinds it does not join, would silently never fire.
 */
function check(rule: PostureRule): void {
  const meta = staticRuleById.get(rule.ruleId);
  if (!meta) throw new Error(`posture rule ${rule.ruleId}: not a static rule`);
  if (!meta.objectTypes.includes(rule.kind)) throw new Error(`posture rule ${rule.ruleId}: ${rule.kind} is not one of its object types`);
  const walk = (c: Condition | undefined, at: string[]) => {
    if (!c) return;
    if ('all' in c || 'any' in c) {
      for (const x of 'all' in c ? c.all : c.any) walk(x, at);
      return;
    }
    if ('attribute' in c) {
      for (const k of at) {
        if (!kindByName.get(k)!.columns.some((col) => 'attribute' in col.from && col.from.attribute === c.attribute)) {
          throw new Error(`posture rule ${rule.ruleId}: ${k} has no attribute ${c.attribute}`);
        }
      }
      return;
    }
    const hop = 'some' in c ? c.some : c.no;
    const rel = relationByName.get(hop.relation);
    if (!rel) throw new Error(`posture rule ${rule.ruleId}: unknown relation ${hop.relation}`);
    for (const f of at) {
      for (const k of hop.kinds) {
        if (!kindByName.has(k)) throw new Error(`posture rule ${rule.ruleId}: unknown kind ${k}`);
        const [a, b] = hop.direction === 'out' ? [f, k] : [k, f];
        if (!rel.pairs.some(([x, y]) => x === a && y === b))
          throw new Error(`posture rule ${rule.ruleId}: ${hop.relation} does not join ${a} to ${b}`);
      }
    }
    walk(hop.where, hop.kinds);
  };
  walk(rule.when, [rule.kind]);
}
for (const r of postureRules) check(r);

/** The neighbours a condition keeps as evidence: those found over its `some` hops. */
function evidenceRoles(c: Condition | undefined): string[] {
  if (!c) return [];
  if ('some' in c) return [`\`${c.some.as}\` (over ${c.some.relation})`, ...evidenceRoles(c.some.where)];
  if ('all' in c) return c.all.flatMap(evidenceRoles);
  if ('any' in c) return c.any.flatMap(evidenceRoles);
  return [];
}

/** The rules as a Markdown table for docs/POSTURE.md (`node scripts/posture-doc.ts` writes it there). */
export function postureTable(): string {
  const lines = ['| rule | object | severity | fires when | evidence objects |', '|---|---|---|---|---|'];
  for (const r of postureRules) {
    const severity = staticRuleById.get(r.ruleId)!.severity;
    const roles = evidenceRoles(r.when);
    lines.push(
      `| \`${r.ruleId}\` | ${r.kind} | ${severity} | ${r.predicate} | ${roles.join(', ') || "none: the object's attributes or a missing relation"} |`,
    );
  }
  return lines.join('\n');
}
