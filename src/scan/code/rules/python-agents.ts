// The Python agent frameworks of one shape each: LlamaIndex, PydanticAI, Google ADK and smolagents.
//   LlamaIndex (`llama_index`): FunctionAgent / ReActAgent / CodeActAgent(name, description,
//   system_prompt, llm, tools, can_handoff_to=["name"]), ReActAgent.from_tools(tools, llm=…); every
//   LLM class of llama_index.llms.* (OpenAI(model=…), Anthropic(model=…), …); FunctionTool.from_defaults
//   (fn, name, description); BasicMCPClient(command_or_url, args, env) with McpToolSpec(client).
//   PydanticAI (`pydantic_ai`): Agent(model, name, instructions | system_prompt, tools, toolsets,
//   mcp_servers) with @agent.tool / @agent.tool_plain (requires_approval), Tool(fn, requires_approval);
//   the *Model classes of pydantic_ai.models; MCPServerStdio(command, args, env),
//   MCPServerSSE / MCPServerStreamableHTTP(url, headers); an agent run inside another agent's tool
//   (`await other.run(…)`) is delegated to.
//   Google ADK (`google.adk`): Agent / LlmAgent(name, model, instruction, tools, sub_agents,
//   code_executor), SequentialAgent / ParallelAgent / LoopAgent(name, sub_agents); AgentTool(agent=…);
//   LiteLlm(model=…); FunctionTool(func, require_confirmation); google_search and the code executors;
//   McpToolset / MCPToolset(connection_params=StdioServerParameters | StdioConnectionParams |
//   SseConnectionParams | StreamableHTTPConnectionParams).
//   smolagents: CodeAgent (runs the Python it writes: a code-execution tool) / ToolCallingAgent(tools,
//   model, name, description, managed_agents, instructions); @tool, Tool subclasses; the *Model
//   classes (model_id); its web and Python tools; ToolCollection.from_mcp(params) and MCPClient(params).

import type { CallRule, Construct, Engine, Rule } from '../engine.ts';
import type { CallValue, FileIR, Value } from '../ir.ts';
import { agentRule, builtinTool, declSpan, decoratedTool, mcpServer, modelRule, opt, toolDecorator, toolRule } from './common.ts';

const llama = /^llama_index(\.|$)/;
const pydantic = /^pydantic_ai(\.|$)/;
const adk = /^google\.adk(\.|$)/;
const smol = /^smolagents(\.|$)/;

/** Server parameters given as a call (`StdioServerParameters(command=…)`) or a dict (`{"url": …}`). */
function serverFrom(e: Engine, file: FileIR, at: CallValue, params: Value | undefined): Construct | undefined {
  if (!params) return undefined;
  if (params.kind === 'dict') {
    const get = (k: string) => params.entries.get(k);
    const transport = e.text(file, get('transport'));
    return {
      framework: 'mcp',
      mcp: mcpServer(e, file, at, {
        command: get('command'),
        args: get('args'),
        env: get('env'),
        url: get('url'),
        headers: get('headers'),
        transport: transport === 'sse' ? 'sse' : undefined,
      }),
    };
  }
  return { framework: 'mcp', wraps: { file, value: params, as: 'same' } };
}

const pydanticAgent: CallRule = (e, file, call, sym) => {
  const made = agentRule({
    framework: 'pydantic-ai',
    name: ['name'],
    instructions: ['instructions', 'system_prompt'],
    model: ['model', 0],
    tools: ['tools', 'builtin_tools'],
    mcp: ['toolsets', 'mcp_servers'],
    modelClient: 'pydantic_ai.Agent',
  })(e, file, call, sym)!;
  const draft = made.agent!;
  return {
    ...made,
    onDecorate: (f, fn, method, decorator) => {
      if (method !== 'tool' && method !== 'tool_plain') return;
      const tool = decoratedTool(e, f, fn, decorator, {
        framework: 'pydantic-ai',
        name: ['name'],
        description: ['description'],
        approval: ['requires_approval'],
      }).tool!;
      if (!draft.fact.tools.includes(tool.ref)) draft.fact.tools.push(tool.ref);
      // `await other_agent.run(…)` in a tool: this agent delegates to the other.
      for (const c of fn.calls) {
        if (c.callee.kind !== 'ref' || !/^run(_sync|_stream)?$/.test(c.callee.path.at(-1) ?? '')) continue;
        const owner: Value = { ...c.callee, path: c.callee.path.slice(0, -1) };
        if (owner.kind === 'ref' && owner.path.length > 0) draft.delegates.push(owner);
      }
    },
  };
};

