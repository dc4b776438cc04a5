// `aispm compliance [FRAMEWORK [CONTROL]]`: the compliance posture of a workspace.

import type { Command } from 'commander';
import { frameworks } from '../catalog/frameworks.ts';
import { unwrap } from '../client/index.ts';
import { Printer, tableOfObjects } from './output.ts';
import { withFilters, type OutputOptions, filterParams, sortParam, terminalWidth, write, note } from './query-params.ts';
import type { CliContext } from './context.ts';
import type { Fail } from './operator.ts';

export function registerComplianceCommands(program: Command, ctx: CliContext): void {
  const { call, columnsOf, list, paged, sorted, filtered, scoped } = ctx;
  // Annotated, so that TypeScript narrows after a call that never returns.
  const fail: Fail = ctx.fail;
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
}
