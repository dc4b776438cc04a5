// `aispm findings waive|unwaive INSTANCE_ID`: triage on a running service. `waive` sets a finding
// aside as an accepted risk (or, with --false-positive, a false positive) with a reason and an
// optional expiry; `--scope rule` waives every finding of its rule on its object. `unwaive` lifts
// the waiver that covers the finding. Both need a token with the `controls` scope (docs/FINDINGS.md).

import { type Command, Option } from 'commander';
import { unwrap } from '../client/index.ts';
import type { CliContext } from './context.ts';
import { write } from './query-params.ts';

const WAIVER = '/api/v1/instances/tenants/{tenant_id}/workspaces/{workspace_id}/{instanceId}/waiver' as const;

export function registerWaiverCommands(program: Command, { call, scoped }: CliContext): void {
  // `findings` also holds `sarif` (exports.ts): the subcommands join it.
  const findings = program.commands.find((c) => c.name() === 'findings') ?? program.command('findings');
  type Options = { tenant: string; workspace: string };
  const at = (o: Options, instanceId: string) => ({ tenant_id: o.tenant, workspace_id: o.workspace, instanceId });

  scoped(findings.command('waive').argument('<instance-id>', 'the finding (instance id)'))
    .description('waive a finding: it leaves the open counts, risk, compliance and dashboards until the waiver expires or is lifted')
    .requiredOption('--reason <text>', 'why it is accepted, or why it is false')
    .option('--until <time>', 'when the waiver expires: an RFC 3339 time or a date (default: until lifted)')
    .option('--false-positive', 'a false positive rather than an accepted risk')
    .addOption(
      new Option('--scope <scope>', 'instance: this finding; rule: every finding of its rule on its object').choices(['instance', 'rule']),
    )
    .action(async (id: string, o: Options & { reason: string; until?: string; falsePositive?: boolean; scope?: 'instance' | 'rule' }) => {
      const body = {
        reason: o.reason,
        ...(o.until !== undefined ? { until: o.until } : {}),
        ...(o.falsePositive ? { false_positive: true } : {}),
        ...(o.scope ? { scope: o.scope } : {}),
      };
      const w = await call(async (api) => unwrap(await api.POST(WAIVER, { params: { path: at(o, id) }, body })));
      const until = w.waiver.expires_at ? ` until ${w.waiver.expires_at}` : '';
      write(`waived ${id} (${w.waiver.kind}, ${w.waiver.scope}${until}): waiver ${w.waiver.id} covers ${w.instances} finding(s)\n`);
    });

  scoped(findings.command('unwaive').argument('<instance-id>', 'the finding (instance id)'))
    .description('lift the waiver covering a finding: it comes back open while it still holds')
    .action(async (id: string, o: Options) => {
      const r = await call(async (api) => unwrap(await api.DELETE(WAIVER, { params: { path: at(o, id) } })));
      write(`lifted waiver ${r.waiver_id} of ${id}: ${r.instances} finding(s) back\n`);
    });
}
