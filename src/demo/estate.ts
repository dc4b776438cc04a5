// A deterministic, realistic AI estate written as NDJSON records (so it goes through the same
// ingest path as real data): agents on real frameworks calling real models, tools and MCP
// servers, the assets and code locations they live in, guardrails, garak probe results, scans,
// findings over the past 12 months and LLM sessions over the past 30 days. The same seed, scale
// and anchor time always give the same records.
//
// Scale 1 is about 600 inventory objects, 1,800 relations, 240 scans, 170 sensor findings (of the
// rules the graph cannot decide; the service's posture rules raise about 270 more from the graph)
// and 6,000 interactions in 600 sessions per full workspace; counts grow linearly with the scale.

import { postureRules, staticRules } from '../catalog/rules/index.ts';

const DAY = 86_400_000;
/** Rules a scanner reports; the shadow-AI ones are decided from runtime telemetry (src/demo/runtime.ts). */
const scannedRules = staticRules.filter((r) => r.category !== 'shadow_ai');

/** mulberry32: small, fast, good enough for test data, and the same on every machine. */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
    sample: <T>(xs: readonly T[], n: number): T[] => {
      if (n * 4 < xs.length) {
        // Few out of many (a benchmark's 50,000 models): pick distinct indices, copy nothing.
        const seen = new Set<number>();
        while (seen.size < n) seen.add(Math.floor(next() * xs.length));
        return [...seen].map((i) => xs[i]!);
      }
      const copy = [...xs];
      const out: T[] = [];
      while (out.length < n && copy.length) out.push(copy.splice(Math.floor(next() * copy.length), 1)[0]!);
      return out;
    },
  };
}
type Rng = ReturnType<typeof rng>;

const frameworks = [
  'langchain',
  'langgraph',
  'crewai',
  'autogen',
  'openai-agents',
  'llamaindex',
  'semantic-kernel',
  'google-adk',
  'bedrock-agents',
];
const languages = ['python', 'python', 'python', 'typescript', 'typescript', 'java', 'go', 'csharp'];
const teams = ['support', 'finance', 'sales', 'security', 'platform', 'legal', 'hr', 'marketing', 'data', 'devops'];
const purposes = [
  'Triage',
  'Assistant',
  'Reconciler',
  'Researcher',
  'Copilot',
  'Summariser',
  'Reviewer',
  'Planner',
  'Router',
  'Analyst',
  'Responder',
  'Auditor',
];
const environments = ['production', 'production', 'staging', 'development'];
const permissionsPool = [
  'crm:read',
  'crm:write',
  'email:send',
  'filesystem:read',
  'filesystem:write',
  'db:read',
  'db:write',
  'payments:create',
  'tickets:write',
  'cloud:admin',
  'repo:write',
];
const dataSources = ['confluence', 'sharepoint', 'zendesk', 'salesforce', 'snowflake', 'postgres', 's3', 'google-drive', 'jira', 'github'];

const modelCatalog: Array<{ name: string; provider: string; family: string; pinned: boolean; type: string; window: number }> = [
  { name: 'gpt-4o-2024-08-06', provider: 'openai', family: 'gpt-4o', pinned: true, type: 'chat', window: 128000 },
  { name: 'gpt-4o', provider: 'openai', family: 'gpt-4o', pinned: false, type: 'chat', window: 128000 },
  { name: 'gpt-4o-mini', provider: 'openai', family: 'gpt-4o', pinned: false, type: 'chat', window: 128000 },
  { name: 'gpt-4.1-2025-04-14', provider: 'openai', family: 'gpt-4.1', pinned: true, type: 'chat', window: 1047576 },
  { name: 'o4-mini', provider: 'openai', family: 'o-series', pinned: false, type: 'chat', window: 200000 },
  { name: 'text-embedding-3-small', provider: 'openai', family: 'embedding-3', pinned: false, type: 'embedding', window: 8191 },
  { name: 'claude-sonnet-4-20250514', provider: 'anthropic', family: 'claude', pinned: true, type: 'chat', window: 200000 },
  { name: 'claude-3-5-haiku-latest', provider: 'anthropic', family: 'claude', pinned: false, type: 'chat', window: 200000 },
  { name: 'claude-opus-4-1-20250805', provider: 'anthropic', family: 'claude', pinned: true, type: 'chat', window: 200000 },
  { name: 'gemini-2.5-pro', provider: 'google', family: 'gemini', pinned: false, type: 'chat', window: 1048576 },
  { name: 'gemini-2.5-flash', provider: 'google', family: 'gemini', pinned: false, type: 'chat', window: 1048576 },
  { name: 'llama-3.1-70b-instruct', provider: 'meta', family: 'llama', pinned: true, type: 'chat', window: 131072 },
  { name: 'mistral-large-2411', provider: 'mistral', family: 'mistral', pinned: true, type: 'chat', window: 131072 },
  { name: 'command-r-plus', provider: 'cohere', family: 'command', pinned: false, type: 'chat', window: 128000 },
];
const hostings = ['api', 'api', 'api', 'managed-cloud', 'self-hosted'];
/** Providers whose weights are not published: served by their API or a cloud's managed service, never self-hosted. */
const closedWeights = new Set(['openai', 'anthropic', 'google', 'cohere']);

