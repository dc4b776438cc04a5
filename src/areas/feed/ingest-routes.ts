// Bulk NDJSON ingest over HTTP. The body is streamed through the same pipeline as `aispm import`
// (parsed and applied as it arrives, never buffered whole), gzip or not, with the size limit
// counted on the decompressed bytes. A request is one batch: written whole, or not at all.

import { Readable, Transform } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { CYCLONEDX_MEDIA_TYPE } from '../../catalog/aibom.ts';
import { type BodyWorkers, BodyRefused, BodyWorkersClosed, BudgetSpent } from '../../ingest/body-workers.ts';
import type { BodyJob } from '../../ingest/body-workers.ts';
import type { Ingestor, IngestSummary } from '../../ingest/pipeline.ts';
import { SARIF_MEDIA_TYPE } from '../../ingest/sarif.ts';
import { MCP_SCAN_MEDIA_TYPES, type McpScanFormat } from '../../ingest/mcp-scanners.ts';
import type { ProbeRun, ProbeTool } from '../../ingest/probes.ts';
import { probeBatch } from '../probes/targets.ts';
import { recordAudit } from '../../platform/audit/audit.ts';
import { auditSource } from '../../platform/http/audit-source.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { ApiError } from '../../platform/errors.ts';
import { errorResponses, TenantWorkspaceParams } from '../../platform/http/schemas.ts';

export const NDJSON_TYPES = ['application/x-ndjson', 'application/ndjson', 'application/jsonl', 'application/x-jsonlines'];

const IngestResult = Type.Object({
  accepted: Type.Integer({ description: 'Lines written.' }),
  rejected: Type.Integer({ description: 'Lines not written (all of them when any line was bad).' }),
  errors: Type.Array(Type.Object({ line: Type.Integer(), message: Type.String() }), { description: 'Bad lines (the first 100).' }),
});

// Other 400s (bad gzip, a cut-off body) carry only code and message, so the extra members are
// optional: a response that does not fit its schema would turn into a 500.
const IngestRejected = Type.Object(
  {
    code: Type.Integer(),
    message: Type.String(),
    accepted: Type.Optional(Type.Integer()),
    rejected: Type.Optional(Type.Integer()),
    errors: Type.Optional(Type.Array(Type.Object({ line: Type.Integer(), message: Type.String() }))),
  },
  { description: 'A malformed request, or some lines were bad and nothing was written (each bad line is listed with its number).' },
);

/** Counts bytes as they pass and fails with 413 past the limit. */
export function byteLimit(max: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > max) done(new ApiError(413, `request body is larger than the ingest limit of ${max} bytes (after decompression)`));
      else done(null, chunk);
    },
  });
}

/** The request body as a stream of decompressed bytes, limited to `max`. */
export function bodyStream(request: FastifyRequest, max: number): Readable {
  // The ingest routes' content-type parsers hand the body on as the raw stream.
  const raw = request.body;
  if (!(raw instanceof Readable)) throw new Error('the ingest body parser did not hand on the stream');
  const encoding = String(request.headers['content-encoding'] ?? 'identity').toLowerCase();
  let source: Readable = raw;
  if (encoding === 'gzip' || encoding === 'x-gzip') source = raw.pipe(createGunzip());
  else if (encoding !== 'identity') throw new ApiError(415, `unsupported content-encoding "${encoding.slice(0, 32)}"; use gzip or none`);
  const limited = source.pipe(byteLimit(max));
  // The error may come before anyone reads (the transaction is still being opened): without a
  // listener it would be thrown as uncaught. The reader still sees it: a destroyed stream's
  // iterator rejects with its error.
  limited.on('error', () => {});
  // Errors upstream (a corrupt gzip stream, a client that hangs up) end the limited stream too.
  source.on('error', (err) =>
    limited.destroy(
      err.message.includes('incorrect header check') || (err as { code?: string }).code?.startsWith('Z_')
        ? new ApiError(400, 'request body is not valid gzip')
        : err,
    ),
  );
  // The pipeline starts reading only once it holds a transaction; an error before then must not
  // go unheard (an 'error' event without a listener ends the process). The stream keeps the error
  // and the pipeline's read throws it.
  limited.on('error', () => {});
  return limited;
}

