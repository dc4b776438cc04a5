// OpenTelemetry traces in, over OTLP/HTTP: POST …/v1/traces with an ExportTraceServiceRequest in
// protobuf (application/x-protobuf) or JSON (application/json), gzip or not, as the official
// exporters send it. Spans become inventory objects, relations and interactions
// (src/ingest/otlp/discovery.ts) and go through the same ingest pipeline as NDJSON, as one
// all-or-nothing batch; the answer is an ExportTraceServiceResponse in the request's encoding,
// with partial_success saying what was rejected or ignored and why; the stats keep the counts.
//
// A user points an instrumented application here with two settings and nothing else:
//   OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=https://<host>/api/v1/otlp/tenants/<t>/workspaces/<w>/v1/traces
//   OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer <token with the ingest scope>"

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { BodyWorkers } from '../../ingest/body-workers.ts';
import { type CheckedSpans, checkedSpans, traceIds } from '../../ingest/otlp/checked.ts';
import { type IgnoreReason, ignoreReasons } from '../../ingest/otlp/discovery.ts';
import { addCounts, totalsOf } from '../discovery/counters.ts';
import { noteIngest } from '../workspaces/workspaces.ts';
import { BatchContext } from '../../ingest/batch-context.ts';
import type { OtlpHub } from '../discovery/hub.ts';
import { loadPending, oneAtATime, savePending } from '../discovery/pending.ts';
import { Writer } from '../../ingest/otlp/protobuf.ts';
import type { Span } from '../../ingest/otlp/traces.ts';
import type { Ingestor } from '../../ingest/pipeline.ts';
import type { Lined } from '../../ingest/batch-context.ts';
import type { IngestRecord } from '../../ingest/records.ts';
import type { Config } from '../../config.ts';
import type { Db, Executor } from '../../platform/db/database.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { ApiError } from '../../platform/errors.ts';
import { errorAnswer, sendError } from '../../platform/http/errors.ts';
import { errorResponses, TenantWorkspaceParams } from '../../platform/http/schemas.ts';
import { bodyStream, bodyWorkerError } from './ingest-routes.ts';

const PROTOBUF = 'application/x-protobuf';
const JSON_TYPE = 'application/json';
const MAX_LISTED = 5;

export interface OtlpOutcome {
  accepted: number;
  rejected: number;
  ignored: number;
  message: string;
}