/** How a model is served, from the draw of `hostings`: a closed-weights model drawn self-hosted runs in a managed cloud instead. */
export function demoHosting(provider: string, drawn: string): string {
  return drawn === 'self-hosted' && closedWeights.has(provider) ? 'managed-cloud' : drawn;
}

/**
 * The models of a workspace: the catalogue's, then, past its length, fine-tunes of them, each
 * named apart (`gpt-4o-mini-ft-acme-1`), so no two models of a provider share a name. A fine-tune
 * keeps its base's price (prices match by name prefix) and attributes.
 */
export function demoModelName(index: number): string {
  const base = modelCatalog[index % modelCatalog.length]!.name;
  const round = Math.floor(index / modelCatalog.length);
  return round === 0 ? base : `${base}-ft-acme-${round}`;
}

const toolCatalog: Array<{ name: string; caps: string[]; destructive: boolean }> = [
  { name: 'run_shell_command', caps: ['shell'], destructive: true },
  { name: 'execute_python', caps: ['code_execution'], destructive: true },
  { name: 'read_file', caps: ['filesystem'], destructive: false },
  { name: 'write_file', caps: ['filesystem'], destructive: true },
  { name: 'search_web', caps: ['network'], destructive: false },
  { name: 'fetch_url', caps: ['network'], destructive: false },
  { name: 'query_database', caps: ['database'], destructive: false },
  { name: 'update_record', caps: ['database'], destructive: true },
  { name: 'send_email', caps: ['email'], destructive: true },
  { name: 'create_ticket', caps: ['tickets'], destructive: false },
  { name: 'lookup_customer', caps: ['crm'], destructive: false },
  { name: 'issue_refund', caps: ['payment'], destructive: true },
  { name: 'search_documents', caps: ['retrieval'], destructive: false },
  { name: 'delete_resource', caps: ['cloud'], destructive: true },
  { name: 'create_pull_request', caps: ['vcs'], destructive: false },
  { name: 'get_weather', caps: ['network'], destructive: false },
];

const mcpCatalog: Array<{ name: string; pkg: string; publisher: string; transport: string }> = [
  { name: 'filesystem', pkg: '@modelcontextprotocol/server-filesystem', publisher: 'modelcontextprotocol', transport: 'stdio' },
  { name: 'github', pkg: 'github-mcp-server', publisher: 'github', transport: 'streamable-http' },
  { name: 'postgres', pkg: '@modelcontextprotocol/server-postgres', publisher: 'modelcontextprotocol', transport: 'stdio' },
  { name: 'slack', pkg: '@modelcontextprotocol/server-slack', publisher: 'modelcontextprotocol', transport: 'stdio' },
  { name: 'playwright', pkg: '@playwright/mcp', publisher: 'microsoft', transport: 'stdio' },
  { name: 'jira', pkg: 'mcp-atlassian', publisher: 'community', transport: 'sse' },
  { name: 'shell', pkg: 'mcp-shell-server', publisher: 'community', transport: 'stdio' },
  { name: 'stripe', pkg: '@stripe/mcp', publisher: 'stripe', transport: 'streamable-http' },
  { name: 'sentry', pkg: '@sentry/mcp-server', publisher: 'sentry', transport: 'streamable-http' },
  { name: 'notion', pkg: '@notionhq/notion-mcp-server', publisher: 'notion', transport: 'stdio' },
];
const authModes = ['none', 'api_key', 'oauth', 'oauth', 'mtls'];

