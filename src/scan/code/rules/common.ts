// Building blocks the frameworks' rules are written with: reading a call's options (a keyword
// argument in Python, a property of an options object in JavaScript), naming what a call declares,
// and the rule shapes most frameworks share (an agent constructor, a tool factory or decorator, a
// model client, a package's own tool, an MCP server started by command or reached by URL).

import type { McpServerFact, PackageRef, Span } from '../../facts.ts';
import type { CallRule, Construct, DecoratorRule, Engine, ValueRule } from '../engine.ts';
import { type CallValue, dotted, type FileIR, type FunctionIR, type Value } from '../ir.ts';

export type Key = string | number;

/** The first of `keys` the call gives: a keyword argument or option property by name, a positional argument by index. */
export function opt(call: CallValue | undefined, ...keys: Key[]): Value | undefined {
  if (!call) return undefined;
  for (const key of keys) {
    if (typeof key === 'number') {
      const v = call.args[key];
      if (v) return v;
      continue;
    }
    const kw = call.kwargs.get(key);
    if (kw) return kw;
    for (const arg of call.args) if (arg.kind === 'dict' && arg.entries.has(key)) return arg.entries.get(key);
  }
  return undefined;
}

/** An option as a list of the values given (none or one: a list, a dict or a single value, read by the engine's links). */
export function given(call: CallValue, ...keys: Key[]): Value[] {
  const v = opt(call, ...keys);
  return v ? [v] : [];
}

/** The span that declares what a call makes: its binding's statement when it is bound, else the call. */
export function declSpan(call: CallValue): Span {
  return call.bindingSpan ?? call.span;
}

/** The name a call's result is known by in code: its variable (without `self.`), its dict key, or the function it is returned from. */
export function boundName(call: CallValue): string | undefined {
  if (call.boundTo) return call.boundTo.replace(/^(self|this)\./, '');
  if (call.key) return call.key;
  return call.enclosing?.name && !call.enclosing.name.startsWith('<') ? call.enclosing.name : undefined;
}

/** Whether a value is literally true (`True`, `true`, `"always"` where asked). */
export function truthy(e: Engine, file: FileIR, value: Value | undefined): boolean | undefined {
  if (!value) return undefined;
  if (value.kind === 'bool') return value.value;
  if (value.kind === 'none') return false;
  const text = e.text(file, value);
  if (text !== undefined) return text !== '' && text !== 'never';
  // A function (an approval callback) or any other expression: an approval setting is present.
  return value.kind === 'func' || value.kind === 'ref' || value.kind === 'call' ? true : undefined;
}

export interface AgentShape {
  framework: string;
  name?: Key[];
  instructions?: Key[];
  model?: Key[];
  tools?: Key[];
  mcp?: Key[];
  delegates?: Key[];
  /** Options naming delegate agents by string (`handoffs=["billing"]` of AutoGen, `can_handoff_to`). */
  delegateNames?: Key[];
  approval?: (e: Engine, file: FileIR, call: CallValue) => boolean | undefined;
  /** Tools the agent has without naming them (smolagents' CodeAgent runs Python). */
  implicitTools?: (e: Engine, file: FileIR, call: CallValue) => Value[];
  /** The name when neither an option nor a binding gives one. */
  defaultName?: string;
  modelClient?: string;
}

/** An agent constructor: `Agent(name=…, instructions=…, model=…, tools=[…], handoffs=[…])` and its kin. */
export function agentRule(shape: AgentShape): CallRule {
  return (e, file, call, sym) => {
    const declared = shape.name ? e.text(file, opt(call, ...shape.name)) : undefined;
    const name = declared || boundName(call) || shape.defaultName || sym.path.at(-1) || 'agent';
    const listOf = (keys?: Key[]) => (keys ? given(call, ...keys) : []);
    const delegateNames: { name: string; span: Span }[] = [];
    for (const v of listOf(shape.delegateNames)) {
      for (const item of v.kind === 'list' ? v.items : [v]) {
        const text = e.text(file, item);
        if (text !== undefined) delegateNames.push({ name: text, span: item.span });
      }
    }
    const draft = e.addAgent(file, shape.framework, name, declSpan(call), {
      instructions: shape.instructions ? opt(call, ...shape.instructions) : undefined,
      models: listOf(shape.model),
      tools: [...listOf(shape.tools), ...(shape.implicitTools?.(e, file, call) ?? [])],
      mcp: listOf(shape.mcp),
      delegates: listOf(shape.delegates),
      delegateNames,
      humanApproval: shape.approval?.(e, file, call),
    });
    draft.modelClient = shape.modelClient ?? sym.path.join('.');
    return agentConstruct(shape.framework, draft);
  };
}

