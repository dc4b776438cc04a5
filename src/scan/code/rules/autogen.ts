// AutoGen 0.4+ AgentChat (`autogen_agentchat`, `autogen_ext`, `autogen_core`) and AG2 / AutoGen 0.2
// (`autogen`, `ag2`):
//   AutoGen: AssistantAgent(name, model_client, tools, system_message, handoffs=["name"],
//   workbench=McpWorkbench(…)), CodeExecutorAgent(name, code_executor, approval_func) runs code;
//   the model clients (OpenAIChatCompletionClient(model=…) and kin); FunctionTool(fn, description);
//   plain functions as tools; StdioServerParams / SseServerParams / StreamableHttpServerParams with
//   mcp_server_tools(params) or McpWorkbench(server_params).
//   AG2: AssistantAgent / ConversableAgent / UserProxyAgent(name, system_message, llm_config={…
//   "model": …} | LLMConfig(…), code_execution_config, human_input_mode="ALWAYS" as approval);
//   @agent.register_for_llm(description=…) tools and register_function(fn, caller=agent, …);
//   GroupChatManager(groupchat=GroupChat(agents=[…])) delegating to the chat's agents.

import type { FileIR, Value } from '../ir.ts';
import type { CallRule, Construct, Engine, Rule } from '../engine.ts';
import { agentConstruct, agentRule, builtinTool, declSpan, decoratedTool, mcpServer, modelRule, opt, toolRule, truthy } from './common.ts';

const autogen = /^autogen_(agentchat|ext|core)(\.|$)/;
const ag2 = /^(autogen|ag2)(\.|$)/;

const codeExecutors = [
  'LocalCommandLineCodeExecutor',
  'DockerCommandLineCodeExecutor',
  'JupyterCodeExecutor',
  'ACADynamicSessionsCodeExecutor',
];

const codeExecutorAgent: CallRule = (e, file, call, sym) => {
  const made = agentRule({
    framework: 'autogen',
    name: ['name', 0],
    instructions: ['system_message'],
    model: ['model_client'],
    approval: (en, f, c) => truthy(en, f, opt(c, 'approval_func')) ?? false,
  })(e, file, call, sym)!;
  const executor = opt(call, 'code_executor', 1);
  if (executor) made.agent!.tools.push(executor);
  return made;
};

/** AG2's llm_config: `{"config_list": [{"model": …}]}`, `{"model": …}` or LLMConfig(model=…) / LLMConfig({…}). */
function ag2Models(config: Value | undefined): Value[] {
  if (!config) return [];
  if (config.kind === 'call') {
    const model = opt(config, 'model');
    if (model) return [model];
    const list = opt(config, 'config_list');
    if (list) return ag2Models({ kind: 'dict', entries: new Map([['config_list', list]]), keySpans: new Map(), span: config.span });
    return config.args[0] ? ag2Models(config.args[0]) : [];
  }
  if (config.kind === 'dict') {
    const model = config.entries.get('model');
    if (model) return [model];
    const list = config.entries.get('config_list');
    if (list?.kind === 'list')
      return list.items.flatMap((item) => (item.kind === 'dict' && item.entries.get('model') ? [item.entries.get('model')!] : []));
  }
  return [];
}

/** A name bound to a dict or call (`llm_config = {…}`), as that value. */
function literalValue(e: Engine, file: FileIR, value: Value | undefined): Value | undefined {
  if (value?.kind !== 'ref') return value;
  const sym = e.resolver.resolve(file, value);
  if (sym.kind === 'value' && sym.rest.length === 0) return sym.value;
  if (sym.kind === 'call' && sym.rest.length === 0) return sym.call;
  return value;
}

const ag2Agent: CallRule = (e, file, call, sym) => {
  const kind = sym.path.at(-1);
  const mode = e.text(file, opt(call, 'human_input_mode'));
  // UserProxyAgent asks the human by default (ALWAYS); the others never do unless told.
  const approval = mode ? mode === 'ALWAYS' : kind === 'UserProxyAgent';
  const draft = e.addAgent(file, 'ag2', e.text(file, opt(call, 'name', 0)) ?? call.boundTo ?? kind!, declSpan(call), {
    instructions: opt(call, 'system_message'),
    models: ag2Models(literalValue(e, file, opt(call, 'llm_config'))),
    humanApproval: approval,
  });
  draft.modelClient = 'llm_config';
  const exec = opt(call, 'code_execution_config');
  if (exec && exec.kind !== 'none' && !(exec.kind === 'bool' && !exec.value)) {
    draft.fact.tools.push(
      e.addTool(file, 'ag2', { name: 'code_execution', type: 'builtin', capabilities: ['code_execution', 'shell'], span: exec.span }).ref,
    );
  }
  const groupchat = opt(call, 'groupchat');
  if (groupchat) {
    const chat = e.resolver.resolve(file, groupchat);
    const agents = chat.kind === 'call' ? opt(chat.call, 'agents', 0) : undefined;
    if (agents) draft.delegates.push(agents);
  }
  const construct: Construct = {
    ...agentConstruct('ag2', draft),
    onDecorate: (f, fn, method, decorator) => {
      if (method !== 'register_for_llm') return;
      const made = decoratedTool(e, f, fn, decorator, { framework: 'ag2', name: ['name'], description: ['description'] });
      if (!draft.fact.tools.includes(made.tool!.ref)) draft.fact.tools.push(made.tool!.ref);
    },
  };
  return construct;
};

