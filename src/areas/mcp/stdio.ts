// The MCP server over stdio (`aispm mcp`): one server for the connection, its tools reading as the
// token through the session the command gives (the HTTP API of a running service, or the app built
// in process over the configured database). Standard output carries the protocol only; anything
// else goes to standard error.

import { serveStdio } from '@modelcontextprotocol/server/stdio';
import { MCP_VERSION, type McpSession, mcpServerFactory } from './tools.ts';

export function serveMcpStdio(session: McpSession): { close(): Promise<void> } {
  return serveStdio(
    mcpServerFactory({ version: MCP_VERSION }, () => session),
    { onerror: (err) => process.stderr.write(`aispm mcp: ${err.message}\n`) },
  );
}
