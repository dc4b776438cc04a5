// What `aispm scan` prints when it is done: one line per scan (what it covered, what it read and
// skipped, what it found), where it went, and with --verbose every file it did not read and why.
// Names, paths and counts only: a secret shows as its rule and preview, never its value.

import type { Severity } from '../catalog/rules/index.ts';
import type { Delivered } from './deliver.ts';
import type { BuiltScan, NdjsonRecord } from './records/build.ts';
import { skipCounts } from './records/scan-record.ts';
import type { ScanUnit } from './unit.ts';

type Out = { write(text: string): unknown };

export function printSkips(units: ScanUnit[], out: Out): void {
  for (const u of units) {
    for (const s of u.facts.skips) {
      out.write(
        `  skipped ${u.kind === 'host' ? '~/' : ''}${s.path}${s.line ? `:${s.line}` : ''}: ${s.reason}${s.detail ? ` (${s.detail})` : ''}\n`,
      );
    }
  }
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows.map((r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ')).join('\n');
}

export function printSummary(
  built: { unit: ScanUnit; scan: BuiltScan; record: NdjsonRecord }[],
  delivered: (Delivered | null)[],
  out: Out,
  destination: string,
): void {
  const bySeverity = (findings: NdjsonRecord[]) => {
    const n: Record<Severity, number> = { critical: 0, high: 0, medium: 0, low: 0 };
    for (const f of findings) n[f.severity as Severity]++;
    return `${n.critical}/${n.high}/${n.medium}/${n.low}`;
  };
  const rows = [['scan', 'files', 'skipped', 'agents', 'models', 'tools', 'mcp', 'secrets', 'keys', 'certs', 'findings c/h/m/l']];
  for (const { unit, scan } of built) {
    const c = scan.counts;
    rows.push([
      unit.kind === 'host' ? `host ${unit.name}` : unit.name,
      String(unit.files),
      String(unit.facts.skips.length),
      String(c.agents),
      String(c.models),
      String(c.tools),
      String(c.mcpServers),
      String(c.secrets),
      String(c.keys),
      String(c.certs),
      bySeverity(scan.findings),
    ]);
  }
  out.write(`${table(rows)}\n`);
  const skipped = built.map((b) => skipCounts(b.unit.facts.skips));
  const reasons = new Map<string, number>();
  for (const s of skipped) for (const [r, n] of Object.entries(s)) reasons.set(r, (reasons.get(r) ?? 0) + n);
  if (reasons.size) out.write(`skipped: ${[...reasons].map(([r, n]) => `${n} ${r}`).join(', ')} (--verbose lists them)\n`);
  const sent = delivered.filter((d): d is Delivered => d !== null);
  if (sent.length) {
    const accepted = sent.reduce((a, d) => a + d.accepted, 0);
    const retired = sent.reduce((a, d) => a + d.retiredEntities, 0);
    const resolved = sent.reduce((a, d) => a + d.resolvedFindings, 0);
    out.write(
      `sent ${built.length} scan${built.length === 1 ? '' : 's'} to ${destination}: ${accepted} records accepted` +
        `${retired ? `, ${retired} objects no longer found retired` : ''}${resolved ? `, ${resolved} findings resolved` : ''}\n`,
    );
  } else out.write(`wrote ${built.length} scan${built.length === 1 ? '' : 's'} to ${destination}\n`);
}
