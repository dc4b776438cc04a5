// The speed of `aispm scan` against ripgrep on the same tree, in the same run: a generated tree of
// source files (50,000 by default: Python, TypeScript, JSON, YAML, Markdown, a few with AI imports,
// URLs and secrets made for the run), scanned by the real CLI (`aispm scan DIR --output FILE`, every
// detector, the code analyser when installed) and searched by ripgrep for the secret detectors'
// anchors (`rg -uuu -l -F`, both cores). Rounds alternate, so both meet the same machine load;
// the median of each is reported as files per second, with the scan's resident memory (the
// child's maximum RSS). Target: the scan at 0.5 or more of ripgrep's files per second.
//
//   node bench/scan-speed.ts [--files 50000] [--rounds 3] [--no-write]     (npm run bench -- --cases scan-speed)

import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { synthetic } from '../test/helpers/scan-trees.ts';
import { writeSection } from './sections.ts';

const TARGET = 0.5;
const ANCHORS = [
  'AKIA',
  'T3BlbkFJ',
  'sk-ant-',
  'ghp_',
  'github_pat_',
  'glpat-',
  'xoxb-',
  'hf_',
  'gsk_',
  'npm_',
  'sk_live_',
  'PRIVATE KEY',
  'SECRET_ACCESS',
  '://',
];

/** A tree of `n` source files in directories of 100, deterministic but for the secrets. */
export function generateTree(root: string, n: number): { files: number; bytes: number } {
  let bytes = 0;
  const body = (i: number) => {
    const lines: string[] = [];
    for (let l = 0; l < 40; l++) lines.push(`    value_${i}_${l} = compute_${l % 7}(items[${l}], "label ${i}-${l}")  # step ${l}`);
    return lines.join('\n');
  };
  for (let i = 0; i < n; i++) {
    const dir = join(root, `pkg${Math.floor(i / 1000)}`, `mod${Math.floor(i / 100) % 10}`);
    if (i % 100 === 0) mkdirSync(dir, { recursive: true });
    const kind = i % 20;
    let name: string;
    let text: string;
    if (kind < 8) {
      name = `m${i}.py`;
      const head =
        i % 50 === 0
          ? 'from langchain_openai import ChatOpenAI\n'
          : i % 37 === 0
            ? 'import requests  # https://api.example.com\n'
            : 'import os\n';
      text = `${head}\n\ndef handler_${i}(items):\n${body(i)}\n    return value_${i}_0\n`;
    } else if (kind < 14) {
      name = `m${i}.ts`;
      const head = i % 50 === 1 ? "import { Agent } from '@openai/agents';\n" : "import { readFile } from 'node:fs/promises';\n";
      text = `${head}\nexport function handler${i}(items: string[]): number {\n${body(i).replaceAll('#', '//')}\n  return 0;\n}\n`;
    } else if (kind < 16) {
      name = `c${i}.json`;
      text = `${JSON.stringify({ name: `service-${i}`, version: '1.0.0', settings: { retries: 3, timeout: 30, tags: ['a', 'b', 'c'] } }, null, 2)}\n`;
    } else if (kind < 18) {
      name = `r${i}.md`;
      text = `# Module ${i}\n\n${'This module computes values for the pipeline and reports them. '.repeat(20)}\n`;
    } else {
      name = `w${i}.yaml`;
      text = `name: job-${i}\nsteps:\n${Array.from({ length: 20 }, (_, s) => `  - run: step-${s} --flag ${i}`).join('\n')}\n`;
    }
    // One file in a thousand holds a secret.
    if (i % 1000 === 999) text += `\nTOKEN = "${synthetic.github()}"\n`;
    writeFileSync(join(dir, name), text);
    bytes += text.length;
  }
  return { files: n, bytes };
}

function ripgrep(root: string): number | null {
  const t = performance.now();
  const r = spawnSync('rg', ['-uuu', '-l', '-F', '--no-messages', ...ANCHORS.flatMap((a) => ['-e', a]), root], {
    stdio: ['ignore', 'ignore', 'ignore'],
  });
  if (r.error) return null;
  return performance.now() - t;
}

/** The scan as the CLI runs it, in a child process reporting its time and maximum resident memory. */
function scan(root: string, out: string): Promise<{ ms: number; maxRssMb: number; files: number }> {
  const script = `
    const t = performance.now();
    process.argv = [process.argv[0], 'aispm', 'scan', ${JSON.stringify(root)}, '--output', ${JSON.stringify(out)}];
    process.on('exit', () => process.stderr.write('\\n@@' + JSON.stringify({ ms: performance.now() - t, maxRssMb: process.resourceUsage().maxRSS / 1024 }) + '\\n'));
    await import(${JSON.stringify(new URL('../src/cli.ts', import.meta.url).href)});
  `;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
      env: { ...process.env, CI: 'true', AISPM_SCAN_KEY: 'bench-key-0123456789abcdef' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      const m = /@@(.+)/.exec(err);
      if (code !== 0 || !m) return reject(new Error(`scan failed (${code}): ${err.slice(-500)}`));
      const scanLine = readFileSync(out, 'utf8').trim().split('\n').at(-1)!;
      resolve({ ...JSON.parse(m[1]!), files: JSON.parse(scanLine).attributes.files_read });
    });
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

