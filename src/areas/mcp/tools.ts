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

import { fromJsonSchema, McpServer, type McpServerFactory } from '@modelcontextprotocol/server';
import type { ApiReader, QueryValue } from './api.ts';
import { ours, plain, say, UNTRUSTED_NOTE } from './untrusted.ts';

/** The server's version as MCP clients see it. */
export const MCP_VERSION = '1.0.0';

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

import { kindOf, severities, inputs, outputs, type Inputs, type Args } from './tool-schemas.ts';
import { validator } from './tool-arguments.ts';
import {
  DEFAULT_PAGE,
  SECTION_ITEMS,
  ToolError,
  type Row,
  type Tabular,
  seg,
  wsPath,
  objectsOf,
  ok,
  filterQuery,
  clip,
  boundedPage,
  more,
  plural,
  type Answer,
  result,
  failure,
} from './tool-answers.ts';

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
