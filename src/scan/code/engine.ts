// Turns the parsed files of a scan into facts. Three passes over every file's IR:
//   1. constructs: each call, decorator and class base whose name resolves to a framework's symbol
//      (rules.ts) becomes an agent, tool, model, MCP server, graph, … construct;
//   2. methods: calls and decorators on those constructs (`@mcp.tool()`, `server.registerTool(…)`,
//      `builder.add_node(…)`, `agent.as_tool(…)`, `await mcp.getTools()`);
//   3. links: each agent's tools, models, MCP servers and delegates, given as values (names, lists,
//      dicts, calls), resolved to the constructs they stand for, across files.
// A value that resolves to nothing of the tree (a tool imported from a package, a name only) still
// becomes a fact at the place it is named, so no relation points nowhere.

import { createHash } from 'node:crypto';
import type { AgentFact, McpServerFact, ModelFact, Skip, Span, ToolFact } from '../facts.ts';
import { type CallValue, type ClassIR, type FileIR, type FunctionIR, literal, type Value } from './ir.ts';
import { inferProvider } from './providers.ts';
import type { Resolver, Sym } from './resolve.ts';

export interface AgentDraft {
  fact: AgentFact;
  file: FileIR;
  models: Value[];
  tools: Value[];
  mcp: Value[];
  delegates: Value[];
  /** Agents named by string (`handoffs=["billing"]`, `can_handoff_to=[…]`), resolved by name at the end. */
  delegateNames: { name: string; span: Span }[];
  /** CrewAI: the key of agents.yaml the agent is configured from (`config=self.agents_config['researcher']`). */
  configKey?: string;
  /** The construct a literal model id is given to (`Agent`, `create_react_agent`), for the model's client. */
  modelClient?: string;
}

export interface Construct {
  framework: string;
  agent?: AgentDraft;
  tool?: ToolFact;
  model?: ModelFact;
  mcp?: McpServerFact;
  /** Several servers at once (MultiServerMCPClient, Mastra's MCPClient). */
  servers?: McpServerFact[];
  /** A wrapper standing for what it wraps: handoff(agent), AgentTool(agent=…), agent.as_tool(). */
  wraps?: { file: FileIR; value: Value; as: 'delegate' | 'same' };
  /** Calls of methods on this construct (`server.tool(…)`, `builder.add_node(…)`). */
  onMethod?: (file: FileIR, call: CallValue, method: string, rest: string[]) => Construct | undefined;
  /** Calls of the construct itself (a provider instance: `myOpenAI('gpt-4o')`). */
  onCall?: (file: FileIR, call: CallValue) => Construct | undefined;
  /** Decorators that are methods of this construct (`@mcp.tool()`, `@agent.tool_plain`). */
  onDecorate?: (file: FileIR, fn: FunctionIR, method: string, decorator: CallValue | undefined) => void;
  /** What linking this construct as an agent's tool, model or server gives, when not one of the fields above. */
  link?: () => Linked[];
}

export type Linked =
  | { type: 'tool'; ref: string }
  | { type: 'model'; ref: string }
  | { type: 'mcp'; ref: string }
  | { type: 'agent'; ref: string };

export type CallRule = (e: Engine, file: FileIR, call: CallValue, sym: Extract<Sym, { kind: 'external' }>) => Construct | undefined;
export type DecoratorRule = (e: Engine, file: FileIR, fn: FunctionIR, decorator: CallValue | undefined) => void;
export type ClassRule = (e: Engine, file: FileIR, cls: ClassIR) => Construct | undefined;
/** A package symbol used as a value, not called (`google_search` of Google ADK). */
export type ValueRule = (e: Engine, file: FileIR, value: Value) => Construct | undefined;

export interface Rule {
  framework: string;
  language: 'python' | 'js';
  /** The module the symbol comes from, as imported (`agents`, `agents.mcp`, `@openai/agents`). */
  module: RegExp;
  /** The symbol: its last name (`Agent`) or class and member (`FunctionTool.from_defaults`). */
  names: string[];
  call?: CallRule;
  decorator?: DecoratorRule;
  base?: ClassRule;
  value?: ValueRule;
}