const adkMcp: CallRule = (_e, file, call) => {
  const params = opt(call, 'connection_params', 0);
  if (params?.kind === 'call') {
    // StdioConnectionParams(server_params=StdioServerParameters(…)) wraps the parameters.
    const inner = opt(params, 'server_params');
    if (inner) return { framework: 'google-adk', wraps: { file, value: inner, as: 'same' } };
  }
  return params ? { framework: 'google-adk', wraps: { file, value: params, as: 'same' } } : undefined;
};

const adkParams: CallRule = (e, file, call, sym) => {
  const name = sym.path.at(-1)!;
  const transport = /^Stdio/.test(name) ? 'stdio' : /^Sse/.test(name) ? 'sse' : 'streamable-http';
  return {
    framework: 'google-adk',
    mcp: mcpServer(e, file, call, {
      command: opt(call, 'command'),
      args: opt(call, 'args'),
      env: opt(call, 'env'),
      url: opt(call, 'url'),
      headers: opt(call, 'headers'),
      transport,
    }),
  };
};

const smolAgent =
  (codeRunning: boolean): CallRule =>
  (e, file, call, sym) => {
    const made = agentRule({
      framework: 'smolagents',
      name: ['name'],
      instructions: ['instructions'],
      model: ['model'],
      tools: ['tools', 0],
      delegates: ['managed_agents'],
      modelClient: sym.path.at(-1),
    })(e, file, call, sym)!;
    if (codeRunning) {
      const executor = e.text(file, opt(call, 'executor_type')) ?? 'local';
      made.agent!.fact.tools.push(
        e.addTool(file, 'smolagents', {
          name: 'python_interpreter',
          description: `CodeAgent runs the Python it writes (${executor} executor)`,
          type: 'builtin',
          capabilities: ['code_execution'],
          span: declSpan(call),
        }).ref,
      );
    }
    return made;
  };

