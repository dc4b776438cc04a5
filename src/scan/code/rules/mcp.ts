// The MCP SDKs, servers written in code and clients connecting to one:
//   Python `mcp` / `fastmcp`: FastMCP("name") with @mcp.tool() (name, description, docstring) or
//   mcp.add_tool(fn), mcp.run(transport=…); the low-level Server("name") with types.Tool(name=…,
//   description=…) in its list_tools handler; clients StdioServerParameters(command, args, env),
//   stdio_client(params), streamablehttp_client(url), sse_client(url).
//   TypeScript `@modelcontextprotocol/sdk` (and the 2.x `@modelcontextprotocol/server`, `/client`):
//   new McpServer({ name }) with server.tool(name, description?, …) and server.registerTool(name,
//   { description }, …), server.connect(new StdioServerTransport() | StreamableHTTPServerTransport);
//   clients new StdioClientTransport({ command, args, env }), StreamableHTTPClientTransport(url),
//   SSEClientTransport(url).

import type { McpServerFact, ToolFact } from '../../facts.ts';
import type { CallRule, Construct, Engine, Rule } from '../engine.ts';
import { type CallValue, dotted, type FileIR, type FunctionIR } from '../ir.ts';
import { declSpan, decoratedTool, functionOf, mcpServer, opt } from './common.ts';

const framework = 'mcp';
const py = /^(mcp|fastmcp)(\.|$)/;
const js = /^@modelcontextprotocol\/(sdk|server|client)(\/|$)/;

/** A server defined in code: its tools are added as they are registered. */
function serverConstruct(e: Engine, server: McpServerFact): Construct {
  const expose = (tool: ToolFact) => {
    tool.type = 'mcp';
    if (!server.tools.includes(tool.ref)) server.tools.push(tool.ref);
  };
  return {
    framework,
    mcp: server,
    onDecorate: (file, fn, method, decorator) => {
      if (method !== 'tool') return;
      const made = decoratedTool(e, file, fn, decorator, { framework, name: ['name'], description: ['description'], positionalName: true });
      expose(made.tool!);
    },
    onMethod: (file, call, method) => {
      if (method === 'run' || method === 'run_async') {
        const transport = e.text(file, opt(call, 'transport', 0));
        if (transport) server.transport = transportOf(transport);
        return undefined;
      }
      if (method === 'connect') {
        const transport = call.args[0];
        const name = transport?.kind === 'call' ? dotted(transport.callee) : undefined;
        if (name && /StreamableHTTP/i.test(name)) server.transport = 'streamable-http';
        else if (name && /SSE/i.test(name)) server.transport = 'sse';
        return undefined;
      }
      if (method === 'add_tool' || method === 'tool' || method === 'registerTool') {
        const tool = registeredTool(e, file, call, method);
        if (tool) expose(tool);
      }
      return undefined;
    },
  };
}

function transportOf(text: string): McpServerFact['transport'] {
  if (text === 'sse') return 'sse';
  if (text === 'http' || text === 'streamable-http' || text === 'streamable_http') return 'streamable-http';
  return 'stdio';
}

/** `mcp.add_tool(fn, name=…)`, `server.tool("name", "description", schema, handler)`, `server.registerTool("name", { description }, handler)`. */
function registeredTool(e: Engine, file: FileIR, call: CallValue, method: string): ToolFact | undefined {
  let name: string | undefined;
  let description: string | undefined;
  let fn: FunctionIR | undefined;
  if (method === 'add_tool') {
    fn = functionOf(e, file, opt(call, 'fn', 0));
    name = e.text(file, opt(call, 'name')) ?? fn?.name;
    description = e.text(file, opt(call, 'description')) ?? fn?.doc;
  } else {
    name = e.text(file, call.args[0]);
    const second = call.args[1];
    if (method === 'tool') description = second?.kind === 'str' ? second.value : undefined;
    else if (second?.kind === 'dict') description = e.text(file, second.entries.get('description'));
    const handler = [...call.args].reverse().find((a) => a.kind === 'func' || a.kind === 'ref');
    fn = functionOf(e, file, handler);
  }
  if (!name) return undefined;
  return e.addTool(file, framework, { name, description, type: 'mcp', capabilities: e.capabilities(file, fn), span: declSpan(call) });
}

const pyServer: CallRule = (e, file, call) =>
  serverConstruct(
    e,
    e.addMcpServer(file, {
      name: e.text(file, opt(call, 'name', 0)) ?? call.boundTo ?? 'mcp',
      transport: 'stdio',
      envNames: [],
      headerNames: [],
      tools: [],
      definedIn: 'code',
      span: declSpan(call),
    }),
  );