const guardrailCatalog: Array<{ name: string; provider: string; categories: string[] }> = [
  { name: 'Prompt injection shield', provider: 'llm-guard', categories: ['prompt_injection', 'jailbreak'] },
  { name: 'PII redactor', provider: 'presidio', categories: ['pii'] },
  { name: 'Content safety', provider: 'azure-content-safety', categories: ['toxicity', 'violence', 'self_harm'] },
  { name: 'Bedrock guardrail', provider: 'bedrock-guardrails', categories: ['prompt_injection', 'pii', 'toxicity'] },
  { name: 'NeMo rails', provider: 'nemo-guardrails', categories: ['off_topic', 'jailbreak'] },
  { name: 'Secrets scanner', provider: 'lakera', categories: ['secrets', 'pii'] },
];
const assetTypes = ['container', 'container', 'k8s_workload', 'vm', 'host', 'cloud_function', 'repository'];
const clouds = ['aws', 'azure', 'gcp'];
const regions: Record<string, string[]> = {
  aws: ['us-east-1', 'eu-west-1'],
  azure: ['westeurope', 'eastus'],
  gcp: ['us-central1', 'europe-west4'],
};
const oses = ['ubuntu-22.04', 'debian-12', 'amazon-linux-2023', 'alpine-3.20', 'windows-server-2022'];
const repos = [
  'acme/support-agents',
  'acme/finance-bots',
  'acme/platform-ai',
  'acme/sales-copilot',
  'acme/security-automation',
  'acme/data-assistants',
];
const garakProbes = [
  'promptinject.HijackHateHumans',
  'dan.Dan_11_0',
  'encoding.InjectBase64',
  'leakreplay.LiteratureCloze',
  'xss.MarkdownImageExfil',
  'malwaregen.Evasion',
];
const categories = ['prompt_injection', 'pii', 'jailbreak', 'toxicity', 'secrets', 'off_topic'];
const sensorTypes = [
  'SENSOR_TYPE_STATIC_CODE_SCAN',
  'SENSOR_TYPE_RUNTIME_SDK',
  'SENSOR_TYPE_GARAK_PROBE',
  'SENSOR_TYPE_CONTAINER_IMAGE_SCAN',
];
const cicdTypes = ['CICD_TYPE_GITHUB_ACTION', 'CICD_TYPE_GITLAB_CI'];

export interface DemoOptions {
  scale: number;
  seed: number;
  /** Anchor time: findings fall in the 12 months and interactions in the 30 days before it. */
  now: number;
  workspace: string;
  /** Share of the full estate this workspace gets (staging is smaller). */
  share?: number;
  /** Multipliers on top of the scale, for benchmark datasets shaped differently from the demo. */
  mix?: { models?: number; sessions?: number; findings?: number; modelsPerAgent?: [number, number] };
}

const iso = (ms: number) => new Date(ms).toISOString();
const pad = (n: number) => String(n).padStart(5, '0');

/** A scan of the demo estate, planned before the findings that name it. */
interface DemoScan {
  id: string;
  sensor: string;
  cicd: string | null;
  repo: string;
  started: number;
  finished: number | null;
  status: 'running' | 'succeeded' | 'failed';
  assets: string[];
  commit: string;
  findings: number;
}

/** The scan that started last at or before `t`, in a list ordered by start. */
function latestBefore(scans: DemoScan[], t: number): DemoScan | undefined {
  let lo = 0;
  let hi = scans.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (scans[mid]!.started <= t) lo = mid + 1;
    else hi = mid;
  }
  return lo > 0 ? scans[lo - 1] : undefined;
}

function scanRecord(s: DemoScan, aiObjects: number): Record<string, unknown> {
  const inPipeline = s.cicd !== null;
  const host = s.cicd === 'CICD_TYPE_GITLAB_CI' ? 'gitlab.com' : 'github.com';
  return {
    type: 'scan',
    id: s.id,
    sensor_type: s.sensor,
    cicd_type: s.cicd,
    ...(inPipeline ? { repository: `https://${host}/${s.repo}`, branch: 'main', commit: s.commit } : {}),
    started_at: iso(s.started),
    finished_at: s.finished === null ? null : iso(s.finished),
    status: s.status,
    asset_ids: s.assets,
    ai_objects: aiObjects,
    findings: s.findings,
    attributes: inPipeline
      ? { pipeline: s.cicd === 'CICD_TYPE_GITLAB_CI' ? '.gitlab-ci.yml' : '.github/workflows/aispm.yml' }
      : { sdk: 'aispm-runtime-sdk' },
  };
}

