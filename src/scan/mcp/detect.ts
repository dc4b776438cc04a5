// The MCP client configurations of a repository or a home directory, as facts: each client that
// has a configuration becomes an agent (framework = the client's id) that uses the servers it
// configures, each server an MCP server fact at its line, and each credential written in a
// server's env, headers or arguments a secret fact inside it. These files are read at their known
// paths, whether or not a .gitignore lists them: a client reads them either way. A file that does
// not parse is a `malformed` skip naming its line; it never stops the scan.

import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AgentFact, Facts, McpServerFact, Skip } from '../facts.ts';
import type { Fingerprinter } from '../secrets/fingerprint.ts';
import { readText } from '../walk/walker.ts';
import { type ClientFile, hostFiles, repositoryFiles, serverEntries } from './clients.ts';
import { ConfigParseError, type ConfigFormat, LineIndex, parseConfig } from './located.ts';
import { readServer, spanOf } from './servers.ts';

export interface ConfigFacts extends Pick<Facts, 'agents' | 'mcpServers' | 'secrets' | 'skips'> {
  /** The configuration files read (relative paths). */
  files: string[];
}

const MAX_CONFIG_BYTES = 4 * 1024 * 1024;

/** The files of a ClientFile: itself, or a directory's JSON and YAML files. */
function filesOf(base: string, cf: ClientFile): { rel: string; format: ConfigFormat }[] {
  if (!cf.path.endsWith('/')) return [{ rel: cf.path, format: cf.format }];
  let names: string[];
  try {
    names = readdirSync(join(base, cf.path)).sort();
  } catch {
    return [];
  }
  return names
    .filter((n) => /\.(?:ya?ml|json)$/i.test(n))
    .map((n) => ({ rel: `${cf.path}${n}`, format: /\.json$/i.test(n) ? ('json' as const) : ('yaml' as const) }));
}

function read(base: string, files: ClientFile[], fingerprint: Fingerprinter, home?: string): ConfigFacts {
  const out: ConfigFacts = { agents: [], mcpServers: [], secrets: [], skips: [], files: [] };
  const agents = new Map<string, AgentFact>();
  for (const cf of files) {
    for (const { rel, format } of filesOf(base, cf)) {
      const text = readText(join(base, rel), MAX_CONFIG_BYTES);
      if (text === undefined) continue;
      out.files.push(rel);
      let doc: ReturnType<typeof parseConfig>;
      try {
        doc = parseConfig(text, format);
      } catch (err) {
        if (!(err instanceof ConfigParseError)) throw err;
        const skip: Skip = { path: rel, reason: 'malformed', detail: err.message };
        if (err.line !== undefined) skip.line = err.line;
        out.skips.push(skip);
        continue;
      }
      const lines = new LineIndex(text);
      const entries = serverEntries(doc, cf.layout, home);
      if (!entries.length) continue;
      const servers: McpServerFact[] = [];
      for (const entry of entries) {
        const { server, secrets } = readServer(entry, { path: rel, lines, fingerprint });
        servers.push(server);
        out.secrets.push(...secrets);
      }
      out.mcpServers.push(...servers);
      let agent = agents.get(cf.client);
      if (!agent) {
        agent = {
          ref: `client:${cf.client}`,
          name: cf.name,
          framework: cf.client,
          language: format === 'toml' ? 'toml' : format === 'yaml' ? 'yaml' : 'json',
          models: [],
          tools: [],
          mcpServers: [],
          delegatesTo: [],
          span: spanOf(doc, rel, lines),
        };
        agents.set(cf.client, agent);
        out.agents.push(agent);
      }
      agent.mcpServers.push(...servers.map((s) => s.ref));
    }
  }
  return out;
}

/** The project-scoped client configurations at the root of a repository. */
export function readRepositoryConfigs(root: string, fingerprint: Fingerprinter): ConfigFacts {
  return read(root, repositoryFiles, fingerprint);
}

/** The user-scoped client configurations of a home directory (`aispm scan --host`). */
export function readHostConfigs(home: string, fingerprint: Fingerprinter): ConfigFacts {
  return read(home, hostFiles, fingerprint, home);
}
