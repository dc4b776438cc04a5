// `GET /api/v1/advisories/tenants/{t}/workspaces/{w}/{id}`: one advisory imported into the
// workspace (docs/ADVISORIES.md), the objects it affects there (its open findings, with the package
// version each depends on), and its blast radius now: every agent reaching an affected object,
// through which MCP servers and tools, with the secrets it reaches.

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import Type from 'typebox';
import type { Advisory } from '../../catalog/osv/record.ts';
import { objectKey } from '../../ingest/batch-context.ts';
import { param, readJson } from '../../platform/db/database.ts';
import { notFound } from '../../platform/errors.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { errorResponses, Nullable, PathId, TenantWorkspaceParams } from '../../platform/http/schemas.ts';
import { type BlastRadius, blastRadius } from './blast.ts';
import { ADVISORY_SOURCE, ruleIdOf } from './match.ts';
import { fixedVersions } from './versions.ts';
import { openFindingsOfRule } from '../findings/instances-store.ts';

const Params = Type.Object({ ...TenantWorkspaceParams.properties, id: PathId('Advisory id (its OSV id: GHSA-…, PYSEC-…, …).') });

const Node = Type.Object({ kind: Type.String(), id: Type.String(), name: Nullable(Type.String()) });
const ReachT = Type.Object({
  agent_id: Type.String(),
  agent_name: Nullable(Type.String()),
  hops: Type.Integer({ description: 'Relations from the agent to the object (0: the object is the agent).' }),
  path: Type.Array(Node),
  relations: Type.Array(Type.String()),
  mcp_servers: Type.Array(Type.String(), { description: 'MCP servers on the path (ids), in order.' }),
  tools: Type.Array(Type.String(), { description: 'Tools on the path (ids), in order.' }),
  secrets: Type.Array(Type.String(), { description: 'Secrets the agent reaches (ids).' }),
});
const AdvisoryView = Type.Object({
  id: Type.String(),
  aliases: Type.Array(Type.String()),
  summary: Type.String(),
  severity: Type.String(),
  cvss: Nullable(Type.Object({ type: Type.String(), vector: Type.String(), score: Type.Number() })),
  modified: Type.String(),
  published: Nullable(Type.String()),
  withdrawn: Nullable(Type.String()),
  references: Type.Array(Type.Object({ type: Type.String(), url: Type.String() })),
  packages: Type.Array(Type.Object({ ecosystem: Type.String(), name: Type.String(), fixed: Type.Array(Type.String()) }), {
    description: 'The npm and PyPI packages it affects, with the versions that fix it.',
  }),
  objects: Type.Array(
    Type.Object({
      kind: Type.String(),
      id: Type.String(),
      name: Nullable(Type.String()),
      finding_id: Type.String(),
      package: Type.Object({
        ecosystem: Type.String(),
        name: Type.String(),
        version: Type.String(),
        declared: Type.String(),
        version_basis: Type.String(),
      }),
      agents: Type.Array(ReachT),
    }),
    { description: 'The objects of the workspace it affects (its open findings), by kind and id.' },
  ),
  agents: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Nullable(Type.String()),
      objects: Type.Array(Type.String(), { description: 'The affected objects it reaches (`kind:id`).' }),
      mcp_servers: Type.Array(Type.String()),
      tools: Type.Array(Type.String()),
      secrets: Type.Array(Type.String()),
    }),
    { description: 'Every agent reaching an affected object, by id: the blast radius.' },
  ),
  incomplete: Type.Optional(Type.String({ description: 'Present when a bound of the graph walk stopped the blast radius short.' })),
});

const iso = (ms: number | null) => (ms === null ? null : new Date(Number(ms)).toISOString());

export function registerAdvisories(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/api/v1/advisories/tenants/:tenant_id/workspaces/:workspace_id/:id',
    {
      config: { access: 'read' },
      schema: {
        operationId: 'GetAdvisory',
        summary: 'Get an advisory with the objects it affects and the agents that reach them',
        tags: ['Findings'],
        description:
          'An OSV advisory imported into the workspace (`aispm advisories import`, or `advisory` ingest records): its aliases, severity ' +
          '(from its CVSS vector), references and fixed versions; the objects whose packages it affects (each an open finding of rule ' +
          '`osv:<id>`); and its blast radius: every agent that reaches an affected object through the graph (relations followed as ' +
          'stored, up to 4), with the MCP servers and tools on the way and the secrets the agent reaches. 404 when the workspace holds ' +
          'no advisory of this id.',
        params: Params,
        response: { 200: AdvisoryView, ...errorResponses(404) },
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace, id } = request.params;
      const db = ctx.db;
      const t = db.template('advisories.get', (b) =>
        b
          .selectFrom('advisories')
          .select(['body', 'withdrawn'])
          .where('tenant_id', '=', param('tenant'))
          .where('workspace_id', '=', param('workspace'))
          .where('id', '=', param('id')),
      );
      const row = await db.first(t, { tenant, workspace, id });
      if (!row) throw notFound('no advisory with this id in the workspace');
      const a = readJson<Advisory>(row.body);
      const findings = await openFindingsOfRule(db, tenant, workspace, ruleIdOf(id), ADVISORY_SOURCE);
      const radius: Map<string, BlastRadius> = await blastRadius(
        db,
        tenant,
        workspace,
        findings.map((r) => ({ kind: r.object_kind, id: r.object_id, name: r.name ?? '' })),
      );
      const agents = new Map<
        string,
        { id: string; name: string | null; objects: string[]; mcp_servers: Set<string>; tools: Set<string>; secrets: string[] }
      >();
      const objects = findings.map((r) => {
        const reach = radius.get(objectKey(r.object_kind, r.object_id))?.agents ?? [];
        for (const x of reach) {
          const agent = agents.get(x.agent_id) ?? {
            id: x.agent_id,
            name: x.agent_name,
            objects: [],
            mcp_servers: new Set(),
            tools: new Set(),
            secrets: x.secrets,
          };
          agent.objects.push(`${r.object_kind}:${r.object_id}`);
          for (const s of x.mcp_servers) agent.mcp_servers.add(s);
          for (const s of x.tools) agent.tools.add(s);
          agents.set(x.agent_id, agent);
        }
        const pkg = (
          readJson(r.evidence) as { package: { ecosystem: string; name: string; version: string; declared: string; version_basis: string } }
        ).package;
        return { kind: r.object_kind, id: r.object_id, name: r.name, finding_id: r.id, package: pkg, agents: reach };
      });
      const incomplete = [...radius.values()].find((r) => r.incomplete)?.incomplete;
      return {
        id: a.id,
        aliases: a.aliases,
        summary: a.summary,
        severity: a.severity,
        cvss: a.cvss,
        modified: iso(a.modified)!,
        published: iso(a.published),
        withdrawn: iso(row.withdrawn),
        references: a.references,
        packages: a.affected.map((p) => ({ ecosystem: p.ecosystem, name: p.name, fixed: fixedVersions(p) })),
        objects,
        agents: [...agents.values()]
          .sort((x, y) => (x.id < y.id ? -1 : x.id > y.id ? 1 : 0))
          .map((x) => ({ ...x, mcp_servers: [...x.mcp_servers].sort(), tools: [...x.tools].sort() })),
        ...(incomplete ? { incomplete } : {}),
      };
    },
  );
}
