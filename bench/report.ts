// Writes a benchmark run into BENCHMARKS.md: one section per engine, replaced on each run.

import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Measured } from './cases.ts';

export interface Report {
  engine: string;
  section: string;
  cacheOff: boolean;
  scale: number;
  duration: number;
  connections: number;
  workers: number;
  dataset: { records: number; seconds: number };
  counts: Record<string, number>;
  importRate: number;
  importCount: number;
  importSeconds: number;
  httpRate: number;
  httpCount: number;
  /** OTLP protobuf ingest with discovery, and NDJSON ingest of the same interactions, in interactions/s. */
  otlp?: { spans: number; interactions: number; batch: number; rate: number; ndjsonRate: number };
  readyMs: number;
  readyAll: number[];
  groupBy?: { rollupMs: number; groupByMs: number; same: boolean };
  rssStart: number;
  rssEnd: number;
  /** Of rssEnd, the anonymous part (not the mapped database file or binaries). */
  anonEnd: number;
  results: Measured[];
  notes: string[];
  machine: { cpu: string; cores: number; memGb: number; node: string };
  command: string;
}

const FILE = new URL('../BENCHMARKS.md', import.meta.url);
const n = (x: number) => Math.round(x).toLocaleString('en');

function verdict(m: Measured, all: Measured[]): [string, string] {
  const t = m.case.target;
  if (t.kind === 'ratio') {
    const r = m.service.rps / m.ceiling.rps;
    return [`≥ ${t.min.toFixed(2)} of ceiling`, r >= t.min ? 'met' : `**not met** (${r.toFixed(2)})`];
  }
  if (t.kind === 'p50') return [`p50 ≤ ${t.maxMs} ms`, m.service.p50 <= t.maxMs ? 'met' : `**not met** (${m.service.p50} ms)`];
  const ref = all.find((x) => x.case.id === t.to);
  if (!ref) return [`≥ ${t.min} of ${t.to}`, 'not measured'];
  const r = m.service.rps / ref.service.rps;
  return [`≥ ${t.min} of ${t.to} req/s`, r >= t.min ? `met (${r.toFixed(2)})` : `**not met** (${r.toFixed(2)})`];
}

/** The second anchor's cells: bare Fastify's requests/s, its share of the ceiling, the service's share of it. */
function fastifyCells(m: Measured): string {
  if (!m.fastify) return ' | | ';
  return `${n(m.fastify.rps)} | ${(m.fastify.rps / m.ceiling.rps).toFixed(2)} | ${(m.service.rps / m.fastify.rps).toFixed(2)}`;
}

