// OpenTelemetry traces in, over OTLP/HTTP: POST …/v1/traces with an ExportTraceServiceRequest in
// protobuf (application/x-protobuf) or JSON (application/json), gzip or not, as the official
// exporters send it. The body is decoded and its spans read in a body worker (otlp/, dialects/,
// discovery/), then written by ingest-spans.ts as one all-or-nothing batch; the answer is an
// ExportTraceServiceResponse in the request's encoding, with partial_success saying what was
// rejected or ignored and why; the stats keep the counts.
//
// A user points an instrumented application here with two settings and nothing else:
//   OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=https://<host>/api/v1/otlp/tenants/<t>/workspaces/<w>/v1/traces
//   OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer <token with the ingest scope>"

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { Lined } from '../../ingest/batch-context.ts';
import type { BodyWorkers } from '../../ingest/body-workers.ts';
import type { Ingestor } from '../../ingest/pipeline.ts';
import type { IngestRecord } from '../../ingest/records.ts';
import type { Executor } from '../../platform/db/database.ts';
import { ApiError } from '../../platform/errors.ts';
import { auditSource } from '../../platform/http/audit-source.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { errorAnswer, sendError } from '../../platform/http/errors.ts';
import { errorResponses, TenantWorkspaceParams } from '../../platform/http/schemas.ts';
import { bodyStream, bodyWorkerError } from '../feed/ingest-routes.ts';
import type { CheckedSpans } from './discovery/checked.ts';
import { type Arrival, ExportFailed, ExportGroups, type GroupMerge } from './export-groups.ts';
import type { OtlpHub } from './hub.ts';
import {
  applyPreparedSpans,
  type OtlpOutcome,
  type PreparedSpans,
  prepareSpans,
  type SpansAudit,
  spansAudit,
  writeSpans,
  writeSpansIn,
} from './ingest-spans.ts';
import { Writer } from './otlp/protobuf.ts';
import { loadPending, oneAtATime } from './waiting-spans.ts';

const PROTOBUF = 'application/x-protobuf';
const JSON_TYPE = 'application/json';

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
  audit?: SpansAudit,
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
      return await writeSpans(ctx, ingestor, tenant, workspace, { ...rest, good }, now, hub, audit);
    } catch (err) {
      throw bodyWorkerError(err);
    } finally {
      lease.release();
    }
  });
}

/**
 * exportSpans in its workspace's group (export-groups.ts): the same reading and writing, in the
 * transaction the group shares, so the spans the exports before it in the group left waiting are
 * read there. A body that cannot be read fails this export alone.
 */
function exportGrouped(
  ctx: AppContext,
  ingestor: Ingestor,
  bodies: BodyWorkers,
  arrival: Arrival,
  tenant: string,
  workspace: string,
  body: Buffer,
  protobuf: boolean,
  hub?: OtlpHub,
  audit?: SpansAudit,
): Promise<OtlpOutcome> {
  const alone = (err: unknown): never => {
    throw new ExportFailed(bodyWorkerError(err));
  };
  // Read and discovered in the group's transaction, against what the exports before it left waiting.
  const read = async (tx: Executor) => {
    const lease = await bodies.lease().catch(alone);
    try {
      const bytes = new Uint8Array(body);
      const decoded = await lease
        .run<{ received: number; traces: string[] }>({ kind: 'otlp-decode', body: bytes, protobuf }, [bytes.buffer as ArrayBuffer])
        .catch(alone);
      const now = ctx.now();
      const waiting = await loadPending(ctx.db, tx, tenant, workspace, decoded.traces, now);
      const good: Lined<IngestRecord>[] = [];
      const rest = await lease
        .run<Omit<CheckedSpans, 'good'>>({ kind: 'otlp-discover', waiting, now }, [], (records) => {
          for (const r of records) good.push(r);
        })
        .catch(alone);
      return { checked: { ...rest, good }, now };
    } finally {
      lease.release();
    }
  };
  return arrival.join(
    async (tx) => {
      const { checked, now } = await read(tx);
      const staged = await writeSpansIn(ctx, ingestor, tx, tenant, workspace, checked, now, hub, audit);
      return { value: staged.outcome, records: staged.records, committed: staged.committed, failed: staged.failed };
    },
    async (tx) => {
      const { checked, now } = await read(tx);
      return prepareSpans(ctx, tx, tenant, workspace, checked, now, audit);
    },
  );
}

export function registerOtlp(app: FastifyInstance, ctx: AppContext, ingestor: Ingestor, bodies: BodyWorkers, hub?: OtlpHub): void {
  // A group's exports are applied as one batch (applyPreparedSpans); every export of a group is one into its workspace.
  const merge: GroupMerge = async (tx, parts) => {
    const staged = await applyPreparedSpans(ctx, ingestor, tx, parts as PreparedSpans[], hub);
    return staged?.map((s) => ({ value: s.outcome, records: s.records, committed: s.committed, failed: s.failed }));
  };
  const groups = ctx.config.otlpGroupWaitMs > 0 ? new ExportGroups(ctx.db, ctx.config.otlpGroupWaitMs, hub, merge) : undefined;
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
        // Announced before its body is read: a group about to commit waits for it (export-groups.ts).
        const arrival = groups?.arrive(tenant, workspace);
        const audit = spansAudit(ctx, auditSource(request), tenant, workspace);
        let outcome: OtlpOutcome;
        try {
          const body = await readAll(request, ctx.config.ingestMaxBytes);
          outcome = arrival
            ? await exportGrouped(ctx, ingestor, bodies, arrival, tenant, workspace, body, protobuf, hub, audit)
            : await exportSpans(ctx, ingestor, bodies, tenant, workspace, body, protobuf, hub, audit);
        } finally {
          arrival?.leave();
        }
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
