// What static discovery (`aispm scan`, docs/SCAN.md) learns from the files it reads, before any id,
// record or finding is made of it. Every detector (code parsers, MCP client configurations,
// package manifests, secrets and key material) reports facts of these shapes; one module turns a
// scan's facts into the NDJSON records of docs/INGEST.md (entities, relations, findings, the scan
// record). Keeping the two apart lets each detector be tested on its own, on text, and lets every
// output (the ingest API, --output NDJSON, SARIF, CycloneDX) come from the same records.
//
// A `ref` names a fact within one scan: unique across the whole scan, stable for the same input
// (a path and a declared name, never a counter), so that facts can point at each other across
// files (an agent in agent.py naming a tool defined in tools.py) and so that ids derived from refs
// are the same on the next scan of the same tree.

/** Where a fact was declared: a path relative to the scan root (forward slashes), lines and columns from 1. */
export interface Span {
  path: string;
  startLine: number;
  startColumn: number;
  endLine: number;
  endColumn: number;
}

export type Language = 'python' | 'javascript' | 'typescript' | 'yaml' | 'json' | 'toml';

/** An agent declared in code (or a configuration's client, e.g. Cursor, for the servers it starts). */
export interface AgentFact {
  ref: string;
  /** The declared name, else the variable or method name it is bound to. */
  name: string;
  /** Framework id as docs/SCAN.md lists them: openai-agents, langchain, langgraph, crewai, autogen, … or an MCP client's id (cursor, claude-desktop, …). */
  framework: string;
  language?: Language;
  /** SHA-256 (hex) of the instructions / system prompt when they are a literal; never the text. */
  instructionsSha256?: string;
  /** Refs of ModelFacts, ToolFacts, McpServerFacts and AgentFacts (delegates_to: handoffs, sub-agents, agents used as tools). */
  models: string[];
  tools: string[];
  mcpServers: string[];
  delegatesTo: string[];
  /** Whether the framework's human-approval setting is on for this agent; undefined when it cannot be read. */
  humanApproval?: boolean;
  span: Span;
}

export interface ToolFact {
  ref: string;
  name: string;
  description?: string;
  framework: string;
  language?: Language;
  /** function, mcp, builtin (a framework's own tool class, e.g. a shell tool). */
  type: 'function' | 'mcp' | 'builtin';
  /** What the tool can do where it can be told from the code: shell, code_execution, filesystem, network, … */
  capabilities: string[];
  /** Whether each call needs a human's approval (a framework setting on the tool), undefined when unknown. */
  requiresApproval?: boolean;
  span: Span;
}

export interface ModelFact {
  ref: string;
  /** The model id exactly as written (gpt-4o-2024-08-06, anthropic:claude-sonnet-4-5, …). */
  id: string;
  /** Inferred from the id and from the client class or provider function used (openai, anthropic, google, …). */
  provider?: string;
  /** The client or provider construct it was given to (ChatOpenAI, openai(), Agent(model=…)). */
  client?: string;
  span: Span;
}

export interface PackageRef {
  ecosystem: 'npm' | 'pypi' | 'oci';
  name: string;
  /** The version as written, undefined when none is given. */
  version?: string;
  /** True only for an exact version (not a range, tag or `@latest`). */
  pinned: boolean;
}

export interface McpServerFact {
  ref: string;
  name: string;
  transport: 'stdio' | 'sse' | 'streamable-http' | 'http';
  command?: string;
  args?: string[];
  url?: string;
  /** The package the command starts (npx pkg@ver, uvx pkg==ver, docker run image:tag), when one can be told. */
  package?: PackageRef;
  /** Names of the environment variables and headers it is given; their values are never kept. */
  envNames: string[];
  headerNames: string[];
  /** Whether the configuration sends credentials (an Authorization header, an api-key env, OAuth settings). */
  authenticated?: boolean;
  /** How clients authenticate, where it can be told (the inventory's `authentication` column); undefined when unknown. */
  authentication?: 'none' | 'api_key' | 'oauth' | 'mtls';
  /** Refs of ToolFacts a server defined in code registers. */
  tools: string[];
  /** code: an MCP server or client in source; config: an MCP client's configuration file. */
  definedIn: 'code' | 'config';
  span: Span;
}

/** A secret, private key or certificate found in a file. A secret's value never appears in a fact. */
export interface SecretFact {
  ref: string;
  kind: 'secret' | 'key' | 'cert';
  /** The detector rule that matched (a secretlint rule id, or private-key, certificate). */
  rule: string;
  /** secret: api_key, token, password, private_key, …; key: private or public; cert: certificate. */
  secretType: string;
  /** The service the secret unlocks, where the rule tells (openai, aws, github, …). */
  provider?: string;
  /** Keyed fingerprint of the value (HMAC-SHA-256 under a key that stays on this machine): the same value in two files is one secret. */
  fingerprint: string;
  /** A masked preview: at most the first 4 characters of the value, then the length (e.g. `sk-p…(51)`). */
  preview: string;
  /** For certificates: subject, issuer, validity end (RFC 3339), key algorithm, self-signed. */
  cert?: { subject: string; issuer: string; notAfter: string; keyAlgorithm?: string; selfSigned: boolean };
  /** For keys: algorithm and size where they can be read. */
  key?: { algorithm?: string; size?: number; type: 'private' | 'public' };
  /** Where it sits in an MCP configuration's env or headers (for the rule "secret in an MCP configuration"). */
  inMcpServer?: string;
  span: Span;
}

/** A dependency declared by a manifest or lock file, kept for advisory matching. */
export interface PackageFact extends PackageRef {
  /** The manifest or lock file that declares it (relative path). */
  manifest: string;
  /** Whether it is one of the AI packages docs/SCAN.md lists (framework SDKs, model clients, MCP SDKs). */
  ai: boolean;
}

/** A file the scan did not read, or read only in part, with why. */
export interface Skip {
  path: string;
  reason:
    | 'ignored'
    | 'vendored'
    | 'generated'
    | 'binary'
    | 'too_large'
    | 'unreadable'
    | 'malformed'
    | 'symlink_outside'
    /** A symbolic link to a directory the scan reads anyway (an ancestor, or one already read). */
    | 'symlink_loop'
    | 'limit';
  line?: number;
  detail?: string;
}

export interface Facts {
  agents: AgentFact[];
  tools: ToolFact[];
  models: ModelFact[];
  mcpServers: McpServerFact[];
  secrets: SecretFact[];
  packages: PackageFact[];
  skips: Skip[];
}

export const emptyFacts = (): Facts => ({ agents: [], tools: [], models: [], mcpServers: [], secrets: [], packages: [], skips: [] });
