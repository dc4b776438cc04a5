// The CLI's queries against a running service, through the typed client: `aispm get`, `aispm
// issues`, `aispm sessions`, `aispm costs`, `aispm compliance` and `aispm storage` (and the exports of export-commands.ts). The service is AISPM_URL (default
// http://127.0.0.1:8080) and the token AISPM_TOKEN, never a flag, so it stays out of shell
// history and process lists. A refused request exits 1 with the service's message; a usage error
// exits 2.
//
// Which kinds and storage scopes exist, and their paths, come from the catalogue, like the
// routes themselves; test/cli-queries.test.ts checks every path built here against the served
// OpenAPI document.

import { Argument, type Command, InvalidArgumentError, Option } from 'commander';
import { readFileSync } from 'node:fs';
import { frameworks } from '../catalog/frameworks.ts';
import { routedKinds } from '../catalog/kinds.ts';
import { storageScopes, type StorageScope } from '../catalog/storage-scopes.ts';
import type { KindDef } from '../catalog/types.ts';
import { ConfigError, readSetting, settingEnv, type SettingKey } from '../config.ts';
import { AispmError, createAispmClient, pagesOf, unwrap, type AispmClient } from './index.ts';
import { registerExportCommands } from './export-commands.ts';
import { registerControlsCommands } from './controls-commands.ts';
import { registerFindingsCommands } from './findings-commands.ts';
import { formats, Printer, printObject, tableOf, tableOfObjects, type Format } from './output.ts';

/**
 * A typed query with the user's `--filter` parameters added. The filters a list takes are generated
 * from the catalogue per list and are too many to name in a command; the service checks them and
 * refuses unknown ones with a 400 naming the parameter, so the one widening here is safe.
 */
function withFilters<Q extends object>(filters: Record<string, string>, query: Q): Q {
  const given = Object.entries(query).filter(([, v]) => v !== undefined);
  return { ...filters, ...Object.fromEntries(given) } as Q;
}

type Fail = (message: string, code?: number) => never;

// Every kind's list, detail and edge share one generic handler (src/areas/inventory/routes.ts) and
// so the same parameters; the models paths stand for all of them in the types.
const LIST = '/api/v1/aispm-models/tenants/{tenant_id}/workspaces/{workspace_id}';
const DETAIL = `${LIST}/{id}` as const;
const EDGE = `${LIST}/{id}/{edge}` as const;
// Likewise the four client-storage scopes; the tenant + workspace paths carry every parameter.
const ENTRY = '/api/v1/client-storage/tenants/{tenant_id}/workspaces/{workspace_id}/{client_id}/{namespace}/{key}';
const KEYS = '/api/v1/client-storage/tenants/{tenant_id}/workspaces/{workspace_id}/{client_id}/{namespace}';

/** The names a kind answers to on the command line: models, model, aispm-models, mcp-servers, mcp_server… */
function kindNames(k: KindDef): string[] {
  const plain = k.prefix!.replace(/^aispm-/, '');
  return [
    ...new Set([
      plain,
      k.prefix!,
      k.name,
      `${k.name}s`,
      k.name.replaceAll('_', '-'),
      `${k.name.replaceAll('_', '-')}s`,
      plain.replaceAll('-', '_'),
    ]),
  ];
}

export const kindWords = routedKinds.map((k) => k.prefix!.replace(/^aispm-/, ''));

export function kindFor(word: string): KindDef | undefined {
  const w = word.toLowerCase();
  return routedKinds.find((k) => kindNames(k).includes(w));
}

/** Inventory paths of a kind, as the OpenAPI document writes them. */
export function inventoryPaths(kind: KindDef) {
  const list = `/api/v1/${kind.prefix}/tenants/{tenant_id}/workspaces/{workspace_id}`;
  return { list, detail: `${list}/{id}`, edge: `${list}/{id}/{edge}` };
}

export const storageScopeWords = storageScopes.map((s) => s.name.replaceAll('_', '-'));

/** Client-storage paths of a scope, as the OpenAPI document writes them. */
export function storagePaths(scope: StorageScope) {
  const keys = `/api/v1/client-storage/${scope.path.replace(/:(\w+)/g, '{$1}')}/{client_id}/{namespace}`;
  return { keys, entry: `${keys}/{key}` };
}

const SESSIONS = '/api/v1/aispm-llm-sessions/tenants/{tenant_id}/workspaces/{workspace_id}' as const;

interface OutputOptions {
  format: Format;
  columns?: string;
  all?: boolean;
  pageSize?: number;
  cursor?: string;
  /** `--filter key=value`, repeatable: any filter the list takes (docs/QUERIES.md). */
  filter?: string[];
  /** `--sort`, repeatable: sort terms `column[:asc|desc]`, joined with commas as the service reads them. */
  sort?: string[];
}

/** The `--filter key=value` pairs as query parameters; the service refuses the ones its list lacks. */
export function filterParams(filters: readonly string[] | undefined, fail: Fail): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of filters ?? []) {
    const eq = f.indexOf('=');
    if (eq < 1) fail(`--filter: expected key=value (such as models.provider=anthropic or critical_issues__gt=0), got "${f}"`);
    const key = f.slice(0, eq);
    if (['cursor', 'page_size', 'pageSize', 'sort', 'sort_dir'].includes(key))
      fail(`--filter: ${key} has an option of its own (--${key.replace('_', '-')})`);
    out[key] = f.slice(eq + 1);
  }
  return out;
}

/** `--sort a:desc --sort b` or `--sort a:desc,b` as the one parameter `sort=a:desc,b`. */
export const sortParam = (terms: readonly string[] | undefined) => (terms?.length ? terms.join(',') : undefined);

/** The columns sort terms name (without their direction), which a table must not drop. */
export const sortColumns = (terms: readonly string[] | undefined, aliases: Record<string, string> = {}) =>
  (terms ?? [])
    .flatMap((t) => t.split(','))
    .map((t) => t.trim().replace(/:(asc|desc)$/i, ''))
    .filter(Boolean)
    .map((c) => aliases[c] ?? c);