const jsServer: CallRule = (e, file, call) => {
  const info = call.args[0];
  const name = info?.kind === 'dict' ? e.text(file, info.entries.get('name')) : undefined;
  return serverConstruct(
    e,
    e.addMcpServer(file, {
      name: name ?? call.boundTo ?? 'mcp',
      transport: 'stdio',
      envNames: [],
      headerNames: [],
      tools: [],
      definedIn: 'code',
      span: declSpan(call),
    }),
  );
};

export const mcpRules: Rule[] = [
  { framework, language: 'python', module: py, names: ['FastMCP'], call: pyServer },
  {
    framework,
    language: 'python',
    module: /^mcp\.server(\.lowlevel)?(\.|$)/,
    names: ['Server'],
    call: (e, file, call) => {
      const made = pyServer(e, file, call, { kind: 'external', module: 'mcp.server', path: ['Server'] })!;
      // The low-level server lists its tools as types.Tool(name=…, description=…) objects in its handler.
      e.later.push(() => {
        for (const c of file.calls) {
          const sym = e.resolver.resolve(file, c.callee);
          if (sym.kind !== 'external' || !/^mcp(\.|$)/.test(sym.module) || sym.path.at(-1) !== 'Tool') continue;
          const name = e.text(file, opt(c, 'name'));
          if (!name) continue;
          const tool = e.addTool(file, framework, {
            name,
            description: e.text(file, opt(c, 'description')),
            type: 'mcp',
            capabilities: [],
            span: c.span,
          });
          made.mcp!.tools.push(tool.ref);
        }
      });
      return made;
    },
  },
  { framework, language: 'js', module: js, names: ['McpServer', 'Server'], call: jsServer },
  {
    framework,
    language: 'python',
    module: py,
    names: ['StdioServerParameters'],
    call: (e, file, call) => ({
      framework,
      mcp: mcpServer(e, file, call, {
        command: opt(call, 'command', 0),
        args: opt(call, 'args', 1),
        env: opt(call, 'env'),
        transport: 'stdio',
      }),
    }),
  },
  {
    framework,
    language: 'python',
    module: py,
    names: ['streamablehttp_client', 'streamable_http_client', 'sse_client'],
    call: (e, file, call, sym) => ({
      framework,
      mcp: mcpServer(e, file, call, {
        url: opt(call, 'url', 0),
        headers: opt(call, 'headers'),
        transport: sym.path.at(-1) === 'sse_client' ? 'sse' : 'streamable-http',
      }),
    }),
  },
  {
    // `stdio_client(params)` stands for the server its parameters describe.
    framework,
    language: 'python',
    module: py,
    names: ['stdio_client'],
    call: (_e, file, call) => (call.args[0] ? { framework, wraps: { file, value: call.args[0], as: 'same' } } : undefined),
  },
  {
    framework,
    language: 'python',
    module: /^fastmcp(\.|$)/,
    names: ['Client'],
    call: (e, file, call) => {
      const target = opt(call, 'transport', 0);
      const text = e.text(file, target);
      if (text === undefined) return undefined;
      if (/^https?:/.test(text)) return { framework, mcp: mcpServer(e, file, call, { url: target }) };
      return {
        framework,
        mcp: mcpServer(e, file, call, {
          command: { kind: 'str', value: /\.js$/.test(text) ? 'node' : 'python', span: call.span },
          args: { kind: 'list', items: [target!], span: call.span },
        }),
      };
    },
  },
  {
    framework,
    language: 'js',
    module: js,
    names: ['StdioClientTransport'],
    call: (e, file, call) => ({
      framework,
      mcp: mcpServer(e, file, call, { command: opt(call, 'command'), args: opt(call, 'args'), env: opt(call, 'env'), transport: 'stdio' }),
    }),
  },
  {
    framework,
    language: 'js',
    module: js,
    names: ['StreamableHTTPClientTransport', 'SSEClientTransport'],
    call: (e, file, call, sym) => {
      const init = opt(call, 'requestInit');
      return {
        framework,
        mcp: mcpServer(e, file, call, {
          url: call.args[0],
          headers: init?.kind === 'dict' ? init.entries.get('headers') : undefined,
          authenticated: opt(call, 'authProvider') ? true : undefined,
          transport: sym.path.at(-1) === 'SSEClientTransport' ? 'sse' : 'streamable-http',
        }),
      };
    },
  },
];