export class Engine {
  agents: AgentDraft[] = [];
  /** Work a rule leaves for after links (CrewAI's `Task(agent=…, human_input=True)` marks an agent). */
  readonly later: (() => void)[] = [];
  readonly tools: ToolFact[] = [];
  readonly models: ModelFact[] = [];
  readonly mcpServers: McpServerFact[] = [];
  private readonly constructs = new Map<object, Construct>();
  private readonly refs = new Set<string>();
  private readonly rules = new Map<string, Rule[]>();
  private readonly modelsByRef = new Map<string, ModelFact>();
  private readonly placeholders = new Map<string, ToolFact>();

  readonly resolver: Resolver;
  /** Passes run once every construct is made and before links (CrewAI's YAML joins its code here). */
  private readonly hooks: ((e: Engine) => void)[];

  /** Resolves the callees of passes 1 and 2 without parsing modules kept aside (see index.ts). */
  private readonly callees: Resolver;

  constructor(resolver: Resolver, rules: Rule[], hooks: ((e: Engine) => void)[] = [], callees: Resolver = resolver) {
    this.resolver = resolver;
    this.hooks = hooks;
    this.callees = callees;
    for (const rule of rules) {
      for (const name of rule.names) {
        const key = `${rule.language}:${name}`;
        const list = this.rules.get(key);
        if (list) list.push(rule);
        else this.rules.set(key, [rule]);
      }
    }
  }

  /** The rule for a package symbol, by its last name or class and member. */
  rule(file: FileIR, sym: Extract<Sym, { kind: 'external' }>): Rule | undefined {
    const language = file.language === 'python' ? 'python' : 'js';
    const path = sym.path;
    const module = language === 'python' && path.length > 1 ? [sym.module, ...path.slice(0, -1)].join('.') : sym.module;
    const candidates = [path.slice(-2).join('.'), path.at(-1) ?? ''];
    for (const name of candidates) {
      for (const rule of this.rules.get(`${language}:${name}`) ?? []) {
        if (rule.module.test(module) || rule.module.test(sym.module)) return rule;
      }
    }
    return undefined;
  }

  // ---- pass 1 and 2 ----

  run(files: FileIR[]): void {
    // A rule failing on a shape it did not foresee costs that file's remaining constructs (a skip
    // naming it), never the scan.
    for (const file of files) {
      this.guard(file.path, () => {
        for (const cls of file.classes.values()) this.classBases(file, cls);
        for (const call of file.calls) this.externalCall(file, call);
        for (const fn of allFunctions(file)) this.decorators(file, fn, false);
      });
    }
    for (const file of files) {
      this.guard(file.path, () => {
        for (const call of file.calls) this.methodCall(file, call);
        for (const fn of allFunctions(file)) this.decorators(file, fn, true);
      });
    }
    for (const hook of this.hooks) this.guard('', () => hook(this));
    for (const draft of this.agents) this.guard(draft.file.path, () => this.linkAgent(draft));
    this.guard('', () => this.linkNames());
    for (const work of this.later) this.guard('', work);
  }

  /** Skips of files a rule failed on. */
  readonly failures: Skip[] = [];

  private guard(path: string, work: () => void): void {
    try {
      work();
    } catch (err) {
      this.failures.push({ path, reason: 'malformed', detail: `could not be analysed: ${(err as Error).message}`.slice(0, 200) });
    }
  }

  construct(key: object): Construct | undefined {
    return this.constructs.get(key);
  }

  private classBases(file: FileIR, cls: ClassIR): void {
    for (const base of cls.bases) {
      const sym = this.callees.resolve(file, base);
      if (sym.kind !== 'external') continue;
      const made = this.rule(file, sym)?.base?.(this, file, cls);
      if (made) {
        this.constructs.set(cls, made);
        return;
      }
    }
  }

  private externalCall(file: FileIR, call: CallValue): void {
    if (this.constructs.has(call) || call.decorator) return;
    const sym = this.callees.resolve(file, call.callee);
    if (sym.kind !== 'external') return;
    const made = this.rule(file, sym)?.call?.(this, file, call, sym);
    if (made) this.constructs.set(call, made);
  }

