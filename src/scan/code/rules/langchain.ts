// LangChain and LangGraph, Python (`langchain*`, `langgraph*`) and JavaScript (`langchain`,
// `@langchain/*`):
//   chat models: every Chat* class of a provider package (ChatOpenAI(model=…), ChatAnthropic, …),
//   init_chat_model("provider:model") / initChatModel;
//   tools: @tool / @tool("name") and tool(fn, { name, description }), StructuredTool.from_function,
//   Tool(name=…, func=…), DynamicStructuredTool, BaseTool subclasses, the community shell and
//   Python REPL tools (with their capability); a tool calling langgraph's interrupt() asks a human;
//   agents: create_agent / createAgent (v1, middleware=[HumanInTheLoopMiddleware] is approval),
//   create_react_agent / createReactAgent (interrupt_before), AgentExecutor,
//   create_supervisor (delegates to its agents), create_handoff_tool(agent_name=…);
//   graphs: a StateGraph compiled (name = the compiled graph's variable) with its ToolNode tools,
//   its nodes that are agents (delegates_to) and compile(interrupt_before=…) as its approval;
//   MCP: MultiServerMCPClient({ name: { command, args, env, url, headers, transport } }) and the
//   servers of its get_tools().

import type { CallRule, Construct, Engine, Rule } from '../engine.ts';
import type { CallValue, FileIR, Value } from '../ir.ts';
import {
  agentConstruct,
  agentRule,
  boundName,
  builtinTool,
  declSpan,
  functionOf,
  mcpServer,
  modelRule,
  opt,
  truthy,
  toolDecorator,
  toolRule,
} from './common.ts';

const lcPy = /^langchain(_[a-z0-9_]+)?(\.|$)/;
const lgPy = /^langgraph(_supervisor|_swarm)?(\.|$)/;
const lcJs = /^(langchain(\/|$)|@langchain\/(?!langgraph))/;
const lgJs = /^@langchain\/langgraph(-supervisor|-swarm)?(\/|$)/;

const chatModels = [
  'ChatOpenAI',
  'AzureChatOpenAI',
  'ChatAnthropic',
  'ChatGoogleGenerativeAI',
  'ChatVertexAI',
  'ChatBedrock',
  'ChatBedrockConverse',
  'ChatOllama',
  'ChatMistralAI',
  'ChatGroq',
  'ChatCohere',
  'ChatFireworks',
  'ChatTogether',
  'ChatDeepSeek',
  'ChatXAI',
  'ChatHuggingFace',
  'ChatPerplexity',
  'ChatLiteLLM',
  'OpenAI',
  'AzureOpenAI',
  'Ollama',
];

/** A tool whose function calls langgraph's interrupt() pauses for a human. */
function interrupts(e: Engine, file: FileIR, fnValue: Value | undefined): boolean | undefined {
  const fn = functionOf(e, file, fnValue);
  if (!fn) return undefined;
  for (const c of fn.calls) {
    const sym = e.resolver.resolve(file, c.callee);
    if (sym.kind === 'external' && /^(langgraph|@langchain\/langgraph)/.test(sym.module) && sym.path.at(-1) === 'interrupt') return true;
  }
  return undefined;
}

/** Approval read off `interrupt_before=[…]` / `interruptBefore: […]` and LangChain 1.x's HumanInTheLoopMiddleware. */
function approval(e: Engine, file: FileIR, call: CallValue): boolean | undefined {
  const before = opt(call, 'interrupt_before', 'interruptBefore', 'interrupt_after', 'interruptAfter');
  if (before) return before.kind === 'list' ? before.items.length > 0 : truthy(e, file, before);
  const middleware = opt(call, 'middleware');
  if (middleware?.kind === 'list') {
    for (const m of middleware.items) {
      const sym = m.kind === 'call' ? e.resolver.resolve(file, m.callee) : undefined;
      if (sym?.kind === 'external' && /HumanInTheLoop/.test(sym.path.at(-1) ?? '')) return true;
    }
    return false;
  }
  return undefined;
}

