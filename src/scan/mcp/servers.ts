// One configured MCP server as facts: its transport, command and arguments or URL, the package the
// command starts and whether that package is pinned, the names of its environment variables and
// headers, whether it is given credentials, and the credentials written in the file in plain text
// (as secrets: their values never leave this module except through the fingerprint and preview).
//
// Every client's shape is read here: `command`/`args`/`env` (most), `url`/`serverUrl`/`httpUrl`
// with `type` or `transport` (remote servers), Zed's older `command: {path, args, env}`,
// Continue's `transport: {…}`, Codex's `http_headers`, `env_http_headers` and
// `bearer_token_env_var`, and a remote server reached through the `mcp-remote` bridge.

import type { McpServerFact, PackageRef, SecretFact, Span } from '../facts.ts';
import type { Fingerprinter } from '../secrets/fingerprint.ts';
import { previewOf } from '../secrets/fingerprint.ts';
import type { ServerEntry } from './clients.ts';
import { type LineIndex, type Located, prop, str } from './located.ts';

export interface ServerContext {
  /** The configuration file, relative to the scan root (or `~/…` on a host). */
  path: string;
  lines: LineIndex;
  fingerprint: Fingerprinter;
}

export function spanOf(node: Pick<Located, 'start' | 'end'>, path: string, lines: LineIndex): Span {
  const a = lines.at(node.start);
  const b = lines.at(Math.max(node.start, node.end - 1));
  return { path, startLine: a.line, startColumn: a.column, endLine: b.line, endColumn: b.column + 1 };
}

const strings = (n: Located | undefined): Located[] => (n?.kind === 'array' ? n.items!.filter((i) => typeof i.value === 'string') : []);

// ---- credentials in a configuration ------------------------------------------------------------

/** A variable or header name that carries a credential. */
const credentialName =
  /TOKEN|SECRET|PASSW(?:OR)?D|\bPWD\b|API[_-]?KEY|ACCESS[_-]?KEY|PRIVATE[_-]?KEY|CREDENTIAL|\bAUTH|COOKIE|SESSION[_-]?KEY/i;
const authHeader = /^(?:authorization|proxy-authorization|x-api-key|api-key|apikey|x-auth-token|x-access-token|cookie)$/i;
/** A value that names where the credential is rather than being it: ${VAR}, $VAR, ${env:VAR}, ${input:id}, {{…}}, {env:…}. */
const reference = /\$\{[^}]*\}|^\$[A-Za-z_][A-Za-z0-9_]*$|\{\{[^}]*\}\}|\{env:[^}]*\}/;
const placeholder =
  /^(?:<[^>]*>|\[[^\]]*\]|x+|\*+|\.+|changeme|change_me|placeholder|example|dummy|redacted|none|null|undefined|true|false|your[-_ ].*|.*[-_ ]here|replace[-_ ]?me.*|todo)$/i;

/** A credential written in the file: a value, not a reference to one, and not a placeholder. */
export function literalCredential(value: string): boolean {
  const v = value.replace(/^(?:Bearer|Basic|Token)\s+/i, '').trim();
  return v.length >= 8 && !reference.test(value) && !placeholder.test(v) && !/^https?:\/\//i.test(v);
}

export function isCredentialName(name: string): boolean {
  return credentialName.test(name) || authHeader.test(name);
}

const providers: [RegExp, string][] = [
  [/^GITHUB|^GH_/i, 'github'],
  [/^GITLAB/i, 'gitlab'],
  [/^OPENAI/i, 'openai'],
  [/^ANTHROPIC|^CLAUDE/i, 'anthropic'],
  [/^(?:GOOGLE|GEMINI|GCP)/i, 'google'],
  [/^AWS/i, 'aws'],
  [/^AZURE/i, 'azure'],
  [/^SLACK/i, 'slack'],
  [/^STRIPE/i, 'stripe'],
  [/^NOTION/i, 'notion'],
  [/^LINEAR/i, 'linear'],
  [/^BRAVE/i, 'brave'],
  [/^HF_|^HUGGING/i, 'huggingface'],
  [/^SENTRY/i, 'sentry'],
  [/^FIGMA/i, 'figma'],
  [/^(?:POSTGRES|PG|DATABASE|MYSQL|MONGO)/i, 'database'],
];

function secretTypeOf(name: string): string {
  if (/PASSW(?:OR)?D|\bPWD\b/i.test(name)) return 'password';
  if (/API[_-]?KEY|ACCESS[_-]?KEY|^x-api-key$|^api-?key$/i.test(name)) return 'api_key';
  if (/PRIVATE[_-]?KEY/i.test(name)) return 'private_key';
  return 'token';
}