async function readAll(request: FastifyRequest, max: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  try {
    for await (const chunk of bodyStream(request, max)) parts.push(chunk as Buffer);
  } catch (err) {
    if (err instanceof ApiError) throw err;
    if ((err as { code?: string }).code === 'ECONNRESET' || (err as Error).message === 'aborted')
      throw new ApiError(400, 'request body was cut off');
    throw err;
  }
  return Buffer.concat(parts);
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
const listed = (items: string[]) => `${items.slice(0, MAX_LISTED).join('; ')}${items.length > MAX_LISTED ? '; …' : ''}`;

/**
 * Turns the spans into inventory objects, relations and interactions (src/ingest/otlp/discovery.ts)
 * and writes them as one batch; counts what became of every span (the stats) and says in the
 * answer what was rejected, ignored or not created, and why.
 */
/** What span ingest needs of the app (the demo loader gives the same without one). */
export interface SpanIngestContext {
  db: Db;
  now: () => number;
  config: Pick<Config, 'storePrompts' | 'runtimeObjectCap' | 'runtimeQuietDays' | 'postureRules'>;
}

export async function ingestSpans(
  ctx: SpanIngestContext,
  ingestor: Ingestor,
  tenant: string,
  workspace: string,
  spans: Span[],
  hub?: OtlpHub,
): Promise<OtlpOutcome> {
  const now = ctx.now();
  // Read outside the write transaction: exports into a workspace run one at a time (oneAtATime),
  // so what the previous one left waiting is committed and nothing else changes it meanwhile.
  const waiting = await loadPending(ctx.db, ctx.db, tenant, workspace, traceIds(spans), now);
  return writeSpans(ctx, ingestor, tenant, workspace, checkedSpans(spans, waiting, now), now, hub);
}

/** Writes what an export's spans became (checkedSpans, here or in a body worker), and says what became of them. */
async function writeSpans(
  ctx: SpanIngestContext,
  ingestor: Ingestor,
  tenant: string,
  workspace: string,
  checked: CheckedSpans,
  now: number,
  hub?: OtlpHub,
): Promise<OtlpOutcome> {
  const { found, good, problems, rejectedInteractions } = checked;
  const received = checked.received;
  let rejected = found.rejected.length + rejectedInteractions;
  const ignoredSpans = Object.values(found.ignored).reduce((a, b) => a + (b ?? 0), 0);
  /** The export's counts, the spans left waiting and the workspace's last ingest: in the transaction that writes its records. */
  const keep = async (tx: Executor, written: boolean, pending: boolean) => {
    if (pending) await savePending(ctx.db, tx, tenant, workspace, found.pending, found.resolved);
    const counts = statsOf(found, received, rejected, written);
    await addCounts(tx, tenant, workspace, now, counts);
    // Telemetry reached the workspace even when nothing in it was mapped: its stats are readable.
    await noteIngest(new BatchContext(ctx.db, tx, tenant, workspace, now, { storePrompts: false }));
    return counts;
  };
  let counts: Map<string, number>;
  let created = 0;
  let refused = 0;
  if (!good.length) counts = await ctx.db.transaction((tx) => keep(tx, false, true));
  else {
    const { summary, result } = await ingestor.ingestParsed(
      ctx.db,
      good,
      {
        tenant,
        workspace,
        storePrompts: ctx.config.storePrompts,
        // 5,000 records an application, as NDJSON ingest: one application of 100,000 held the event loop over a second.
        batchSize: 5000,
        now: ctx.now,
        runtimeObjectCap: ctx.config.runtimeObjectCap,
        runtimeQuietDays: ctx.config.runtimeQuietDays,
        evaluateRules: ctx.config.postureRules,
      },
      async (tx, apply) => {
        const before = await objectTotals(ctx.db, tx, tenant, workspace);
        await apply();
        const after = await objectTotals(ctx.db, tx, tenant, workspace);
        return { created: after.created - before.created, refused: after.refused - before.refused, counts: await keep(tx, true, true) };
      },
    );
    if (result) ({ created, refused, counts } = result);
    else {
      // Rejected whole (and rolled back): nothing of it is written, its spans are counted as rejected.
      rejected = received - ignoredSpans;
      for (const e of summary.errors) problems.push(e.message);
      counts = await ctx.db.transaction((tx) => keep(tx, false, false));
    }
  }
  hub?.emit(counts, created, refused);

  const parts: string[] = [];
  if (rejected) parts.push(`${plural(rejected, 'span')} rejected: ${listed(problems)}`);
  for (const [reason, n] of Object.entries(found.ignored) as Array<[IgnoreReason, number]>)
    if (n) parts.push(`${plural(n, 'span')} ignored: ${ignoreReasons[reason]}`);
  if (found.typeErrors.length)
    parts.push(
      `${plural(found.typeErrors.length, 'attribute')} ignored: ${listed(found.typeErrors.map((e) => `span ${e.spanId}: ${e.message}`))}`,
    );
  if (refused)
    parts.push(
      `${plural(refused, 'object')} not created: the workspace reached its cap of ${ctx.config.runtimeObjectCap} objects created from telemetry ` +
        '(AISPM_RUNTIME_OBJECT_CAP); their spans still became interactions',
    );
  return { accepted: received - ignoredSpans - rejected, rejected, ignored: ignoredSpans, message: parts.join('. ') };
}

/** Objects telemetry created in the workspace so far, and those the cap refused (the writer counts them in the batch). */
async function objectTotals(db: Db, tx: Executor, tenant: string, workspace: string): Promise<{ created: number; refused: number }> {
  const totals = await totalsOf(db, tx, tenant, workspace, ['objects.created', 'objects.refused']);
  return { created: totals.get('objects.created')!, refused: totals.get('objects.refused')! };
}

/** Most unmapped attribute keys counted per export (the rest are not: a sender cannot flood the table). */
const UNMAPPED_PER_EXPORT = 50;

function statsOf(found: CheckedSpans['found'], received: number, rejected: number, written: boolean): Map<string, number> {
  const counts = new Map<string, number>([['spans.received', received]]);
  if (written) for (const [type, n] of Object.entries(found.mapped)) counts.set(`mapped.${type}`, n);
  for (const [reason, n] of Object.entries(found.ignored)) counts.set(`ignored.${reason}`, n ?? 0);
  counts.set('rejected', rejected);
  counts.set('attributes.wrong_type', found.typeErrors.length);
  if (written) counts.set('cost.reported_zero', found.zeroCostReported);
  const top = [...found.unmapped].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, UNMAPPED_PER_EXPORT);
  for (const [key, n] of top) counts.set(`unmapped.${key}`, n);
  return counts;
}