const pyTool = toolDecorator({ framework: 'langchain', name: ['name_or_callable'], description: ['description'], positionalName: true });

/** A StateGraph builder: its nodes and ToolNodes, and the agent its compile() makes. */
const stateGraph =
  (framework: string): CallRule =>
  (e, _file, call) => {
    const tools: Value[] = [];
    const delegates: Value[] = [];
    const models: Value[] = [];
    const construct: Construct = {
      framework,
      onMethod: (f, c, method) => {
        if (method === 'add_node' || method === 'addNode') {
          const node = c.args.length > 1 ? c.args[1]! : c.args[0];
          if (!node) return undefined;
          if (node.kind === 'call') {
            const sym = e.resolver.resolve(f, node.callee);
            if (sym.kind === 'external' && sym.path.at(-1) === 'ToolNode') {
              if (node.args[0]) tools.push(node.args[0]);
              return undefined;
            }
          }
          delegates.push(node);
          // A node function calling a chat model (`llm.bind_tools(…).invoke(…)`) makes the graph use that model.
          const fn = functionOf(e, f, node);
          for (const inner of fn?.calls ?? []) {
            if (inner.callee.kind === 'ref' && !inner.callee.base && inner.callee.path.length > 1)
              models.push({ ...inner.callee, path: inner.callee.path.slice(0, -1) });
          }
          return undefined;
        }
        if (method === 'compile') {
          const name = e.text(f, opt(c, 'name')) ?? boundName(c) ?? boundName(call) ?? 'graph';
          const draft = e.addAgent(f, framework, name, declSpan(c), { tools, delegates, models, humanApproval: approval(e, f, c) });
          e.later.push(() => {
            // Nodes that are plain functions are steps, not agents: only agents stay delegates.
            draft.fact.delegatesTo = draft.fact.delegatesTo.filter((ref) => e.agents.some((a) => a.fact.ref === ref));
          });
          return agentConstruct(framework, draft);
        }
        return undefined;
      },
    };
    return construct;
  };

const multiServer: CallRule = (e, file, call) => {
  const config = opt(call, 'mcpServers', 'connections', 0);
  if (config?.kind !== 'dict') return undefined;
  const servers = [...config.entries.entries()].flatMap(([name, spec]) => {
    if (spec.kind !== 'dict') return [];
    const get = (k: string) => spec.entries.get(k);
    const transport = e.text(file, get('transport'));
    return [
      mcpServer(
        e,
        file,
        { ...call, bindingSpan: undefined, span: spec.span },
        {
          name,
          command: get('command'),
          args: get('args'),
          env: get('env'),
          url: get('url'),
          headers: get('headers'),
          transport: transport === 'sse' ? 'sse' : transport === 'stdio' ? 'stdio' : transport ? 'streamable-http' : undefined,
        },
      ),
    ];
  });
  return {
    framework: 'langchain',
    servers,
    onMethod: (_f, _c, method) => (/^(get_tools|getTools)$/.test(method) ? { framework: 'langchain', servers } : undefined),
  };
};

