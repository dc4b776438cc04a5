// The MCP tools' input and output schemas (TypeBox, given to the SDK as plain JSON Schema): one
// entry per tool in `inputs` and `outputs`, which tools.ts pairs with the tool's run.

import { frameworks } from '../../catalog/frameworks.ts';
import Type, { type Static, type TSchema } from 'typebox';
import { edgeWord, routedKinds } from '../../catalog/kinds.ts';
import type { KindDef } from '../../catalog/types.ts';
import { DEFAULT_PAGE, MAX_PAGE } from './tool-answers.ts';

export const kindNames = routedKinds.map((k) => k.name);
export const kindOf = (name: string): KindDef => routedKinds.find((k) => k.name === name)!;
export const severities = ['critical', 'high', 'medium', 'low'] as const;

export const Id = (description: string) => Type.String({ minLength: 1, maxLength: 512, description });
export const common = {
  tenant: Type.Optional(Id("Tenant id. Defaults to the token's own tenant.")),
  workspace: Id('Workspace id (`list_workspaces` names those the token can read).'),
};
export const paging = {
  page_size: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PAGE, description: `Rows to return, 1–${MAX_PAGE} (default ${DEFAULT_PAGE}).` }),
  ),
  cursor: Type.Optional(
    Type.String({
      maxLength: 4096,
      description: 'The `cursor` of the previous answer, to get the next page; the other arguments must be the same as for that answer.',
    }),
  ),
};
export const Filters = Type.Optional(
  Type.Record(
    Type.String({ pattern: '^[A-Za-z0-9_]{1,64}$' }),
    Type.Union([Type.String({ maxLength: 1024 }), Type.Number(), Type.Boolean()]),
    {
      description:
        'Column filters, as the API takes them: `{"provider": "openai"}` (equals), `column__ne`, `column__in` ("a,b"), ' +
        '`column__ilk` (contains, any case), `column__gt` / `__gte` / `__lt` / `__lte` (numbers and RFC 3339 times). ' +
        'An unknown column is refused with the list of those the list takes.',
    },
  ),
);
export const Sort = Type.Optional(
  Type.String({
    maxLength: 256,
    description:
      'Sort terms `column[:asc|desc]`, comma-separated, e.g. `critical_issues:desc,name`. An unknown column is refused with the sortable ones.',
  }),
);
export const KindArg = Type.Unsafe<string>({ type: 'string', enum: kindNames, description: `Kind of object: ${kindNames.join(', ')}.` });

export const Items = Type.Array(Type.Object({}, { additionalProperties: true }));
export const Page = {
  items: Items,
  cursor: Type.String({ description: 'Pass as `cursor` for the next page; empty on the last page.' }),
  total: Type.Integer({ description: 'Rows matching over all pages.' }),
};
export const Section = Type.Object({ items: Items, total: Type.Integer() });
export const Loose = (properties: Record<string, TSchema>, description: string) =>
  Type.Object(properties, { description, additionalProperties: true });