/** An agent's construct, answering `agent.as_tool(…)` / `agent.asTool(…)` with a tool that delegates to it. */
export function agentConstruct(framework: string, draft: NonNullable<Construct['agent']>): Construct {
  return {
    framework,
    agent: draft,
    onMethod: (_file, _call, method) => {
      if (method === 'as_tool' || method === 'asTool') return { framework, link: () => [{ type: 'agent', ref: draft.fact.ref }] };
      return undefined;
    },
  };
}

export interface ToolShape {
  framework: string;
  name?: Key[];
  description?: Key[];
  /** The function the tool runs, when given as an argument (`FunctionTool.from_defaults(fn=…)`, LangChain JS `tool(fn, {…})`). */
  fn?: Key[];
  approval?: Key[];
  capabilities?: string[];
  type?: 'function' | 'builtin' | 'mcp';
}

/** A tool made by a call: `tool({ name, description, execute })`, `createTool({ id, … })`, `StructuredTool.from_function(…)`. */
export function toolRule(shape: ToolShape): CallRule {
  return (e, file, call) => {
    const fnValue = shape.fn
      ? opt(call, ...shape.fn)
      : (opt(call, 'execute', 'func', 'function') ?? call.args.find((a) => a.kind === 'func'));
    const fn = functionOf(e, file, fnValue);
    // A tool wrapping a named function takes the function's name (AutoGen's and ADK's FunctionTool(fn)); an inline one its variable or key.
    const fnName = fnValue?.kind === 'ref' ? fn?.name : undefined;
    const name = (shape.name && e.text(file, opt(call, ...shape.name))) || fnName || boundName(call) || fn?.name || 'tool';
    const tool = e.addTool(file, shape.framework, {
      name,
      description: (shape.description && e.text(file, opt(call, ...shape.description))) || fn?.doc,
      type: shape.type ?? 'function',
      capabilities: [...new Set([...(shape.capabilities ?? []), ...e.capabilities(file, fn)])].sort(),
      requiresApproval: shape.approval ? truthy(e, file, opt(call, ...shape.approval)) : undefined,
      span: declSpan(call),
    });
    return { framework: shape.framework, tool };
  };
}

/** The function a value names or is (an inline arrow, a def of the tree). */
export function functionOf(e: Engine, file: FileIR, value: Value | undefined): FunctionIR | undefined {
  if (!value) return undefined;
  if (value.kind === 'func') return value.fn;
  const sym = e.resolver.resolve(file, value);
  return sym.kind === 'function' && sym.rest.length === 0 ? sym.fn : undefined;
}

/** A decorator that makes the function a tool: `@function_tool`, `@tool("name")`, `@mcp.tool()`. */
export function toolDecorator(shape: ToolShape & { positionalName?: boolean }): DecoratorRule {
  return (e, file, fn, decorator) => {
    decoratedTool(e, file, fn, decorator, shape);
  };
}

export function decoratedTool(
  e: Engine,
  file: FileIR,
  fn: FunctionIR,
  decorator: CallValue | undefined,
  shape: ToolShape & { positionalName?: boolean },
) {
  if (e.construct(fn)) return e.construct(fn)!;
  const nameKeys = [...(shape.name ?? []), ...(shape.positionalName ? [0] : [])];
  const name = (nameKeys.length && e.text(file, opt(decorator, ...nameKeys))) || fn.name;
  const tool = e.addTool(file, shape.framework, {
    name,
    description: (shape.description && e.text(file, opt(decorator, ...shape.description))) || fn.doc,
    type: shape.type ?? 'function',
    capabilities: [...new Set([...(shape.capabilities ?? []), ...e.capabilities(file, fn)])].sort(),
    requiresApproval: shape.approval ? truthy(e, file, opt(decorator, ...shape.approval)) : undefined,
    span: fn.span,
  });
  const made: Construct = { framework: shape.framework, tool };
  e.setConstruct(fn, made);
  return made;
}