/** A body worker's failure as the answer it makes: malformed 400, over budget 413, shutting down 503. */
export function bodyWorkerError(err: unknown): unknown {
  if (err instanceof BodyRefused) return new ApiError(400, err.message);
  if (err instanceof BudgetSpent) return new ApiError(413, err.message);
  if (err instanceof BodyWorkersClosed) return new ApiError(503, err.message);
  return err;
}

/** Bytes of a BOM's records handed to the pipeline at a time: their lines take a few milliseconds to parse. */
const TURN_BYTES = 64 * 1024;
/** Rule settings an audit row names one by one (a batch may set every rule; the row counts them all). */
const RULE_SETTINGS_LISTED = 100;

/**
 * A BOM's records as the pipeline's source, a slice per event-loop turn: parsed in one go, the
 * 16,000 lines of a large BOM held the loop for a quarter of a second.
 */
async function* inTurns(ndjson: Buffer): AsyncGenerator<Buffer> {
  for (let i = 0; i < ndjson.length; i += TURN_BYTES) {
    if (i > 0) await new Promise<void>((resolve) => setImmediate(resolve));
    yield ndjson.subarray(i, i + TURN_BYTES);
  }
}

/** A BOM or a SARIF log read in a body worker (src/ingest/cyclonedx.ts, sarif.ts there): its records as NDJSON, and where in the document each came from. */
async function readInWorker(
  bodies: BodyWorkers,
  chunks: Buffer[],
  job: (body: Uint8Array) => BodyJob,
): Promise<{ ndjson: Buffer; origins: string[]; objects: number }> {
  const lease = await bodies.lease().catch((err: unknown) => {
    throw bodyWorkerError(err);
  });
  try {
    // One copy into a buffer of its own, handed over to the worker without another.
    const body = new Uint8Array(Buffer.concat(chunks));
    const result = await lease.run<{ ndjson: Uint8Array; origins: string[]; objects: number }>(job(body), [body.buffer as ArrayBuffer]);
    return {
      ndjson: Buffer.from(result.ndjson.buffer, result.ndjson.byteOffset, result.ndjson.byteLength),
      origins: result.origins,
      objects: result.objects,
    };
  } catch (err) {
    throw bodyWorkerError(err);
  } finally {
    lease.release();
  }
}

/** A model probe report read in a body worker (src/ingest/probe-report.ts there): its run. */
async function readRunInWorker(bodies: BodyWorkers, chunks: Buffer[], tool: ProbeTool, now: number): Promise<ProbeRun> {
  const lease = await bodies.lease().catch((err: unknown) => {
    throw bodyWorkerError(err);
  });
  try {
    const body = new Uint8Array(Buffer.concat(chunks));
    return await lease.run<ProbeRun>({ kind: 'probes', tool, body, now }, [body.buffer as ArrayBuffer]);
  } catch (err) {
    throw bodyWorkerError(err);
  } finally {
    lease.release();
  }
}

/** The formats `format=` names: model probe reports, sent with an NDJSON media type (the body is read raw). */
const PROBE_FORMATS: readonly ProbeTool[] = ['garak', 'promptfoo'];

/** What a SARIF log may be told on the query string: where its absolute paths are relative to, and the repository it does not name. */
const SARIF_QUERY = ['root', 'repository', 'branch', 'commit'];

/** The media type's format, once preParsing has checked it. */
function formatOf(request: FastifyRequest): 'ndjson' | 'cyclonedx' | 'sarif' | McpScanFormat {
  const type = String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  return type === CYCLONEDX_MEDIA_TYPE ? 'cyclonedx' : type === SARIF_MEDIA_TYPE ? 'sarif' : (MCP_SCAN_MEDIA_TYPES.get(type) ?? 'ndjson');
}