/** google.rpc.Code for the HTTP statuses this route answers. */
const grpcCode: Record<number, number> = { 400: 3, 401: 16, 403: 7, 404: 5, 413: 8, 415: 3, 429: 8, 500: 13, 503: 14 };

function sendProtobufError(reply: FastifyReply, status: number, message: string): FastifyReply {
  const body = new Writer()
    .uint(1, grpcCode[status] ?? 2)
    .string(2, message)
    .finish();
  return reply.code(status).type(PROTOBUF).send(Buffer.from(body));
}

const mediaType = (request: FastifyRequest) =>
  String(request.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();

/**
 * An export read in a body worker (decoded, then mapped once the spans waiting for its traces are
 * loaded) and written. Exports into one workspace run one at a time (oneAtATime); the worker is
 * given back before the write, which needs none.
 */
async function exportSpans(
  ctx: AppContext,
  ingestor: Ingestor,
  bodies: BodyWorkers,
  tenant: string,
  workspace: string,
  body: Buffer,
  protobuf: boolean,
  hub?: OtlpHub,
): Promise<OtlpOutcome> {
  // The exports into one workspace run one at a time, in the order they arrived: an SDK's simple
  // processor sends each span on its own request, children before their parent, and the parent
  // finds its waiting children only if they were written first. The queue's turn is taken before the
  // worker: a turn waiting for a worker held by exports queued behind it would never come.
  return oneAtATime(tenant, workspace, async () => {
    const lease = await bodies.lease().catch((err: unknown) => {
      throw bodyWorkerError(err);
    });
    try {
      // A buffer of its own (the body may share Node's buffer pool), handed over without another copy.
      const bytes = new Uint8Array(body);
      const decoded = await lease.run<{ received: number; traces: string[] }>({ kind: 'otlp-decode', body: bytes, protobuf }, [
        bytes.buffer as ArrayBuffer,
      ]);
      const now = ctx.now();
      // Read outside the write transaction: exports into a workspace run one at a time, so what the
      // previous one left waiting is committed and nothing else changes it meanwhile.
      const waiting = await loadPending(ctx.db, ctx.db, tenant, workspace, decoded.traces, now);
      const good: Lined<IngestRecord>[] = [];
      const rest = await lease.run<Omit<CheckedSpans, 'good'>>({ kind: 'otlp-discover', waiting, now }, [], (records) => {
        for (const r of records) good.push(r);
      });
      lease.release();
      return await writeSpans(ctx, ingestor, tenant, workspace, { ...rest, good }, now, hub);
    } catch (err) {
      throw bodyWorkerError(err);
    } finally {
      lease.release();
    }
  });
}

export function registerOtlp(app: FastifyInstance, ctx: AppContext, ingestor: Ingestor, bodies: BodyWorkers, hub?: OtlpHub): void {
  // Bodies of this route reach the handler as raw streams: protobuf has no parser of its own
  // here, and JSON must be decompressed and size-checked before it is parsed. Registered in a
  // child context so the rest of the API keeps Fastify's JSON parser.
  app.register(async (child) => {
    child.removeContentTypeParser(JSON_TYPE);
    child.addContentTypeParser([JSON_TYPE, PROTOBUF], (_request, payload, done) => done(null, payload));

    child.withTypeProvider<TypeBoxTypeProvider>().post(
      '/api/v1/otlp/tenants/:tenant_id/workspaces/:workspace_id/v1/traces',
      {
        config: { access: 'ingest' },
        schema: {
          operationId: 'ExportOtlpTraces',
          summary: 'Ingest OpenTelemetry traces (OTLP/HTTP)',
          tags: ['Ingest'],
          description:
            'OTLP/HTTP trace export. Takes an `ExportTraceServiceRequest` as `application/x-protobuf` or `application/json`, ' +
            'optionally `Content-Encoding: gzip`, and answers an `ExportTraceServiceResponse` in the same encoding. Spans in the ' +
            'OpenTelemetry GenAI semantic conventions (current and deprecated names), OpenInference, OpenLLMetry (Traceloop), the Vercel AI SDK ' +
            'or the MCP conventions become inventory objects (agents, models, tools, MCP servers, guardrails, `sources` runtime) with the ' +
            'relations of the span tree, and model calls become LLM interactions grouped into sessions, in one transaction. ' +
            '`partialSuccess.errorMessage` says what was ignored and why (spans per reason, attributes of the wrong type, objects past the ' +
            "workspace's cap); spans that cannot be stored are counted in `partialSuccess.rejectedSpans`. `GET …/stats` keeps the counts. " +
            'Point an exporter here with ' +
            '`OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` and `OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer <token>"` (scope `ingest`). ' +
            'docs/RUNTIME.md lists the attributes read.',
          params: TenantWorkspaceParams,
          consumes: [PROTOBUF, JSON_TYPE],
          body: Type.Unsafe({ description: 'ExportTraceServiceRequest (protobuf or JSON).', type: 'string' }),
          response: {
            200: Type.Object(
              {
                partialSuccess: Type.Optional(
                  Type.Object({
                    rejectedSpans: Type.Integer({ description: 'Spans not stored.' }),
                    errorMessage: Type.String({
                      description:
                        'Why spans were rejected, how many were ignored and why, which attributes were ignored for their type, and how many objects the cap kept from being created.',
                    }),
                  }),
                ),
              },
              { description: 'ExportTraceServiceResponse (shown in its JSON form; protobuf when the request was protobuf).' },
            ),
            ...errorResponses(413, 415),
          },
        },
        validatorCompiler: () => () => true,
        // Every error of a protobuf request, whatever raised it (authentication, limits, the handler,
        // a fault), is a google.rpc.Status as OTLP/HTTP requires; a JSON request's is `{code, message}`.
        errorHandler: (error, request, reply) => {
          if (mediaType(request) !== PROTOBUF) return sendError(error, request, reply);
          const a = errorAnswer(error, request, reply);
          return sendProtobufError(reply, a.status, a.message);
        },
      },
      async (request, reply) => {
        const { tenant_id: tenant, workspace_id: workspace } = request.params;
        const type = mediaType(request);
        const protobuf = type === PROTOBUF;
        if (!protobuf && type !== JSON_TYPE)
          throw new ApiError(415, `OTLP/HTTP takes ${PROTOBUF} or ${JSON_TYPE}, not "${type.slice(0, 64) || 'no content type'}"`);
        const body = await readAll(request, ctx.config.ingestMaxBytes);
        const outcome = await exportSpans(ctx, ingestor, bodies, tenant, workspace, body, protobuf, hub);
        request.log.info({ accepted: outcome.accepted, rejected: outcome.rejected, ignored: outcome.ignored }, 'otlp traces');
        const partial = outcome.message ? { rejectedSpans: outcome.rejected, errorMessage: outcome.message } : undefined;
        if (protobuf) {
          const w = new Writer();
          if (partial) w.bytes(1, new Writer().uint(1, partial.rejectedSpans).string(2, partial.errorMessage).finish());
          // The protobuf answer is bytes; the schema above documents its JSON form.
          return (reply as FastifyReply).type(PROTOBUF).send(Buffer.from(w.finish()));
        }
        return reply.type(JSON_TYPE).send(partial ? { partialSuccess: partial } : {});
      },
    );
  });
}