/** Yields the records of one workspace's estate, as JSON objects, in dependency order. */
export function* demoRecords(opts: DemoOptions): Generator<Record<string, unknown>> {
  const r: Rng = rng(opts.seed * 7919 + opts.workspace.length * 104729 + [...opts.workspace].reduce((a, c) => a + c.charCodeAt(0), 0));
  const n = (base: number) => Math.max(1, Math.round(base * opts.scale * (opts.share ?? 1)));
  const now = opts.now;
  const yearAgo = now - 365 * DAY;
  // Agents are built on models, tools, MCP servers and guardrails that mostly existed before them:
  // the rest of the estate is first seen mostly early in the year, agents across it. (A
  // finding the service raises from the graph is dated by the latest first_seen of the objects
  // that make its condition hold, so this spreads the posture findings over the year.)
  const seen = (kind: string) => {
    const first = yearAgo + Math.floor((kind === 'agent' ? r.next() * 330 : r.next() ** 2 * 300) * DAY);
    const last = Math.min(now - r.int(0, 72) * 3_600_000, first + Math.floor(r.next() * 400 * DAY));
    return { first_seen: iso(first), last_seen: iso(Math.max(first, last)) };
  };
  const firstSeen = new Map<string, string>();
  const entity = (kind: string, id: string, name: string, attributes: Record<string, unknown>) => {
    const times = seen(kind);
    firstSeen.set(`${kind}:${id}`, times.first_seen);
    return { type: 'entity', kind, id, name, ...times, attributes };
  };
  // A relation is first seen with the later of the two objects it joins.
  const rel = (from_kind: string, from_id: string, relation: string, to_kind: string, to_id: string) => {
    const ends = [firstSeen.get(`${from_kind}:${from_id}`), firstSeen.get(`${to_kind}:${to_id}`)].filter((t) => t !== undefined);
    return {
      type: 'relation',
      from_kind,
      from_id,
      relation,
      to_kind,
      to_id,
      // ISO times of the same form compare as strings.
      ...(ends.length ? { first_seen: ends.sort().at(-1) } : {}),
    };
  };
  // Where each AI object runs, for the scans that find them there.
  const hostOf = new Map<string, string>();
  const runsOn = (kind: string, id: string, asset: string) => {
    hostOf.set(`${kind}:${id}`, asset);
    return rel(kind, id, 'runs_on', 'asset', asset);
  };

  // --- assets and locations -------------------------------------------------------------------
  const assets = Array.from({ length: n(60) }, (_, i) => `asset-${pad(i + 1)}`);
  for (const id of assets) {
    const type = r.pick(assetTypes);
    const cloud = r.pick(clouds);
    yield entity('asset', id, `${r.pick(teams)}-${type.replace('_', '-')}-${id.slice(-4)}`, {
      type,
      hostname: `${id}.${cloud}.acme.internal`,
      ip: `10.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`,
      os: r.pick(oses),
      cloud_provider: cloud,
      region: r.pick(regions[cloud]!),
      environment: r.pick(environments),
      criticality: r.int(1, 5),
    });
  }
  const locations = Array.from({ length: n(120) }, (_, i) => `loc-${pad(i + 1)}`);
  const ext = { python: 'py', typescript: 'ts', java: 'java', go: 'go', csharp: 'cs' };
  for (const id of locations) {
    const repo = r.pick(repos);
    const lang = r.pick(languages) as keyof typeof ext;
    const path = `src/${r.pick(teams)}/${r.pick(['agents', 'tools', 'config', 'llm', 'mcp'])}/${r.pick(purposes).toLowerCase()}_${id.slice(-3)}.${ext[lang]}`;
    const start = r.int(1, 400);
    const commit = Array.from({ length: 40 }, () => '0123456789abcdef'[r.int(0, 15)]).join('');
    yield entity('location', id, path, {
      type: 'code',
      repository: `https://github.com/${repo}`,
      path,
      start_line: start,
      end_line: start + r.int(5, 120),
      branch: 'main',
      commit,
      url: `https://github.com/${repo}/blob/${commit}/${path}#L${start}`,
    });
  }
  const leaf = (kind: string, count: number, make: (i: number) => [string, Record<string, unknown>]) => {
    const ids: string[] = [];
    const out: Record<string, unknown>[] = [];
    for (let i = 0; i < n(count); i++) {
      const id = `${kind.replace('_', '-')}-${pad(i + 1)}`;
      const [name, attrs] = make(i);
      ids.push(id);
      out.push(entity(kind, id, name, attrs));
    }
    return { ids, out };
  };
  const certs = leaf('cert', 30, (i) => [
    `CN=svc-${i}.acme.com`,
    {
      subject: `CN=svc-${i}.acme.com`,
      issuer: r.pick(["CN=Let's Encrypt R11", 'CN=Acme Internal CA', 'CN=DigiCert G2']),
      not_after: iso(now + r.int(-30, 700) * DAY),
      key_algorithm: r.pick(['RSA-2048', 'RSA-4096', 'ECDSA-P256']),
      self_signed: r.chance(0.1),
    },
  ]);
  const keys = leaf('key', 20, (i) => [
    `key-${i}`,
    {
      algorithm: r.pick(['RSA', 'ECDSA', 'AES']),
      key_size: r.pick([256, 2048, 4096]),
      key_type: r.pick(['private', 'public', 'symmetric']),
    },
  ]);
  const secrets = leaf('secret', 20, (i) => [
    `${r.pick(['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'DB_PASSWORD', 'SLACK_TOKEN', 'AWS_SECRET_ACCESS_KEY'])}#${i}`,
    {
      secret_type: r.pick(['api_key', 'password', 'token']),
      provider: r.pick(['openai', 'anthropic', 'aws', 'slack', 'postgres']),
      verified: r.chance(0.4),
    },
  ]);
  const qsecrets = leaf('qualys_secret', 15, (i) => [
    `detection-${i}`,
    {
      detection_id: `QDS-${100000 + i}`,
      secret_type: r.pick(['api_key', 'private_key', 'password']),
      severity: r.pick(['critical', 'high', 'medium']),
    },
  ]);
  const tls = leaf('tls_config', 20, () => [
    `tls:${r.pick([443, 8443, 6443])}`,
    {
      port: r.pick([443, 8443, 6443]),
      protocol: r.pick(['TLSv1.3', 'TLSv1.2', 'TLSv1.1']),
      cipher_suites: ['TLS_AES_128_GCM_SHA256'],
      grade: r.pick(['A', 'A', 'B', 'C', 'F']),
    },
  ]);
  const ops = leaf('operation', 15, () => [
    `${r.pick(['encrypt', 'sign', 'hash'])} ${r.pick(['AES-256-GCM', 'SHA-1', 'RSA-PSS', 'MD5'])}`,
    {
      operation: r.pick(['encrypt', 'sign', 'hash']),
      algorithm: r.pick(['AES-256-GCM', 'SHA-1', 'RSA-PSS', 'MD5']),
      library: r.pick(['openssl', 'boringssl', 'cryptography']),
    },
  ]);
  const csessions = leaf('crypto_session', 20, () => [
    `${r.pick(['TLS 1.3', 'TLS 1.2', 'SSH'])} session`,
    {
      protocol: r.pick(['TLS 1.3', 'TLS 1.2', 'SSH']),
      cipher: r.pick(['TLS_AES_256_GCM_SHA384', 'ECDHE-RSA-AES128-GCM-SHA256', 'chacha20-poly1305']),
      peer: `10.0.${r.int(0, 255)}.${r.int(1, 254)}`,
    },
  ]);
  for (const l of [certs, keys, secrets, qsecrets, tls, ops, csessions]) yield* l.out;
  const assetLeaves: Array<[string, string[]]> = [
    ['cert', certs.ids],
    ['key', keys.ids],
    ['secret', secrets.ids],
    ['qualys_secret', qsecrets.ids],
    ['tls_config', tls.ids],
    ['operation', ops.ids],
    ['crypto_session', csessions.ids],
  ];
  for (const [kind, ids] of assetLeaves) for (const id of ids) yield rel('asset', r.pick(assets), 'contains', kind, id);
  for (const id of [...certs.ids.slice(0, n(10)), ...secrets.ids.slice(0, n(10))]) {
    yield rel('location', r.pick(locations), 'contains', id.startsWith('cert') ? 'cert' : 'secret', id);
  }
  for (const id of qsecrets.ids.slice(0, n(5))) yield rel('location', r.pick(locations), 'contains', 'qualys_secret', id);
  for (let i = 0; i < n(30); i++) {
    const [a, b] = r.sample(assets, 2);
    if (a && b) yield rel('asset', a, 'connects_to', 'asset', b);
  }

  // --- models, guardrails, tools, MCP servers ---------------------------------------------------
  const models = Array.from({ length: n(24 * (opts.mix?.models ?? 1)) }, (_, i) => ({
    id: `model-${pad(i + 1)}`,
    spec: modelCatalog[i % modelCatalog.length]!,
    name: demoModelName(i),
  }));
  // Every model gets its own garak results only in the demo's proportions; a benchmark's extra
  // models are plain deployments of the same catalogue.
  const probed = n(24);
  for (const [index, m] of models.entries()) {
    yield entity('model', m.id, m.name, {
      provider: m.spec.provider,
      model_family: m.spec.family,
      version: m.spec.pinned ? (/(\d{4}-?\d{2}-?\d{2}|\d{4}|70b)(-instruct)?$/.exec(m.spec.name)?.[1] ?? m.spec.name) : 'latest',
      pinned: m.spec.pinned,
      type: m.spec.type,
      hosting: demoHosting(m.spec.provider, r.pick(hostings)),
      license: m.spec.provider === 'meta' ? 'llama3.1' : 'proprietary',
      context_window: m.spec.window,
    });
    yield runsOn('model', m.id, r.pick(assets));
    yield rel('model', m.id, 'defined_in', 'location', r.pick(locations));
    if (index >= probed) continue;
    for (const probe of r.sample(garakProbes, 3)) {
      const gid = `garak-${m.id.slice(-5)}-${probe.split('.')[0]}`;
      const passRate = Math.round(r.next() * 1000) / 1000;
      yield entity('garak_info', gid, probe, {
        probe,
        detector: r.pick(['mitigation.MitigationBypass', 'always.Fail', 'promptinject.AttackRogueString']),
        status: passRate < 0.8 ? 'failed' : 'passed',
        pass_rate: passRate,
        attempts: r.int(50, 500),
        run_at: iso(now - r.int(1, 90) * DAY),
      });
      yield rel('model', m.id, 'probe_result', 'garak_info', gid);
    }
  }
  const guardrails = Array.from({ length: n(12) }, (_, i) => ({
    id: `guardrail-${pad(i + 1)}`,
    spec: guardrailCatalog[i % guardrailCatalog.length]!,
  }));
  for (const g of guardrails) {
    yield entity('guardrail', g.id, g.spec.name, {
      provider: g.spec.provider,
      policy: `${g.spec.name} policy`,
      categories: g.spec.categories,
      mode: r.pick(['block', 'redact', 'alert']),
    });
  }
  const tools = Array.from({ length: n(80) }, (_, i) => ({ id: `tool-${pad(i + 1)}`, spec: toolCatalog[i % toolCatalog.length]! }));
  for (const t of tools) {
    yield entity('tool', t.id, t.spec.name, {
      description: `${t.spec.name.replaceAll('_', ' ')} on behalf of the agent`,
      type: r.pick(['function', 'function', 'api', 'mcp']),
      capabilities: t.spec.caps,
      destructive: t.spec.destructive,
      requires_approval: t.spec.destructive && r.chance(0.4),
      input_validation: r.chance(0.6),
      language: r.pick(languages),
    });
    yield rel('tool', t.id, 'defined_in', 'location', r.pick(locations));
  }
  const mcps = Array.from({ length: n(16) }, (_, i) => ({ id: `mcp-${pad(i + 1)}`, spec: mcpCatalog[i % mcpCatalog.length]! }));
  for (const m of mcps) {
    const remote = m.spec.transport !== 'stdio';
    yield entity('mcp_server', m.id, `${m.spec.name}-mcp`, {
      transport: m.spec.transport,
      url: remote ? `https://mcp.acme.internal/${m.spec.name}` : null,
      package: m.spec.pkg,
      version: `${r.int(0, 2)}.${r.int(0, 12)}.${r.int(0, 9)}`,
      publisher: m.spec.publisher,
      authentication: remote ? r.pick(authModes) : 'none',
    });
    yield runsOn('mcp_server', m.id, r.pick(assets));
    yield rel('mcp_server', m.id, 'defined_in', 'location', r.pick(locations));
    for (const t of r.sample(tools, r.int(2, 7))) yield rel('mcp_server', m.id, 'exposes_tool', 'tool', t.id);
    for (let k = 0; k < r.int(0, 2); k++) {
      const pid = `prompt-${m.id.slice(-5)}-${k}`;
      yield entity('mcp_prompt', pid, `${m.spec.name}_${r.pick(['summarise', 'review', 'plan'])}`, {
        description: `Prompt template of ${m.spec.name}`,
        arguments: ['topic'],
      });
      yield rel('mcp_server', m.id, 'exposes_prompt', 'mcp_prompt', pid);
    }
    for (let k = 0; k < r.int(0, 2); k++) {
      const rid = `resource-${m.id.slice(-5)}-${k}`;
      yield entity('mcp_resource', rid, `${m.spec.name}://resource/${k}`, {
        uri: `${m.spec.name}://resource/${k}`,
        mime_type: r.pick(['text/plain', 'application/json']),
      });
      yield rel('mcp_server', m.id, 'exposes_resource', 'mcp_resource', rid);
    }
  }

  // --- agents -----------------------------------------------------------------------------------
  const agents = Array.from({ length: n(40) }, (_, i) => ({ id: `agent-${pad(i + 1)}`, models: [] as string[], mcps: [] as string[] }));
  for (const a of agents) {
    const team = r.pick(teams);
    yield entity('agent', a.id, `${team[0]!.toUpperCase()}${team.slice(1)} ${r.pick(purposes)} ${a.id.slice(-3)}`, {
      framework: r.pick(frameworks),
      language: r.pick(languages),
      version: `${r.int(0, 3)}.${r.int(0, 20)}.${r.int(0, 9)}`,
      environment: r.pick(environments),
      owner: `${team}-team`,
      repository: `https://github.com/${r.pick(repos)}`,
      context: `k8s:${team}/${a.id}`,
      data_sources: r.sample(dataSources, r.int(0, 3)),
      permissions: r.sample(permissionsPool, r.int(1, 5)),
      human_approval: r.chance(0.35),
    });
    a.models = r.sample(models, r.int(...(opts.mix?.modelsPerAgent ?? [1, 3]))).map((m) => m.id);
    for (const m of a.models) yield rel('agent', a.id, 'uses_model', 'model', m);
    for (const t of r.sample(tools, r.int(1, 6))) yield rel('agent', a.id, 'uses_tool', 'tool', t.id);
    a.mcps = r.sample(mcps, r.int(0, 3)).map((m) => m.id);
    for (const m of a.mcps) yield rel('agent', a.id, 'uses_mcp_server', 'mcp_server', m);
    if (r.chance(0.7)) yield rel('agent', a.id, 'input_guardrail', 'guardrail', r.pick(guardrails).id);
    if (r.chance(0.55)) yield rel('agent', a.id, 'output_guardrail', 'guardrail', r.pick(guardrails).id);
    yield runsOn('agent', a.id, r.pick(assets));
    yield rel('agent', a.id, 'defined_in', 'location', r.pick(locations));
  }
  for (const a of agents) {
    if (r.chance(0.3)) {
      const sub = r.pick(agents);
      if (sub.id !== a.id) yield rel('agent', a.id, 'delegates_to', 'agent', sub.id);
    }
  }

  // --- scans over the past 12 months, and the findings they produced -------------------------------
  // Each repository's pipeline runs on one CI system and deploys its share of the assets; code scans
  // and garak probes run in those pipelines, the runtime SDK reports from the running assets. A
  // scan finds the AI objects running on its assets, and a finding names the latest successful
  // scan of the object's asset that started before the detection (a code scan of the tenant for
  // objects that run nowhere), so the scan's `findings` count is the findings that name it.
  const scanCount = n(240);
  const span = 365 * DAY;
  const scans: DemoScan[] = [];
  for (let i = 0; i < scanCount; i++) {
    const last = i === scanCount - 1;
    // Spread evenly, oldest first; the last one is still running.
    const started = last ? now - r.int(60, 1200) * 1000 : now - span + Math.floor((i + r.next()) * ((span - DAY) / scanCount));
    const sensor = r.pick(sensorTypes);
    const repo = r.int(0, repos.length - 1);
    const deployed = assets.filter((_, k) => k % repos.length === repo);
    const pool = deployed.length ? deployed : assets;
    const cicd = sensor === 'SENSOR_TYPE_RUNTIME_SDK' ? null : cicdTypes[repo % 3 === 2 ? 1 : 0]!;
    const finished = last ? null : started + r.int(30, 1800) * 1000;
    scans.push({
      id: `scan-${pad(i + 1)}`,
      sensor,
      cicd,
      repo: repos[repo]!,
      started,
      finished,
      // About one run in fifteen fails, and always the one before the last, so every workspace shows a failure.
      status: finished === null ? 'running' : r.chance(0.93) && i !== scanCount - 2 ? 'succeeded' : 'failed',
      assets: r.sample(pool, r.int(1, Math.min(4, pool.length))),
      commit: Array.from({ length: 40 }, () => '0123456789abcdef'[r.int(0, 15)]).join(''),
      findings: 0,
    });
  }
  // Every asset is scanned at least once: one a sample missed joins the last successful scan of its repository's pipeline.
  const covered = new Set(scans.flatMap((s) => s.assets));
  for (const [k, asset] of assets.entries()) {
    if (covered.has(asset)) continue;
    const home =
      scans.findLast((s) => s.status === 'succeeded' && s.repo === repos[k % repos.length]) ??
      scans.findLast((s) => s.status === 'succeeded');
    home?.assets.push(asset);
  }
  const succeeded = scans.filter((s) => s.status === 'succeeded');
  const byAsset = new Map<string, DemoScan[]>();
  for (const s of succeeded) {
    for (const a of s.assets) {
      const list = byAsset.get(a);
      if (list) list.push(s);
      else byAsset.set(a, [s]);
    }
  }
  const codeScans = succeeded.filter((s) => s.sensor === 'SENSOR_TYPE_STATIC_CODE_SCAN');
  const aiOn = new Map<string, number>();
  for (const host of hostOf.values()) aiOn.set(host, (aiOn.get(host) ?? 0) + 1);

  // --- findings -----------------------------------------------------------------------------------
  const objectsByKind: Record<string, string[]> = {
    agent: agents.map((a) => a.id),
    model: models.map((m) => m.id),
    tool: tools.map((t) => t.id),
    mcp_server: mcps.map((m) => m.id),
    location: locations,
  };
  const severitiesPool = ['critical', 'high', 'high', 'medium', 'medium', 'medium', 'low', 'low'];
  // What the graph decides is the service's to find (its posture rules raise those findings from
  // the estate itself, dated by when their condition began): a sensor's finding of such a rule
  // could contradict the graph (an input-guardrail finding on an agent that has one). The sensors
  // report only what the inventory cannot show: credentials, dependencies, prompt-injection
  // exposure. Every record is still drawn, so the rest of the estate stays as the seed makes it.
  const decidedByGraph = new Set(postureRules.map((p) => `${p.ruleId} ${p.kind}`));
  for (let i = 0; i < n(1200 * (opts.mix?.findings ?? 1)); i++) {
    const rule = r.pick(scannedRules);
    const kind = r.pick(rule.objectTypes.filter((k) => objectsByKind[k]));
    const objectId = r.pick(objectsByKind[kind]!);
    // Skewed toward recent months, the way findings accumulate.
    const age = Math.floor(Math.pow(r.next(), 1.6) * 364 * DAY);
    const detected = now - age - r.int(0, 86_399) * 1000;
    const resolved = r.chance(0.2);
    const loc = r.pick(locations);
    const host = hostOf.get(`${kind}:${objectId}`);
    const scan = latestBefore(host ? (byAsset.get(host) ?? []) : [], detected) ?? latestBefore(codeScans, detected);
    const record = {
      type: 'finding',
      id: `finding-${pad(i + 1)}`,
      rule_id: rule.id,
      severity: r.chance(0.7) ? rule.severity : r.pick(severitiesPool),
      object_kind: kind,
      object_id: objectId,
      detected_at: iso(detected),
      status: resolved ? 'resolved' : 'open',
      resolved_at: resolved ? iso(Math.min(now, detected + r.int(1, 40) * DAY)) : null,
      title: `${rule.name}: ${objectId}`,
      description: rule.description,
      code_location: {
        repository: `https://github.com/${r.pick(repos)}`,
        path: `src/${r.pick(teams)}/main.py`,
        start_line: r.int(1, 300),
        location_id: loc,
      },
      evidence: { detector: 'demo-scanner', confidence: Math.round(r.next() * 100) / 100 },
      remediation: rule.remediation,
      cvss_score: Math.round((4 + r.next() * 6) * 10) / 10,
      ...(rule.owasp ? { owasp_category: rule.owasp } : {}),
      ...(scan ? { scan_id: scan.id } : {}),
    };
    if (decidedByGraph.has(`${rule.id} ${kind}`)) continue;
    if (scan) scan.findings++;
    yield record;
  }
  for (const s of scans) yield scanRecord(s, s.status === 'succeeded' ? s.assets.reduce((a, x) => a + (aiOn.get(x) ?? 0), 0) : 0);

  // --- LLM sessions over the past 30 days -----------------------------------------------------------
  const modelName = new Map(models.map((m) => [m.id, { ...m.spec, name: m.name }]));
  let interaction = 0;
  for (let s = 0; s < n(600 * (opts.mix?.sessions ?? 1)); s++) {
    const agent = r.pick(agents);
    const sessionId = `sess-${opts.workspace}-${pad(s + 1)}`;
    let t = now - r.int(1, 30 * 24 * 3600) * 1000;
    const turns = Math.max(1, Math.round(Math.pow(r.next(), 2) * 20) + 1);
    for (let k = 0; k < turns; k++) {
      const modelId = r.pick(agent.models);
      const spec = modelName.get(modelId)!;
      const roll = r.next();
      const outcome = roll < 0.88 ? 'OK' : roll < 0.94 ? 'ALERTED' : roll < 0.98 ? 'BLOCKED' : 'REDACTED';
      const onPrompt = r.chance(0.6);
      const duration = r.int(200, 9000);
      const input = r.int(50, 6000);
      const output = spec.type === 'embedding' ? 0 : r.int(20, 1500);
      yield {
        type: 'interaction',
        id: `int-${opts.workspace}-${String(++interaction).padStart(7, '0')}`,
        session_id: sessionId,
        agent_id: agent.id,
        model: spec.name,
        model_id: modelId,
        provider: spec.provider,
        time: iso(t),
        duration_ms: duration,
        input_tokens: input,
        output_tokens: output,
        prompt_outcome: onPrompt ? outcome : 'OK',
        response_outcome: onPrompt ? 'OK' : outcome,
        categories: outcome === 'OK' ? [] : r.sample(categories, r.int(1, 2)),
        ...(agent.mcps.length && r.chance(0.3) ? { mcp_server_ids: [r.pick(agent.mcps)] } : {}),
      };
      t += duration + r.int(500, 60_000);
    }
  }
}

/** The records as NDJSON text in chunks of about 1,000 lines, for the ingest pipeline. */
export async function* demoNdjson(opts: DemoOptions): AsyncGenerator<string> {
  let buf: string[] = [];
  for (const rec of demoRecords(opts)) {
    buf.push(JSON.stringify(rec));
    if (buf.length >= 1000) {
      yield buf.join('\n') + '\n';
      buf = [];
    }
  }
  if (buf.length) yield buf.join('\n') + '\n';
}

/** The workspaces of the demo tenant and the share of the estate each gets. */
export const demoWorkspaces: Array<{ workspace: string; share: number }> = [
  { workspace: 'default', share: 1 },
  { workspace: 'staging', share: 0.25 },
];
export const DEMO_TENANT = 'demo';