/** The SARIF options of the query string (and `format`); anything else named there is refused. */
function sarifQuery(request: FastifyRequest): Record<string, string> {
  const q = (request.query ?? {}) as Record<string, unknown>;
  const out: Record<string, string> = {};
  for (const key of Object.keys(q)) {
    if (key === 'format') continue;
    if (!SARIF_QUERY.includes(key))
      throw new ApiError(
        400,
        `unknown parameter "${key.slice(0, 64)}"; a SARIF log takes ${SARIF_QUERY.join(', ')}, a probe report format`,
      );
    const v = q[key];
    if (typeof v !== 'string' || v.length === 0 || v.length > 4096) throw new ApiError(400, `${key}: expected one non-empty value`);
    out[key] = v;
  }
  if (out.root !== undefined && !out.root.startsWith('/'))
    throw new ApiError(400, 'root: expected an absolute path (/home/runner/work/app)');
  return out;
}

export function registerIngest(app: FastifyInstance, ctx: AppContext, ingestor: Ingestor, bodies: BodyWorkers): void {
  // NDJSON bodies reach the handler as the raw stream.
  app.addContentTypeParser(NDJSON_TYPES, (_request, payload, done) => done(null, payload));
  // So do CycloneDX BOMs: read whole (within the limit), validated, and turned into records (src/ingest/cyclonedx.ts).
  app.addContentTypeParser(CYCLONEDX_MEDIA_TYPE, (_request, payload, done) => done(null, payload));
  // And SARIF logs (src/ingest/sarif.ts).
  app.addContentTypeParser(SARIF_MEDIA_TYPE, (_request, payload, done) => done(null, payload));
  // And MCP scanners' results (src/ingest/mcp-scanners.ts).
  app.addContentTypeParser([...MCP_SCAN_MEDIA_TYPES.keys()], (_request, payload, done) => done(null, payload));

  app.withTypeProvider<TypeBoxTypeProvider>().post(
    '/api/v1/ingest/tenants/:tenant_id/workspaces/:workspace_id',
    {
      config: { access: 'ingest' },
      schema: {
        operationId: 'IngestRecords',
        summary: 'Ingest NDJSON records',
        tags: ['Ingest'],
        description:
          'Writes NDJSON records (format v1, docs/INGEST.md): entities, relations, rules, rule settings, prices, ' +
          'findings, LLM interactions and scans. `Content-Type: application/x-ndjson`, optionally `Content-Encoding: gzip`. ' +
          'The request is applied as one transaction: when any line is bad nothing is written and the answer lists the bad lines. ' +
          '`Content-Type: application/vnd.cyclonedx+json` imports a CycloneDX BOM instead (an AI-BOM this service exported, or ' +
          "another tool's models, applications, services and dependencies; docs/COMPLIANCE.md): a BOM that is not valid CycloneDX " +
          'is refused naming its first problem, and nothing is written. `Content-Type: application/sarif+json` imports a SARIF 2.1.0 log ' +
          '(docs/IMPORTS.md): one scan per run, its rules as external rules, each result a finding on its file and line and on the ' +
          'objects declared there; `root`, `repository`, `branch` and `commit` on the query string say what the log does not. A log ' +
          'that is not valid SARIF 2.1.0 is refused naming its first problem, and nothing is written. ' +
          '`Content-Type: application/vnd.aispm.mcp-scan+json` imports the JSON of `mcp-scan scan --json`, and ' +
          "`application/vnd.aispm.cisco-mcp-scanner+json` the JSON of Cisco's mcp-scanner (docs/IMPORTS.md): one scan, each issue " +
          'a finding on the MCP server or tool it names, matched to the MCP servers found by other means by name and command or URL; ' +
          'a file of another shape is refused naming its first problem, and nothing is written. `format=garak` or `format=promptfoo` ' +
          '(with an NDJSON media type) imports a model probe report: one scan per run, a `garak_info` per probe and detector on the ' +
          'models it names, and findings for the probes that fail (AISPM_PROBE_FAIL_PERCENT); a report that does not match its ' +
          'format is refused naming its first problem (its line for garak), and nothing is written.',
        params: TenantWorkspaceParams,
        querystring: Type.Object({
          root: Type.Optional(
            Type.String({
              description: "SARIF only: the repository's top directory (absolute) that the log's absolute file:// paths lie under.",
            }),
          ),
          repository: Type.Optional(
            Type.String({ description: 'SARIF only: the repository, when the log names none (versionControlProvenance).' }),
          ),
          branch: Type.Optional(Type.String({ description: 'SARIF only: the branch, when the log names none.' })),
          commit: Type.Optional(Type.String({ description: 'SARIF only: the commit, when the log names none.' })),
          format: Type.Optional(
            Type.String({
              description:
                "A model probe report instead of NDJSON records (docs/IMPORTS.md): `garak` (garak's report.jsonl) or `promptfoo` (`promptfoo eval -o results.json`), sent with an NDJSON media type (`application/jsonl`).",
            }),
          ),
        }),
        // The document names the NDJSON media types, so generated clients and the reference page send them.
        consumes: [...NDJSON_TYPES, CYCLONEDX_MEDIA_TYPE, SARIF_MEDIA_TYPE, ...MCP_SCAN_MEDIA_TYPES.keys()],
        body: Type.Unsafe({ description: 'One JSON record per line.', type: 'string' }),
        response: { 200: IngestResult, ...errorResponses(413, 415), 400: IngestRejected },
      },
      // The schema above documents the body; the stream itself is checked line by line.
      validatorCompiler: () => () => true,
      // Before the body is parsed: a JSON body sent as application/json would otherwise meet
      // Fastify's JSON parser first and be answered with its parse error, not with what to send.
      preParsing: async (request) => {
        const type = String(request.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase();
        if (!NDJSON_TYPES.includes(type) && type !== CYCLONEDX_MEDIA_TYPE && type !== SARIF_MEDIA_TYPE && !MCP_SCAN_MEDIA_TYPES.has(type))
          throw new ApiError(
            415,
            `ingest takes ${NDJSON_TYPES[0]} (or ${NDJSON_TYPES.slice(1).join(', ')}), one JSON record per line ` +
              '(or a model probe report with format=garak or format=promptfoo), ' +
              `a CycloneDX BOM as ${CYCLONEDX_MEDIA_TYPE}, a SARIF log as ${SARIF_MEDIA_TYPE}, or an MCP scanner's results as ` +
              `${[...MCP_SCAN_MEDIA_TYPES.keys()].join(' or ')}, not "${type.slice(0, 64) || 'no content type'}"`,
          );
      },
    },
    async (request) => {
      const { tenant_id: tenant, workspace_id: workspace } = request.params;
      // The media type was checked before parsing (preParsing): NDJSON, a CycloneDX BOM or a SARIF log.
      const format = formatOf(request);
      const query = sarifQuery(request);
      if (format !== 'sarif' && Object.keys(query).length)
        throw new ApiError(400, `${Object.keys(query).join(', ')}: only a SARIF log takes them`);
      const named = (request.query as { format?: unknown }).format;
      let probes: ProbeTool | undefined;
      if (named !== undefined) {
        probes = PROBE_FORMATS.find((f) => f === named);
        if (!probes) throw new ApiError(400, `format: expected ${PROBE_FORMATS.join(' or ')}, not "${String(named).slice(0, 64)}"`);
        if (format !== 'ndjson')
          throw new ApiError(
            415,
            `format=${probes}: send the report as ${NDJSON_TYPES[2]} (or another NDJSON media type), the body read as it is`,
          );
      }
      let summary: IngestSummary;
      let origins: string[] | undefined;
      try {
        let source: Readable | AsyncGenerator<Buffer> = bodyStream(request, ctx.config.ingestMaxBytes);
        if (probes) {
          const chunks: Buffer[] = [];
          for await (const chunk of source) chunks.push(chunk as Buffer);
          const run = await readRunInWorker(bodies, chunks, probes, ctx.now());
          const batch = await probeBatch(ctx.db, tenant, workspace, run, ctx.config.probeFailPercent);
          source = inTurns(batch.ndjson);
          origins = batch.origins;
        } else if (format === 'cyclonedx') {
          const chunks: Buffer[] = [];
          for await (const chunk of source) chunks.push(chunk as Buffer);
          const converted = await readInWorker(bodies, chunks, (body) => ({ kind: 'cyclonedx', body, now: ctx.now() }));
          // One transaction writes the whole BOM: past this many objects it outlasted the time a
          // connection may stay silent (PostgreSQL), and the client never had its answer.
          if (converted.objects > ctx.config.bomMaxObjects)
            throw new ApiError(
              413,
              `the BOM describes ${converted.objects} objects, more than the limit of ${ctx.config.bomMaxObjects} (AISPM_BOM_MAX_OBJECTS); send it in parts`,
            );
          source = inTurns(converted.ndjson);
          origins = converted.origins;
        } else if (format === 'sarif') {
          const chunks: Buffer[] = [];
          for await (const chunk of source) chunks.push(chunk as Buffer);
          const converted = await readInWorker(bodies, chunks, (body) => ({ kind: 'sarif', body, context: { ...query, now: ctx.now() } }));
          // The same reason: one transaction, and a client waiting for all of it.
          if (converted.objects > ctx.config.sarifMaxResults)
            throw new ApiError(
              413,
              `the log holds ${converted.objects} results, more than the limit of ${ctx.config.sarifMaxResults} (AISPM_SARIF_MAX_RESULTS); send it in parts`,
            );
          source = inTurns(converted.ndjson);
          origins = converted.origins;
        } else if (format !== 'ndjson') {
          const chunks: Buffer[] = [];
          for await (const chunk of source) chunks.push(chunk as Buffer);
          const converted = await readInWorker(bodies, chunks, (body) => ({ kind: 'mcp-scan', format, body, now: ctx.now() }));
          source = inTurns(converted.ndjson);
          origins = converted.origins;
        }
        summary = await ingestor.ingest(ctx.db, source, {
          tenant,
          workspace,
          storePrompts: ctx.config.storePrompts,
          batchSize: 5000,
          mode: 'request',
          now: ctx.now,
          evaluateRules: ctx.config.postureRules,
          // Records that say `source: "runtime"` are telemetry however they come: the same cap and quiet period.
          runtimeObjectCap: ctx.config.runtimeObjectCap,
          runtimeQuietDays: ctx.config.runtimeQuietDays,
          // The audit row of the request's batch: who wrote how many records of which types, never the records.
          onWritten: async (tx, written) => {
            await recordAudit(
              ctx.db,
              tx,
              auditSource(request),
              {
                tenant,
                workspace,
                action: 'ingest.batch',
                target: `workspaces/${workspace}`,
                outcome: 'success',
                detail: { format: probes ?? format, records: written.records, types: written.types },
              },
              ctx.now(),
            );
            // Rule settings are the tenant's (every workspace's posture): a tenant-wide row of its own naming the rules.
            if (written.ruleSettings.length > 0)
              await recordAudit(
                ctx.db,
                tx,
                auditSource(request),
                {
                  tenant,
                  action: 'rule.settings_changed',
                  target: 'rules',
                  outcome: 'success',
                  detail: {
                    rules: written.ruleSettings.length,
                    settings: written.ruleSettings.slice(0, RULE_SETTINGS_LISTED),
                    via: `workspaces/${workspace}`,
                  },
                },
                ctx.now(),
              );
          },
        });
      } catch (err) {
        if (err instanceof ApiError) throw err;
        // ECONNRESET may also be the database's connection (503 then): only the client's own is a cut-off body.
        const clientGone = request.raw.readableAborted || (err as Error).message === 'aborted';
        if (clientGone && ((err as { code?: string }).code === 'ECONNRESET' || (err as Error).message === 'aborted'))
          throw new ApiError(400, 'request body was cut off');
        throw err;
      }
      if (summary.rejected > 0 && origins) {
        // A BOM's or a log's records are not the client's lines: name the first problem where it is in the document.
        const first = summary.errors[0];
        throw new ApiError(
          400,
          `${first ? `${origins[first.line - 1] ?? '/'}: ${first.message}` : `the ${probes ? 'report' : format === 'sarif' ? 'log' : format === 'cyclonedx' ? 'BOM' : 'file'} was refused`}; nothing was written`,
        );
      }
      if (summary.rejected > 0) {
        throw new ApiError(
          400,
          `${summary.errors.length === 1 ? '1 line is' : `${summary.errors.length}${summary.errors.length >= 100 ? '+' : ''} lines are`} bad; nothing was written`,
          {
            details: { accepted: 0, rejected: summary.rejected, errors: summary.errors },
          },
        );
      }
      return { accepted: summary.accepted, rejected: 0, errors: [] };
    },
  );
}
