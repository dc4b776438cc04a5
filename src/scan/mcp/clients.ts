// The MCP clients whose configurations a scan reads: where each keeps its file in a repository and
// in a user's home, its format, and where the servers sit in it (docs/SCAN.md, "MCP clients").
// Home paths are listed for Linux, macOS and Windows alike and all of them are tried: a file that
// is not there costs one failed stat.

import type { ConfigFormat, Located } from './located.ts';
import { prop, str } from './located.ts';

/** Where the servers sit in a file. */
export type Layout =
  /** `{"mcpServers": {name: server}}`: Claude Desktop, Claude Code's .mcp.json, Cursor, Windsurf, Cline, Roo Code, Gemini CLI. */
  | 'mcpServers'
  /** VS Code's mcp.json: `{"servers": {name: server}}`. */
  | 'servers'
  /** VS Code's settings.json: `{"mcp": {"servers": {…}}}`. */
  | 'vscode-settings'
  /** Zed: `{"context_servers": {name: server}}` (a server's command an object in older versions). */
  | 'zed'
  /** Codex CLI: `[mcp_servers.<name>]` tables. */
  | 'codex'
  /** Claude Code's ~/.claude.json: top-level `mcpServers` and each project's `projects.<path>.mcpServers`. */
  | 'claude-code-user'
  /** Continue's YAML: `mcpServers: [{name, command, args, env} | {name, type, url}]`. */
  | 'continue-yaml'
  /** Continue's config.json: `experimental.modelContextProtocolServers: [{transport: {…}}]`. */
  | 'continue-json';

export interface ClientFile {
  /** Client id, the agent's framework: cursor, claude-desktop, … */
  client: string;
  /** The client's name: the agent's name. */
  name: string;
  /** Relative to the repository root or the home directory; a trailing `/` lists the directory's files. */
  path: string;
  format: ConfigFormat;
  layout: Layout;
}

const f = (client: string, name: string, path: string, format: ConfigFormat, layout: Layout): ClientFile => ({
  client,
  name,
  path,
  format,
  layout,
});

/** Project-scoped configurations, at the root of a repository. */
export const repositoryFiles: ClientFile[] = [
  f('claude-code', 'Claude Code', '.mcp.json', 'json', 'mcpServers'),
  f('cursor', 'Cursor', '.cursor/mcp.json', 'json', 'mcpServers'),
  f('vscode', 'VS Code', '.vscode/mcp.json', 'json', 'servers'),
  f('vscode', 'VS Code', '.vscode/settings.json', 'json', 'vscode-settings'),
  f('gemini-cli', 'Gemini CLI', '.gemini/settings.json', 'json', 'mcpServers'),
  f('codex', 'Codex CLI', '.codex/config.toml', 'toml', 'codex'),
  f('zed', 'Zed', '.zed/settings.json', 'json', 'zed'),
  f('roo-code', 'Roo Code', '.roo/mcp.json', 'json', 'mcpServers'),
  f('continue', 'Continue', '.continue/config.yaml', 'yaml', 'continue-yaml'),
  f('continue', 'Continue', '.continue/mcpServers/', 'yaml', 'continue-yaml'),
];

const vscodeUser = ['.config/Code/User', 'Library/Application Support/Code/User', 'AppData/Roaming/Code/User'];

