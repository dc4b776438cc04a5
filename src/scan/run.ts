// Scanning: a directory becomes one scan unit per repository found in it (the directory itself, and
// every repository below it, each walked once), and `--host` one more for the home directory's
// client configurations. Each unit's facts come from three detectors: the MCP client
// configurations at the repository's root (mcp/), the secret and key-material detectors on every
// file the walker reads (secrets/), and the code analysers on the files they want (analyzer.ts).
// Nothing found is executed, imported or started.

import { readFileSync, statSync } from 'node:fs';
import { basename, relative, resolve } from 'node:path';
import type { AnalyzerFactory, CodeAnalyzer } from './analyzer.ts';
import { emptyFacts, type Facts, type McpServerFact, type SecretFact, type Skip } from './facts.ts';
import { readHostConfigs, readRepositoryConfigs } from './mcp/detect.ts';
import { maskArg, safeUrl } from './mcp/servers.ts';
import { ciInfo } from './repo/ci.ts';
import { gitInfo } from './repo/git.ts';
import { hostAssetId, repositoryAssetId } from './records/ids.ts';
import type { SecretDetector } from './secrets/detect.ts';
import { type Fingerprinter, previewOf } from './secrets/fingerprint.ts';
import type { ScanUnit } from './unit.ts';
import { ReadWorker, readAll, type Want } from './walk/read-files.ts';
import { listFiles, type WalkLimits } from './walk/walker.ts';

export interface ScanOptions {
  limits: WalkLimits;
  analyzers: AnalyzerFactory[];
  env: NodeJS.ProcessEnv;
  hostname: string;
  secrets: SecretDetector;
  fingerprint: Fingerprinter;
  /** The fingerprint key, for a reading worker on a large tree (without it, one thread reads). */
  key?: Buffer;
  now?: () => number;
  /** Called now and then while a tree is walked. */
  onProgress?: (p: { files: number; skipped: number }) => void;
}

/** Every unit of a directory: the directory, then each repository below it. */
export async function scanDirectory(root: string, options: ScanOptions): Promise<ScanUnit[]> {
  const units: ScanUnit[] = [];
  const queue = [resolve(root)];
  let reader: ReadWorker | undefined;
  const worker = () => {
    if (!reader && options.key) reader = new ReadWorker(options.limits, options.key);
    return reader;
  };
  try {
    while (queue.length) {
      const dir = queue.shift()!;
      const { unit, nested } = await scanOne(dir, options, worker);
      units.push(unit);
      queue.push(...nested);
    }
  } finally {
    await reader?.close();
  }
  return units;
}

async function scanOne(
  root: string,
  options: ScanOptions,
  worker: () => ReadWorker | undefined,
): Promise<{ unit: ScanUnit; nested: string[] }> {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const git = gitInfo(root);
  const ci = ciInfo(options.env);
  // In a pipeline the checkout is the pipeline's repository: its variables fill what a shallow
  // clone's .git lacks.
  const inPipeline =
    ci.cicdType !== null &&
    git !== undefined &&
    resolve(git.top) === resolve(options.env.GITHUB_WORKSPACE ?? options.env.CI_PROJECT_DIR ?? git.top);
  const repository = git?.remote ?? (inPipeline ? ci.repository : null);
  const branch = git?.branch ?? (inPipeline ? ci.branch : null);
  const commit = git?.commit ?? (inPipeline ? ci.commit : null);
  const prefix = git ? relative(git.top, root).split('\\').join('/') : '';
  const assetRemote = repository ? (prefix ? `${repository}//${prefix}` : repository) : null;

  const configs = readRepositoryConfigs(root, options.fingerprint);
  const configFiles = new Set(configs.files);
  const facts: Facts = emptyFacts();
  facts.agents.push(...configs.agents);
  facts.mcpServers.push(...configs.mcpServers);
  facts.secrets.push(...configs.secrets);
  facts.skips.push(...configs.skips);

  const analyzers: { factory: AnalyzerFactory; analyzer: CodeAnalyzer }[] = options.analyzers.map((factory) => ({
    factory,
    analyzer: factory.createCodeAnalyzer({ maxFileBytes: options.limits.maxFileBytes }),
  }));
  const found: SecretFact[] = [];
  let lastProgress = 0;
  const listing = listFiles(root, options.limits);
  const result = { files: 0, bytes: 0, skips: listing.skips, nestedRepos: listing.nestedRepos };
  await readAll(listing.files, {
    limits: options.limits,
    detector: options.secrets,
    wants: (path) => {
      // The text when one analyser wants it without a test, else when it passes the one test they name.
      let want: Want = false;
      for (const { factory, analyzer } of analyzers) {
        if (!factory.wantsFile(path)) continue;
        if (!factory.textTest || !analyzer.addUnread) return 'text';
        want = factory.textTest;
      }
      return want;
    },
    worker,
    onChunk: async (chunk) => {
      result.files += chunk.files;
      result.bytes += chunk.bytes;
      result.skips.push(...chunk.skips);
      found.push(...chunk.secrets);
      for (const [path, text] of chunk.texts) {
        for (const { factory, analyzer } of analyzers) if (factory.wantsFile(path)) await analyzer.add({ path, text });
      }
      for (const [path, abs] of chunk.unread) {
        const read = () => readText(abs, options.limits.maxFileBytes);
        for (const { factory, analyzer } of analyzers) if (factory.wantsFile(path)) analyzer.addUnread?.({ path, read });
      }
      if (options.onProgress) {
        const t = now();
        if (t - lastProgress > 200) {
          lastProgress = t;
          options.onProgress({ files: result.files, skipped: result.skips.length });
        }
      }
    },
  });
  for (const { analyzer } of analyzers) merge(facts, await analyzer.finish());
  facts.secrets = dedupeSecrets([...facts.secrets, ...found], facts.mcpServers, configFiles);
  facts.skips.push(...result.skips);
  await maskServerValues(facts.mcpServers, options.secrets);

  const kind = git ? 'repository' : 'directory';
  const unit: ScanUnit = {
    kind,
    root,
    assetId: repositoryAssetId(assetRemote, options.hostname, root),
    name: repository ? (prefix ? `${repository}/${prefix}` : repository) : basename(root),
    hostname: options.hostname,
    repository,
    branch,
    commit,
    ci,
    pathPrefix: prefix ? `${prefix}/` : '',
    facts,
    files: result.files,
    bytes: result.bytes,
    startedAt,
    finishedAt: now(),
    codeAnalyzed: analyzers.length > 0,
  };
  return { unit, nested: result.nestedRepos };
}