interface Page {
  cursor: string;
  total?: number;
}

const int = (name: string) => (v: string) => {
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new InvalidArgumentError(`${name} must be a whole number from 1`);
  return Number(v);
};

function terminalWidth(): number {
  return process.stdout.columns || readSetting('columns');
}

const write = (text: string) => {
  process.stdout.write(text);
};
const note = (text: string) => {
  process.stderr.write(text);
};

export function registerQueryCommands(program: Command, fail: Fail): void {
  let client: { api: AispmClient; url: string } | undefined;
  const connect = () => {
    if (client) return client;
    // `aispm get … | head` closes the pipe early: that is the reader's choice, not an error.
    process.stdout.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(0);
      throw err;
    });
    const setting = <K extends SettingKey>(key: K) => {
      try {
        return readSetting(key);
      } catch (err) {
        if (err instanceof ConfigError) fail(err.message);
        throw err;
      }
    };
    const token = setting('token');
    if (!token) fail('set AISPM_TOKEN to an API token (create one with `aispm token create`)');
    const url = setting('url');
    client = { api: createAispmClient({ baseUrl: url, token }), url };
    return client;
  };

  /** Runs a request; a refusal or an unreachable service becomes one line and exit status 1. */
  const call = async <T>(request: (api: AispmClient) => Promise<T>): Promise<T> => {
    const { api, url } = connect();
    try {
      return await request(api);
    } catch (err) {
      if (err instanceof AispmError) fail(`${err.message} (HTTP ${err.status})`, 1);
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      if (err instanceof TypeError && cause) fail(`cannot reach ${url}: ${cause.code ?? cause.message}`, 1);
      throw err;
    }
  };

  const columnsOf = (o: OutputOptions) =>
    o.columns
      ?.split(',')
      .map((c) => c.trim())
      .filter(Boolean);

  /** Prints the first page, or with --all every page, of a listing. */
  const list = async (
    o: OutputOptions,
    fetchPage: (api: AispmClient, cursor: string | undefined, pageSize: number | undefined) => Promise<Page>,
    keep: readonly string[] = [],
  ) => {
    const printer = new Printer({ format: o.format, columns: columnsOf(o), width: terminalWidth(), write, note, keep });
    // Fewer round trips when every row is wanted anyway.
    const pageSize = o.pageSize ?? (o.all ? 1000 : undefined);
    await call(async (api) => {
      let last: Page | undefined;
      let header: string[] = [];
      try {
        for await (const page of pagesOf((cursor) => fetchPage(api, cursor, pageSize), o.cursor)) {
          const table = tableOf(page);
          header = table.header;
          printer.page(table);
          last = page;
          if (!o.all) break;
        }
      } catch (err) {
        if (err instanceof Error && err.message.startsWith('--columns:')) fail(err.message);
        throw err;
      }
      printer.finish(header);
      if (!o.all && last?.cursor) {
        note(`${printer.rowsPrinted} of ${last.total ?? '?'} rows: --all for every row, or --cursor ${last.cursor} for the next page\n`);
      }
    });
  };

  /** Prints one object: table (name  value, sections below), its JSON, or its rows as CSV. */
  const show = (o: OutputOptions, body: object) => {
    if (o.format === 'json') return write(JSON.stringify(body, null, 2) + '\n');
    if (o.format === 'csv') {
      const table = Array.isArray((body as { header?: unknown }).header)
        ? tableOf(body)
        : tableOfObjects([body as Record<string, unknown>]);
      return new Printer({ format: 'csv', columns: columnsOf(o), width: 0, write, note }).page(table);
    }
    printObject(body as Record<string, unknown>, { width: terminalWidth(), write, note });
  };

  const output = (cmd: Command, defaultFormat: Format = 'table') =>
    cmd
      .addOption(new Option('--format <format>', 'output format').choices(formats).default(defaultFormat))
      .option('--columns <names>', 'only these columns, comma-separated, in this order');
  const paged = (cmd: Command) =>
    output(cmd)
      .option('--all', 'follow cursors through every page (default: the first page only)')
      .option('--page-size <n>', "rows per request (default: the service's, or 1000 with --all)", int('--page-size'))
      .option('--cursor <cursor>', 'start from this cursor (printed after a first page)');
  const collect = (v: string, prev: string[] | undefined) => [...(prev ?? []), v];
  const sorted = (cmd: Command, sortHelp = 'sort terms: column[:asc|desc], comma-separated or repeated') =>
    cmd
      .option('--sort <terms>', sortHelp, collect)
      .addOption(new Option('--sort-dir <dir>', 'direction of terms that give none').choices(['asc', 'desc']));
  const filtered = (cmd: Command) =>
    cmd.option(
      '--filter <key=value>',
      'a filter of the list, repeatable: name__ilk=prod, critical_issues__gt=0, models.provider=anthropic (docs/QUERIES.md)',
      collect,
    );
  // The tenant and workspace come from the flags, else from AISPM_TENANT / AISPM_WORKSPACE, so a
  // session of queries names them once (`npm start` prints the export line).
  const tenantOption = () => new Option('--tenant <id>', 'tenant').env(settingEnv('tenant'));
  const workspaceOption = () => new Option('--workspace <id>', 'workspace').env(settingEnv('workspace'));
  const scoped = (cmd: Command) => cmd.addOption(tenantOption().makeOptionMandatory()).addOption(workspaceOption().makeOptionMandatory());

  // ---- get: the inventory -----------------------------------------------------------------------

  type GetOptions = OutputOptions & { tenant: string; workspace: string; sortDir?: 'asc' | 'desc'; name?: string };
  paged(filtered(sorted(scoped(program.command('get')))))
    .description(
      'query the inventory of a running service (AISPM_URL, AISPM_TOKEN): list a kind, show one object, or follow an edge from it',
    )
    .argument('<kind>', kindWords.join(', '))
    .argument('[id]', 'an object of the kind: show it')
    .argument('[edge]', 'follow this edge from the object (the service lists the allowed ones)')
    .option('--name <text>', 'only names containing this text (case-insensitive)')
    .action(async (word: string, id: string | undefined, edge: string | undefined, o: GetOptions) => {
      const kind = kindFor(word);
      if (!kind) fail(`unknown kind "${word}"; kinds are ${kindWords.join(', ')}`);
      const paths = inventoryPaths(kind);
      const at = { tenant_id: o.tenant, workspace_id: o.workspace };
      const filters = filterParams(o.filter, fail);
      const query = (cursor: string | undefined, pageSize: number | undefined) =>
        withFilters(filters, {
          cursor,
          page_size: pageSize,
          sort: sortParam(o.sort),
          sort_dir: o.sortDir,
          name__ilk: o.name,
        });
      // Lists of a kind are newest first (last_seen) unless sorted otherwise.
      const keep = o.sort ? sortColumns(o.sort) : ['last_seen'];
      if (id === undefined) {
        return list(
          o,
          async (api, cursor, pageSize) =>
            unwrap(await api.GET(paths.list as typeof LIST, { params: { path: at, query: query(cursor, pageSize) } })),
          keep,
        );
      }
      if (edge === undefined) {
        return show(
          o,
          await call(async (api) => unwrap(await api.GET(paths.detail as typeof DETAIL, { params: { path: { ...at, id } } }))),
        );
      }
      return list(
        o,
        async (api, cursor, pageSize) =>
          unwrap(
            await api.GET(paths.edge as typeof EDGE, {
              params: { path: { ...at, id, edge }, query: query(cursor, pageSize) },
            }),
          ),
        keep,
      );
    });

  // ---- issues -------------------------------------------------------------------------------------

  type IssueOptions = OutputOptions & {
    tenant: string;
    workspace: string;
    sortDir?: 'asc' | 'desc';
    groupBy?: string;
    status?: 'open' | 'waived' | 'resolved' | 'all';
    objectType?: string;
  };
  const issuesBase = '/api/v1/issues/tenants/{tenant_id}/workspaces/{workspace_id}';
  paged(filtered(sorted(scoped(program.command('issues')))))
    .description(
      'query the findings of a running service: the issues of a workspace, one issue, its objects, or the details of one object in it',
    )
    .argument('[id]', 'an issue: show it')
    .argument('[what]', '"objects": the objects the issue touches; "details": the instances on one object')
    .argument('[object-id]', 'with "details": the object')
    .option('--group-by <dimensions>', 'group the index by these dimensions (default rule_id,severity)')
    .addOption(
      new Option('--status <status>', 'with "details": which instances (default open)').choices(['open', 'waived', 'resolved', 'all']),
    )
    .option('--object-type <kind>', 'with "details": the kind of the object, when objects of several kinds share the id')
    .action(async (id: string | undefined, what: string | undefined, objectId: string | undefined, o: IssueOptions) => {
      const at = { tenant_id: o.tenant, workspace_id: o.workspace };
      const filters = filterParams(o.filter, fail);
      const sort = sortParam(o.sort);
      if (id === undefined) {
        return list(
          o,
          async (api, cursor, pageSize) =>
            unwrap(
              await api.GET(issuesBase, {
                params: {
                  path: at,
                  query: withFilters(filters, { cursor, page_size: pageSize, sort, sort_dir: o.sortDir, group_by: o.groupBy }),
                },
              }),
            ),
          o.sort ? sortColumns(o.sort) : ['severity'],
        );
      }
      if (what === undefined) {
        return show(o, await call(async (api) => unwrap(await api.GET(`${issuesBase}/{id}`, { params: { path: { ...at, id } } }))));
      }
      if (what === 'objects' && objectId === undefined) {
        return list(o, async (api, cursor, pageSize) =>
          unwrap(
            await api.GET(`${issuesBase}/{id}/objects`, {
              params: { path: { ...at, id }, query: withFilters(filters, { cursor, page_size: pageSize, sort, sort_dir: o.sortDir }) },
            }),
          ),
        );
      }
      if (what === 'details' && objectId !== undefined) {
        return list(o, async (api, cursor, pageSize) =>
          unwrap(
            await api.GET(`${issuesBase}/{id}/objects/{objectId}/details`, {
              params: {
                path: { ...at, id, objectId },
                query: withFilters(filters, { cursor, page_size: pageSize, status: o.status, object_type: o.objectType }),
              },
            }),
          ),
        );
      }
      fail('expected `issues [ID]`, `issues ID objects` or `issues ID details OBJECT-ID`');
    });

  // ---- sessions -----------------------------------------------------------------------------------

  type SessionOptions = OutputOptions & { tenant: string; workspace: string; agent?: string; sortDir?: 'asc' | 'desc' };
  // The sessions list sorts by names that differ from its columns for two of them.
  const sessionSortColumns = { time: 'start_time', tokens: 'total_tokens' };
  paged(filtered(sorted(scoped(program.command('sessions')), 'sort by session_id, time, tokens, cost, turns or duration_ms')))
    .description('list the LLM sessions of a workspace (one row per session id: tokens, cost, turns, duration, guardrail results)')
    .option('--agent <id>', 'only the sessions of this agent')
    .action(async (o: SessionOptions) => {
      const filters = filterParams(o.filter, fail);
      return list(
        o,
        async (api, cursor, pageSize) =>
          unwrap(
            await api.GET(SESSIONS, {
              params: {
                path: { tenant_id: o.tenant, workspace_id: o.workspace },
                query: withFilters(filters, {
                  cursor,
                  pageSize,
                  agent_id: o.agent,
                  sort: sortParam(o.sort) as 'cost' | undefined,
                  sort_dir: o.sortDir,
                }),
              },
            }),
          ),
        sortColumns(o.sort ?? ['time'], sessionSortColumns),
      );
    });

  // ---- runtime: interactions ----------------------------------------------------------------------

  const INTERACTIONS = '/api/v1/aispm-llm-interactions/tenants/{tenant_id}/workspaces/{workspace_id}' as const;
  type InteractionOptions = OutputOptions & {
    tenant: string;
    workspace: string;
    agent?: string;
    session?: string;
    since?: string;
    until?: string;
    sortDir?: 'asc' | 'desc';
  };
  paged(filtered(sorted(scoped(program.command('interactions')))))
    .description('list the raw LLM interactions of a workspace (newest first), or show one with its guardrail results')
    .argument('[id]', 'an interaction: show it')
    .option('--agent <id>', 'only the interactions of this agent')
    .option('--session <id>', 'only the interactions of this session')
    .option('--since <time>', 'from this time (RFC 3339 with a zone)')
    .option('--until <time>', 'up to this time (RFC 3339 with a zone)')
    .action(async (id: string | undefined, o: InteractionOptions) => {
      const at = { tenant_id: o.tenant, workspace_id: o.workspace };
      if (id !== undefined) {
        return show(o, await call(async (api) => unwrap(await api.GET(`${INTERACTIONS}/{id}`, { params: { path: { ...at, id } } }))));
      }
      const filters = filterParams(o.filter, fail);
      return list(
        o,
        async (api, cursor, pageSize) =>
          unwrap(
            await api.GET(INTERACTIONS, {
              params: {
                path: at,
                query: withFilters(filters, {
                  cursor,
                  page_size: pageSize,
                  agent_id: o.agent,
                  session_id: o.session,
                  start_time: o.since,
                  end_time: o.until,
                  sort: sortParam(o.sort),
                  sort_dir: o.sortDir,
                }),
              },
            }),
          ),
        sortColumns(o.sort ?? ['time']),
      );
    });

  // ---- runtime: costs ----------------------------------------------------------------------------

  const COSTS = '/api/v1/aispm-llm-costs/tenants/{tenant_id}/workspaces/{workspace_id}' as const;
  type CostOptions = OutputOptions & {
    tenant: string;
    workspace: string;
    by: 'agent' | 'model';
    perDay?: boolean;
    days?: number;
    since?: string;
    until?: string;
    agent?: string;
    sortDir?: 'asc' | 'desc';
  };
  paged(filtered(sorted(scoped(program.command('costs')))))
    .description('cost and tokens per agent or per model, in total or per UTC day, over a window (default: all time)')
    .addOption(new Option('--by <grouping>', 'one row per agent or per model').choices(['agent', 'model']).default('agent'))
    .option('--per-day', 'one row per group and UTC day (default: one total per group)')
    .option('--days <n>', 'the last N UTC days, today included', int('--days'))
    .option('--since <time>', 'from the day of this time or date (RFC 3339, or YYYY-MM-DD)')
    .option('--until <time>', 'up to the day of this time or date, included')
    .option('--agent <id>', "only this agent's interactions")
    .action(async (o: CostOptions) => {
      const filters = filterParams(o.filter, fail);
      return list(
        o,
        async (api, cursor, pageSize) =>
          unwrap(
            await api.GET(COSTS, {
              params: {
                path: { tenant_id: o.tenant, workspace_id: o.workspace },
                query: withFilters(filters, {
                  cursor,
                  page_size: pageSize,
                  group_by: o.by,
                  interval: o.perDay ? ('day' as const) : undefined,
                  days: o.days,
                  start_time: o.since,
                  end_time: o.until,
                  agent_id: o.agent,
                  sort: sortParam(o.sort),
                  sort_dir: o.sortDir,
                }),
              },
            }),
          ),
        sortColumns(o.sort ?? [o.perDay ? 'day' : 'cost']),
      );
    });

  // ---- compliance ---------------------------------------------------------------------------------

  const COMPLIANCE = '/api/v1/compliance/tenants/{tenant_id}/workspaces/{workspace_id}' as const;
  type ComplianceOptions = OutputOptions & { tenant: string; workspace: string; sortDir?: 'asc' | 'desc' };
  // The catalogue types ids as text; the generated client as the enum the service declares from it.
  type FrameworkId = 'owasp-llm-2025';
  /** A framework by its id, in any case, or by the start of one id alone (`owasp-llm`, `atlas` is not). */
  const frameworkFor = (word: string): FrameworkId => {
    const w = word.toLowerCase();
    const exact = frameworks.find((f) => f.id === w);
    if (exact) return exact.id as FrameworkId;
    const starting = frameworks.filter((f) => f.id.startsWith(w));
    if (starting.length === 1) return starting[0]!.id as FrameworkId;
    return fail(`unknown framework "${word}"; frameworks are ${frameworks.map((f) => f.id).join(', ')}`);
  };
  paged(filtered(sorted(scoped(program.command('compliance')))))
    .description(
      'the compliance posture per framework; the controls of one framework (no rule mapped reads not_assessed); the findings behind one control',
    )
    .argument('[framework]', `${frameworks.map((f) => f.id).join(', ')} (or the start of one)`)
    .argument('[control]', 'a control of the framework (LLM01, AML.T0051, "MEASURE 2.7")')
    .action(async (framework: string | undefined, control: string | undefined, o: ComplianceOptions) => {
      const at = { tenant_id: o.tenant, workspace_id: o.workspace };
      const filters = filterParams(o.filter, fail);
      const query = (cursor: string | undefined, pageSize: number | undefined) =>
        withFilters(filters, { cursor, page_size: pageSize, sort: sortParam(o.sort), sort_dir: o.sortDir });
      if (framework === undefined) {
        const body = await call(async (api) => unwrap(await api.GET(COMPLIANCE, { params: { path: at } })));
        if (o.format === 'json') return write(JSON.stringify(body, null, 2) + '\n');
        // One line per framework; the 12-month trend is in --format json.
        const rows = body.frameworks.map(({ trend: _trend, open_findings, ...f }) => ({ ...f, open_findings: open_findings.total }));
        const printer = new Printer({ format: o.format, columns: columnsOf(o), width: terminalWidth(), write, note });
        try {
          printer.page(tableOfObjects(rows));
        } catch (err) {
          fail((err as Error).message);
        }
        return;
      }
      const id = frameworkFor(framework);
      if (control === undefined) {
        return list(o, async (api, cursor, pageSize) =>
          unwrap(
            await api.GET(`${COMPLIANCE}/{framework}`, { params: { path: { ...at, framework: id }, query: query(cursor, pageSize) } }),
          ),
        );
      }
      return list(o, async (api, cursor, pageSize) =>
        unwrap(
          await api.GET(`${COMPLIANCE}/{framework}/{control}`, {
            params: { path: { ...at, framework: id, control }, query: query(cursor, pageSize) },
          }),
        ),
      );
    });

  // ---- summaries: histogram and dashboard ---------------------------------------------------------

  // Both summarise every workspace of the token unless one is named (flag or AISPM_WORKSPACE).
  type SummaryOptions = OutputOptions & { workspace?: string; allWorkspaces?: boolean; top?: number };
  const summary = (cmd: Command) =>
    output(cmd).addOption(workspaceOption()).option('--all-workspaces', 'every workspace of the token, even when AISPM_WORKSPACE is set');
  const workspaceOf = (o: SummaryOptions) => (o.allWorkspaces ? undefined : o.workspace);

  summary(program.command('histogram'))
    .description('open issues per month over the last 12 months: critical, high and the rest')
    .action(async (o: SummaryOptions) => {
      const body = await call(async (api) =>
        unwrap(await api.GET('/api/v1/histograms/aispm', { params: { query: { workspace_id: workspaceOf(o) } } })),
      );
      if (o.format === 'json') return write(JSON.stringify(body, null, 2) + '\n');
      const printer = new Printer({ format: o.format, columns: columnsOf(o), width: terminalWidth(), write, note });
      try {
        printer.page(tableOfObjects(body.issues_histogram.counts));
      } catch (err) {
        fail((err as Error).message);
      }
    });

  summary(program.command('dashboard'))
    .description('the estate at a glance: objects and open issues per type, top agents and models, runtime totals')
    .option('--top <n>', 'length of the top lists (1–100, default 5)', int('--top'))
    .action(async (o: SummaryOptions) => {
      show(
        o,
        await call(async (api) =>
          unwrap(await api.GET('/api/v1/aispm-dashboard', { params: { query: { workspace_id: workspaceOf(o), top: o.top } } })),
        ),
      );
    });

  // ---- scans --------------------------------------------------------------------------------------

  const SCANS = '/api/v1/scans/tenants/{tenant_id}/workspaces/{workspace_id}' as const;
  type ScanOptions = OutputOptions & {
    tenant: string;
    workspace: string;
    sortDir?: 'asc' | 'desc';
    sensorType?: string;
    cicdType?: string;
    asset?: string;
  };
  paged(filtered(sorted(scoped(program.command('scans')))))
    .description('the current scan of each asset and sensor (newest first), one scan, or the assets or findings of one')
    .argument('[id]', 'a scan: show it')
    .argument('[what]', '"assets": the assets it covered; "instances": the findings it reported')
    .option('--asset <asset-id>', 'every scan of this asset, newest first (instead of the current ones)')
    .option('--sensor-type <type>', 'the current scans of this sensor type (SENSOR_TYPE_STATIC_CODE_SCAN, …); this or --cicd-type')
    .option('--cicd-type <type>', 'the current scans run in this CI/CD system (CICD_TYPE_GITHUB_ACTION, CICD_TYPE_GITLAB_CI)')
    .action(async (id: string | undefined, what: string | undefined, o: ScanOptions) => {
      const at = { tenant_id: o.tenant, workspace_id: o.workspace };
      const filters = filterParams(o.filter, fail);
      const query = (cursor: string | undefined, pageSize: number | undefined) =>
        withFilters(filters, { cursor, page_size: pageSize, sort: sortParam(o.sort), sort_dir: o.sortDir });
      if (id === undefined && o.asset !== undefined) {
        const asset = o.asset;
        return list(
          o,
          async (api, cursor, pageSize) =>
            unwrap(
              await api.GET('/api/v1/scans/asset/{id}', {
                params: { path: { id: asset }, query: { ...query(cursor, pageSize), workspace_id: o.workspace } },
              }),
            ),
          sortColumns(o.sort ?? ['started_at']),
        );
      }
      if (id === undefined) {
        return list(
          o,
          async (api, cursor, pageSize) =>
            unwrap(
              await api.GET(`${SCANS}/current`, {
                params: { path: at, query: { ...query(cursor, pageSize), sensorType: o.sensorType, cicdType: o.cicdType } },
              }),
            ),
          sortColumns(o.sort ?? ['started_at']),
        );
      }
      if (what === undefined) {
        return show(o, await call(async (api) => unwrap(await api.GET(`${SCANS}/{id}`, { params: { path: { ...at, id } } }))));
      }
      if (what === 'assets') {
        return list(o, async (api, cursor, pageSize) =>
          unwrap(await api.GET(`${SCANS}/{id}/assets`, { params: { path: { ...at, id }, query: query(cursor, pageSize) } })),
        );
      }
      if (what === 'instances') {
        return list(o, async (api, cursor, pageSize) =>
          unwrap(await api.GET(`${SCANS}/{id}/instances`, { params: { path: { ...at, id }, query: query(cursor, pageSize) } })),
        );
      }
      fail('expected `scans [ID]`, `scans ID assets` or `scans ID instances`');
    });

  // ---- rules --------------------------------------------------------------------------------------

  const RULES = '/api/v1/rules/tenants/{tenant_id}/workspaces/{workspace_id}' as const;
  type RuleOptions = OutputOptions & { tenant: string; workspace: string; sortDir?: 'asc' | 'desc' };
  // `rules evaluate` (the operator's, in cli-program.ts) shares the command with the queries.
  const rules = program.commands.find((c) => c.name() === 'rules') ?? program.command('rules').description('posture rules');
  paged(filtered(sorted(scoped(rules.command('list')))))
    .description('the rules of a workspace on a running service, with their settings and open findings')
    .action(async (o: RuleOptions) => {
      const filters = filterParams(o.filter, fail);
      return list(
        o,
        async (api, cursor, pageSize) =>
          unwrap(
            await api.GET(RULES, {
              params: {
                path: { tenant_id: o.tenant, workspace_id: o.workspace },
                query: withFilters(filters, { cursor, page_size: pageSize, sort: sortParam(o.sort), sort_dir: o.sortDir }),
              },
            }),
          ),
        sortColumns(o.sort),
      );
    });
  output(scoped(rules.command('show')))
    .description('one rule of a workspace on a running service')
    .argument('<rule-id>', 'the rule')
    .action(async (ruleId: string, o: RuleOptions) => {
      const at = { tenant_id: o.tenant, workspace_id: o.workspace };
      show(o, await call(async (api) => unwrap(await api.GET(`${RULES}/{rule_id}`, { params: { path: { ...at, rule_id: ruleId } } }))));
    });

  paged(filtered(sorted(rules.command('results'))))
    .description("every instance of one rule in the token's workspaces (or one workspace), newest first")
    .argument('<rule-id>', 'the rule')
    .addOption(workspaceOption())
    .option('--all-workspaces', 'every workspace of the token, even when AISPM_WORKSPACE is set')
    .addOption(new Option('--status <status>', 'which instances (default all)').choices(['open', 'waived', 'resolved', 'all']))
    .action(async (ruleId: string, o: SummaryOptions & { status?: 'open' | 'resolved' | 'all'; filter?: string[]; sort?: string[] }) => {
      const filters = filterParams(o.filter, fail);
      return list(
        o,
        async (api, cursor, pageSize) =>
          unwrap(
            await api.GET('/api/v1/rules/{id}/results', {
              params: {
                path: { id: ruleId },
                query: withFilters(filters, {
                  workspace_id: workspaceOf(o),
                  status: o.status,
                  cursor,
                  page_size: pageSize,
                  sort: sortParam(o.sort),
                }),
              },
            }),
          ),
        sortColumns(o.sort ?? ['detected_at']),
      );
    });

  for (const [name, path, what] of [
    ['static', '/api/v1/static-rules', 'the rules shipped with the service'],
    ['external', '/api/v1/external-rules', "the rules sensors sent (ingest's rule records)"],
  ] as const) {
    paged(filtered(sorted(rules.command(name))))
      .description(`${what}, across the token's workspaces`)
      .action(async (o: OutputOptions & { sortDir?: 'asc' | 'desc' }) => {
        const filters = filterParams(o.filter, fail);
        return list(
          o,
          async (api, cursor, pageSize) =>
            unwrap(
              await api.GET(path as '/api/v1/static-rules', {
                params: { query: withFilters(filters, { cursor, page_size: pageSize, sort: sortParam(o.sort), sort_dir: o.sortDir }) },
              }),
            ),
          sortColumns(o.sort),
        );
      });
  }

  // ---- one instance, the workspaces, the token ---------------------------------------------------

  output(scoped(program.command('instances')))
    .description('one issue instance (open or resolved) with its rule and the scan that produced it')
    .argument('<instance-id>', 'the instance (issue details and rule results list them)')
    .action(async (instanceId: string, o: OutputOptions & { tenant: string; workspace: string }) => {
      show(
        o,
        await call(async (api) =>
          unwrap(
            await api.GET('/api/v1/instances/tenants/{tenant_id}/workspaces/{workspace_id}/{instanceId}', {
              params: { path: { tenant_id: o.tenant, workspace_id: o.workspace, instanceId } },
            }),
          ),
        ),
      );
    });

  paged(sorted(program.command('workspaces').addOption(tenantOption().makeOptionMandatory())))
    .description('the workspaces of the tenant the token may see, with their object counts and ingest times')
    .action(async (o: OutputOptions & { tenant: string; sortDir?: 'asc' | 'desc' }) =>
      list(o, async (api, cursor, pageSize) =>
        unwrap(
          await api.GET('/api/v1/tenants/{tenant_id}/workspaces', {
            params: { path: { tenant_id: o.tenant }, query: { cursor, page_size: pageSize, sort: sortParam(o.sort), sort_dir: o.sortDir } },
          }),
        ),
      ),
    );

  output(program.command('whoami'))
    .description('the token in AISPM_TOKEN: its tenant, user, workspaces, scopes and expiry')
    .action(async (o: OutputOptions) => {
      show(o, await call(async (api) => unwrap(await api.GET('/api/v1/token'))));
    });

  // ---- guardrail dashboards and sensors -----------------------------------------------------------

  const GUARDRAILS = {
    counts: '/api/v1/aispm-llm-interactions-dash/tenants/{tenant_id}/workspaces/{workspace_id}/counts',
    categories: '/api/v1/aispm-llm-interactions-dash/tenants/{tenant_id}/workspaces/{workspace_id}/categories',
    outcomes: '/api/v1/aispm-llm-interactions-dash/tenants/{tenant_id}/workspaces/{workspace_id}/outcomes',
  } as const;
  output(scoped(program.command('guardrails')))
    .description("the workspace's guardrail dashboards over a time window: interaction counts, categories or outcomes")
    .addArgument(new Argument('<view>', 'which dashboard').choices(Object.keys(GUARDRAILS)))
    .option('--since <time>', "window start (RFC 3339 with a zone; default: the service's)")
    .option('--until <time>', 'window end (RFC 3339 with a zone)')
    .action(
      async (view: keyof typeof GUARDRAILS, o: OutputOptions & { tenant: string; workspace: string; since?: string; until?: string }) => {
        const params = {
          path: { tenant_id: o.tenant, workspace_id: o.workspace },
          query: { start_time: o.since, end_time: o.until },
        };
        show(o, await call(async (api) => unwrap(await api.GET(GUARDRAILS[view] as typeof GUARDRAILS.counts, { params }))));
      },
    );

  output(scoped(program.command('sensors')))
    .description('the sensor types that have reported scans in the workspace')
    .action(async (o: OutputOptions & { tenant: string; workspace: string }) => {
      show(
        o,
        await call(async (api) =>
          unwrap(
            await api.GET('/api/v1/sensors-used/tenants/{tenant_id}/workspaces/{workspace_id}', {
              params: { path: { tenant_id: o.tenant, workspace_id: o.workspace } },
            }),
          ),
        ),
      );
    });

  // ---- paths through the graph --------------------------------------------------------------------

  type PathOptions = OutputOptions & {
    tenant: string;
    workspace: string;
    from: string;
    to: string;
    via?: string;
    maxHops?: number;
    direction?: 'out' | 'any';
    sortDir?: 'asc' | 'desc';
  };
  paged(sorted(scoped(program.command('paths')), 'sort by a sortable column of the answer'))
    .description('paths through the inventory graph from one kind to another (agent → model → …), one row per path')
    .requiredOption('--from <kind>', 'where paths start: agents, models, tools, mcp-servers, assets, secrets, …')
    .requiredOption('--to <kind>', 'where paths end')
    .option('--via <kinds>', 'kinds the path passes through, in this order, comma-separated')
    .option('--max-hops <n>', 'longest path, in relations (1–6, default 4)', int('--max-hops'))
    .addOption(new Option('--direction <direction>', 'out: relations as stored; any: either way').choices(['out', 'any']))
    .action(async (o: PathOptions) => {
      return list(
        o,
        async (api, cursor, pageSize) =>
          unwrap(
            await api.GET('/api/v1/graph/paths/tenants/{tenant_id}/workspaces/{workspace_id}', {
              params: {
                path: { tenant_id: o.tenant, workspace_id: o.workspace },
                query: {
                  from: o.from,
                  to: o.to,
                  via: o.via,
                  max_hops: o.maxHops,
                  direction: o.direction,
                  sort: sortParam(o.sort),
                  sort_dir: o.sortDir,
                  cursor,
                  page_size: pageSize,
                },
              },
            }),
          ),
        sortColumns(o.sort),
      );
    });

  // ---- webhooks -----------------------------------------------------------------------------------

  const HOOKS = '/api/v1/webhooks/tenants/{tenant_id}/workspaces/{workspace_id}' as const;
  type HookOptions = OutputOptions & { tenant: string; workspace: string };
  const webhooks = program
    .command('webhooks')
    .description(
      'manage the webhook subscriptions of a workspace on a running service (a token with the webhooks scope; docs/WEBHOOKS.md)',
    );
  const hookCommand = (name: string) => scoped(webhooks.command(name));
  const secretNote = () => note('The secret is shown only now: keep it where the receiver verifies signatures with it.\n');

  output(hookCommand('create'))
    .description('subscribe a URL to events of the workspace; prints the subscription and its signing secret, once')
    .requiredOption('--url <url>', 'where events are POSTed (https)')
    .addOption(
      new Option('--event <type...>', 'event types (repeatable; default all)').choices([
        'finding.created',
        'finding.resolved',
        'object.discovered',
      ]),
    )
    .addOption(
      new Option('--min-severity <severity>', 'finding events below it are not sent').choices(['low', 'medium', 'high', 'critical']),
    )
    .option('--description <text>', 'what it is for')
    .action(async (o: HookOptions & { url: string; event?: string[]; minSeverity?: string; description?: string }) => {
      const events = (o.event ?? ['finding.created', 'finding.resolved', 'object.discovered']) as Array<
        'finding.created' | 'finding.resolved' | 'object.discovered'
      >;
      const created = await call(async (api) =>
        unwrap(
          await api.POST(HOOKS, {
            params: { path: { tenant_id: o.tenant, workspace_id: o.workspace } },
            body: {
              url: o.url,
              events,
              min_severity: o.minSeverity as 'low' | undefined,
              description: o.description,
            },
          }),
        ),
      );
      show(o, created);
      secretNote();
    });

  paged(hookCommand('list'))
    .description('list the subscriptions of the workspace')
    .action(async (o: HookOptions) =>
      list(o, async (api, cursor, pageSize) =>
        unwrap(
          await api.GET(HOOKS, {
            params: { path: { tenant_id: o.tenant, workspace_id: o.workspace }, query: { cursor, page_size: pageSize } },
          }),
        ),
      ),
    );

  output(hookCommand('show'))
    .description('show one subscription: its events, state and, when disabled, why')
    .argument('<id>', 'subscription id')
    .action(async (id: string, o: HookOptions) => {
      show(
        o,
        await call(async (api) =>
          unwrap(await api.GET(`${HOOKS}/{id}`, { params: { path: { tenant_id: o.tenant, workspace_id: o.workspace, id } } })),
        ),
      );
    });

  hookCommand('delete')
    .description('delete a subscription with its pending deliveries and its delivery log')
    .argument('<id>', 'subscription id')
    .action(async (id: string, o: HookOptions) => {
      await call(async (api) =>
        unwrap(await api.DELETE(`${HOOKS}/{id}`, { params: { path: { tenant_id: o.tenant, workspace_id: o.workspace, id } } })),
      );
      note(`deleted ${id}\n`);
    });

  output(hookCommand('rotate-secret'))
    .description('give a subscription a new signing secret, printed once (the previous one signs beside it for 24 hours)')
    .argument('<id>', 'subscription id')
    .action(async (id: string, o: HookOptions) => {
      show(
        o,
        await call(async (api) =>
          unwrap(
            await api.POST(`${HOOKS}/{id}/rotate-secret`, { params: { path: { tenant_id: o.tenant, workspace_id: o.workspace, id } } }),
          ),
        ),
      );
      secretNote();
    });

  output(hookCommand('enable'))
    .description('enable a subscription disabled after persistent failure')
    .argument('<id>', 'subscription id')
    .action(async (id: string, o: HookOptions) => {
      show(
        o,
        await call(async (api) =>
          unwrap(await api.POST(`${HOOKS}/{id}/enable`, { params: { path: { tenant_id: o.tenant, workspace_id: o.workspace, id } } })),
        ),
      );
    });

  paged(hookCommand('deliveries'))
    .description("a subscription's delivery log (newest first), or one delivery with every attempt and its event")
    .argument('<id>', 'subscription id')
    .argument('[delivery-id]', 'one delivery of it: show its attempts and event')
    .action(async (id: string, deliveryId: string | undefined, o: HookOptions) => {
      const at = { tenant_id: o.tenant, workspace_id: o.workspace };
      if (deliveryId !== undefined) {
        return show(
          o,
          await call(async (api) =>
            unwrap(
              await api.GET('/api/v1/webhook-deliveries/tenants/{tenant_id}/workspaces/{workspace_id}/{deliveryId}', {
                params: { path: { ...at, deliveryId } },
              }),
            ),
          ),
        );
      }
      return list(o, async (api, cursor, pageSize) =>
        unwrap(await api.GET(`${HOOKS}/{id}/deliveries`, { params: { path: { ...at, id }, query: { cursor, page_size: pageSize } } })),
      );
    });

  // ---- storage ------------------------------------------------------------------------------------

  type StorageOptions = OutputOptions & { scope: string; tenant?: string; workspace?: string; ifMatch?: string; ifNoneMatch?: string };
  const storage = program
    .command('storage')
    .description("read and write client-storage entries of the token's user (scopes: tenant-user, tenant-workspace, tenant, user)");
  const storageCommand = (name: string) =>
    storage
      .command(name)
      .addOption(new Option('--scope <scope>', 'where the entry lives').choices(storageScopeWords).default('tenant-user'))
      .addOption(new Option('--tenant <id>', 'tenant (every scope but user)').env('AISPM_TENANT'))
      .addOption(new Option('--workspace <id>', 'workspace (tenant-workspace scope)').env('AISPM_WORKSPACE'));
  const where = (o: StorageOptions) => {
    const scope = storageScopes.find((s) => s.name === o.scope.replaceAll('-', '_'))!;
    if (scope.tenantInPath && !o.tenant) fail(`--scope ${o.scope} needs --tenant`);
    if (scope.workspaceInPath && !o.workspace) fail(`--scope ${o.scope} needs --workspace`);
    return { paths: storagePaths(scope), at: { tenant_id: o.tenant ?? '', workspace_id: o.workspace ?? '' } };
  };

  output(storageCommand('get'), 'json')
    .description('print an entry: {etag, created_at, updated_at, value}; the ETag is what `storage put --if-match` takes')
    .argument('<client-id>')
    .argument('<namespace>')
    .argument('<key>')
    .action(async (clientId: string, namespace: string, key: string, o: StorageOptions) => {
      const { paths, at } = where(o);
      const entry = await call(async (api) => {
        const r = await api.GET(paths.entry as typeof ENTRY, { params: { path: { ...at, client_id: clientId, namespace, key } } });
        return { etag: r.response.headers.get('etag'), ...unwrap(r) };
      });
      show(o, entry);
    });

  storageCommand('put')
    .description('create or replace an entry with a JSON object (from the argument, or - for standard input); prints its new ETag')
    .argument('<client-id>')
    .argument('<namespace>')
    .argument('<key>')
    .argument('<value>', 'a JSON object, or - to read it from standard input')
    .option('--if-match <etag>', "write only if the entry's ETag is this one")
    .option('--if-none-match <etag>', '* to write only if the entry does not exist')
    .action(async (clientId: string, namespace: string, key: string, text: string, o: StorageOptions) => {
      const { paths, at } = where(o);
      let value: unknown;
      try {
        value = JSON.parse(text === '-' ? readFileSync(0, 'utf8') : text);
      } catch (err) {
        fail(`value: not JSON (${(err as Error).message})`);
      }
      const headers = { 'if-match': o.ifMatch, 'if-none-match': o.ifNoneMatch };
      const res = await call(async (api) => {
        const r = await api.PUT(paths.entry as typeof ENTRY, {
          params: { path: { ...at, client_id: clientId, namespace, key }, header: headers },
          body: { value: value as Record<string, unknown> },
        });
        unwrap(r);
        return r.response;
      });
      write(`${res.headers.get('etag') ?? ''}\n`);
    });

  storageCommand('delete')
    .description('delete an entry')
    .argument('<client-id>')
    .argument('<namespace>')
    .argument('<key>')
    .option('--if-match <etag>', "delete only if the entry's ETag is this one")
    .action(async (clientId: string, namespace: string, key: string, o: StorageOptions) => {
      const { paths, at } = where(o);
      await call(async (api) =>
        unwrap(
          await api.DELETE(paths.entry as typeof ENTRY, {
            params: { path: { ...at, client_id: clientId, namespace, key }, header: { 'if-match': o.ifMatch } },
          }),
        ),
      );
    });

  paged(storageCommand('list'))
    .description('list the keys of a namespace')
    .argument('<client-id>')
    .argument('<namespace>')
    .action(async (clientId: string, namespace: string, o: StorageOptions) => {
      const { paths, at } = where(o);
      return list(o, async (api, cursor, pageSize) =>
        unwrap(
          await api.GET(paths.keys as typeof KEYS, {
            params: { path: { ...at, client_id: clientId, namespace }, query: { cursor, page_size: pageSize } },
          }),
        ),
      );
    });

  registerExportCommands(program, call);
  registerControlsCommands(program, { call, scoped, write, fail });
  registerFindingsCommands(program, { call, scoped, write });
}
