// The OpenAI Agents SDK, Python (`agents`) and JavaScript (`@openai/agents`):
//   Agent(name, instructions, model, tools, handoffs, mcp_servers) / new Agent({…}), Agent.create;
//   @function_tool (name_override, description_override, needs_approval) / tool({ name, description, execute, needsApproval });
//   handoff(agent), agent.as_tool(…) / asTool(…): delegates_to;
//   the hosted and local tools (shell, code interpreter, computer, web and file search), HostedMCPTool;
//   MCPServerStdio / Sse / StreamableHttp (params with command, args, env or url, headers);
//   OpenAIChatCompletionsModel / OpenAIResponsesModel / LitellmModel(model=…), aisdk(model).

import type { Rule } from '../engine.ts';
import { agentRule, builtinTool, mcpServer, modelRule, opt, toolDecorator, toolRule } from './common.ts';

const framework = 'openai-agents';
const py = /^agents(\.|$)/;
const js = /^@openai\/agents(-core|-openai|-extensions)?(\/|$)/;

export const openaiAgentsRules: Rule[] = [
  {
    framework,
    language: 'python',
    module: py,
    names: ['Agent'],
    call: agentRule({
      framework,
      name: ['name', 0],
      instructions: ['instructions'],
      model: ['model'],
      tools: ['tools'],
      mcp: ['mcp_servers'],
      delegates: ['handoffs'],
      approval: () => undefined,
    }),
  },
  {
    framework,
    language: 'js',
    module: js,
    names: ['Agent', 'Agent.create'],
    call: agentRule({
      framework,
      name: ['name'],
      instructions: ['instructions'],
      model: ['model'],
      tools: ['tools'],
      mcp: ['mcpServers'],
      delegates: ['handoffs'],
    }),
  },
  {
    framework,
    language: 'python',
    module: py,
    names: ['function_tool'],
    decorator: toolDecorator({ framework, name: ['name_override'], description: ['description_override'], approval: ['needs_approval'] }),
    call: toolRule({ framework, name: ['name_override'], description: ['description_override'], fn: [0], approval: ['needs_approval'] }),
  },
  {
    framework,
    language: 'js',
    module: js,
    names: ['tool'],
    call: toolRule({ framework, name: ['name'], description: ['description'], approval: ['needsApproval'] }),
  },
  {
    framework,
    language: 'python',
    module: py,
    names: ['handoff'],
    call: (_e, file, call) => ({ framework, wraps: { file, value: opt(call, 'agent', 0)!, as: 'delegate' } }),
  },
  {
    framework,
    language: 'js',
    module: js,
    names: ['handoff'],
    call: (_e, file, call) => ({ framework, wraps: { file, value: call.args[0]!, as: 'delegate' } }),
  },
  ...(
    [
      [['ShellTool', 'LocalShellTool'], ['shell']],
      [['CodeInterpreterTool'], ['code_execution']],
      [['ComputerTool'], ['computer_use']],
      [['WebSearchTool'], ['network']],
      [['FileSearchTool'], ['retrieval']],
      [['ImageGenerationTool'], []],
      [['ApplyPatchTool'], ['filesystem']],
    ] as [string[], string[]][]
  ).map(
    ([names, capabilities]): Rule => ({ framework, language: 'python', module: py, names, call: builtinTool(framework, capabilities) }),
  ),
  ...(
    [
      [['shellTool', 'localShellTool'], ['shell']],
      [['codeInterpreterTool'], ['code_execution']],
      [['computerTool'], ['computer_use']],
      [['webSearchTool'], ['network']],
      [['fileSearchTool'], ['retrieval']],
      [['imageGenerationTool'], []],
      [['applyPatchTool'], ['filesystem']],
    ] as [string[], string[]][]
  ).map(([names, capabilities]): Rule => ({ framework, language: 'js', module: js, names, call: builtinTool(framework, capabilities) })),
  {
    framework,
    language: 'python',
    module: py,
    names: ['HostedMCPTool'],
    call: (e, file, call) => {
      const config = opt(call, 'tool_config', 0);
      const get = (key: string) => (config?.kind === 'dict' ? config.entries.get(key) : undefined);
      const server = mcpServer(e, file, call, {
        name: e.text(file, get('server_label')),
        url: get('server_url'),
        headers: get('headers'),
        authenticated: get('authorization') ? true : undefined,
      });
      return { framework, mcp: server };
    },
  },
  {
    framework,
    language: 'js',
    module: js,
    names: ['hostedMcpTool'],
    call: (e, file, call) => ({
      framework,
      mcp: mcpServer(e, file, call, {
        name: e.text(file, opt(call, 'serverLabel')),
        url: opt(call, 'serverUrl'),
        headers: opt(call, 'headers'),
        authenticated: opt(call, 'authorization') ? true : undefined,
      }),
    }),
  },
  {
    framework,
    language: 'python',
    module: py,
    names: ['MCPServerStdio', 'MCPServerSse', 'MCPServerStreamableHttp'],
    call: (e, file, call, sym) => {
      const params = opt(call, 'params', 0);
      const get = (key: string) => (params?.kind === 'dict' ? params.entries.get(key) : undefined);
      const kind = sym.path.at(-1);
      return {
        framework,
        mcp: mcpServer(e, file, call, {
          name: e.text(file, opt(call, 'name')),
          command: get('command'),
          args: get('args'),
          env: get('env'),
          url: get('url'),
          headers: get('headers'),
          transport: kind === 'MCPServerStdio' ? 'stdio' : kind === 'MCPServerSse' ? 'sse' : 'streamable-http',
        }),
      };
    },
  },
  {
    framework,
    language: 'js',
    module: js,
    names: ['MCPServerStdio', 'MCPServerSSE', 'MCPServerStreamableHttp'],
    call: (e, file, call, sym) => {
      const kind = sym.path.at(-1);
      return {
        framework,
        mcp: mcpServer(e, file, call, {
          name: e.text(file, opt(call, 'name')),
          command: opt(call, 'command'),
          args: opt(call, 'args'),
          fullCommand: opt(call, 'fullCommand'),
          env: opt(call, 'env'),
          url: opt(call, 'url'),
          headers: (() => {
            const init = opt(call, 'requestInit');
            return init?.kind === 'dict' ? init.entries.get('headers') : undefined;
          })(),
          transport: kind === 'MCPServerStdio' ? 'stdio' : kind === 'MCPServerSSE' ? 'sse' : 'streamable-http',
        }),
      };
    },
  },
  {
    framework,
    language: 'python',
    module: py,
    names: ['OpenAIChatCompletionsModel', 'OpenAIResponsesModel'],
    call: modelRule(['model', 0]),
  },
  { framework, language: 'python', module: py, names: ['LitellmModel'], call: modelRule(['model', 0], 'LitellmModel') },
  { framework, language: 'js', module: js, names: ['OpenAIChatCompletionsModel', 'OpenAIResponsesModel'], call: modelRule([1, 'model']) },
  {
    framework,
    language: 'js',
    module: js,
    names: ['aisdk'],
    call: (_e, file, call) => ({ framework, wraps: { file, value: call.args[0]!, as: 'same' } }),
  },
];