export async function scanSpeed(options: { files: number; rounds: number; write: boolean }): Promise<string> {
  const root = join(tmpdir(), `aispm-scan-bench-${process.pid}`);
  rmSync(root, { recursive: true, force: true });
  mkdirSync(root, { recursive: true });
  const out = join(tmpdir(), `aispm-scan-bench-${process.pid}.ndjson`);
  try {
    const t = performance.now();
    const tree = generateTree(root, options.files);
    process.stderr.write(
      `scan-speed: ${tree.files} files (${(tree.bytes / 1e6).toFixed(1)} MB) written in ${((performance.now() - t) / 1000).toFixed(1)} s\n`,
    );
    // Warm the page cache for both: the first reader of a fresh tree would pay for the other.
    ripgrep(root);
    const rg: number[] = [];
    const sc: { ms: number; maxRssMb: number; files: number }[] = [];
    for (let r = 0; r < options.rounds; r++) {
      const ms = ripgrep(root);
      if (ms !== null) rg.push(ms);
      sc.push(await scan(root, out));
      process.stderr.write(
        `scan-speed: round ${r + 1}: ripgrep ${ms === null ? 'absent' : `${ms.toFixed(0)} ms`}, scan ${sc.at(-1)!.ms.toFixed(0)} ms\n`,
      );
    }
    const scanFps = tree.files / (median(sc.map((s) => s.ms)) / 1000);
    const rss = Math.max(...sc.map((s) => s.maxRssMb));
    // Both readers share the machine with whatever else runs: the load says how much of it they had.
    const load = loadavg()[0]!.toFixed(1);
    const lines = [
      `<!-- bench:scan:start -->`,
      `## aispm scan: static discovery against ripgrep`,
      '',
      `Measured by \`node bench/scan-speed.ts\` (\`npm run bench -- --cases scan-speed\`) on ${new Date().toISOString().slice(0, 10)}: ${cpus().length} cores, Node ${process.versions.node}. ` +
        `A generated tree of ${tree.files.toLocaleString('en')} source files (${(tree.bytes / 1e6).toFixed(1)} MB: Python, TypeScript, JSON, YAML, Markdown; a file in a thousand with a secret), ` +
        `${options.rounds} alternating rounds, medians; load average ${load} at the end of the run.`,
      '',
      '| reader | files/s | of ripgrep | max resident memory |',
      '|---|---|---|---|',
    ];
    if (rg.length) {
      const rgFps = tree.files / (median(rg) / 1000);
      const ratio = scanFps / rgFps;
      lines.push(
        `| ripgrep ${rgVersion()} (\`rg -uuu -l -F\`, ${ANCHORS.length} anchors, every core) | ${Math.round(rgFps).toLocaleString('en')} | 1.00 (the ceiling) | |`,
      );
      lines.push(
        `| \`aispm scan\` (every detector${sc[0]!.files === tree.files ? ', every file read' : `, ${sc[0]!.files} files read`}) | ${Math.round(scanFps).toLocaleString('en')} | **${ratio.toFixed(2)}** (target ${TARGET}: ${ratio >= TARGET ? 'met' : 'NOT MET'}) | ${rss.toFixed(0)} MB |`,
      );
    } else {
      lines.push(`| ripgrep | absent: install Debian's \`ripgrep\` (\`apt-get install ripgrep\`) for the ceiling | | |`);
      lines.push(`| \`aispm scan\` | ${Math.round(scanFps).toLocaleString('en')} | not measured | ${rss.toFixed(0)} MB |`);
    }
    lines.push('<!-- bench:scan:end -->');
    const section = lines.join('\n');
    if (options.write) writeSection('scan', section);
    return section;
  } finally {
    rmSync(root, { recursive: true, force: true });
    rmSync(out, { force: true });
  }
}

function rgVersion(): string {
  const r = spawnSync('rg', ['--version'], { encoding: 'utf8' });
  return /ripgrep (\S+)/.exec(r.stdout ?? '')?.[1] ?? '';
}

if (import.meta.main) {
  const { values } = parseArgs({
    options: {
      files: { type: 'string', default: '50000' },
      rounds: { type: 'string', default: '3' },
      'no-write': { type: 'boolean', default: false },
    },
  });
  if (spawnSync('rg', ['--version']).error)
    process.stderr.write("scan-speed: ripgrep is absent (Debian's `ripgrep` package): the scan is measured without its ceiling\n");
  process.stdout.write(`${await scanSpeed({ files: Number(values.files), rounds: Number(values.rounds), write: !values['no-write'] })}\n`);
}
