// The CLI's exports from a running service, written to a file: `aispm findings sarif` (the open
// findings with a code location as SARIF 2.1.0) and `aispm aibom export` (the workspace as a
// CycloneDX 1.6 AI-BOM). The service streams them; they are streamed to a file beside the target
// and renamed into place when complete, so a failed export leaves no partial file.

import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Command } from 'commander';
import { unwrap } from '../client/index.ts';
import type { CliContext } from './context.ts';

/** Streams a body to `out` (or standard output for `-`). */
async function save(body: ReadableStream<Uint8Array> | null | undefined, out: string): Promise<void> {
  if (!body) throw new Error('the service answered no body');
  const from = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
  if (out === '-') return pipeline(from, process.stdout, { end: false });
  const partial = `${out}.partial`;
  try {
    await pipeline(from, createWriteStream(partial));
    await rename(partial, out);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

export function registerExportCommands(program: Command, ctx: CliContext): void {
  const { call } = ctx;
  const scoped = (cmd: Command) =>
    cmd
      .requiredOption('--tenant <id>', 'tenant')
      .requiredOption('--workspace <id>', 'workspace')
      .requiredOption('-o, --out <file>', 'file to write (- for standard output)');
  type Options = { tenant: string; workspace: string; out: string };

  const findings = program
    .command('findings')
    .description(
      'the findings of a workspace on a running service (AISPM_URL, AISPM_TOKEN): export them as SARIF, waive them, lift waivers',
    );
  scoped(findings.command('sarif'))
    .description('write the open findings that have a code location as SARIF 2.1.0, for code scanning')
    .action(async (o: Options) => {
      await call(async (api) => {
        const result = await api.GET('/api/v1/issues/tenants/{tenant_id}/workspaces/{workspace_id}/sarif', {
          params: { path: { tenant_id: o.tenant, workspace_id: o.workspace } },
          parseAs: 'stream',
        });
        unwrap(result);
        await save(result.response.body, o.out);
      });
    });

  const aibom = program.command('aibom').description('the AI bill of materials of a workspace (CycloneDX 1.6) from a running service');
  scoped(aibom.command('export'))
    .description('write the workspace as a CycloneDX 1.6 JSON BOM (import it with `aispm import --format cyclonedx`)')
    .action(async (o: Options) => {
      await call(async (api) => {
        const result = await api.GET('/api/v1/aibom/tenants/{tenant_id}/workspaces/{workspace_id}', {
          params: { path: { tenant_id: o.tenant, workspace_id: o.workspace } },
          parseAs: 'stream',
        });
        unwrap(result);
        await save(result.response.body, o.out);
      });
    });
}
