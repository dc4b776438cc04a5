// The static rules the scanner decides itself, from the facts of one scan (the rules are declared
// with every shipped rule in src/catalog/rules/; docs/SCAN.md, "Rules"). Each finding names the
// fact it is about (an agent, tool or MCP server by ref) or the place a secret, key or certificate
// was found, so the records module can give it the object's id and the location's code location.
// Rules the service evaluates on the inventory graph (posture and toxic combinations) are not
// repeated here: they see the scanned objects once they arrive.

import type { Severity } from '../../catalog/rules/index.ts';
import { withArticle } from '../../catalog/labels.ts';
import type { AgentFact, Facts, McpServerFact, SecretFact, Span, ToolFact } from '../facts.ts';
import { poisoningSigns } from './poisoning.ts';

export const SR = {
  hardcoded: 'SR-aispm_hardcoded_credentials',
  mcpSecret: 'SR-aispm_secret_in_mcp_configuration',
  unpinned: 'SR-aispm_mcp_server_unpinned_package',
  insecureRemote: 'SR-aispm_mcp_server_insecure_remote',
  poisoning: 'SR-aispm_tool_poisoning',
  privateKey: 'SR-aispm_private_key_in_repository',
  certificate: 'SR-aispm_certificate_expiring',
  execWithoutApproval: 'SR-aispm_agent_code_execution_without_approval',
} as const;

export type Target = { kind: 'agent' | 'tool' | 'mcp_server'; ref: string } | { kind: 'location'; span: Span };

export interface ScanFinding {
  ruleId: string;
  severity: Severity;
  target: Target;
  /** What tells this finding from another of the same rule on the same object. */
  discriminator: string;
  title: string;
  description: string;
  evidence: Record<string, unknown>;
  /** Where it points in the code. */
  span: Span;
}

const DAY = 24 * 60 * 60 * 1000;
export const EXPIRY_WARNING_DAYS = 30;

const where = (s: Span) => `${s.path}:${s.startLine}`;
const loopback = /^(?:localhost|127(?:\.\d{1,3}){3}|\[::1\]|::1|0\.0\.0\.0)$/i;

function secretEvidence(s: SecretFact): Record<string, unknown> {
  return {
    detector: s.rule,
    secret_type: s.secretType,
    ...(s.provider ? { provider: s.provider } : {}),
    fingerprint: s.fingerprint,
    preview: s.preview,
  };
}

function secretFindings(s: SecretFact, serverName: (ref: string) => string | undefined, now: number): ScanFinding[] {
  const label = `${s.provider ? `${s.provider} ` : ''}${s.secretType.replaceAll('_', ' ')}`;
  if (s.kind === 'secret' && s.inMcpServer) {
    const server = serverName(s.inMcpServer) ?? s.inMcpServer;
    return [
      {
        ruleId: SR.mcpSecret,
        severity: 'critical',
        target: { kind: 'mcp_server', ref: s.inMcpServer },
        discriminator: `${s.fingerprint}:${where(s.span)}`,
        title: `Secret in the configuration of MCP server ${server}: ${label} at ${where(s.span)}`,
        description: `The configuration of ${server} holds ${withArticle(label)} in plain text (${s.preview}).`,
        evidence: secretEvidence(s),
        span: s.span,
      },
    ];
  }
  if (s.kind === 'secret') {
    return [
      {
        ruleId: SR.hardcoded,
        severity: 'critical',
        target: { kind: 'location', span: s.span },
        discriminator: `${s.fingerprint}:${where(s.span)}`,
        title: `Hard-coded ${label} at ${where(s.span)}`,
        description: `A ${label} is written in ${s.span.path} (${s.preview}), found by ${s.rule}.`,
        evidence: secretEvidence(s),
        span: s.span,
      },
    ];
  }
  if (s.kind === 'key') {
    const alg = [s.key?.algorithm, s.key?.size].filter(Boolean).join(' ');
    return [
      {
        ruleId: SR.privateKey,
        severity: 'critical',
        target: { kind: 'location', span: s.span },
        discriminator: `${s.fingerprint}:${where(s.span)}`,
        title: `Private key${alg ? ` (${alg})` : ''} at ${where(s.span)}`,
        description: `A private key${alg ? ` (${alg})` : ''} is kept in ${s.span.path}.`,
        evidence: {
          detector: s.rule,
          ...(s.key?.algorithm ? { algorithm: s.key.algorithm } : {}),
          ...(s.key?.size ? { key_size: s.key.size } : {}),
          fingerprint: s.fingerprint,
        },
        span: s.span,
      },
    ];
  }
  if (s.kind === 'cert' && s.cert) {
    const end = Date.parse(s.cert.notAfter);
    if (end >= now + EXPIRY_WARNING_DAYS * DAY) return [];
    const expired = end < now;
    const days = Math.floor(Math.abs(end - now) / DAY);
    return [
      {
        ruleId: SR.certificate,
        severity: expired ? 'high' : 'medium',
        target: { kind: 'location', span: s.span },
        discriminator: `${s.fingerprint}:${where(s.span)}`,
        title: `Certificate ${s.cert.subject} ${expired ? 'expired' : 'expires'} ${s.cert.notAfter.slice(0, 10)} (${where(s.span)})`,
        description: expired
          ? `The certificate ${s.cert.subject} in ${s.span.path} expired ${days} days ago.`
          : `The certificate ${s.cert.subject} in ${s.span.path} expires in ${days} days.`,
        evidence: { subject: s.cert.subject, issuer: s.cert.issuer, not_after: s.cert.notAfter, expired, fingerprint: s.fingerprint },
        span: s.span,
      },
    ];
  }
  return [];
}

