// MCP client spans (the semantic conventions for MCP): mcp.method.name on a request to an MCP server,
// named by mcp.server.name, else by address and port.

import type { DialectSpec, Reading } from './dialect.ts';

function read({ r, view, cue }: Reading): void {
  const method = cue('mcp')!;
  const address = r.str('server.address');
  const port = r.int('server.port');
  const transport = r.str('network.transport', 'mcp.transport');
  const server = r.str('mcp.server.name') ?? (address ? (port !== undefined ? `${address}:${port}` : address) : undefined);
  view.role = 'mcp';
  view.mcp = {
    method,
    server,
    address,
    port,
    transport,
    tool: method === 'tools/call' ? r.str('gen_ai.tool.name', 'mcp.tool.name') : undefined,
  };
  // A transport session, not a conversation: read, not kept.
  r.str('mcp.session.id');
}

export const mcp = {
  name: 'mcp',
  prefixes: ['mcp.request.', 'mcp.protocol.', 'jsonrpc.', 'rpc.', 'network.', 'server.', 'client.'],
  cue: (r) => r.str('mcp.method.name'),
  claims: 'fallback',
  recognises: (method) => !!method,
  read,
  doc: {
    label: 'the MCP conventions',
    intro:
      '**MCP** (semantic conventions for MCP): a span with `mcp.method.name` (`tools/call`, `tools/list`,\n' +
      '…) is a request to an MCP server named by `mcp.server.name`, else `server.address` and\n' +
      '`server.port`; `network.transport` (`pipe` → stdio); for `tools/call`, the tool `gen_ai.tool.name`\n' +
      '(or `mcp.tool.name`). A span with `mcp.method.name` and no server is counted as `genai_no_object`\n' +
      'and named in the answer. `mcp.session.id` is read but is a transport session, not a conversation.',
  },
} as const satisfies DialectSpec;
