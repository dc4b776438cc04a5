// What the query commands share: the typed client of the running service (AISPM_URL, with the
// token AISPM_TOKEN, never a flag, so it stays out of shell history and process lists), a refused
// request as one line and exit status 1, a listing printed page by page (or every page with
// --all), one object printed, and the options every listing takes (--format, --columns, --all,
// --page-size, --cursor, --sort, --filter, --tenant, --workspace).

import { type Command, Option } from 'commander';
import { settingEnv } from '../config.ts';
import { AispmError, type AispmClient, createAispmClient, pagesOf } from '../client/index.ts';
import { type Fail, setting } from './operator.ts';
import { type Format, formats, Printer, printObject, tableOf, tableOfObjects } from './output.ts';
import { int, note, type OutputOptions, type Page, terminalWidth, write } from './query-params.ts';

export function queryKit(fail: Fail) {
  let client: { api: AispmClient; url: string } | undefined;
  const connect = () => {
    if (client) return client;
    // `aispm get … | head` closes the pipe early: that is the reader's choice, not an error.
    process.stdout.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EPIPE') process.exit(0);
      throw err;
    });
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

  return { connect, call, columnsOf, list, show, output, paged, collect, sorted, filtered, tenantOption, workspaceOption, scoped };
}

export type QueryKit = ReturnType<typeof queryKit>;