  private methodCall(file: FileIR, call: CallValue): void {
    if (this.constructs.has(call) || call.decorator || call.callee.kind !== 'ref') return;
    const sym = this.callees.resolve(file, call.callee);
    const target = this.receiver(sym);
    if (!target) return;
    const made =
      target.rest.length === 0
        ? target.construct.onCall?.(file, call)
        : target.construct.onMethod?.(file, call, target.rest[0]!, target.rest.slice(1));
    if (made) this.constructs.set(call, made);
  }

  /** The construct a symbol's head stands for, following builder chains (`new StateGraph(…).addNode(…)`). */
  receiver(sym: Sym): { construct: Construct; rest: string[] } | undefined {
    if (sym.kind === 'call') {
      let construct = this.constructs.get(sym.call);
      if (!construct && sym.call.callee.kind === 'ref' && sym.call.callee.base) {
        // A chained call on a builder returns the builder.
        const inner = this.receiver({ kind: 'call', file: sym.file, call: sym.call.callee.base, rest: [] });
        construct = inner?.construct;
      }
      return construct ? { construct, rest: sym.rest } : undefined;
    }
    if (sym.kind === 'function' || sym.kind === 'class') {
      const construct = this.constructs.get(sym.kind === 'function' ? sym.fn : sym.cls);
      return construct ? { construct, rest: sym.rest } : undefined;
    }
    return undefined;
  }

  private decorators(file: FileIR, fn: FunctionIR, methods: boolean): void {
    for (const decorator of fn.decorators) {
      const call = decorator.kind === 'call' ? decorator : undefined;
      const head = call ? call.callee : decorator;
      const sym = this.callees.resolve(file, head);
      if (!methods && sym.kind === 'external') this.rule(file, sym)?.decorator?.(this, file, fn, call);
      if (methods && sym.kind !== 'external') {
        const target = this.receiver(sym);
        if (target && target.rest.length > 0) target.construct.onDecorate?.(file, fn, target.rest[0]!, call);
      }
    }
  }

  // ---- making facts ----

  uniqueRef(path: string, kind: string, name: string, line: number): string {
    let ref = `${path}#${kind}:${name}`;
    if (this.refs.has(ref)) ref = `${ref}@${line}`;
    this.refs.add(ref);
    return ref;
  }

  addAgent(
    file: FileIR,
    framework: string,
    name: string,
    span: Span,
    init: Partial<Omit<AgentDraft, 'fact' | 'file'>> & { instructions?: Value; humanApproval?: boolean },
  ): AgentDraft {
    const fact: AgentFact = {
      ref: this.uniqueRef(file.path, 'agent', name, span.startLine),
      name,
      framework,
      language: file.language,
      models: [],
      tools: [],
      mcpServers: [],
      delegatesTo: [],
      span,
    };
    const hash = this.instructionsHash(file, init.instructions);
    if (hash) fact.instructionsSha256 = hash;
    if (init.humanApproval !== undefined) fact.humanApproval = init.humanApproval;
    const draft: AgentDraft = {
      fact,
      file,
      models: init.models ?? [],
      tools: init.tools ?? [],
      mcp: init.mcp ?? [],
      delegates: init.delegates ?? [],
      delegateNames: init.delegateNames ?? [],
    };
    this.agents.push(draft);
    return draft;
  }

  addTool(file: FileIR, framework: string, init: Omit<ToolFact, 'ref' | 'framework' | 'language'>): ToolFact {
    const fact: ToolFact = {
      ref: this.uniqueRef(file.path, 'tool', init.name, init.span.startLine),
      framework,
      language: file.language,
      ...init,
    };
    if (fact.description === undefined) delete fact.description;
    if (fact.requiresApproval === undefined) delete fact.requiresApproval;
    this.tools.push(fact);
    return fact;
  }