export const inputs = {
  list_workspaces: Type.Object({ tenant: common.tenant, ...paging }, { additionalProperties: false }),
  search_inventory: Type.Object(
    {
      ...common,
      kind: KindArg,
      name: Type.Optional(Type.String({ maxLength: 256, description: 'Only objects whose name contains this text (any case).' })),
      filters: Filters,
      sort: Sort,
      ...paging,
    },
    { additionalProperties: false },
  ),
  get_object: Type.Object({ ...common, kind: KindArg, id: Id('Object id.') }, { additionalProperties: false }),
  list_neighbours: Type.Object(
    {
      ...common,
      kind: KindArg,
      id: Id('Object id.'),
      edge: Type.String({
        minLength: 1,
        maxLength: 128,
        description: `Edge to follow. ${routedKinds.map((k) => `${k.name}: ${k.edges.map((e) => edgeWord(k, e)).join(', ')}`).join('. ')}.`,
      }),
      filters: Filters,
      sort: Sort,
      ...paging,
    },
    { additionalProperties: false },
  ),
  find_paths: Type.Object(
    {
      ...common,
      from: Type.String({
        minLength: 1,
        maxLength: 64,
        description:
          'Kind the paths start from: agent, model, tool, mcp_server, asset, location, or a leaf kind (secret, cert, key, guardrail, …).',
      }),
      to: Type.String({ minLength: 1, maxLength: 64, description: 'Kind the paths end at (as `from`).' }),
      via: Type.Optional(
        Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
          maxItems: 4,
          description: 'Kinds the path must pass through, in this order.',
        }),
      ),
      max_hops: Type.Optional(Type.Integer({ minimum: 1, maximum: 6, description: 'Longest path, in relations (default 4).' })),
      direction: Type.Optional(
        Type.Unsafe<string>({
          type: 'string',
          enum: ['out', 'any'],
          description: '`out` (default): relations the way they are stored (an agent uses an MCP server); `any`: either way.',
        }),
      ),
      from_filters: Type.Optional({
        ...Filters,
        description: 'Filters on the start objects, as search_inventory takes them: {"environment": "production"}.',
      }),
      to_filters: Type.Optional({ ...Filters, description: 'Filters on the end objects: {"authentication": "none"}.' }),
      sort: Type.Optional(
        Type.String({
          maxLength: 256,
          description: 'Sort terms over hops, from_id, from_name, to_id, to_name (default hops, from_id, to_id).',
        }),
      ),
      ...paging,
    },
    { additionalProperties: false },
  ),
  list_findings: Type.Object(
    {
      ...common,
      min_severity: Type.Optional(
        Type.Unsafe<string>({ type: 'string', enum: [...severities], description: 'Only issues of this severity or worse.' }),
      ),
      category: Type.Optional(
        Type.String({ maxLength: 128, description: 'Only issues of this rule category (guardrails, secrets, supply_chain, …).' }),
      ),
      rule_id: Type.Optional(Type.String({ maxLength: 512, description: 'Only issues of this rule.' })),
      group_by: Type.Optional(
        Type.String({
          maxLength: 128,
          description: 'Group instead by dimensions, comma-separated: rule_id, severity, category, object_type.',
        }),
      ),
      filters: Filters,
      sort: Sort,
      ...paging,
    },
    { additionalProperties: false },
  ),
  get_finding: Type.Object(
    {
      ...common,
      issue_id: Type.Optional(Id('An issue (from list_findings): the issue, its rule and the objects it touches.')),
      object_id: Type.Optional(Id('With issue_id: the findings of the issue on this object, with their evidence.')),
      instance_id: Type.Optional(Id('One finding (instance) by id, with its evidence, rule and scan.')),
      status: Type.Optional(
        Type.Unsafe<string>({
          type: 'string',
          enum: ['open', 'waived', 'resolved', 'all'],
          description: 'With issue_id and object_id: which findings (default open).',
        }),
      ),
      ...paging,
    },
    { additionalProperties: false },
  ),
  list_sessions: Type.Object(
    {
      ...common,
      agent_id: Type.Optional(Id('Only the sessions of this agent.')),
      start_time: Type.Optional(Type.String({ maxLength: 64, description: 'Only sessions that end at or after this time (RFC 3339).' })),
      end_time: Type.Optional(Type.String({ maxLength: 64, description: 'Only sessions that start at or before this time (RFC 3339).' })),
      sort: Type.Optional(
        Type.Unsafe<string>({
          type: 'string',
          enum: ['time', 'cost', 'tokens', 'turns', 'duration_ms', 'session_id'],
          description: 'Sort column (default time).',
        }),
      ),
      sort_dir: Type.Optional(
        Type.Unsafe<string>({ type: 'string', enum: ['asc', 'desc'], description: 'Sort direction (default desc).' }),
      ),
      filters: Filters,
      ...paging,
    },
    { additionalProperties: false },
  ),
  get_compliance: Type.Object(
    {
      ...common,
      framework: Type.Optional(
        Type.Unsafe<string>({
          type: 'string',
          enum: frameworks.map((f) => f.id),
          description: 'One framework: its controls with the open findings against them. Every framework when omitted.',
        }),
      ),
      control: Type.Optional(Id('With framework: one control id (LLM01, ASI01, AML.T0051, …): the findings behind it.')),
      ...paging,
    },
    { additionalProperties: false },
  ),
  get_dashboard: Type.Object(
    {
      tenant: common.tenant,
      workspace: Type.Optional(Id("Only this workspace; every workspace of the token's when omitted.")),
      top: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, description: 'Length of the top lists (default 5).' })),
    },
    { additionalProperties: false },
  ),
};

export const outputs = {
  list_workspaces: Type.Object({ tenant: Type.String(), ...Page }),
  search_inventory: Type.Object({ tenant: Type.String(), workspace: Type.String(), kind: Type.String(), ...Page }),
  get_object: Loose(
    {
      kind: Type.String(),
      object: Type.Object({}, { additionalProperties: true }),
      neighbours: Type.Record(Type.String(), Section),
      open_findings: Type.Object(Page),
    },
    'The object, the first neighbours over each of its sections, and the open findings (issues) on it.',
  ),
  list_neighbours: Type.Object({ kind: Type.String(), id: Type.String(), edge: Type.String(), ...Page }),
  find_paths: Type.Object({ tenant: Type.String(), workspace: Type.String(), from: Type.String(), to: Type.String(), ...Page }),
  list_findings: Type.Object({ tenant: Type.String(), workspace: Type.String(), ...Page }),
  get_finding: Loose({}, 'An issue with its rule and objects; or the findings of an issue on one object; or one finding.'),
  list_sessions: Type.Object({
    tenant: Type.String(),
    workspace: Type.String(),
    ...Page,
    page_cost: Type.Number({ description: 'Sum of the cost of the sessions of this page, in US dollars.' }),
  }),
  get_compliance: Loose(
    {},
    "Every framework (controls, those with open findings, open findings by severity, objects failing, posture score, trend); or one framework's controls; or one control's findings.",
  ),
  get_dashboard: Loose({}, 'Counts per object type, top issues, objects most at risk, the 12-month histogram, scans.'),
};

export type Inputs = typeof inputs;
export type Args<K extends keyof Inputs> = Static<Inputs[K]>;