export const pythonAgentRules: Rule[] = [
  // LlamaIndex
  {
    framework: 'llamaindex',
    language: 'python',
    module: llama,
    names: ['FunctionAgent', 'ReActAgent', 'CodeActAgent', 'FunctionCallingAgent'],
    call: agentRule({
      framework: 'llamaindex',
      name: ['name'],
      instructions: ['system_prompt'],
      model: ['llm'],
      tools: ['tools'],
      delegateNames: ['can_handoff_to'],
    }),
  },
  {
    framework: 'llamaindex',
    language: 'python',
    module: llama,
    names: ['ReActAgent.from_tools', 'OpenAIAgent.from_tools', 'FunctionCallingAgent.from_tools'],
    call: agentRule({ framework: 'llamaindex', name: ['name'], instructions: ['system_prompt'], model: ['llm'], tools: ['tools', 0] }),
  },
  {
    framework: 'llamaindex',
    language: 'python',
    module: /^llama_index\.llms\./,
    names: [
      'OpenAI',
      'AzureOpenAI',
      'Anthropic',
      'Gemini',
      'GoogleGenAI',
      'Ollama',
      'MistralAI',
      'Groq',
      'Bedrock',
      'BedrockConverse',
      'Vertex',
      'OpenAILike',
      'LiteLLM',
      'Cohere',
      'DeepSeek',
      'HuggingFaceInferenceAPI',
    ],
    call: modelRule(['model', 'model_name', 'engine', 0]),
  },
  {
    framework: 'llamaindex',
    language: 'python',
    module: llama,
    names: ['FunctionTool.from_defaults'],
    call: toolRule({ framework: 'llamaindex', fn: ['fn', 'async_fn', 0], name: ['name'], description: ['description'] }),
  },
  {
    framework: 'llamaindex',
    language: 'python',
    module: llama,
    names: ['QueryEngineTool.from_defaults'],
    call: toolRule({ framework: 'llamaindex', fn: [], name: ['name'], description: ['description'], capabilities: ['retrieval'] }),
  },
  {
    framework: 'llamaindex',
    language: 'python',
    module: /^llama_index\.tools\.mcp(\.|$)/,
    names: ['BasicMCPClient'],
    call: (e, file, call) => {
      const target = opt(call, 'command_or_url', 0);
      const text = e.text(file, target);
      if (text === undefined) return undefined;
      if (/^https?:/.test(text))
        return { framework: 'llamaindex', mcp: mcpServer(e, file, call, { url: target, headers: opt(call, 'headers') }) };
      return {
        framework: 'llamaindex',
        mcp: mcpServer(e, file, call, { command: target, args: opt(call, 'args'), env: opt(call, 'env'), transport: 'stdio' }),
      };
    },
  },
  {
    framework: 'llamaindex',
    language: 'python',
    module: /^llama_index\.tools\.mcp(\.|$)/,
    names: ['McpToolSpec'],
    call: (_e, file, call) =>
      opt(call, 'client', 0) ? { framework: 'llamaindex', wraps: { file, value: opt(call, 'client', 0)!, as: 'same' } } : undefined,
  },
  // PydanticAI
  { framework: 'pydantic-ai', language: 'python', module: pydantic, names: ['Agent'], call: pydanticAgent },
  {
    framework: 'pydantic-ai',
    language: 'python',
    module: pydantic,
    names: ['Tool'],
    call: toolRule({
      framework: 'pydantic-ai',
      fn: ['function', 0],
      name: ['name'],
      description: ['description'],
      approval: ['requires_approval'],
    }),
  },
  {
    framework: 'pydantic-ai',
    language: 'python',
    module: /^pydantic_ai\.models(\.|$)/,
    names: [
      'OpenAIModel',
      'OpenAIChatModel',
      'OpenAIResponsesModel',
      'AnthropicModel',
      'GeminiModel',
      'GoogleModel',
      'GroqModel',
      'MistralModel',
      'CohereModel',
      'BedrockConverseModel',
      'HuggingFaceModel',
    ],
    call: modelRule(['model_name', 0]),
  },
  {
    framework: 'pydantic-ai',
    language: 'python',
    module: pydantic,
    names: ['CodeExecutionTool'],
    call: builtinTool('pydantic-ai', ['code_execution']),
  },
  {
    framework: 'pydantic-ai',
    language: 'python',
    module: pydantic,
    names: ['WebSearchTool', 'UrlContextTool'],
    call: builtinTool('pydantic-ai', ['network']),
  },
  {
    framework: 'pydantic-ai',
    language: 'python',
    module: /^pydantic_ai\.mcp(\.|$)/,
    names: ['MCPServerStdio'],
    call: (e, file, call) => ({
      framework: 'pydantic-ai',
      mcp: mcpServer(e, file, call, {
        command: opt(call, 'command', 0),
        args: opt(call, 'args', 1),
        env: opt(call, 'env'),
        transport: 'stdio',
      }),
    }),
  },
  {
    framework: 'pydantic-ai',
    language: 'python',
    module: /^pydantic_ai\.mcp(\.|$)/,
    names: ['MCPServerSSE', 'MCPServerStreamableHTTP', 'MCPServerHTTP'],
    call: (e, file, call, sym) => ({
      framework: 'pydantic-ai',
      mcp: mcpServer(e, file, call, {
        url: opt(call, 'url', 0),
        headers: opt(call, 'headers'),
        transport: sym.path.at(-1) === 'MCPServerSSE' ? 'sse' : 'streamable-http',
      }),
    }),
  },
  // Google ADK
  {
    framework: 'google-adk',
    language: 'python',
    module: adk,
    names: ['Agent', 'LlmAgent'],
    call: (e, file, call, sym) => {
      const made = agentRule({
        framework: 'google-adk',
        name: ['name'],
        instructions: ['instruction', 'global_instruction'],
        model: ['model'],
        tools: ['tools'],
        delegates: ['sub_agents'],
      })(e, file, call, sym)!;
      const executor = opt(call, 'code_executor');
      if (executor) made.agent!.tools.push(executor);
      return made;
    },
  },
  {
    framework: 'google-adk',
    language: 'python',
    module: adk,
    names: ['SequentialAgent', 'ParallelAgent', 'LoopAgent'],
    call: agentRule({ framework: 'google-adk', name: ['name'], delegates: ['sub_agents'] }),
  },
  {
    framework: 'google-adk',
    language: 'python',
    module: adk,
    names: ['AgentTool'],
    call: (_e, file, call) =>
      opt(call, 'agent', 0) ? { framework: 'google-adk', wraps: { file, value: opt(call, 'agent', 0)!, as: 'delegate' } } : undefined,
  },
  { framework: 'google-adk', language: 'python', module: adk, names: ['LiteLlm', 'Gemini', 'Claude'], call: modelRule(['model', 0]) },
  {
    framework: 'google-adk',
    language: 'python',
    module: adk,
    names: ['FunctionTool', 'LongRunningFunctionTool'],
    call: (e, file, call, sym) => {
      const made = toolRule({ framework: 'google-adk', fn: ['func', 0], approval: ['require_confirmation'] })(e, file, call, sym)!;
      return made;
    },
  },
  {
    framework: 'google-adk',
    language: 'python',
    module: adk,
    names: ['google_search', 'GoogleSearchTool', 'url_context', 'load_web_page'],
    call: builtinTool('google-adk', ['network']),
    value: builtinTool('google-adk', ['network']),
  },
  {
    framework: 'google-adk',
    language: 'python',
    module: adk,
    names: ['BuiltInCodeExecutor', 'UnsafeLocalCodeExecutor', 'VertexAiCodeExecutor', 'ContainerCodeExecutor', 'built_in_code_execution'],
    call: builtinTool('google-adk', ['code_execution']),
    value: builtinTool('google-adk', ['code_execution']),
  },
  { framework: 'google-adk', language: 'python', module: adk, names: ['McpToolset', 'MCPToolset'], call: adkMcp },
  {
    framework: 'google-adk',
    language: 'python',
    module: adk,
    names: ['StdioConnectionParams'],
    call: (_e, file, call) =>
      opt(call, 'server_params') ? { framework: 'google-adk', wraps: { file, value: opt(call, 'server_params')!, as: 'same' } } : undefined,
  },
  {
    framework: 'google-adk',
    language: 'python',
    module: adk,
    names: [
      'StdioServerParameters',
      'SseServerParams',
      'SseConnectionParams',
      'StreamableHTTPServerParams',
      'StreamableHTTPConnectionParams',
    ],
    call: adkParams,
  },
  // smolagents
  { framework: 'smolagents', language: 'python', module: smol, names: ['CodeAgent'], call: smolAgent(true) },
  { framework: 'smolagents', language: 'python', module: smol, names: ['ToolCallingAgent', 'MultiStepAgent'], call: smolAgent(false) },
  { framework: 'smolagents', language: 'python', module: smol, names: ['tool'], decorator: toolDecorator({ framework: 'smolagents' }) },
  {
    framework: 'smolagents',
    language: 'python',
    module: smol,
    names: ['Tool'],
    base: (e, file, cls) => {
      const forward = cls.methods.find((m) => m.name === 'forward');
      return {
        framework: 'smolagents',
        tool: e.addTool(file, 'smolagents', {
          name: e.text(file, cls.attrs.get('name')) ?? cls.name,
          description: e.text(file, cls.attrs.get('description')),
          type: 'function',
          capabilities: e.capabilities(file, forward),
          span: cls.span,
        }),
      };
    },
  },
  {
    framework: 'smolagents',
    language: 'python',
    module: smol,
    names: [
      'InferenceClientModel',
      'HfApiModel',
      'LiteLLMModel',
      'OpenAIServerModel',
      'OpenAIModel',
      'AzureOpenAIServerModel',
      'TransformersModel',
      'AmazonBedrockServerModel',
      'MLXModel',
      'VLLMModel',
    ],
    call: modelRule(['model_id', 0]),
  },
  {
    framework: 'smolagents',
    language: 'python',
    module: smol,
    names: ['WebSearchTool', 'DuckDuckGoSearchTool', 'GoogleSearchTool', 'VisitWebpageTool', 'WikipediaSearchTool', 'ApiWebSearchTool'],
    call: builtinTool('smolagents', ['network']),
  },
  {
    framework: 'smolagents',
    language: 'python',
    module: smol,
    names: ['PythonInterpreterTool'],
    call: builtinTool('smolagents', ['code_execution']),
  },
  {
    framework: 'smolagents',
    language: 'python',
    module: smol,
    names: ['ToolCollection.from_mcp', 'MCPClient'],
    call: (e, file, call) => serverFrom(e, file, call, opt(call, 'server_parameters', 0)),
  },
];