  /** The model fact for an id written at a place: one per id and file (the first place it is written). */
  addModel(file: FileIR, id: string, client: string | undefined, span: Span): ModelFact {
    const key = `${file.path}#model:${id}`;
    const known = this.modelsByRef.get(key);
    if (known) return known;
    const fact: ModelFact = { ref: key, id, span };
    const provider = inferProvider(id, client);
    if (provider) fact.provider = provider;
    if (client) fact.client = client;
    this.refs.add(key);
    this.modelsByRef.set(key, fact);
    this.models.push(fact);
    return fact;
  }

  addMcpServer(file: FileIR, init: Omit<McpServerFact, 'ref'>): McpServerFact {
    const fact: McpServerFact = { ref: this.uniqueRef(file.path, 'mcp', init.name, init.span.startLine), ...init };
    this.mcpServers.push(fact);
    return fact;
  }

  /** A plain function given as a tool (AutoGen, ADK, PydanticAI, LangGraph take functions as they are). */
  functionTool(file: FileIR, fn: FunctionIR, framework: string): Construct {
    const known = this.constructs.get(fn);
    if (known) return known;
    const tool = this.addTool(file, framework, {
      name: fn.name,
      description: fn.doc,
      type: 'function',
      capabilities: this.capabilities(file, fn),
      span: fn.span,
    });
    const made: Construct = { framework, tool };
    this.constructs.set(fn, made);
    return made;
  }

  setConstruct(key: object, construct: Construct): void {
    this.constructs.set(key, construct);
  }

  /** What a function can do, from the calls in its body that resolve to the standard library's process, code, file or network calls. */
  capabilities(file: FileIR, fn: FunctionIR | undefined): string[] {
    if (!fn) return [];
    const found = new Set<string>();
    for (const call of fn.calls) {
      const sym = this.resolver.resolve(file, call.callee);
      const bare = sym.kind === 'unknown' && call.callee.kind === 'ref' && call.callee.path.length === 1;
      const name =
        sym.kind === 'external'
          ? [sym.module, ...sym.path].join('.')
          : bare
            ? `builtins.${(call.callee as { path: string[] }).path[0]}`
            : '';
      const capability = capabilityOf(name);
      if (capability) found.add(capability);
    }
    return [...found].sort();
  }

  instructionsHash(file: FileIR, value: Value | undefined): string | undefined {
    const text = this.text(file, value);
    return text === undefined ? undefined : createHash('sha256').update(text).digest('hex');
  }

  /** A literal string, following a name bound to one (`MODEL = "gpt-4o"`). */
  text(file: FileIR, value: Value | undefined, depth = 0): string | undefined {
    if (!value || depth > 8) return undefined;
    const direct = literal(value);
    if (direct !== undefined) return direct;
    if (value.kind !== 'ref' || value.base) return undefined;
    const sym = this.resolver.resolve(file, value);
    if (sym.kind === 'value' && sym.rest.length === 0) return this.text(sym.file, sym.value, depth + 1);
    return undefined;
  }

  // ---- pass 3: links ----

  /** The objects a value given to an agent stands for. */
  objects(file: FileIR, value: Value, expect: 'tool' | 'model' | 'mcp' | 'agent', framework: string, client?: string, depth = 0): Linked[] {
    if (depth > 12) return [];
    switch (value.kind) {
      case 'list':
        return value.items.flatMap((item) => this.objects(file, item, expect, framework, client, depth + 1));
      case 'dict':
        if (expect === 'model') return [];
        return [
          ...(value.spreads ?? []).flatMap((item) => this.objects(file, item, expect, framework, client, depth + 1)),
          ...[...value.entries.entries()].flatMap(([key, item]) => {
            // Mastra and the Vercel AI SDK name tools by their key: `tools: { weather: weatherTool }`.
            const found = this.objects(file, item, expect, framework, client, depth + 1);
            if (found.length === 0 && expect === 'tool')
              return [{ type: 'tool' as const, ref: this.placeholder(file, framework, key, value.keySpans.get(key) ?? value.span).ref }];
            return found;
          }),
        ];
      case 'str':
        if (expect === 'model') return [{ type: 'model', ref: this.addModel(file, value.value, client, value.span).ref }];
        if (expect === 'tool') return [{ type: 'tool', ref: this.placeholder(file, framework, value.value, value.span).ref }];
        return [];
      case 'call':
      case 'ref':
      case 'func': {
        const sym = this.resolver.resolve(file, value);
        return this.symObjects(file, value, sym, expect, framework, client, depth);
      }
      default:
        return [];
    }
  }