/** The host's client configurations (`--host`): the home directory is not walked, only these files read. */
export async function scanHost(home: string, options: ScanOptions): Promise<ScanUnit> {
  const now = options.now ?? Date.now;
  const startedAt = now();
  const configs = readHostConfigs(home, options.fingerprint);
  const facts: Facts = emptyFacts();
  facts.agents.push(...configs.agents);
  facts.mcpServers.push(...configs.mcpServers);
  facts.skips.push(...configs.skips);
  // The configuration files are also read for secrets of known formats (a token in an argument).
  const found: SecretFact[] = [];
  for (const path of configs.files) {
    const bytes = readSmall(resolve(home, path));
    if (bytes) found.push(...(await options.secrets.detect({ path, bytes, binary: false })));
  }
  facts.secrets = dedupeSecrets([...configs.secrets, ...found], facts.mcpServers, new Set(configs.files));
  await maskServerValues(facts.mcpServers, options.secrets);
  return {
    kind: 'host',
    root: home,
    assetId: hostAssetId(options.hostname),
    name: options.hostname,
    hostname: options.hostname,
    repository: null,
    branch: null,
    commit: null,
    ci: ciInfo(options.env),
    pathPrefix: '',
    facts,
    files: configs.files.length,
    bytes: 0,
    startedAt,
    finishedAt: now(),
    codeAnalyzed: false,
  };
}

/** A file's text read again at the end of a scan, when an analyser is led back to it; undefined when it went. */
function readText(path: string, maxBytes: number): string | undefined {
  try {
    const st = statSync(path);
    return st.isFile() && st.size <= maxBytes ? readFileSync(path, 'utf8') : undefined;
  } catch {
    return undefined;
  }
}

function readSmall(path: string): Buffer | undefined {
  try {
    const st = statSync(path);
    return st.isFile() && st.size <= 4 * 1024 * 1024 ? readFileSync(path) : undefined;
  } catch {
    return undefined;
  }
}

function merge(into: Facts, from: Facts): void {
  into.agents.push(...from.agents);
  into.tools.push(...from.tools);
  into.models.push(...from.models);
  into.mcpServers.push(...from.mcpServers);
  into.packages.push(...from.packages);
  into.skips.push(...(from.skips as Skip[]));
  // Code analysers report no secrets; if one did, they would be read here like the others.
  into.secrets.push(...from.secrets);
}

/**
 * One fact per secret occurrence: the configuration reader and the file detectors both see a
 * credential in an MCP configuration; the one placed in its server is kept. A detector's finding
 * inside a server's lines of a configuration file is placed in that server.
 */
function dedupeSecrets(secrets: SecretFact[], servers: McpServerFact[], configFiles: ReadonlySet<string>): SecretFact[] {
  const inServer = (s: SecretFact) =>
    servers.find(
      (m) =>
        m.definedIn === 'config' &&
        configFiles.has(s.span.path) &&
        m.span.path === s.span.path &&
        m.span.startLine <= s.span.startLine &&
        s.span.endLine <= m.span.endLine,
    );
  const out = new Map<string, SecretFact>();
  for (const s of secrets) {
    const server = s.inMcpServer ? undefined : s.kind === 'secret' ? inServer(s) : undefined;
    const fact = server ? { ...s, inMcpServer: server.ref } : s;
    const key = `${fact.kind}:${fact.fingerprint}:${fact.span.path}:${fact.span.startLine}`;
    const prev = out.get(key);
    // A detector's rule names the kind of secret better than the configuration reader's guess.
    if (!prev || (prev.rule === 'aispm-mcp-config-credential' && fact.rule !== 'aispm-mcp-config-credential'))
      out.set(key, { ...fact, ...(prev?.inMcpServer && !fact.inMcpServer ? { inMcpServer: prev.inMcpServer } : {}) });
  }
  // The same value may be matched at a different column by the two readers: keep one per server and fingerprint.
  const seen = new Set<string>();
  return [...out.values()].filter((s) => {
    if (!s.inMcpServer) return true;
    const k = `${s.inMcpServer}:${s.fingerprint}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/** A secret of a known format in a server's arguments or URL is never stored: the value is replaced by its preview. */
async function maskServerValues(servers: McpServerFact[], secrets: SecretDetector): Promise<void> {
  for (const m of servers) {
    if (m.args) {
      const masked: string[] = [];
      for (let i = 0; i < m.args.length; i++) {
        const a = maskArg(m.args[i]!, m.args[i - 1]);
        masked.push((await secrets.holdsSecret(a)) ? previewOf(a) : a);
      }
      m.args = masked;
    }
    if (m.url && (await secrets.holdsSecret(m.url))) {
      try {
        m.url = `${new URL(m.url).origin}/…`;
      } catch {
        m.url = previewOf(m.url);
      }
    }
    if (m.url) m.url = safeUrl(m.url);
  }
}