/** A model client or model object: `ChatOpenAI(model="gpt-4o")`, `openai("gpt-4o")`, `LiteLlm(model="…")`. */
export function modelRule(keys: Key[], client?: string): CallRule {
  return (e, file, call, sym) => {
    const id = e.text(file, opt(call, ...keys));
    if (id === undefined) return undefined;
    const model = e.addModel(file, id, client ?? sym.path.join('.'), opt(call, ...keys)!.span);
    return { framework: 'model', model };
  };
}

/** A tool class or object of a framework's own (a shell, a code interpreter, a web search). */
export function builtinTool(framework: string, capabilities: string[], name?: string): CallRule & ValueRule {
  return ((e: Engine, file: FileIR, value: Value, sym?: { path: string[] }) => {
    const call = value.kind === 'call' ? value : undefined;
    const toolName =
      name ??
      (call && call.callee.kind === 'ref' ? call.callee.path.at(-1) : dotted(value)?.split('.').at(-1)) ??
      sym?.path.at(-1) ??
      'tool';
    const tool = e.addTool(file, framework, {
      name: toolName,
      type: 'builtin',
      capabilities: [...capabilities].sort(),
      span: call ? declSpan(call) : value.span,
    });
    return { framework, tool };
  }) as CallRule & ValueRule;
}

// ---- MCP servers a client reaches ----

/** The package a command starts: `npx -y pkg@1.2.3`, `uvx pkg==1.0`, `pipx run pkg`, `docker run image:tag`. */
export function packageOf(command: string | undefined, args: string[]): PackageRef | undefined {
  if (!command) return undefined;
  const base = command
    .split('/')
    .at(-1)!
    .replace(/\.(exe|cmd)$/, '');
  const positional = (from: string[]) => from.find((a) => !a.startsWith('-'));
  if (base === 'npx' || base === 'bunx' || (base === 'pnpm' && args[0] === 'dlx') || (base === 'yarn' && args[0] === 'dlx')) {
    const rest = base === 'pnpm' || base === 'yarn' ? args.slice(1) : args;
    const pkgFlag = rest.findIndex((a) => a === '-p' || a === '--package');
    const spec = pkgFlag >= 0 ? rest[pkgFlag + 1] : positional(rest);
    return spec ? npmSpec(spec) : undefined;
  }
  if (base === 'uvx' || (base === 'uv' && args[0] === 'tool' && args[1] === 'run') || (base === 'pipx' && args[0] === 'run')) {
    const rest = base === 'uvx' ? args : base === 'uv' ? args.slice(2) : args.slice(1);
    const from = rest.indexOf('--from');
    const spec = from >= 0 ? rest[from + 1] : positional(rest);
    return spec ? pypiSpec(spec) : undefined;
  }
  if (base === 'docker' || base === 'podman') {
    const run = args.indexOf('run');
    if (run < 0) return undefined;
    const rest = args.slice(run + 1);
    for (let i = 0; i < rest.length; i++) {
      const a = rest[i]!;
      if (a.startsWith('-')) {
        if (/^-(e|v|p|w|u|-env|-volume|-publish|-name|-network|-workdir|-user|-entrypoint|-mount)$/.test(a)) i++;
        continue;
      }
      const tag = /^(.+?)(?::([^/:@]+))?(?:@(sha256:[0-9a-f]+))?$/.exec(a);
      const version = tag?.[3] ?? tag?.[2];
      return {
        ecosystem: 'oci',
        name: tag?.[1] ?? a,
        ...(version ? { version } : {}),
        pinned: !!tag?.[3] || (!!version && version !== 'latest'),
      };
    }
  }
  return undefined;
}