  private symObjects(
    file: FileIR,
    value: Value,
    sym: Sym,
    expect: 'tool' | 'model' | 'mcp' | 'agent',
    framework: string,
    client: string | undefined,
    depth: number,
  ): Linked[] {
    let construct: Construct | undefined;
    if (sym.kind === 'call' && sym.rest.length === 0) construct = this.constructs.get(sym.call);
    else if (sym.kind === 'function' && sym.rest.length === 0) {
      construct = this.constructs.get(sym.fn);
      if (!construct && expect === 'tool') construct = this.functionTool(sym.file, sym.fn, framework);
    } else if (sym.kind === 'class') construct = this.constructs.get(sym.cls);
    else if (sym.kind === 'value' && sym.rest.length === 0) {
      if (sym.value.kind === 'list' || sym.value.kind === 'dict' || sym.value.kind === 'str')
        return this.objects(sym.file, sym.value, expect, framework, client, depth + 1);
    } else if (sym.kind === 'external') {
      const rule = this.rule(file, sym);
      construct = rule?.value?.(this, file, value);
    } else if (sym.kind === 'module') {
      // A whole module given (`tools: { ...deskTools }`): the constructs its names are bound to.
      const found: Linked[] = [];
      for (const { value: bound } of sym.file.bindings.values()) {
        const made = bound.kind === 'call' ? this.constructs.get(bound) : undefined;
        if (made) found.push(...this.constructLinks(made, expect, framework, client, depth));
      }
      for (const fn of sym.file.functions.values()) {
        const made = this.constructs.get(fn);
        if (made) found.push(...this.constructLinks(made, expect, framework, client, depth));
      }
      return found;
    }
    // A call of a tree class (`SearchTool()`) is the class's construct.
    if (!construct && sym.kind === 'call' && sym.rest.length === 0) {
      const callee = this.resolver.resolve(sym.file, sym.call.callee);
      if (callee.kind === 'class' && callee.rest.length === 0) construct = this.constructs.get(callee.cls);
      if (!construct && callee.kind === 'function' && callee.rest.length === 0 && expect === 'tool') {
        // A factory function of the tree returning a tool or an agent (`def make_agent(): return Agent(…)`).
        const made = callee.fn.returns.flatMap((r) => this.objects(callee.file, r, expect, framework, client, depth + 1));
        if (made.length) return made;
      }
      if (!construct && callee.kind === 'function' && callee.rest.length === 0 && expect !== 'tool') {
        const made = callee.fn.returns.flatMap((r) => this.objects(callee.file, r, expect, framework, client, depth + 1));
        if (made.length) return made;
      }
    }
    // A model's own methods give the model back (`new ChatAnthropic(…).bindTools([…])`, `llm.with_structured_output(…)`).
    if (!construct && sym.kind === 'call' && sym.rest.length === 0 && sym.call.callee.kind === 'ref' && sym.call.callee.base) {
      const chained = this.receiver({ kind: 'call', file: sym.file, call: sym.call.callee.base, rest: [] });
      if (chained?.construct.model) construct = chained.construct;
    }
    if (construct) return this.constructLinks(construct, expect, framework, client, depth);
    if (sym.kind === 'function' && expect !== 'tool' && sym.rest.length === 0) {
      const made = sym.fn.returns.flatMap((r) => this.objects(sym.file, r, expect, framework, client, depth + 1));
      if (made.length) return made;
    }
    if (expect === 'tool') {
      const name = placeholderName(value, sym);
      if (name) return [{ type: 'tool', ref: this.placeholder(file, framework, name, value.span).ref }];
    }
    return [];
  }

