// What `aispm scan` does once its options are read (command.ts declares them): scan, then send or
// write, then the summary; returns the exit status.

import { randomBytes } from 'node:crypto';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { homedir, hostname } from 'node:os';
import { severityRank, type Severity } from '../catalog/rules/index.ts';
import { AispmError } from '../client/index.ts';
import { ConfigError, processEnvironment, readSetting, type SettingKey } from '../config.ts';
import { frameworkAnalyzer } from './analyzer.ts';
import { FINDINGS_EXIT, type ScanCommandOptions } from './command-options.ts';
import { type Delivered, deliver } from './deliver.ts';
import { cyclonedxBom } from './output/cyclonedx.ts';
import { sarifLog } from './output/sarif.ts';
import { type BuiltScan, buildRecords, type NdjsonRecord } from './records/build.ts';
import { scanId } from './records/ids.ts';
import { scanRecord } from './records/scan-record.ts';
import { scanDirectory, scanHost } from './run.ts';
import { SecretDetector } from './secrets/detect.ts';
import { fingerprinter, ScanKeyError, scanKey } from './secrets/fingerprint.ts';
import { printSkips, printSummary } from './summary.ts';
import type { ScanUnit } from './unit.ts';
import { defaultLimits } from './walk/walker.ts';

type Fail = (message: string, code?: number) => never;

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
export const TOOL = { name: 'aispm scan', version: pkg.version };

export async function runScanCommand(paths: string[], o: ScanCommandOptions, fail: Fail): Promise<number> {
  // The CI system's own variables (GITHUB_*, CI_*) and HOME / XDG_CONFIG_HOME are read off the
  // environment as a whole, as the runner sets it; the settings of aispm itself through readSetting.
  const env = processEnvironment();
  const setting = <K extends SettingKey>(key: K) => {
    try {
      return readSetting(key);
    } catch (err) {
      if (err instanceof ConfigError) fail(err.message);
      throw err;
    }
  };
  const roots = paths.length || o.host ? paths : ['.'];
  for (const p of roots) {
    let dir = false;
    try {
      dir = statSync(p).isDirectory();
    } catch {
      fail(`no such directory: ${p}`);
    }
    if (!dir) fail(`${p} is not a directory: give the directory to scan`);
  }
  // SARIF and CycloneDX are files for other tools: without --output they go to standard output.
  if (o.output === undefined && o.format !== 'ndjson') o.output = '-';
  const toStdout = o.output === '-';
  const sending = o.output === undefined;
  let target: { url: string; token: string; tenant: string; workspace: string } | undefined;
  if (sending) {
    const token = setting('token');
    if (!token) fail('set AISPM_TOKEN to a token with the ingest and read scopes, or write the scan to a file with --output');
    const url = setting('url');
    if (!o.tenant) fail('give --tenant <id> or set AISPM_TENANT');
    if (!o.workspace) fail('give --workspace <id> or set AISPM_WORKSPACE');
    target = { url, token, tenant: o.tenant, workspace: o.workspace };
  }
  let key: Buffer;
  try {
    key = scanKey(setting('scanKey'), env).key;
  } catch (err) {
    if (err instanceof ScanKeyError) fail(err.message);
    throw err;
  }
  const fingerprint = fingerprinter(key);
  const analyzer = await frameworkAnalyzer();
  const out = toStdout ? process.stderr : process.stdout;
  const progress = process.stderr.isTTY && !setting('ci');
  const options = {
    limits: {
      maxFileBytes: o.maxFileBytes ?? defaultLimits.maxFileBytes,
      maxFiles: o.maxFiles ?? defaultLimits.maxFiles,
      allFiles: !!o.allFiles,
    },
    analyzers: [analyzer],
    env,
    hostname: hostname(),
    secrets: new SecretDetector(fingerprint),
    fingerprint,
    key,
    onProgress: progress
      ? (p: { files: number; skipped: number }) => process.stderr.write(`\r  ${p.files} files read, ${p.skipped} skipped   `)
      : undefined,
  };
  const units: ScanUnit[] = [];
  for (const root of roots) units.push(...(await scanDirectory(root, options)));
  if (o.host) units.push(await scanHost(env.HOME?.trim() || homedir(), options));
  if (progress) process.stderr.write('\r\x1b[K');

  const now = Date.now();
  const built: { unit: ScanUnit; scan: BuiltScan; record: NdjsonRecord }[] = units.map((unit) => {
    const scan = buildRecords(unit, scanId(unit.assetId, unit.startedAt, randomBytes(3).toString('hex')), {
      version: pkg.version,
      now,
      environment: o.environment,
    });
    return { unit, scan, record: scanRecord(unit, scan, pkg.version) };
  });

  const delivered: (Delivered | null)[] = [];
  if (target) {
    for (const b of built) {
      try {
        const d = await deliver(b.unit, b.scan, b.record, target, now);
        for (const w of d.warnings) out.write(`warning: ${w}\n`);
        delivered.push(d);
      } catch (err) {
        if (err instanceof AispmError) {
          const errors = ((err.body as { errors?: { line: number; message: string }[] } | null)?.errors ?? []).slice(0, 10);
          for (const e of errors) process.stderr.write(`aispm: line ${e.line}: ${e.message}\n`);
          fail(`${b.unit.name}: ${err.message} (HTTP ${err.status})`, 1);
        }
        const cause = (err as { cause?: { code?: string; message?: string } }).cause;
        if (err instanceof TypeError && cause) fail(`cannot reach ${target.url}: ${cause.code ?? cause.message}`, 1);
        throw err;
      }
    }
  } else {
    const records = built.flatMap((b) => [...b.scan.records, b.record]);
    const findings = built.flatMap((b) => b.scan.findings);
    const text =
      o.format === 'sarif'
        ? `${JSON.stringify(sarifLog(findings, TOOL))}\n`
        : o.format === 'cyclonedx'
          ? `${JSON.stringify(cyclonedxBom(records, TOOL, now))}\n`
          : records.map((r) => `${JSON.stringify(r)}\n`).join('');
    if (toStdout) process.stdout.write(text);
    else await writeWhole(o.output!, text);
  }

  if (o.verbose) printSkips(units, out);
  printSummary(
    built,
    delivered,
    out,
    sending ? `${target!.url} ${target!.tenant}/${target!.workspace}` : toStdout ? 'standard output' : o.output!,
  );

  if (o.failOn) {
    const threshold = severityRank[o.failOn as Severity];
    const over = built.flatMap((b) => b.scan.findings).filter((f) => severityRank[f.severity as Severity] >= threshold);
    if (over.length) {
      out.write(`${over.length} finding${over.length === 1 ? '' : 's'} at or above ${o.failOn} (--fail-on): exit ${FINDINGS_EXIT}\n`);
      return FINDINGS_EXIT;
    }
  }
  return 0;
}

/** Written beside the target and renamed into place, so a failed write leaves no partial file. */
async function writeWhole(path: string, text: string): Promise<void> {
  const partial = `${path}.partial`;
  try {
    writeFileSync(partial, text);
    await rename(partial, path);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}