/** User-scoped configurations, in the home directory (`--host`). */
export const hostFiles: ClientFile[] = [
  ...['.config/Claude', 'Library/Application Support/Claude', 'AppData/Roaming/Claude'].map((d) =>
    f('claude-desktop', 'Claude Desktop', `${d}/claude_desktop_config.json`, 'json', 'mcpServers'),
  ),
  f('claude-code', 'Claude Code', '.claude.json', 'json', 'claude-code-user'),
  f('cursor', 'Cursor', '.cursor/mcp.json', 'json', 'mcpServers'),
  ...vscodeUser.flatMap((d) => [
    f('vscode', 'VS Code', `${d}/mcp.json`, 'json', 'servers'),
    f('vscode', 'VS Code', `${d}/settings.json`, 'json', 'vscode-settings'),
    f('cline', 'Cline', `${d}/globalStorage/saoudrizwan.claude-dev/settings/cline_mcp_settings.json`, 'json', 'mcpServers'),
    f('roo-code', 'Roo Code', `${d}/globalStorage/rooveterinaryinc.roo-cline/settings/mcp_settings.json`, 'json', 'mcpServers'),
  ]),
  f('windsurf', 'Windsurf', '.codeium/windsurf/mcp_config.json', 'json', 'mcpServers'),
  f('continue', 'Continue', '.continue/config.yaml', 'yaml', 'continue-yaml'),
  f('continue', 'Continue', '.continue/config.json', 'json', 'continue-json'),
  f('continue', 'Continue', '.continue/mcpServers/', 'yaml', 'continue-yaml'),
  ...['.config/zed', 'Library/Application Support/Zed', 'AppData/Roaming/Zed'].map((d) =>
    f('zed', 'Zed', `${d}/settings.json`, 'json', 'zed'),
  ),
  f('gemini-cli', 'Gemini CLI', '.gemini/settings.json', 'json', 'mcpServers'),
  f('codex', 'Codex CLI', '.codex/config.toml', 'toml', 'codex'),
];

export interface ServerEntry {
  name: string;
  node: Located;
  /** Where in the file the server is scoped, when the file has several scopes (a Claude Code project). */
  scope?: string;
}

function entriesOf(map: Located | undefined, scope?: string): ServerEntry[] {
  if (map?.kind !== 'object') return [];
  return [...map.props!].filter(([, node]) => node.kind === 'object').map(([name, node]) => ({ name, node, ...(scope ? { scope } : {}) }));
}

function listOf(list: Located | undefined, nameOf: (node: Located, i: number) => string): ServerEntry[] {
  if (list?.kind !== 'array') return [];
  return list.items!.filter((n) => n.kind === 'object').map((node, i) => ({ name: nameOf(node, i), node }));
}

/** The servers a file configures. `home` shortens project paths of ~/.claude.json to `~/…`. */
export function serverEntries(doc: Located, layout: Layout, home?: string): ServerEntry[] {
  switch (layout) {
    case 'mcpServers':
      // Continue reads Claude-style JSON files dropped into .continue/mcpServers/ too.
      return entriesOf(prop(doc, 'mcpServers'));
    case 'servers':
      return entriesOf(prop(doc, 'servers'));
    case 'vscode-settings':
      return entriesOf(prop(prop(doc, 'mcp'), 'servers'));
    case 'zed':
      return entriesOf(prop(doc, 'context_servers'));
    case 'codex':
      return entriesOf(prop(doc, 'mcp_servers'));
    case 'claude-code-user': {
      const out = entriesOf(prop(doc, 'mcpServers'));
      const projects = prop(doc, 'projects');
      for (const [path, project] of projects?.props ?? []) {
        const shown = home && (path === home || path.startsWith(`${home}/`)) ? `~${path.slice(home.length)}` : path;
        out.push(...entriesOf(prop(project, 'mcpServers'), shown));
      }
      return out;
    }
    case 'continue-yaml': {
      const servers = prop(doc, 'mcpServers');
      // A JSON file in .continue/mcpServers/ holds Claude-style `mcpServers` objects.
      if (servers?.kind === 'object') return entriesOf(servers);
      return listOf(servers, (n, i) => str(prop(n, 'name')) ?? `server-${i + 1}`);
    }
    case 'continue-json':
      return listOf(prop(prop(doc, 'experimental'), 'modelContextProtocolServers'), (n, i) => {
        const t = prop(n, 'transport');
        return str(prop(n, 'name')) ?? str(prop(t, 'command')) ?? str(prop(t, 'url')) ?? `server-${i + 1}`;
      });
  }
}