  private constructLinks(construct: Construct, expect: string, framework: string, client: string | undefined, depth: number): Linked[] {
    if (construct.link) return construct.link();
    if (construct.wraps)
      return this.objects(
        construct.wraps.file,
        construct.wraps.value,
        construct.wraps.as === 'delegate' ? 'agent' : (expect as 'tool'),
        framework,
        client,
        depth + 1,
      );
    const out: Linked[] = [];
    if (construct.agent) out.push({ type: 'agent', ref: construct.agent.fact.ref });
    if (construct.tool) out.push({ type: 'tool', ref: construct.tool.ref });
    if (construct.model) out.push({ type: 'model', ref: construct.model.ref });
    if (construct.mcp) out.push({ type: 'mcp', ref: construct.mcp.ref });
    for (const s of construct.servers ?? []) out.push({ type: 'mcp', ref: s.ref });
    return out;
  }

  /** A tool known only by its name (a package's tool, a name in a list): a fact where it is named. */
  placeholder(file: FileIR, framework: string, name: string, span: Span): ToolFact {
    const key = `${file.path}#${name}`;
    const known = this.placeholders.get(key);
    if (known) return known;
    const fact = this.addTool(file, framework, { name, type: 'function', capabilities: [], span });
    this.placeholders.set(key, fact);
    return fact;
  }

  private linkAgent(draft: AgentDraft): void {
    const { fact, file } = draft;
    const add = (list: string[], ref: string) => {
      if (!list.includes(ref) && ref !== fact.ref) list.push(ref);
    };
    const place = (linked: Linked[]) => {
      for (const l of linked) {
        if (l.type === 'tool') add(fact.tools, l.ref);
        else if (l.type === 'model') add(fact.models, l.ref);
        else if (l.type === 'mcp') add(fact.mcpServers, l.ref);
        else add(fact.delegatesTo, l.ref);
      }
    };
    for (const v of draft.models)
      place(this.objects(file, v, 'model', fact.framework, draft.modelClient).filter((l) => l.type === 'model'));
    for (const v of draft.tools) place(this.objects(file, v, 'tool', fact.framework));
    for (const v of draft.mcp) place(this.objects(file, v, 'mcp', fact.framework));
    for (const v of draft.delegates) place(this.objects(file, v, 'agent', fact.framework));
  }

  /** Delegates named by string: the agent of that declared name, nearest the naming file first. */
  private linkNames(): void {
    for (const draft of this.agents) {
      for (const { name } of draft.delegateNames) {
        const target = this.agents
          .filter((a) => a.fact.name === name && a !== draft)
          .sort((a, b) => Number(b.file === draft.file) - Number(a.file === draft.file))[0];
        if (target && !draft.fact.delegatesTo.includes(target.fact.ref)) draft.fact.delegatesTo.push(target.fact.ref);
      }
    }
  }
}

function placeholderName(value: Value, sym: Sym): string | undefined {
  if (sym.kind === 'external') return sym.path.at(-1) ?? sym.module;
  if (value.kind === 'ref') return value.path.at(-1);
  if (value.kind === 'call' && value.callee.kind === 'ref') return value.callee.path.at(-1);
  return undefined;
}

function* allFunctions(file: FileIR): Iterable<FunctionIR> {
  yield* file.functions.values();
  for (const cls of file.classes.values()) yield* cls.methods;
}

const capabilityNames: [RegExp, string][] = [
  [
    /^(subprocess\.|os\.(system|popen|exec|spawn)|child_process\.|node:child_process\.|pty\.spawn|commands\.|sh\.|plumbum\.|execa\.|shelljs\.|zx\.)/,
    'shell',
  ],
  [/^(builtins\.(exec|eval|compile)|node:vm\.|vm\.|code\.InteractiveInterpreter|builtins\.Function)/, 'code_execution'],
  [
    /^(builtins\.open|pathlib\.|shutil\.|fs\.|node:fs\.|fs\/promises\.|node:fs\/promises\.|os\.(remove|unlink|rmdir|makedirs|listdir|walk|rename))/,
    'filesystem',
  ],
  [/^(requests\.|httpx\.|aiohttp\.|urllib\.|http\.client\.|builtins\.fetch|node-fetch\.|axios\.|undici\.|got\.)/, 'network'],
];

function capabilityOf(name: string): string | undefined {
  if (!name) return undefined;
  for (const [pattern, capability] of capabilityNames) if (pattern.test(name)) return capability;
  return undefined;
}