export function renderSection(r: Report): string {
  const importTarget = r.engine === 'sqlite' ? 100_000 : 50_000;
  const lines = [
    `<!-- bench:${r.section}:start -->`,
    `## ${r.engine === 'sqlite' ? 'SQLite' : 'PostgreSQL'}${r.cacheOff ? ', response cache off' : ''}${r.workers > 1 ? `, ${r.workers} workers` : ''} (${new Date().toISOString().slice(0, 10)})`,
    '',
    `- Machine: ${r.machine.cpu}, ${r.machine.cores} cores, ${r.machine.memGb} GiB; Node ${r.machine.node}; the service, the ceiling server, the bare Fastify server and autocannon share the machine.`,
    `- Command: \`${r.command}\``,
    `- Dataset: demo generator at scale ${r.scale} in one workspace (${n(r.dataset.records)} records loaded in ${r.dataset.seconds.toFixed(1)} s): ` +
      `${n(r.counts.entities ?? 0)} inventory objects, ${n(r.counts.relations ?? 0)} relations, ${n(r.counts.issue_instances ?? 0)} issue instances, ` +
      `${n(r.counts.llm_interactions ?? 0)} LLM interactions in ${n(r.counts.llm_sessions ?? 0)} sessions.`,
    `- Load: autocannon, ${r.connections} connections, warm-up then ${r.duration} s per case, loopback; service with ${r.workers} worker(s).`,
    '',
    '| case | req/s | ceiling req/s | share | bare Fastify req/s | Fastify share | share of Fastify | p50 ms | p99 ms | target | result |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|',
  ];
  for (const m of r.results) {
    const [target, result] = verdict(m, r.results);
    lines.push(
      `| ${m.case.name}${m.variants ? `: ${n(m.variants)} distinct requests, ${(100 * m.hitRatio!).toFixed(0)} % answered by the response cache` : ''} | ${n(m.service.rps)} | ${n(m.ceiling.rps)} | ${(m.service.rps / m.ceiling.rps).toFixed(2)} | ${fastifyCells(m)} | ${m.service.p50} | ${m.service.p99} | ${target} | ${result} |`,
    );
  }
  lines.push(
    ...(r.groupBy
      ? [
          `| sessions by cost, top 10: roll-up index ${r.groupBy.rollupMs.toFixed(3)} ms vs GROUP BY over the interactions ${r.groupBy.groupByMs.toFixed(0)} ms (one statement each, medians${r.groupBy.same ? '; same ten sessions' : '; **answers differ**'}) | ${Math.round(r.groupBy.groupByMs / r.groupBy.rollupMs).toLocaleString('en')}× | | | | | | | | ≥ 100× | ${r.groupBy.groupByMs >= 100 * r.groupBy.rollupMs && r.groupBy.same ? 'met' : '**not met**'} |`,
        ]
      : []),
    `| \`aispm import\` of ${n(r.importCount)} interactions | ${n(r.importRate)} records/s | | | | | | | | ≥ ${n(importTarget)} records/s | ${r.importRate >= importTarget ? 'met' : '**not met**'} |`,
    `| HTTP ingest of ${n(r.httpCount)} interactions | ${n(r.httpRate)} records/s | | ${(r.httpRate / r.importRate).toFixed(2)} of import | | | | | | ≥ 0.5 of import | ${r.httpRate >= 0.5 * r.importRate ? 'met' : '**not met**'} |`,
    ...(r.otlp
      ? [
          `| OTLP protobuf ingest, discovery on: ${n(r.otlp.spans)} spans (exports of ${r.otlp.batch}) = ${n(r.otlp.interactions)} interactions | ${n(r.otlp.rate)} interactions/s | | ${(r.otlp.rate / r.otlp.ndjsonRate).toFixed(2)} of NDJSON of the same interactions (${n(r.otlp.ndjsonRate)}/s) | | | | | | ≥ 0.8 of NDJSON | ${r.otlp.rate >= 0.8 * r.otlp.ndjsonRate ? 'met' : '**not met**'} |`,
        ]
      : []),
    `| start to /readyz 200, existing database | ${r.readyMs.toFixed(0)} ms (runs: ${r.readyAll.map((x) => x.toFixed(0)).join(', ')}) | | | | | | | | ≤ 1000 ms | ${r.readyMs <= 1000 ? 'met' : '**not met**'} |`,
    `| resident memory after the read cases | ${r.rssEnd} MB (${r.anonEnd} MB anonymous; ${r.rssStart} MB after start) | | | | | | | | ≤ 250 MB | ${r.rssEnd <= 250 ? 'met' : '**not met**'} |`,
    '',
    ...r.notes.map((x) => `- ${x}`),
    `<!-- bench:${r.section}:end -->`,
  );
  return lines.join('\n');
}

export function writeReport(r: Report): void {
  const header = '# Benchmarks\n\nMeasured by `npm run bench` (SQLite) and `npm run bench -- --engine postgres`; see bench/run.ts.\n';
  let text = existsSync(FILE) ? readFileSync(FILE, 'utf8') : header;
  const section = renderSection(r);
  const re = new RegExp(`<!-- bench:${r.section}:start -->[\\s\\S]*?<!-- bench:${r.section}:end -->`);
  text = re.test(text) ? text.replace(re, section) : `${text.trimEnd()}\n\n${section}\n`;
  writeFileSync(FILE, text);
}