export const langchainRules: Rule[] = [
  {
    framework: 'langchain',
    language: 'python',
    module: lcPy,
    names: chatModels,
    call: modelRule(['model', 'model_name', 'model_id', 'azure_deployment', 'deployment_name']),
  },
  {
    framework: 'langchain',
    language: 'js',
    module: lcJs,
    names: chatModels,
    call: modelRule(['model', 'modelName', 'model_id', 'azureOpenAIApiDeploymentName']),
  },
  {
    framework: 'langchain',
    language: 'python',
    module: lcPy,
    names: ['init_chat_model'],
    call: modelRule(['model', 0], 'init_chat_model'),
  },
  { framework: 'langchain', language: 'js', module: lcJs, names: ['initChatModel'], call: modelRule([0, 'model'], 'initChatModel') },
  {
    framework: 'langchain',
    language: 'python',
    module: lcPy,
    names: ['tool'],
    decorator: (e, file, fn, decorator) => {
      pyTool(e, file, fn, decorator);
      if (interrupts(e, file, { kind: 'func', fn, span: fn.span })) e.construct(fn)!.tool!.requiresApproval = true;
    },
    call: (e, file, call, sym) => {
      const made = toolRule({ framework: 'langchain', fn: [0], name: ['name_or_callable'], description: ['description'] })(
        e,
        file,
        call,
        sym,
      );
      if (made?.tool && interrupts(e, file, call.args[0])) made.tool.requiresApproval = true;
      return made;
    },
  },
  {
    framework: 'langchain',
    language: 'js',
    module: lcJs,
    names: ['tool'],
    call: (e, file, call, sym) => {
      const made = toolRule({ framework: 'langchain', fn: [0], name: ['name'], description: ['description'] })(e, file, call, sym);
      if (made?.tool && interrupts(e, file, call.args[0])) made.tool.requiresApproval = true;
      return made;
    },
  },
  {
    framework: 'langchain',
    language: 'python',
    module: lcPy,
    names: ['StructuredTool.from_function', 'Tool.from_function', 'Tool', 'StructuredTool'],
    call: toolRule({ framework: 'langchain', fn: ['func', 'coroutine', 0], name: ['name'], description: ['description'] }),
  },
  {
    framework: 'langchain',
    language: 'js',
    module: lcJs,
    names: ['DynamicStructuredTool', 'DynamicTool'],
    call: toolRule({ framework: 'langchain', fn: ['func'], name: ['name'], description: ['description'] }),
  },
  {
    framework: 'langchain',
    language: 'python',
    module: lcPy,
    names: ['BaseTool'],
    base: (e, file, cls) => {
      const run = cls.methods.find((m) => m.name === '_run' || m.name === '_arun');
      return {
        framework: 'langchain',
        tool: e.addTool(file, 'langchain', {
          name: e.text(file, cls.attrs.get('name')) ?? cls.name,
          description: e.text(file, cls.attrs.get('description')),
          type: 'function',
          capabilities: e.capabilities(file, run),
          span: cls.span,
        }),
      };
    },
  },
  ...(
    [
      [['ShellTool'], ['shell']],
      [['PythonREPLTool', 'PythonAstREPLTool'], ['code_execution']],
      [
        [
          'TavilySearchResults',
          'TavilySearch',
          'DuckDuckGoSearchRun',
          'DuckDuckGoSearchResults',
          'RequestsGetTool',
          'RequestsPostTool',
          'WikipediaQueryRun',
          'BraveSearch',
        ],
        ['network'],
      ],
      [['ReadFileTool', 'WriteFileTool', 'ListDirectoryTool', 'DeleteFileTool', 'MoveFileTool', 'CopyFileTool'], ['filesystem']],
      [['QuerySQLDatabaseTool', 'QuerySQLDataBaseTool'], ['database']],
    ] as [string[], string[]][]
  ).flatMap(([names, capabilities]): Rule[] => [
    {
      framework: 'langchain',
      language: 'python',
      module: lcPy,
      names,
      call: builtinTool('langchain', capabilities),
      value: builtinTool('langchain', capabilities),
    },
    { framework: 'langchain', language: 'js', module: lcJs, names, call: builtinTool('langchain', capabilities) },
  ]),
  {
    framework: 'langchain',
    language: 'python',
    module: lcPy,
    names: ['create_agent'],
    call: agentRule({
      framework: 'langchain',
      name: ['name'],
      instructions: ['system_prompt'],
      model: ['model', 0],
      tools: ['tools', 1],
      approval,
      modelClient: 'create_agent',
    }),
  },
  {
    framework: 'langchain',
    language: 'js',
    module: lcJs,
    names: ['createAgent'],
    call: agentRule({
      framework: 'langchain',
      name: ['name'],
      instructions: ['systemPrompt', 'prompt'],
      model: ['model', 'llm'],
      tools: ['tools'],
      approval,
      modelClient: 'createAgent',
    }),
  },
  {
    framework: 'langchain',
    language: 'python',
    module: lcPy,
    names: ['AgentExecutor'],
    call: (e, file, call, sym) => {
      // create_tool_calling_agent(llm, tools, prompt) carries the model; the executor is the agent.
      const inner = opt(call, 'agent');
      const innerCall = inner && e.resolver.resolve(file, inner);
      const model = innerCall?.kind === 'call' ? opt(innerCall.call, 'llm', 0) : undefined;
      const made = agentRule({ framework: 'langchain', name: ['name'], tools: ['tools'] })(e, file, call, sym)!;
      if (model) made.agent!.models.push(model);
      return made;
    },
  },
  {
    framework: 'langgraph',
    language: 'python',
    module: lgPy,
    names: ['create_react_agent'],
    call: agentRule({
      framework: 'langgraph',
      name: ['name'],
      instructions: ['prompt', 'state_modifier'],
      model: ['model', 0],
      tools: ['tools', 1],
      approval,
      modelClient: 'create_react_agent',
    }),
  },
  {
    framework: 'langgraph',
    language: 'js',
    module: lgJs,
    names: ['createReactAgent'],
    call: agentRule({
      framework: 'langgraph',
      name: ['name'],
      instructions: ['prompt', 'stateModifier', 'messageModifier'],
      model: ['llm', 'model'],
      tools: ['tools'],
      approval,
      modelClient: 'createReactAgent',
    }),
  },
  {
    framework: 'langgraph',
    language: 'python',
    module: lgPy,
    names: ['create_supervisor'],
    call: (e, file, call) => {
      const name = e.text(file, opt(call, 'supervisor_name')) ?? 'supervisor';
      const draft = e.addAgent(file, 'langgraph', name, declSpan(call), {
        instructions: opt(call, 'prompt'),
        models: [opt(call, 'model')].filter((v): v is Value => !!v),
        tools: [opt(call, 'tools')].filter((v): v is Value => !!v),
        delegates: [opt(call, 'agents', 0)].filter((v): v is Value => !!v),
      });
      draft.modelClient = 'create_supervisor';
      return {
        ...agentConstruct('langgraph', draft),
        onMethod: (_f, _c, method) => (method === 'compile' ? agentConstruct('langgraph', draft) : undefined),
      };
    },
  },
  {
    framework: 'langgraph',
    language: 'js',
    module: lgJs,
    names: ['createSupervisor'],
    call: (e, file, call) => {
      const name = e.text(file, opt(call, 'supervisorName')) ?? 'supervisor';
      const draft = e.addAgent(file, 'langgraph', name, declSpan(call), {
        instructions: opt(call, 'prompt'),
        models: [opt(call, 'llm', 'model')].filter((v): v is Value => !!v),
        tools: [opt(call, 'tools')].filter((v): v is Value => !!v),
        delegates: [opt(call, 'agents')].filter((v): v is Value => !!v),
      });
      draft.modelClient = 'createSupervisor';
      return {
        ...agentConstruct('langgraph', draft),
        onMethod: (_f, _c, method) => (method === 'compile' ? agentConstruct('langgraph', draft) : undefined),
      };
    },
  },
  {
    framework: 'langgraph',
    language: 'python',
    module: lgPy,
    names: ['create_handoff_tool'],
    call: (e, file, call) => {
      const target = e.text(file, opt(call, 'agent_name', 0));
      return target ? { framework: 'langgraph', link: () => namedAgent(e, target) } : undefined;
    },
  },
  { framework: 'langgraph', language: 'python', module: lgPy, names: ['StateGraph'], call: stateGraph('langgraph') },
  { framework: 'langgraph', language: 'js', module: lgJs, names: ['StateGraph'], call: stateGraph('langgraph') },
  {
    framework: 'langchain',
    language: 'python',
    module: /^langchain_mcp_adapters(\.|$)/,
    names: ['MultiServerMCPClient'],
    call: multiServer,
  },
  { framework: 'langchain', language: 'js', module: /^@langchain\/mcp-adapters(\/|$)/, names: ['MultiServerMCPClient'], call: multiServer },
];

function namedAgent(e: Engine, name: string): { type: 'agent'; ref: string }[] {
  const found = e.agents.find((a) => a.fact.name === name);
  return found ? [{ type: 'agent', ref: found.fact.ref }] : [];
}
