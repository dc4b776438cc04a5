// `aispm controls …`: a workspace's controls as code. `apply FILE|DIR` reads YAML (one control per
// document, every *.yaml / *.yml of a directory) and makes the workspace's controls equal to it:
// creates and updates (PUT, one control at a time), and with `--prune` deletes the controls the
// files do not name; `--dry-run` asks the service what each change would open and resolve and
// writes nothing. `list`, `show ID` and `test ID` (the objects it answers now) read.

import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Command } from 'commander';
import { AispmError, unwrap } from '../client/index.ts';
import type { CliContext } from './context.ts';
import type { Fail } from './operator.ts';
import { write } from './query-params.ts';

type Body = Record<string, unknown>;

const BASE = '/api/v1/controls/tenants/{tenant_id}/workspaces/{workspace_id}' as const;
const ONE = '/api/v1/controls/tenants/{tenant_id}/workspaces/{workspace_id}/{id}' as const;

/** The fields of a control a file may give, as the API takes them. */
const fields = ['id', 'title', 'severity', 'description', 'remediation', 'frameworks', 'enabled', 'list', 'paths'] as const;

/** The YAML files of FILE or DIR, in name order. */
async function filesOf(target: string): Promise<string[]> {
  if (!(await stat(target)).isDirectory()) return [target];
  const names = (await readdir(target)).filter((n) => /\.ya?ml$/i.test(n)).sort();
  return names.map((n) => join(target, n));
}

/** Every control the files declare, in order; a document that is not one names its file and position. */
async function readControls(target: string, fail: Fail): Promise<Body[]> {
  // Loaded here, not at the top: the command tree is loaded by every command, `serve` included.
  const { parseAllDocuments } = await import('yaml');
  const out: Body[] = [];
  const seen = new Set<string>();
  for (const file of await filesOf(target)) {
    const docs = parseAllDocuments(await readFile(file, 'utf8'));
    if (!Array.isArray(docs)) fail(`${file}: not YAML documents`);
    for (const [i, doc] of (docs as Exclude<typeof docs, { empty: true }>).entries()) {
      const where = `${file}, document ${i + 1}`;
      if (doc.errors.length) fail(`${where}: ${doc.errors[0]!.message}`);
      const value: unknown = doc.toJS();
      if (value === null || value === undefined) continue;
      if (typeof value !== 'object' || Array.isArray(value)) fail(`${where}: a control is a mapping of ${fields.join(', ')}`);
      const control = value as Record<string, unknown>;
      const extra = Object.keys(control).find((k) => !(fields as readonly string[]).includes(k));
      if (extra) fail(`${where}: unknown field "${extra}"; a control has ${fields.join(', ')}`);
      if (typeof control.id !== 'string') fail(`${where}: id is required`);
      if (seen.has(control.id as string)) fail(`${where}: control ${control.id} is declared twice`);
      seen.add(control.id as string);
      out.push(control);
    }
  }
  return out;
}

type Stored = Record<string, unknown> & { id: string; open_findings: number };

/** Whether the stored control already says what the file says (the API's defaults filled in). */
function same(stored: Stored, want: Body): boolean {
  const norm = (c: Record<string, unknown>) =>
    JSON.stringify([
      c.title,
      c.severity,
      c.description ?? '',
      c.remediation ?? '',
      c.frameworks ?? [],
      c.enabled ?? true,
      typeof c.list === 'string' ? c.list.trim() : null,
      typeof c.paths === 'string' ? c.paths.trim() : null,
    ]);
  return norm(stored) === norm(want);
}