function npmSpec(spec: string): PackageRef {
  const at = spec.lastIndexOf('@');
  const name = at > 0 ? spec.slice(0, at) : spec;
  const version = at > 0 ? spec.slice(at + 1) : undefined;
  return { ecosystem: 'npm', name, ...(version ? { version } : {}), pinned: !!version && /^\d+\.\d+\.\d+([-+][\w.-]+)?$/.test(version) };
}

function pypiSpec(spec: string): PackageRef {
  const m = /^([A-Za-z0-9._\-[\],]+?)\s*(==|>=|<=|~=|!=|>|<|@)\s*(.+)$/.exec(spec);
  if (!m) return { ecosystem: 'pypi', name: spec, pinned: false };
  return {
    ecosystem: 'pypi',
    name: m[1]!,
    version: m[2] === '==' || m[2] === '@' ? m[3]! : `${m[2]}${m[3]}`,
    pinned: m[2] === '==' && !/[*]/.test(m[3]!),
  };
}

/** The names of a dict's keys (an env or headers mapping); never its values. */
export function keysOf(value: Value | undefined): string[] {
  return value?.kind === 'dict' ? [...value.entries.keys()] : [];
}

/** Strings of a list value, following names bound to literals; non-literal items are kept as `…`. */
export function strings(e: Engine, file: FileIR, value: Value | undefined): string[] {
  if (!value) return [];
  if (value.kind === 'list') return value.items.map((item) => e.text(file, item) ?? '…');
  const text = e.text(file, value);
  return text === undefined ? [] : [text];
}

export interface ServerShape {
  name?: string;
  command?: Value;
  args?: Value;
  env?: Value;
  url?: Value;
  headers?: Value;
  transport?: McpServerFact['transport'];
  /** A whole command line (`fullCommand: 'npx -y pkg'`), split on spaces. */
  fullCommand?: Value;
  authenticated?: boolean;
}

/** An MCP server a client in code connects to, by command or by URL. */
export function mcpServer(e: Engine, file: FileIR, call: CallValue, shape: ServerShape): McpServerFact {
  let command = e.text(file, shape.command);
  let args = strings(e, file, shape.args);
  const full = e.text(file, shape.fullCommand);
  if (full !== undefined) [command, ...args] = full.split(/\s+/).filter(Boolean) as [string, ...string[]];
  const url = urlOf(e, file, shape.url);
  const pkg = packageOf(command, args);
  const envNames = keysOf(shape.env);
  const headerNames = keysOf(shape.headers);
  const transport = shape.transport ?? (url !== undefined ? (/\/sse\/?$/.test(url) ? 'sse' : 'streamable-http') : 'stdio');
  const name = shape.name || pkg?.name || (command && scriptName(command, args)) || (url && hostOf(url)) || boundName(call) || 'mcp-server';
  const authenticated =
    shape.authenticated ??
    (headerNames.some((h) => /^(authorization|x-api-key|api-key)$/i.test(h)) ||
      envNames.some((n) => /(key|token|secret|password)/i.test(n)) ||
      undefined);
  const fact: Omit<McpServerFact, 'ref'> = {
    name,
    transport,
    ...(command !== undefined ? { command, args } : {}),
    ...(url !== undefined ? { url } : {}),
    ...(pkg ? { package: pkg } : {}),
    envNames,
    headerNames,
    ...(authenticated !== undefined ? { authenticated } : {}),
    tools: [],
    definedIn: 'code',
    span: declSpan(call),
  };
  return e.addMcpServer(file, fact);
}

/** A URL given as a string or as `new URL("…")`. */
export function urlOf(e: Engine, file: FileIR, value: Value | undefined): string | undefined {
  if (!value) return undefined;
  if (value.kind === 'call' && dotted(value.callee) === 'URL') return e.text(file, value.args[0]);
  return e.text(file, value);
}

function scriptName(command: string, args: string[]): string {
  const base = command.split('/').at(-1)!;
  if (/^(python3?|node|deno|bun|uv|ruby|sh|bash)$/.test(base)) {
    const script = args.find((a) => !a.startsWith('-') && a !== 'run');
    if (script) return script.split('/').at(-1)!;
  }
  return base;
}

function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return url;
  }
}