function serverParams(transport: 'stdio' | 'sse' | 'streamable-http'): CallRule {
  return (e, file, call) => ({
    framework: 'autogen',
    mcp: mcpServer(e, file, call, {
      command: opt(call, 'command'),
      args: opt(call, 'args'),
      env: opt(call, 'env'),
      url: opt(call, 'url'),
      headers: opt(call, 'headers'),
      transport,
    }),
  });
}

const wrapFirst =
  (framework: string, ...keys: (string | number)[]): CallRule =>
  (_e, file, call) => {
    const inner = opt(call, ...keys);
    return inner ? { framework, wraps: { file, value: inner, as: 'same' } } : undefined;
  };

export const autogenRules: Rule[] = [
  {
    framework: 'autogen',
    language: 'python',
    module: autogen,
    names: ['AssistantAgent'],
    call: agentRule({
      framework: 'autogen',
      name: ['name', 0],
      instructions: ['system_message'],
      model: ['model_client'],
      tools: ['tools', 'workbench'],
      delegateNames: ['handoffs'],
    }),
  },
  { framework: 'autogen', language: 'python', module: autogen, names: ['CodeExecutorAgent'], call: codeExecutorAgent },
  {
    framework: 'autogen',
    language: 'python',
    module: autogen,
    names: codeExecutors,
    call: builtinTool('autogen', ['code_execution', 'shell']),
  },
  {
    framework: 'autogen',
    language: 'python',
    module: autogen,
    names: ['PythonCodeExecutionTool'],
    call: builtinTool('autogen', ['code_execution']),
  },
  {
    framework: 'autogen',
    language: 'python',
    module: autogen,
    names: [
      'OpenAIChatCompletionClient',
      'AzureOpenAIChatCompletionClient',
      'AnthropicChatCompletionClient',
      'OllamaChatCompletionClient',
      'AzureAIChatCompletionClient',
      'LlamaCppChatCompletionClient',
    ],
    call: modelRule(['model', 'azure_deployment']),
  },
  {
    framework: 'autogen',
    language: 'python',
    module: autogen,
    names: ['FunctionTool'],
    call: toolRule({ framework: 'autogen', fn: ['func', 0], name: ['name'], description: ['description', 1] }),
  },
  { framework: 'autogen', language: 'python', module: autogen, names: ['StdioServerParams'], call: serverParams('stdio') },
  { framework: 'autogen', language: 'python', module: autogen, names: ['SseServerParams'], call: serverParams('sse') },
  {
    framework: 'autogen',
    language: 'python',
    module: autogen,
    names: ['StreamableHttpServerParams'],
    call: serverParams('streamable-http'),
  },
  { framework: 'autogen', language: 'python', module: autogen, names: ['McpWorkbench'], call: wrapFirst('autogen', 'server_params', 0) },
  {
    framework: 'autogen',
    language: 'python',
    module: autogen,
    names: ['mcp_server_tools'],
    call: wrapFirst('autogen', 'server_params', 0),
  },
  {
    framework: 'ag2',
    language: 'python',
    module: ag2,
    names: ['AssistantAgent', 'ConversableAgent', 'UserProxyAgent', 'GroupChatManager'],
    call: ag2Agent,
  },
  {
    framework: 'ag2',
    language: 'python',
    module: ag2,
    names: ['register_function'],
    call: (e, file, call) => {
      const made = toolRule({ framework: 'ag2', fn: [0, 'f'], name: ['name'], description: ['description'] })(e, file, call, {
        kind: 'external',
        module: 'autogen',
        path: ['register_function'],
      })!;
      const caller = opt(call, 'caller');
      if (caller) {
        e.later.unshift(() => {
          for (const linked of e.objects(file, caller, 'agent', 'ag2')) {
            const draft = e.agents.find((a) => a.fact.ref === linked.ref);
            if (draft && !draft.fact.tools.includes(made.tool!.ref)) draft.fact.tools.push(made.tool!.ref);
          }
        });
      }
      return made;
    },
  },
];
