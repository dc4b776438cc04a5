// Conditions and hops that several rules (and the risk score's reach terms) share.

import type { Condition, Hop } from './types.ts';

export const codeExecution: Condition = { attribute: 'capabilities', includesAny: ['shell', 'code_execution'] };
export const destructiveUnapproved: Condition = {
  all: [
    { attribute: 'destructive', equals: true },
    { attribute: 'requires_approval', notTrue: true },
  ],
};
export const failedProbe = (as: string): Hop => ({
  relation: 'probe_result',
  direction: 'out',
  kinds: ['garak_info'],
  as,
  where: { attribute: 'status', equals: 'failed' },
});
export const codeExecutionTools = (as: string): Hop => ({
  relation: 'exposes_tool',
  direction: 'out',
  kinds: ['tool'],
  as,
  where: codeExecution,
});

/** Days a declared agent may go unseen at runtime before it is reported, unless configured. */
export const DEFAULT_QUIET_DAYS = 14;
/** What telemetry (OTLP) reports as an object's source. */
export const RUNTIME_SOURCE = 'runtime';
export const runtimeOnly: Condition = { attribute: 'sources', only: [RUNTIME_SOURCE] };

/**
 * Data sources whose content people outside the organisation can write (tickets, issues, shared
 * documents, mail, the web): an agent that reads them takes untrusted input into its context.
 */
export const untrustedSources = ['zendesk', 'github', 'jira', 'google-drive', 'email', 'web', 'slack', 'user_upload', 'internet', 'rss'];
export const untrustedInput: Condition = { attribute: 'data_sources', includesAny: untrustedSources };
/** A tool able to run code or shell: the agent's own, or one an MCP server it uses exposes. */
export const reachesCodeExecution = (as: string): Condition => ({
  any: [
    { some: { relation: 'uses_tool', direction: 'out', kinds: ['tool'], as, where: codeExecution } },
    {
      some: {
        relation: 'uses_mcp_server',
        direction: 'out',
        kinds: ['mcp_server'],
        as: 'mcp_servers',
        where: { some: codeExecutionTools(as) },
      },
    },
  ],
});
export const secretKinds = ['secret', 'qualys_secret'];
