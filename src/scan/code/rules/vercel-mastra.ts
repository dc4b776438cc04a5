// The Vercel AI SDK (`ai`, `@ai-sdk/*`) and Mastra (`@mastra/*`), JavaScript and TypeScript:
//   models: a provider function called with an id (`openai('gpt-4o')`, `anthropic.messages(…)`,
//   a `createOpenAI({…})` instance), or a gateway string (`model: 'openai/gpt-4o'`);
//   AI SDK: generateText / streamText / generateObject / streamObject with `tools` are an agent
//   (named by the function they are called in, else their variable), without tools a model use;
//   ToolLoopAgent / Experimental_Agent({ model, instructions | system, tools }); tool({ description,
//   execute, needsApproval }) named by its key in `tools`; experimental_createMCPClient / createMCPClient
//   ({ transport: { type, url, headers } | new StdioMCPTransport({ command, args, env }) }) and the
//   servers of its tools();
//   Mastra: new Agent({ name, instructions, model, tools, agents }); createTool({ id, description,
//   execute, requireApproval }); new MCPClient({ servers: { name: { command, args, env } | { url } } })
//   with getTools()/getToolsets(); new MCPServer({ name, tools }) exposing its tools.

import type { CallRule, Construct, Rule } from '../engine.ts';
import type { CallValue, FileIR, Value } from '../ir.ts';
import { agentRule, boundName, declSpan, mcpServer, opt, toolRule } from './common.ts';

const ai = /^(ai|@ai-sdk\/[a-z0-9-]+)(\/|$)/;
const providers = /^@ai-sdk\/[a-z0-9-]+$/;
const mastra = /^@mastra\/[a-z0-9-]+(\/|$)/;

/** `openai('gpt-4o')`, `openai.chat('gpt-4o')`, `anthropic.messages(…)`: a model of that provider. */
const providerModel: CallRule = (e, file, call, sym) => {
  const id = e.text(file, call.args[0]);
  if (id === undefined) return undefined;
  return { framework: 'vercel-ai', model: e.addModel(file, id, sym.path[0] === 'default' ? sym.module : sym.path[0], call.args[0]!.span) };
};

/** `createOpenAI({ apiKey })`: an instance whose calls make models of that provider. */
const providerFactory: CallRule = (e, file, _call, sym) => {
  const provider = sym.path
    .at(-1)!
    .replace(/^create/, '')
    .toLowerCase();
  const modelOf = (_f: FileIR, c: CallValue): Construct | undefined => {
    const id = e.text(file, c.args[0]);
    return id === undefined ? undefined : { framework: 'vercel-ai', model: e.addModel(file, id, provider, c.args[0]!.span) };
  };
  return { framework: 'vercel-ai', onMethod: (f, c) => modelOf(f, c), onCall: modelOf };
};

const generate: CallRule = (e, file, call, sym) => {
  const tools = opt(call, 'tools');
  if (!tools) {
    const model = opt(call, 'model');
    if (model) e.later.push(() => void e.objects(file, model, 'model', 'vercel-ai', sym.path.at(-1)));
    return undefined;
  }
  const made = agentRule({
    framework: 'vercel-ai',
    instructions: ['system'],
    model: ['model'],
    tools: ['tools'],
    modelClient: sym.path.at(-1),
  })(e, file, call, sym)!;
  // A generate call is named by the function it runs in; a route handler (`export async function POST`) by its route.
  // The telemetry's functionId is the name the code gives the call; else the function it runs in.
  const fn = call.enclosing?.name;
  const draft = made.agent!;
  const telemetry = opt(call, 'experimental_telemetry');
  const functionId = telemetry?.kind === 'dict' ? e.text(file, telemetry.entries.get('functionId')) : undefined;
  if (functionId) draft.fact.name = functionId;
  else if (fn && !fn.startsWith('<')) draft.fact.name = /^(GET|POST|PUT|PATCH|DELETE)$/.test(fn) ? (file.path.split('/').at(-2) ?? fn) : fn;
  draft.fact.ref = e.uniqueRef(file.path, 'agent', draft.fact.name, draft.fact.span.startLine);
  return made;
};

