// The MCP tools: read-only questions an assistant asks of the estate, each answered by reads of the
// HTTP API as the caller's token (api.ts). Every tool has a JSON Schema for its input (TypeBox,
// given to the SDK as plain JSON Schema), returns structured content and a short text summary,
// pages with a `cursor` argument (the API's own keyset cursors) and is bounded in size: list
// tools take at most MAX_PAGE rows and shrink a page whose answer would pass MAX_BYTES; long
// strings of a single record are clipped. Texts of the inventory (names, titles, evidence: anything
// ingest or telemetry wrote) never enter the summary's sentence: they are referenced there and
// given as escaped, marked untrusted data (untrusted.ts).
//
// Errors reach the assistant as tool results with `isError: true`: the API's refusals with its
// message (400 naming the parameter, 403, 404), bad arguments with the argument named, and any
// other failure as a fixed sentence that carries no internals.

import { frameworks } from '../../catalog/frameworks.ts';
import {
  fromJsonSchema,
  McpServer,
  type CallToolResult,
  type jsonSchemaValidator,
  type McpServerFactory,
} from '@modelcontextprotocol/server';
import Type, { type Static, type TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { edgeWord, routedKinds } from '../../catalog/kinds.ts';
import type { KindDef } from '../../catalog/types.ts';
import { expectedWords } from '../../platform/http/validation-message.ts';
import type { ApiReader, QueryValue } from './api.ts';
import { escapedJson, ours, plain, type Prose, proseText, say, UNTRUSTED_NOTE } from './untrusted.ts';

/** The server's version as MCP clients see it. */
export const MCP_VERSION = '1.0.0';

/** Rows a list tool answers by default and at most. */
export const DEFAULT_PAGE = 20;
export const MAX_PAGE = 100;
/** Largest structured answer, in bytes of JSON; a page that would pass it is read again with fewer rows. */
export const MAX_BYTES = 64 * 1024;
/** Items of each embedded section shown with one object (the `list_neighbours` tool pages the rest). */
const SECTION_ITEMS = 20;

export interface McpSession {
  reader: ApiReader;
  /** The token's tenant when the caller knows it; otherwise asked of `GET /api/v1/token` once. */
  tenant?: string;
  /** Hears failures that are not the API's refusals (the tool answers a fixed sentence instead). */
  onError?: (err: unknown, tool: string) => void;
}

/** The surface tools of later areas may join (issue 18's paths, issue 21's compliance). */
export interface ToolsOptions {
  version: string;
}

/** A failure the assistant should read: the API's refusal or a bad argument, with a message of ours. */
export class ToolError extends Error {}

type Row = Record<string, unknown>;
interface Tabular {
  header: string[];
  rows: unknown[][];
  cursor: string;
  total: number;
}

// ---- schemas --------------------------------------------------------------------------------------

const kindNames = routedKinds.map((k) => k.name);
const kindOf = (name: string): KindDef => routedKinds.find((k) => k.name === name)!;
const severities = ['critical', 'high', 'medium', 'low'] as const;

const Id = (description: string) => Type.String({ minLength: 1, maxLength: 512, description });
const common = {
  tenant: Type.Optional(Id("Tenant id. Defaults to the token's own tenant.")),
  workspace: Id('Workspace id (`list_workspaces` names those the token can read).'),
};
const paging = {
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
const Filters = Type.Optional(
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
const Sort = Type.Optional(
  Type.String({
    maxLength: 256,
    description:
      'Sort terms `column[:asc|desc]`, comma-separated, e.g. `critical_issues:desc,name`. An unknown column is refused with the sortable ones.',
  }),
);
const KindArg = Type.Unsafe<string>({ type: 'string', enum: kindNames, description: `Kind of object: ${kindNames.join(', ')}.` });

const Items = Type.Array(Type.Object({}, { additionalProperties: true }));
const Page = {
  items: Items,
  cursor: Type.String({ description: 'Pass as `cursor` for the next page; empty on the last page.' }),
  total: Type.Integer({ description: 'Rows matching over all pages.' }),
};
const Section = Type.Object({ items: Items, total: Type.Integer() });
const Loose = (properties: Record<string, TSchema>, description: string) =>
  Type.Object(properties, { description, additionalProperties: true });

const inputs = {
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

const outputs = {
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

type Inputs = typeof inputs;
type Args<K extends keyof Inputs> = Static<Inputs[K]>;

// ---- argument checks ------------------------------------------------------------------------------

interface SchemaError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

/** The argument at a schema error's path, for "not …" (own properties only: names are the client's). */
function argumentAt(input: unknown, path: string): unknown {
  let v = input;
  for (const key of path.split('/').slice(1)) {
    if (v === null || typeof v !== 'object' || !Object.hasOwn(v, key)) return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/**
 * The first problem of the arguments, naming the argument in the words the HTTP API uses
 * (`page_size: expected at least 1, not 0`, `bogus: unknown argument; …`).
 */
function describeErrors(errors: SchemaError[], schema: TSchema, input: unknown): string {
  const at = (path: string) => path.replace(/^\//, '').replaceAll('/', '.');
  const takes = Object.keys((schema as { properties?: Record<string, unknown> }).properties ?? {});
  const extra = errors.find((e) => e.keyword === 'additionalProperties');
  if (extra) {
    const names = (extra.params.additionalProperties as string[] | undefined) ?? [];
    const where = at(extra.instancePath);
    return `${names.map((n) => (where ? `${where}.${n}` : n)).join(', ')}: unknown argument${where ? '' : `; the tool takes ${takes.join(', ')}`}`;
  }
  const missing = errors.find((e) => e.keyword === 'required');
  if (missing) return `${(missing.params.requiredProperties as string[]).join(', ')}: required`;
  const first = errors.find((e) => e.keyword !== 'boolean')!;
  // Of the errors at the first failing argument, the last one sums the others up (anyOf).
  const same = errors.filter((e) => e.instancePath === first.instancePath && e.keyword !== 'boolean');
  const e = same[same.length - 1]!;
  const what =
    e.keyword === 'anyOf' ? 'expected text, a number or true/false' : (expectedWords(e, argumentAt(input, e.instancePath)) ?? e.message);
  return `${at(e.instancePath) || 'arguments'}: ${what}`;
}

const compiled = new WeakMap<object, ReturnType<typeof Compile>>();

/** Argument (and answer) checks with TypeBox's compiler, compiled once per schema, and messages that name the argument. */
const validator: jsonSchemaValidator = {
  getValidator<T>(schema: object) {
    let check = compiled.get(schema);
    if (!check) compiled.set(schema, (check = Compile(schema as TSchema)));
    const c = check;
    return (input: unknown) =>
      c.Check(input)
        ? { valid: true as const, data: input as T, errorMessage: undefined }
        : {
            valid: false as const,
            data: undefined,
            errorMessage: describeErrors([...c.Errors(input)] as SchemaError[], schema as TSchema, input),
          };
  },
};

// ---- helpers --------------------------------------------------------------------------------------

/**
 * An argument as one path segment of an API read, naming the argument when it cannot be one.
 * `encodeURIComponent` leaves `.` and `..` as they are, and URL resolution then removes them or
 * climbs a level (`id: ".."` read the workspace list's path without its id). A `/` is encoded
 * (`%2F`) and stays inside the segment: ids hold it (`pkg:huggingface/meta-llama/Llama-3-8B`).
 */
function seg(argument: string, value: string): string {
  if (value === '.' || value === '..') throw new ToolError(`${argument}: "${value}" is not an id (it would name another path)`);
  return encodeURIComponent(value);
}
const wsPath = (prefix: string, tenant: string, workspace: string) =>
  `/api/v1/${prefix}/tenants/${seg('tenant', tenant)}/workspaces/${seg('workspace', workspace)}`;

function objectsOf(t: { header: string[]; rows: unknown[][] }): Row[] {
  return t.rows.map((r) => Object.fromEntries(t.header.map((h, i) => [h, r[i]])));
}

/** The 2xx body, or the API's refusal as a tool error naming what it named. */
function ok<T>(answer: { status: number; body: unknown }): T {
  if (answer.status >= 200 && answer.status < 300) return answer.body as T;
  const b = answer.body as { message?: unknown } | null;
  const message = typeof b?.message === 'string' ? b.message : 'the service refused the request';
  throw new ToolError(`${message} (HTTP ${answer.status})`);
}

function filterQuery(
  filters: Record<string, string | number | boolean> | undefined,
  reserved: readonly string[],
): Record<string, QueryValue> {
  const entries: Array<[string, QueryValue]> = [];
  for (const [k, v] of Object.entries(filters ?? {})) {
    if (reserved.includes(k) || k === 'cursor' || k === 'page_size' || k === 'pageSize' || k === 'sort' || k === 'sort_dir')
      throw new ToolError(`filters.${k}: give it as the tool's own argument, not as a filter`);
    entries.push([k, v]);
  }
  // fromEntries defines own properties: `out.__proto__ = v` would drop the filter silently instead
  // of passing it on for the API to refuse by name.
  return Object.fromEntries(entries);
}

const size = (v: unknown) => Buffer.byteLength(JSON.stringify(v));

/** Long strings cut, deepest first, until the value fits MAX_BYTES. */
function clip<T>(value: T): { value: T; clipped: boolean } {
  if (size(value) <= MAX_BYTES) return { value, clipped: false };
  for (let limit = 4096; limit >= 32; limit = Math.floor(limit / 2)) {
    const cut = (v: unknown): unknown => {
      if (typeof v === 'string') return v.length > limit ? `${v.slice(0, limit)}… [${v.length - limit} more characters]` : v;
      if (Array.isArray(v)) return v.map(cut);
      if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, cut(x)]));
      return v;
    };
    const out = cut(value) as T;
    if (size(out) <= MAX_BYTES) return { value: out, clipped: true };
  }
  throw new ToolError('the answer is too large to return even with its texts shortened; ask for fewer rows');
}

/**
 * Reads a page of a list, `wanted` rows, and reads it again with fewer when its answer would pass
 * MAX_BYTES: the cursor of the page read continues exactly after its last row, so nothing is skipped.
 */
async function boundedPage<O extends object>(
  read: (rows: number) => Promise<Tabular>,
  wanted: number,
  shape: (t: Tabular) => O,
): Promise<O> {
  let rows = wanted;
  for (;;) {
    const t = await read(rows);
    const out = shape(t);
    const bytes = size(out);
    if (bytes <= MAX_BYTES) return out;
    if (t.rows.length <= 1) return { ...clip(out).value, clipped: true };
    rows = Math.max(1, Math.min(t.rows.length - 1, Math.floor((t.rows.length * MAX_BYTES) / bytes)));
  }
}

const more = (cursor: string) => (cursor ? ' More: call again with the `cursor` of this answer.' : '');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

interface Answer {
  /** Written with `say`: texts of the inventory are references to an untrusted-data block, never prose. */
  summary: Prose;
  data: Record<string, unknown>;
}

function result(a: Answer): CallToolResult {
  // The summary for the reader, its inventory texts in a marked data block; the same data as JSON
  // text for clients that read only `content` (the specification's advice for tools returning
  // structured content), escaped like the summary's block so no text in it can pose as a delimiter.
  return {
    content: [
      { type: 'text', text: proseText(a.summary) },
      { type: 'text', text: escapedJson(a.data) },
    ],
    structuredContent: a.data,
  };
}

function failure(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

// ---- the tools -------------------------------------------------------------------------------------

interface ToolDef<K extends keyof Inputs> {
  title: string;
  description: string;
  run(s: Session, args: Args<K>): Promise<Answer>;
}

/** One MCP session's view: the reader and the token's tenant, asked once. */
class Session {
  readonly reader: ApiReader;
  private tenant?: Promise<string>;
  constructor(s: McpSession) {
    this.reader = s.reader;
    if (s.tenant) this.tenant = Promise.resolve(s.tenant);
  }
  async tenantOf(given: string | undefined): Promise<string> {
    if (given) return given;
    this.tenant ??= this.reader.get('/api/v1/token').then((a) => ok<{ tenant_id: string }>(a).tenant_id);
    try {
      return await this.tenant;
    } catch (err) {
      this.tenant = undefined;
      throw err;
    }
  }
  async tabular(path: string, query: Record<string, QueryValue>): Promise<Tabular> {
    return ok<Tabular>(await this.reader.get(path, query));
  }
}

const tools: { [K in keyof Inputs]: ToolDef<K> } = {
  list_workspaces: {
    title: 'List workspaces',
    description:
      'The workspaces of the tenant that the token can read and that hold data, with their object counts per kind and when data last arrived. Start here to learn the workspace ids the other tools take.',
    async run(s, a) {
      const tenant = await s.tenantOf(a.tenant);
      const data = await boundedPage(
        (rows) => s.tabular(`/api/v1/tenants/${seg('tenant', tenant)}/workspaces`, { page_size: rows, cursor: a.cursor }),
        a.page_size ?? DEFAULT_PAGE,
        (t) => ({ tenant, items: objectsOf(t), cursor: t.cursor, total: t.total }),
      );
      return {
        summary: data.items.length
          ? say`${data.items.length} of ${ours(plural(data.total, 'workspace'))} of tenant ${plain(tenant)}: ${data.items.map((w) => w.workspace_id)}.${ours(more(data.cursor))}`
          : say`${data.items.length} of ${ours(plural(data.total, 'workspace'))} of tenant ${plain(tenant)}.${ours(more(data.cursor))}`,
        data,
      };
    },
  },

  search_inventory: {
    title: 'Search the inventory',
    description:
      'Lists AI agents, models, tools, MCP servers, assets or code locations of a workspace, filtered by any column and sorted by any sortable one, e.g. agents sorted by critical_issues:desc, or MCP servers with {"authentication": "none"}. Each item is one object with every column of its kind.',
    async run(s, a) {
      const tenant = await s.tenantOf(a.tenant);
      const kind = kindOf(a.kind);
      const query = { ...filterQuery(a.filters, ['name__ilk']), name__ilk: a.name, sort: a.sort, cursor: a.cursor };
      const data = await boundedPage(
        (rows) => s.tabular(wsPath(kind.prefix!, tenant, a.workspace), { ...query, page_size: rows }),
        a.page_size ?? DEFAULT_PAGE,
        (t) => ({ tenant, workspace: a.workspace, kind: kind.name, items: objectsOf(t), cursor: t.cursor, total: t.total }),
      );
      const names = data.items.slice(0, 10).map((o) => ({ name: o.name ?? null, id: o.id }));
      const found = ours(plural(data.total, kind.label));
      const shown = ours(data.items.length > names.length ? `the first ${names.length}` : 'names and ids');
      return {
        summary: names.length
          ? say`${data.items.length} of ${found} matching in ${plain(tenant)}/${plain(a.workspace)} (${shown}: ${names}).${ours(more(data.cursor))}`
          : say`${data.items.length} of ${found} matching in ${plain(tenant)}/${plain(a.workspace)}.${ours(more(data.cursor))}`,
        data,
      };
    },
  },

  get_object: {
    title: 'Get one object',
    description:
      'One inventory object with every column, its neighbours (the first of each: models, tools, MCP servers, agents, locations, … as its kind has them; list_neighbours pages the rest), its spend when it is an agent, and the open findings (issues) on it.',
    async run(s, a) {
      const tenant = await s.tenantOf(a.tenant);
      const kind = kindOf(a.kind);
      const base = `${wsPath(kind.prefix!, tenant, a.workspace)}/${seg('id', a.id)}`;
      const detail = ok<Record<string, unknown> & Tabular>(await s.reader.get(base));
      const issues = kind.edges.some((e) => e.name === 'issues')
        ? await s.tabular(`${base}/issues`, { page_size: SECTION_ITEMS })
        : { header: [], rows: [], cursor: '', total: 0 };
      const neighbours: Record<string, { items: Row[]; total: number }> = {};
      for (const section of kind.sections) {
        const v = detail[section.name] as { items?: Row[]; header?: string[]; rows?: unknown[][]; total: number } | undefined;
        if (!v) continue;
        const items = v.items ?? objectsOf({ header: v.header ?? [], rows: v.rows ?? [] });
        neighbours[section.name] = { items: items.slice(0, SECTION_ITEMS), total: v.total };
      }
      const extras: Record<string, unknown> = {};
      for (const k of ['burn_rate', 'cost_history', 'cost_per_session_history']) if (k in detail) extras[k] = detail[k];
      const object = objectsOf(detail)[0] ?? {};
      const { value: data, clipped } = clip({
        tenant,
        workspace: a.workspace,
        kind: kind.name,
        object,
        neighbours,
        ...extras,
        open_findings: { items: objectsOf(issues), cursor: issues.cursor, total: issues.total },
      });
      // Section names are the catalogue's; the counts ours.
      const counts = Object.entries(neighbours)
        .filter(([, v]) => v.total > 0)
        .map(([k, v]) => `${v.total} ${k}`);
      const worst = objectsOf(issues)
        .slice(0, 3)
        .map((i) => ({ rule_name: i.rule_name, severity: i.severity }));
      const rest = (counts.length ? `; ${counts.join(', ')}` : '') + `; ${plural(issues.total, 'open issue')}${worst.length ? ': ' : '.'}`;
      const tail = clipped ? ' Long texts were shortened.' : '';
      const id = plain(a.id);
      return {
        summary: worst.length
          ? say`${ours(kind.label)} ${object.name ?? a.id} (${id})${ours(rest)}${worst}.${ours(tail)}`
          : say`${ours(kind.label)} ${object.name ?? a.id} (${id})${ours(rest)}${ours(tail)}`,
        data: clipped ? { ...data, clipped } : data,
      };
    },
  },

  list_neighbours: {
    title: "List an object's neighbours",
    description:
      "Follows one edge from an object, paged: an agent's models, tools, mcp_servers or sub-agents; the aispm_agents that call a model or reach an MCP server; the issues, instances or sessions of an object; an asset's certs, keys, secrets; … Filters and sort as in search_inventory, over the neighbours' columns.",
    async run(s, a) {
      const tenant = await s.tenantOf(a.tenant);
      const kind = kindOf(a.kind);
      const path = `${wsPath(kind.prefix!, tenant, a.workspace)}/${seg('id', a.id)}/${seg('edge', a.edge)}`;
      const query = { ...filterQuery(a.filters, []), sort: a.sort, cursor: a.cursor };
      const data = await boundedPage(
        (rows) => s.tabular(path, { ...query, page_size: rows }),
        a.page_size ?? DEFAULT_PAGE,
        (t) => ({
          tenant,
          workspace: a.workspace,
          kind: kind.name,
          id: a.id,
          edge: a.edge,
          items: objectsOf(t),
          cursor: t.cursor,
          total: t.total,
        }),
      );
      return {
        summary: say`${data.items.length} of ${data.total} ${plain(a.edge)} of ${ours(kind.label)} ${plain(a.id)}.${ours(more(data.cursor))}`,
        data,
      };
    },
  },

  find_paths: {
    title: 'Find paths between kinds',
    description:
      'What reaches what through the inventory graph: every (start, end) pair of objects of two kinds within max_hops relations, each with its shortest path (the objects and relations on it). E.g. agents that reach an unauthenticated MCP server: from agent, to mcp_server, to_filters {"authentication": "none"}; agents that reach a secret through a tool: from agent, to secret, via [tool].',
    async run(s, a) {
      const tenant = await s.tenantOf(a.tenant);
      const ends = (prefix: 'from' | 'to', filters: Record<string, string | number | boolean> | undefined) =>
        Object.fromEntries(Object.entries(filterQuery(filters, [])).map(([k, v]) => [`${prefix}.${k}`, v]));
      const query = {
        from: a.from,
        to: a.to,
        via: a.via?.join(','),
        max_hops: a.max_hops,
        direction: a.direction,
        ...ends('from', a.from_filters),
        ...ends('to', a.to_filters),
        sort: a.sort,
        cursor: a.cursor,
      };
      const data = await boundedPage(
        (rows) => s.tabular(wsPath('graph/paths', tenant, a.workspace), { ...query, page_size: rows }),
        a.page_size ?? DEFAULT_PAGE,
        (t) => ({ tenant, workspace: a.workspace, from: a.from, to: a.to, items: objectsOf(t), cursor: t.cursor, total: t.total }),
      );
      const shown = data.items.slice(0, 5).map((p) => {
        const path = (p.path as Array<{ name?: string; id: string }> | undefined) ?? [];
        return path.map((o) => o.name || o.id).join(' → ');
      });
      return {
        summary: shown.length
          ? say`${data.items.length} of ${ours(plural(data.total, 'pair'))} from ${plain(a.from)} to ${plain(a.to)} in ${plain(tenant)}/${plain(a.workspace)}: ${shown}.${ours(more(data.cursor))}`
          : say`${data.items.length} of ${ours(plural(data.total, 'pair'))} from ${plain(a.from)} to ${plain(a.to)} in ${plain(tenant)}/${plain(a.workspace)}.${ours(more(data.cursor))}`,
        data,
      };
    },
  },

  list_findings: {
    title: 'List findings',
    description:
      'The open issues of a workspace (findings grouped by rule and severity), most severe first: rule, severity, category, open instances, objects touched, first and last detection. Narrow by min_severity, category, rule_id or any column filter; group_by regroups them (e.g. by object_type).',
    async run(s, a) {
      const tenant = await s.tenantOf(a.tenant);
      const at = severities.indexOf((a.min_severity ?? 'low') as (typeof severities)[number]);
      const query = {
        ...filterQuery(a.filters, ['group_by']),
        ...(a.min_severity && a.min_severity !== 'low' ? { severity__in: severities.slice(0, at + 1).join(',') } : {}),
        ...(a.category ? { category: a.category } : {}),
        ...(a.rule_id ? { rule_id: a.rule_id } : {}),
        group_by: a.group_by,
        sort: a.sort,
        cursor: a.cursor,
      };
      const data = await boundedPage(
        (rows) => s.tabular(wsPath('issues', tenant, a.workspace), { ...query, page_size: rows }),
        a.page_size ?? DEFAULT_PAGE,
        (t) => ({ tenant, workspace: a.workspace, items: objectsOf(t), cursor: t.cursor, total: t.total }),
      );
      const top = data.items
        .slice(0, 5)
        .map((i) => (i.rule_name ? { rule_name: i.rule_name, severity: i.severity, open_instances: i.open_instances } : i));
      const what = ours(plural(data.total, a.group_by ? 'group' : 'issue'));
      return {
        summary: top.length
          ? say`${data.items.length} of ${what} in ${plain(tenant)}/${plain(a.workspace)}: ${top}.${ours(more(data.cursor))}`
          : say`${data.items.length} of ${what} in ${plain(tenant)}/${plain(a.workspace)}.${ours(more(data.cursor))}`,
        data,
      };
    },
  },

  get_finding: {
    title: "Get a finding's evidence",
    description:
      'A finding in full. With issue_id: the issue, its rule (description, remediation, OWASP category) and the objects it touches. With issue_id and object_id: the findings (instances) of the issue on that object, each with its evidence, code location, description and remediation. With instance_id: that one finding, its rule and the scan that produced it.',
    async run(s, a) {
      const tenant = await s.tenantOf(a.tenant);
      if (a.instance_id !== undefined && a.issue_id !== undefined)
        throw new ToolError('instance_id: give either instance_id, or issue_id (with object_id), not both');
      if (a.object_id !== undefined && a.issue_id === undefined) throw new ToolError('object_id: needs issue_id');
      if (a.instance_id !== undefined) {
        const v = ok<Tabular & { rule: unknown; scan: unknown }>(
          await s.reader.get(`${wsPath('instances', tenant, a.workspace)}/${seg('instance_id', a.instance_id)}`),
        );
        const finding = objectsOf(v)[0]!;
        const { value, clipped } = clip({ tenant, workspace: a.workspace, finding, rule: v.rule, scan: v.scan });
        return {
          summary: say`Finding ${plain(finding.id)}: ${finding.title} (${plain(finding.severity)}, ${plain(finding.status)}) on ${plain(finding.object_type)} ${plain(finding.object_id)}.${ours(clipped ? ' Long texts were shortened.' : '')}`,
          data: clipped ? { ...value, clipped } : value,
        };
      }
      if (a.issue_id === undefined) throw new ToolError('issue_id: give issue_id (optionally with object_id), or instance_id');
      const issuePath = `${wsPath('issues', tenant, a.workspace)}/${seg('issue_id', a.issue_id)}`;
      if (a.object_id !== undefined) {
        const objectId = a.object_id;
        const data = await boundedPage(
          async (rows) => {
            const v = ok<{ details: Row[]; cursor: string; total: number; object_type: string; object_name: string | null }>(
              await s.reader.get(`${issuePath}/objects/${seg('object_id', objectId)}/details`, {
                page_size: rows,
                cursor: a.cursor,
                status: a.status,
              }),
            );
            // As a tabular page, so the page can be shrunk like the others.
            const header = Object.keys(v.details[0] ?? {});
            return Object.assign(
              { header, rows: v.details.map((d) => header.map((h) => d[h])), cursor: v.cursor, total: v.total },
              { meta: v },
            );
          },
          a.page_size ?? DEFAULT_PAGE,
          (t) => {
            const meta = (t as Tabular & { meta: { object_type: string; object_name: string | null } }).meta;
            return {
              tenant,
              workspace: a.workspace,
              issue_id: a.issue_id,
              object_type: meta.object_type,
              object_id: objectId,
              object_name: meta.object_name,
              items: objectsOf(t),
              cursor: t.cursor,
              total: t.total,
            };
          },
        );
        return {
          summary: say`${data.items.length} of ${ours(plural(data.total, `${a.status ?? 'open'} finding`))} of issue ${plain(a.issue_id)} on ${plain(data.object_type)} ${data.object_name ?? objectId}.${ours(more(data.cursor))}`,
          data,
        };
      }
      const data = await boundedPage(
        async (rows) => {
          const [issue, objects] = await Promise.all([
            s.reader.get(issuePath).then((x) => ok<Tabular & { rule: unknown }>(x)),
            s.tabular(`${issuePath}/objects`, { page_size: rows, cursor: a.cursor }),
          ]);
          return Object.assign(objects, { issue });
        },
        a.page_size ?? DEFAULT_PAGE,
        (t) => {
          const issue = (t as Tabular & { issue: Tabular & { rule: unknown } }).issue;
          return {
            tenant,
            workspace: a.workspace,
            issue: objectsOf(issue)[0] ?? {},
            rule: issue.rule,
            objects: { items: objectsOf(t), cursor: t.cursor, total: t.total },
          };
        },
      );
      const issue = data.issue as Row;
      return {
        summary: say`Issue ${plain(a.issue_id)}: ${issue.rule_name} (${plain(issue.severity)}), ${Number(issue.open_instances)} open on ${ours(plural(Number(issue.objects), 'object'))}.${ours(more(data.objects.cursor))}`,
        data,
      };
    },
  },

  list_sessions: {
    title: 'List LLM sessions and their cost',
    description:
      'LLM sessions of a workspace, one per session id: agent, start and end, duration, turns, tokens, cost in US dollars and guardrail outcomes. Newest first by default; sort by cost, tokens, turns or duration_ms to find the expensive ones; narrow to an agent or a time window.',
    async run(s, a) {
      const tenant = await s.tenantOf(a.tenant);
      const query = {
        ...filterQuery(a.filters, ['agent_id', 'start_time', 'end_time']),
        agent_id: a.agent_id,
        start_time: a.start_time,
        end_time: a.end_time,
        sort: a.sort,
        sort_dir: a.sort_dir,
        cursor: a.cursor,
      };
      const data = await boundedPage(
        (rows) => s.tabular(wsPath('aispm-llm-sessions', tenant, a.workspace), { ...query, page_size: rows }),
        a.page_size ?? DEFAULT_PAGE,
        (t) => {
          const items = objectsOf(t);
          const cost = Math.round(items.reduce((sum, i) => sum + Number(i.cost ?? 0), 0) * 1e6) / 1e6;
          return { tenant, workspace: a.workspace, items, cursor: t.cursor, total: t.total, page_cost: cost };
        },
      );
      return {
        summary: say`${data.items.length} of ${ours(plural(data.total, 'session'))} in ${plain(tenant)}/${plain(a.workspace)}, costing $${ours(data.page_cost.toFixed(2))} together.${ours(more(data.cursor))}`,
        data,
      };
    },
  },

  get_compliance: {
    title: 'Get the compliance posture',
    description:
      "Compliance posture of a workspace against OWASP LLM Top 10 2025, OWASP agentic 2026, MITRE ATLAS, NIST AI RMF 1.0 and the EU AI Act (docs/COMPLIANCE.md): without framework, each framework's score (share of in-scope objects with no open finding against it), controls failing and open findings by severity; with framework, its controls and the open findings against each; with framework and control, the findings behind that control.",
    async run(s, a) {
      const tenant = await s.tenantOf(a.tenant);
      const base = wsPath('compliance', tenant, a.workspace);
      if (a.control && !a.framework) throw new ToolError('control: needs framework');
      if (!a.framework) {
        const d = ok<{ frameworks: Row[] }>(await s.reader.get(base, {}));
        const { value, clipped } = clip({ tenant, workspace: a.workspace, ...d });
        // Framework ids are the catalogue's and scores our own figures.
        const scores = d.frameworks.map((f) => `${f.framework} ${Number(f.posture_score)}`).join(', ');
        return {
          summary: say`Compliance of ${plain(tenant)}/${plain(a.workspace)}: posture scores ${ours(scores)}.`,
          data: clipped ? { ...value, clipped } : value,
        };
      }
      const path = `${base}/${seg('framework', a.framework)}${a.control ? `/${seg('control', a.control)}` : ''}`;
      const data = await boundedPage(
        (rows) => s.tabular(path, { cursor: a.cursor, page_size: rows }),
        a.page_size ?? DEFAULT_PAGE,
        (t) => ({
          tenant,
          workspace: a.workspace,
          framework: a.framework,
          control: a.control ?? null,
          items: objectsOf(t),
          cursor: t.cursor,
          total: t.total,
        }),
      );
      return {
        summary: a.control
          ? say`${data.items.length} of ${ours(plural(data.total, 'finding'))} behind ${plain(a.control)} (${plain(a.framework)}) in ${plain(tenant)}/${plain(a.workspace)}.${ours(more(data.cursor))}`
          : say`${data.items.length} of ${ours(plural(data.total, 'control'))} of ${plain(a.framework)} in ${plain(tenant)}/${plain(a.workspace)}.${ours(more(data.cursor))}`,
        data,
      };
    },
  },

  get_dashboard: {
    title: 'Get the dashboard',
    description:
      "The AI-SPM overview over the token's workspaces (or one): objects and open issues per object type, the top open issues, the agents, models, MCP servers and tools most at risk, the 12-month issue histogram and the current scans.",
    async run(s, a) {
      const tenant = await s.tenantOf(a.tenant);
      // The dashboard is the token's: a tenant other than its own is refused as the API refuses such paths.
      const own = await s.tenantOf(undefined);
      if (tenant !== own) throw new ToolError('tenant: the token has no access to this tenant (HTTP 403)');
      const d = ok<Record<string, unknown>>(await s.reader.get('/api/v1/aispm-dashboard', { workspace_id: a.workspace, top: a.top }));
      const { value, clipped } = clip({ tenant, workspace: a.workspace ?? null, ...d });
      return {
        summary: a.workspace
          ? say`Dashboard of ${plain(tenant)}/${plain(a.workspace)}.${ours(clipped ? ' Long texts were shortened.' : '')}`
          : say`Dashboard of ${plain(tenant)} (every workspace of the token's).${ours(clipped ? ' Long texts were shortened.' : '')}`,
        data: clipped ? { ...value, clipped } : value,
      };
    },
  },
};

/** The tools' names, in the order they are listed. */
export const toolNames = Object.keys(tools) as Array<keyof Inputs>;

/**
 * A factory of MCP servers (one per HTTP request, or one per stdio connection) whose tools read
 * through the session the caller gives for the request's token.
 */
export function mcpServerFactory(
  options: ToolsOptions,
  sessionOf: (authInfo: { token: string; extra?: Record<string, unknown> } | undefined) => McpSession,
): McpServerFactory {
  return (ctx) => {
    const given = sessionOf(ctx.authInfo);
    const session = new Session(given);
    const server = new McpServer(
      { name: 'aispm-query', version: options.version },
      {
        capabilities: { tools: {} },
        instructions:
          "Read-only questions about an organisation's AI estate: inventory (agents, models, tools, MCP servers, assets, locations) and how they connect, findings and their evidence, LLM sessions and their cost, the dashboard. Start with list_workspaces. " +
          UNTRUSTED_NOTE,
      },
    );
    for (const name of toolNames) {
      const def = tools[name] as ToolDef<typeof name>;
      server.registerTool(
        name,
        {
          title: def.title,
          description: `${def.description} ${UNTRUSTED_NOTE}`,
          inputSchema: fromJsonSchema<Args<typeof name>>(inputs[name] as never, validator),
          outputSchema: fromJsonSchema<Record<string, unknown>>(outputs[name] as never, validator),
          annotations: { title: def.title, readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
        },
        async (args: Args<typeof name>) => {
          try {
            return result(await def.run(session, args as never));
          } catch (err) {
            if (err instanceof ToolError) return failure(err.message);
            given.onError?.(err, name);
            return failure(`${name}: the service could not answer; try again later`);
          }
        },
      );
    }
    return server;
  };
}