function serverFindings(m: McpServerFact): ScanFinding[] {
  const out: ScanFinding[] = [];
  if (m.package && !m.package.pinned) {
    const spec = `${m.package.name}${m.package.version ? `@${m.package.version}` : ''}`;
    out.push({
      ruleId: SR.unpinned,
      severity: 'medium',
      target: { kind: 'mcp_server', ref: m.ref },
      discriminator: `${m.package.ecosystem}:${m.package.name}`,
      title: `MCP server ${m.name} starts ${spec} without a pinned version`,
      description: `${m.command ?? 'The client'} starts ${m.package.ecosystem} package ${spec} ${m.package.version ? `at a moving version (${m.package.version})` : 'with no version'}: each start may run different code.`,
      evidence: { ecosystem: m.package.ecosystem, package: m.package.name, version: m.package.version ?? null, command: m.command ?? null },
      span: m.span,
    });
  }
  if (m.url) {
    let host = '';
    let protocol = '';
    try {
      const u = new URL(m.url);
      host = u.hostname;
      protocol = u.protocol;
    } catch {
      // A URL that does not parse: nothing to say of its transport.
    }
    const plainHttp = protocol === 'http:' && !loopback.test(host);
    const noCredentials = m.authenticated === false && !loopback.test(host);
    if (plainHttp || noCredentials) {
      const reasons = [...(plainHttp ? ['plain_http'] : []), ...(noCredentials ? ['no_credentials'] : [])];
      out.push({
        ruleId: SR.insecureRemote,
        severity: plainHttp ? 'high' : 'medium',
        target: { kind: 'mcp_server', ref: m.ref },
        discriminator: 'remote',
        title: `Remote MCP server ${m.name} ${plainHttp ? 'over plain HTTP' : ''}${plainHttp && noCredentials ? ' and ' : ''}${noCredentials ? 'without credentials' : ''}`,
        description: `${m.name} is reached at ${m.url}${plainHttp ? ' without TLS' : ''}${noCredentials ? '; its configuration sends no credentials (unless the server negotiates OAuth when the client connects)' : ''}.`,
        evidence: { url: m.url, transport: m.transport, reasons },
        span: m.span,
      });
    }
  }
  return out;
}

function toolFindings(t: ToolFact): ScanFinding[] {
  if (!t.description) return [];
  const signs = poisoningSigns(t.description);
  if (!signs.length) return [];
  return [
    {
      ruleId: SR.poisoning,
      severity: 'high',
      target: { kind: 'tool', ref: t.ref },
      discriminator: 'description',
      title: `Tool ${t.name}: its description ${signs[0]!.sign}`,
      description: `The description of ${t.name} ${signs.map((s) => s.sign).join('; ')}.`,
      evidence: { signs },
      span: t.span,
    },
  ];
}

const executes = (t: ToolFact) => t.capabilities.includes('shell') || t.capabilities.includes('code_execution');

function agentFindings(a: AgentFact, tools: ReadonlyMap<string, ToolFact>): ScanFinding[] {
  if (a.humanApproval !== false) return [];
  const risky = a.tools.map((ref) => tools.get(ref)).filter((t): t is ToolFact => !!t && executes(t) && t.requiresApproval !== true);
  if (!risky.length) return [];
  return [
    {
      ruleId: SR.execWithoutApproval,
      severity: 'high',
      target: { kind: 'agent', ref: a.ref },
      discriminator: 'tools',
      title: `Agent ${a.name} can run shell commands or code with no approval step`,
      description: `${a.name} (${a.framework}) has ${risky.map((t) => t.name).join(', ')}, able to run shell commands or code, and its approval setting is off.`,
      evidence: { tools: risky.map((t) => ({ name: t.name, capabilities: t.capabilities })), framework: a.framework },
      span: a.span,
    },
  ];
}

export function evaluateRules(facts: Facts, now: number): ScanFinding[] {
  const servers = new Map(facts.mcpServers.map((m) => [m.ref, m]));
  const tools = new Map(facts.tools.map((t) => [t.ref, t]));
  return [
    ...facts.secrets.flatMap((s) => secretFindings(s, (ref) => servers.get(ref)?.name, now)),
    ...facts.mcpServers.flatMap(serverFindings),
    ...facts.tools.flatMap(toolFindings),
    ...facts.agents.flatMap((a) => agentFindings(a, tools)),
  ];
}