function mcpClient(framework: string, serversKey: string | undefined): CallRule {
  return (e, file, call) => {
    const specs: [string | undefined, Value, CallValue][] = [];
    if (serversKey) {
      const servers = opt(call, serversKey);
      if (servers?.kind !== 'dict') return undefined;
      for (const [name, spec] of servers.entries) specs.push([name, spec, { ...call, bindingSpan: undefined, span: spec.span }]);
    } else {
      const transport = opt(call, 'transport');
      if (transport) specs.push([undefined, transport, call]);
    }
    const list = specs.map(([name, spec, at]) => {
      if (spec.kind === 'call') {
        // new StdioMCPTransport({ command, args, env }) / new StreamableHTTPClientTransport(new URL(…))
        const options = spec.args[0];
        if (options?.kind === 'dict') {
          return mcpServer(e, file, at, {
            name,
            command: options.entries.get('command'),
            args: options.entries.get('args'),
            env: options.entries.get('env'),
            url: options.entries.get('url'),
            transport: options.entries.has('url') ? undefined : 'stdio',
          });
        }
        return mcpServer(e, file, at, { name, url: options });
      }
      const get = (k: string) => (spec.kind === 'dict' ? spec.entries.get(k) : undefined);
      const init = get('requestInit');
      const type = e.text(file, get('type'));
      return mcpServer(e, file, at, {
        name,
        command: get('command'),
        args: get('args'),
        env: get('env'),
        url: get('url'),
        headers: get('headers') ?? (init?.kind === 'dict' ? init.entries.get('headers') : undefined),
        transport: type === 'sse' ? 'sse' : type === 'http' ? 'streamable-http' : undefined,
      });
    });
    return {
      framework,
      servers: list,
      onMethod: (_f, _c, method) => (/^(tools|getTools|getToolsets|listTools)$/.test(method) ? { framework, servers: list } : undefined),
    };
  };
}

export const vercelMastraRules: Rule[] = [
  {
    framework: 'vercel-ai',
    language: 'js',
    module: providers,
    names: [
      'openai',
      'anthropic',
      'google',
      'vertex',
      'mistral',
      'groq',
      'xai',
      'cohere',
      'bedrock',
      'azure',
      'deepseek',
      'perplexity',
      'togetherai',
      'fireworks',
      'ollama',
      'gateway',
      'default',
    ],
    call: providerModel,
  },
  ...['chat', 'responses', 'messages', 'languageModel', 'completion', 'textEmbeddingModel', 'embedding'].map(
    (method): Rule => ({
      framework: 'vercel-ai',
      language: 'js',
      module: providers,
      names: ['openai', 'anthropic', 'google', 'mistral', 'azure', 'groq', 'xai', 'bedrock', 'vertex'].map((p) => `${p}.${method}`),
      call: providerModel,
    }),
  ),
  {
    framework: 'vercel-ai',
    language: 'js',
    module: providers,
    names: [
      'createOpenAI',
      'createAnthropic',
      'createGoogleGenerativeAI',
      'createAzure',
      'createMistral',
      'createGroq',
      'createXai',
      'createAmazonBedrock',
      'createVertex',
      'createDeepSeek',
      'createOpenAICompatible',
    ],
    call: providerFactory,
  },
  {
    framework: 'vercel-ai',
    language: 'js',
    module: ai,
    names: ['generateText', 'streamText', 'generateObject', 'streamObject'],
    call: generate,
  },
  {
    framework: 'vercel-ai',
    language: 'js',
    module: ai,
    names: ['ToolLoopAgent', 'Experimental_Agent', 'Agent'],
    call: agentRule({
      framework: 'vercel-ai',
      name: ['name', 'id'],
      instructions: ['instructions', 'system'],
      model: ['model'],
      tools: ['tools'],
    }),
  },
  {
    framework: 'vercel-ai',
    language: 'js',
    module: ai,
    names: ['tool', 'dynamicTool'],
    call: toolRule({ framework: 'vercel-ai', description: ['description'], approval: ['needsApproval'] }),
  },
  {
    framework: 'vercel-ai',
    language: 'js',
    module: /^(ai|@ai-sdk\/mcp)(\/|$)/,
    names: ['experimental_createMCPClient', 'createMCPClient'],
    call: mcpClient('vercel-ai', undefined),
  },
  {
    framework: 'mastra',
    language: 'js',
    module: mastra,
    names: ['Agent'],
    call: agentRule({
      framework: 'mastra',
      name: ['name', 'id'],
      instructions: ['instructions'],
      model: ['model'],
      tools: ['tools'],
      delegates: ['agents'],
    }),
  },
  {
    framework: 'mastra',
    language: 'js',
    module: mastra,
    names: ['createTool'],
    call: toolRule({ framework: 'mastra', name: ['id'], description: ['description'], approval: ['requireApproval'] }),
  },
  { framework: 'mastra', language: 'js', module: mastra, names: ['MCPClient', 'MCPConfiguration'], call: mcpClient('mastra', 'servers') },
  {
    framework: 'mastra',
    language: 'js',
    module: mastra,
    names: ['MCPServer'],
    call: (e, file, call) => {
      const server = e.addMcpServer(file, {
        name: e.text(file, opt(call, 'name')) ?? boundName(call) ?? 'mcp',
        transport: 'stdio',
        envNames: [],
        headerNames: [],
        tools: [],
        definedIn: 'code',
        span: declSpan(call),
      });
      const tools = opt(call, 'tools');
      if (tools) {
        e.later.unshift(() => {
          for (const linked of e.objects(file, tools, 'tool', 'mastra'))
            if (linked.type === 'tool' && !server.tools.includes(linked.ref)) server.tools.push(linked.ref);
        });
      }
      return { framework: 'mastra', mcp: server };
    },
  },
];