// ---- packages ----------------------------------------------------------------------------------

const exactVersion = /^v?\d+\.\d+\.\d+(?:[-+][0-9A-Za-z.-]+)?$/;

/** `@scope/name@1.2.3`, `name@latest`, `name`. */
function npmSpec(spec: string): PackageRef {
  const at = spec.indexOf('@', spec.startsWith('@') ? 1 : 0);
  const name = at > 0 ? spec.slice(0, at) : spec;
  const version = at > 0 ? spec.slice(at + 1) : undefined;
  return { ecosystem: 'npm', name, ...(version ? { version } : {}), pinned: !!version && exactVersion.test(version) };
}

/** `name==1.2.3`, `name@1.2.3`, `name>=1`, `name[extra]==1.2`. */
function pypiSpec(spec: string): PackageRef {
  const m = /^([A-Za-z0-9][A-Za-z0-9._-]*)(\[[^\]]*\])?\s*(?:(==|===|@|>=|<=|~=|!=|>|<)\s*(.+))?$/.exec(spec.trim());
  if (!m) return { ecosystem: 'pypi', name: spec, pinned: false };
  const [, name, , op, version] = m;
  return {
    ecosystem: 'pypi',
    name: name!,
    ...(version ? { version } : {}),
    pinned: (op === '==' || op === '===' || op === '@') && !!version && !/[*,]/.test(version),
  };
}

/** `image`, `image:tag`, `registry/image@sha256:…`. */
function ociSpec(spec: string): PackageRef {
  const digest = spec.indexOf('@');
  if (digest > 0) return { ecosystem: 'oci', name: spec.slice(0, digest), version: spec.slice(digest + 1), pinned: true };
  const colon = spec.lastIndexOf(':');
  const hasTag = colon > spec.lastIndexOf('/');
  const name = hasTag ? spec.slice(0, colon) : spec;
  const tag = hasTag ? spec.slice(colon + 1) : undefined;
  return { ecosystem: 'oci', name, ...(tag ? { version: tag } : {}), pinned: !!tag && tag !== 'latest' };
}

/** The first argument that is not an option; options listed in `valued` consume the next argument. */
function firstOperand(args: string[], valued: ReadonlySet<string>): { index: number; value: string } | undefined {
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--') return i + 1 < args.length ? { index: i + 1, value: args[i + 1]! } : undefined;
    if (a.startsWith('-')) {
      if (valued.has(a)) i++;
      continue;
    }
    return { index: i, value: a };
  }
  return undefined;
}

const npxValued = new Set(['-p', '--package', '-c', '--call', '--registry', '--cache']);
const uvxValued = new Set(['--from', '--with', '--python', '-p', '--index', '--index-url', '--extra-index-url', '--with-requirements']);
const dockerValued = new Set([
  '-e',
  '--env',
  '--env-file',
  '-v',
  '--volume',
  '--mount',
  '--name',
  '-p',
  '--publish',
  '--network',
  '--entrypoint',
  '-w',
  '--workdir',
  '-u',
  '--user',
  '--platform',
  '-l',
  '--label',
  '--pull',
  '-h',
  '--hostname',
  '--add-host',
  '--cpus',
  '-m',
  '--memory',
]);

const base = (command: string) =>
  command
    .replace(/\\/g, '/')
    .split('/')
    .pop()!
    .replace(/\.(?:exe|cmd)$/i, '');

/** The package a command starts, and the arguments after it. */
export function packageOf(command: string | undefined, args: string[]): { pkg?: PackageRef; rest: string[] } {
  if (!command) return { rest: args };
  let cmd = base(command);
  let a = args;
  if ((cmd === 'pnpm' || cmd === 'yarn') && a[0] === 'dlx') [cmd, a] = ['npx', a.slice(1)];
  if (cmd === 'npm' && (a[0] === 'exec' || a[0] === 'x')) [cmd, a] = ['npx', a.slice(1)];
  if (cmd === 'pipx' && a[0] === 'run') [cmd, a] = ['uvx', a.slice(1)];
  if (cmd === 'uv' && a[0] === 'tool' && a[1] === 'run') [cmd, a] = ['uvx', a.slice(2)];
  if (cmd === 'npx' || cmd === 'bunx' || cmd === 'pnpx') {
    const explicit = a.findIndex((x) => x === '-p' || x === '--package');
    const eq = a.find((x) => x.startsWith('--package='));
    const op = firstOperand(a, npxValued);
    const spec = explicit >= 0 ? a[explicit + 1] : eq ? eq.slice('--package='.length) : op?.value;
    return spec ? { pkg: npmSpec(spec), rest: op ? a.slice(op.index + 1) : [] } : { rest: a };
  }
  if (cmd === 'uvx') {
    const from = a.findIndex((x) => x === '--from' || x === '--spec');
    const op = firstOperand(a, uvxValued);
    const spec = from >= 0 ? a[from + 1] : op?.value;
    return spec ? { pkg: pypiSpec(spec), rest: op ? a.slice(op.index + 1) : [] } : { rest: a };
  }
  if ((cmd === 'docker' || cmd === 'podman') && a[0] === 'run') {
    const op = firstOperand(a.slice(1), dockerValued);
    return op ? { pkg: ociSpec(op.value), rest: a.slice(op.index + 2) } : { rest: a };
  }
  return { rest: args };
}