export function registerControlsCommands(program: Command, ctx: CliContext): void {
  const { call, scoped } = ctx;
  // Annotated, so that TypeScript narrows after a call that never returns.
  const fail: Fail = ctx.fail;
  const controls = program
    .command('controls')
    .description("a workspace's own controls: saved queries whose answers are findings (docs/CONTROLS.md), on a running service");
  type Options = { tenant: string; workspace: string };
  const at = (o: Options) => ({ tenant_id: o.tenant, workspace_id: o.workspace });
  const stored = (o: Options) => call(async (api) => unwrap(await api.GET(BASE, { params: { path: at(o) } })) as { items: Stored[] });

  scoped(controls.command('apply').argument('<path>', 'a YAML file, or a directory of them'))
    .description("make the workspace's controls equal to the YAML (one control per document)")
    .option('--prune', 'delete the controls the files do not declare')
    .option('--dry-run', 'print what each change would open and resolve; write nothing')
    .action(async (path: string, o: Options & { prune?: boolean; dryRun?: boolean }) => {
      const wanted = await readControls(path, fail);
      const current = new Map((await stored(o)).items.map((c) => [c.id, c]));
      const tally = { created: 0, updated: 0, unchanged: 0, deleted: 0 };
      for (const c of wanted) {
        const id = c.id as string;
        const named = <T>(result: Parameters<typeof unwrap<T>>[0]): T => {
          try {
            return unwrap(result);
          } catch (err) {
            // A refusal names the control it is about.
            if (err instanceof AispmError) err.message = `${id}: ${err.message}`;
            throw err;
          }
        };
        const before = current.get(id);
        const verb = !before ? 'create' : same(before, c) ? 'unchanged' : 'update';
        if (o.dryRun) {
          const d = await call(async (api) => named(await api.POST(`${BASE}/preview`, { params: { path: at(o) }, body: c as never })));
          write(
            `${verb} ${id}: would open ${d.would_open.length}${list(d.would_open)}, resolve ${d.would_resolve.length}${list(d.would_resolve)}\n`,
          );
        } else if (verb !== 'unchanged') {
          const { id: _id, ...body } = c;
          const saved = await call(async (api) => named(await api.PUT(ONE, { params: { path: { ...at(o), id } }, body: body as never })));
          write(`${verb === 'create' ? 'created' : 'updated'} ${id}: ${saved.open_findings} open findings\n`);
        } else write(`unchanged ${id}\n`);
        tally[verb === 'create' ? 'created' : verb === 'update' ? 'updated' : 'unchanged']++;
      }
      if (o.prune) {
        const keep = new Set(wanted.map((c) => c.id as string));
        for (const c of current.values()) {
          if (keep.has(c.id)) continue;
          if (o.dryRun) write(`delete ${c.id}: would resolve ${c.open_findings}\n`);
          else {
            await call(async (api) => unwrap(await api.DELETE(ONE, { params: { path: { ...at(o), id: c.id } } })));
            write(`deleted ${c.id}: resolved ${c.open_findings}\n`);
          }
          tally.deleted++;
        }
      }
      write(
        `${o.dryRun ? 'would be: ' : ''}${tally.created} created, ${tally.updated} updated, ${tally.unchanged} unchanged, ${tally.deleted} deleted\n`,
      );
    });

  scoped(controls.command('list'))
    .description("the workspace's controls, with their open findings")
    .action(async (o: Options) => {
      for (const c of (await stored(o)).items) {
        write(`${c.id}\t${c.severity}\t${c.enabled ? 'enabled' : 'disabled'}\t${c.open_findings} open\t${c.title}\n`);
      }
    });

  scoped(controls.command('show').argument('<id>', 'control id'))
    .description('one control as JSON')
    .action(async (id: string, o: Options) => {
      const c = await call(async (api) => unwrap(await api.GET(ONE, { params: { path: { ...at(o), id } } })));
      write(`${JSON.stringify(c, null, 2)}\n`);
    });

  scoped(controls.command('test').argument('<id>', 'control id'))
    .description('the objects the control answers now, with their evidence, as JSON')
    .action(async (id: string, o: Options) => {
      const p = await call(async (api) => unwrap(await api.GET(`${ONE}/preview`, { params: { path: { ...at(o), id } } })));
      write(`${JSON.stringify(p, null, 2)}\n`);
    });
}

/** ` (a, b, …)` for a short list of objects, nothing for none. */
function list(items: string[]): string {
  if (items.length === 0) return '';
  return ` (${items.slice(0, 10).join(', ')}${items.length > 10 ? ', …' : ''})`;
}