// ---- one server --------------------------------------------------------------------------------

function transportOf(type: string | undefined, url: string | undefined, httpUrl: boolean): McpServerFact['transport'] {
  const t = type?.toLowerCase().replace(/[_\s]/g, '-');
  if (t === 'sse') return 'sse';
  if (t === 'http' || t === 'streamable-http' || t === 'streamablehttp' || httpUrl) return 'streamable-http';
  if (t === 'stdio') return 'stdio';
  if (url) return /\/sse\/?(?:\?|$)/.test(url) ? 'sse' : 'streamable-http';
  return 'stdio';
}

/** A URL as it may be stored: without user and password, and with credential-like query values masked. */
export function safeUrl(url: string): string {
  try {
    const u = new URL(url);
    u.username = '';
    u.password = '';
    for (const [k, v] of [...u.searchParams]) if (isCredentialName(k) && v) u.searchParams.set(k, previewOf(v));
    return u.toString();
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//');
  }
}

export function readServer(entry: ServerEntry, ctx: ServerContext): { server: McpServerFact; secrets: SecretFact[] } {
  const scope = entry.scope ? `${entry.scope}/` : '';
  const ref = `${ctx.path}#mcp:${scope}${entry.name}`;
  // Continue's JSON puts the server in `transport`; Zed's older form puts it in `command`.
  const node = prop(entry.node, 'transport')?.kind === 'object' ? prop(entry.node, 'transport')! : entry.node;
  const commandNode = prop(node, 'command');
  const zedCommand = commandNode?.kind === 'object' ? commandNode : undefined;
  const command = zedCommand ? str(prop(zedCommand, 'path')) : str(commandNode);
  const argNodes = strings(zedCommand ? prop(zedCommand, 'args') : prop(node, 'args'));
  const args = argNodes.map((n) => n.value as string);
  const envNode = zedCommand ? prop(zedCommand, 'env') : prop(node, 'env');
  const httpUrl = str(prop(node, 'httpUrl'));
  let url = str(prop(node, 'url')) ?? str(prop(node, 'serverUrl')) ?? httpUrl;
  const typeNode = str(prop(node, 'type')) ?? str(prop(entry.node, 'type'));

  const { pkg, rest } = packageOf(command, args);
  // `npx mcp-remote https://…`: a local bridge to a remote server, which is what is reached.
  const bridge = pkg?.name === 'mcp-remote' ? rest.find((a) => /^https?:\/\//i.test(a)) : undefined;
  if (!url && bridge) url = bridge;

  const secrets: SecretFact[] = [];
  const envNames: string[] = [];
  const headerNames: string[] = [];
  let authenticated = false;
  let authentication: McpServerFact['authentication'];
  const credential = (name: string, value: Located, kind: 'env' | 'header' | 'arg') => {
    const v = value.value as string;
    if (!literalCredential(v)) return;
    const secretValue = kind === 'header' ? v.replace(/^(?:Bearer|Basic|Token)\s+/i, '').trim() : v;
    secrets.push({
      ref: `${ref}/${kind}:${name}`,
      kind: 'secret',
      rule: 'aispm-mcp-config-credential',
      secretType: secretTypeOf(name),
      ...(providers.find(([re]) => re.test(name)) ? { provider: providers.find(([re]) => re.test(name))![1] } : {}),
      fingerprint: ctx.fingerprint(secretValue),
      preview: previewOf(secretValue),
      inMcpServer: ref,
      span: spanOf(value, ctx.path, ctx.lines),
    });
  };

  for (const [name, value] of envNode?.kind === 'object' ? envNode.props! : []) {
    envNames.push(name);
    if (typeof value.value === 'string' && isCredentialName(name)) credential(name, value, 'env');
  }
  // Codex passes variables of the client's environment through by name.
  for (const n of strings(prop(node, 'env_vars'))) envNames.push(n.value as string);
  // Docker's `-e NAME=value` and `-e NAME`: the variables the container is given.
  argNodes.forEach((n, i) => {
    const prev = args[i - 1];
    if ((prev === '-e' || prev === '--env') && pkg?.ecosystem === 'oci') {
      const [name, ...value] = (n.value as string).split('=');
      envNames.push(name!);
      if (value.length && isCredentialName(name!)) credential(name!, { ...n, value: value.join('=') }, 'env');
    }
    // `--header "Authorization: Bearer …"`, as mcp-remote and others take it.
    if ((prev === '--header' || prev === '-H') && /^[^:]+:/.test(n.value as string)) {
      const [name, ...value] = (n.value as string).split(':');
      headerNames.push(name!.trim());
      if (authHeader.test(name!.trim()) || isCredentialName(name!)) {
        authenticated = true;
        credential(name!.trim(), { ...n, value: value.join(':').trim() }, 'header');
      }
    }
  });

  const headersNode = prop(node, 'headers') ?? prop(node, 'http_headers') ?? prop(prop(node, 'requestInit'), 'headers');
  for (const [name, value] of headersNode?.kind === 'object' ? headersNode.props! : []) {
    headerNames.push(name);
    if (authHeader.test(name) || isCredentialName(name)) {
      authenticated = true;
      authentication = /authorization/i.test(name) && /^bearer\b/i.test(String(value.value ?? '')) ? 'oauth' : 'api_key';
      if (typeof value.value === 'string') credential(name, value, 'header');
    }
  }
  // Codex: headers whose values come from the client's environment, and a bearer token variable.
  for (const [name] of prop(node, 'env_http_headers')?.props ?? []) {
    headerNames.push(name);
    if (authHeader.test(name) || isCredentialName(name)) authenticated = true;
  }
  if (str(prop(node, 'bearer_token_env_var'))) {
    authenticated = true;
    authentication = 'api_key';
  }
  if (prop(node, 'oauth') || str(prop(node, 'authProviderType'))) {
    authenticated = true;
    authentication = 'oauth';
  }
  // Known-format secrets in the arguments (`--api-key sk-…`) are found by the secret detectors,
  // which see the whole file; a credential-named option's value is one too.
  argNodes.forEach((n, i) => {
    const prev = args[i - 1];
    if (prev && /^--?[\w-]+$/.test(prev) && isCredentialName(prev.replace(/^-+/, '')) && !/^-/.test(n.value as string))
      credential(prev.replace(/^-+/, ''), n, 'arg');
    const eq = /^--?([\w-]+)=(.+)$/.exec(n.value as string);
    if (eq && isCredentialName(eq[1]!)) credential(eq[1]!, { ...n, value: eq[2]! }, 'arg');
  });

  const server: McpServerFact = {
    ref,
    name: entry.name,
    transport: transportOf(typeNode, url, !!httpUrl && !bridge),
    ...(command ? { command } : {}),
    ...(command ? { args: args.map((a, i) => maskArg(a, args[i - 1])) } : {}),
    ...(url ? { url: safeUrl(url) } : {}),
    ...(pkg ? { package: pkg } : {}),
    envNames: [...new Set(envNames)],
    headerNames: [...new Set(headerNames)],
    ...(url ? { authenticated } : {}),
    ...(authentication ? { authentication } : {}),
    tools: [],
    definedIn: 'config',
    span: spanOf(entry.node, ctx.path, ctx.lines),
  };
  return { server, secrets };
}

/**
 * An argument as stored: a URL without its user and password, and the value of a credential (after
 * a credential-named option, in `--option=value`, `NAME=value` or a `--header "Name: value"`)
 * replaced by its preview, whether or not it looked like a literal credential.
 */
export function maskArg(arg: string, prev: string | undefined): string {
  if (/^https?:\/\//i.test(arg)) return safeUrl(arg);
  if (prev && /^--?[\w-]+$/.test(prev) && isCredentialName(prev.replace(/^-+/, '')) && !arg.startsWith('-')) return previewOf(arg);
  if ((prev === '--header' || prev === '-H') && /^[^:]+:/.test(arg)) {
    const [name, ...value] = arg.split(':');
    if (authHeader.test(name!.trim()) || isCredentialName(name!)) return `${name}: ${previewOf(value.join(':').trim())}`;
  }
  const eq = /^(--?[\w-]+=|[A-Za-z_]\w*=)(.+)$/.exec(arg);
  if (eq && isCredentialName(eq[1]!.replace(/[-=]/g, ' '))) return `${eq[1]}${previewOf(eq[2]!)}`;
  return arg;
}
