// OpenTelemetry traces in, over OTLP/HTTP: POST …/v1/traces with an ExportTraceServiceRequest in
// protobuf (application/x-protobuf) or JSON (application/json), gzip or not, as the official
// exporters send it. LLM-call spans become interaction records and go through the same ingest
// pipeline as NDJSON, as one all-or-nothing batch; the answer is an ExportTraceServiceResponse
// in the request's encoding, with partial_success when spans were rejected or ignored.
//
// A user points an instrumented application here with two settings and nothing else:
//   OTEL_EXPORTER_OTLP_TRACES_ENDPOINT=https://<host>/api/v1/otlp/tenants/<t>/workspaces/<w>/v1/traces
//   OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer <token with the ingest scope>"

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import { spansToInteractions } from '../../ingest/otlp/genai.ts';
import { Writer } from '../../ingest/otlp/protobuf.ts';
import { decodeJson, decodeProtobuf, OtlpDecodeError, type Span } from '../../ingest/otlp/traces.ts';
import type { Ingestor } from '../../ingest/pipeline.ts';
import { parseRecord, RecordError } from '../../ingest/records.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { ApiError } from '../../platform/errors.ts';
import { errorResponses, TenantWorkspaceParams } from '../../platform/http/schemas.ts';
import { bodyStream } from './ingest-routes.ts';

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

/** Turns the spans into interactions and writes them; says what was kept, rejected and ignored. */
export async function ingestSpans(
  ctx: AppContext,
  ingestor: Ingestor,
  tenant: string,
  workspace: string,
  spans: Span[],
): Promise<OtlpOutcome> {
  const { records, rejected: unusable, ignored } = spansToInteractions(spans);
  const now = ctx.now();
  const good: string[] = [];
  const problems = unusable.map((r) => `span ${r.spanId}: ${r.message}`);
  for (const r of records) {
    try {
      parseRecord(r, now);
      good.push(JSON.stringify(r));
    } catch (err) {
      if (!(err instanceof RecordError)) throw err;
      const attrs = r.attributes as { span_id?: string };
      problems.push(`span ${attrs.span_id ?? '?'}: ${err.message}`);
    }
  }
  let rejected = problems.length;
  if (good.length) {
    const summary = await ingestor.ingest(
      ctx.db,
      (async function* () {
        yield good.join('\n') + '\n';
      })(),
      {
        tenant,
        workspace,
        storePrompts: ctx.config.storePrompts,
        batchSize: 5000,
        mode: 'request',
        now: ctx.now,
      },
    );
    if (summary.rejected) {
      rejected += summary.rejected;
      problems.push(...summary.errors.map((e) => e.message));
    }
  }
  const parts: string[] = [];
  if (rejected)
    parts.push(
      `${rejected} span${rejected === 1 ? '' : 's'} rejected: ${problems.slice(0, MAX_LISTED).join('; ')}${problems.length > MAX_LISTED ? '; …' : ''}`,
    );
  if (ignored)
    parts.push(
      `${ignored} span${ignored === 1 ? '' : 's'} ignored: not GenAI model calls (gen_ai.operation.name chat, text_completion, generate_content or embeddings)`,
    );
  return { accepted: spans.length - ignored - rejected, rejected, ignored, message: parts.join('. ') };
}

/** google.rpc.Code for the HTTP statuses this route answers. */
const grpcCode: Record<number, number> = { 400: 3, 401: 16, 403: 7, 404: 5, 413: 8, 415: 3, 429: 8, 500: 13, 503: 14 };

function sendProtobufError(reply: FastifyReply, err: ApiError): FastifyReply {
  for (const [k, v] of Object.entries(err.headers)) reply.header(k, v);
  const body = new Writer()
    .uint(1, grpcCode[err.status] ?? 2)
    .string(2, err.message)
    .finish();
  return reply.code(err.status).type(PROTOBUF).send(Buffer.from(body));
}

export function registerOtlp(app: FastifyInstance, ctx: AppContext, ingestor: Ingestor): void {
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
            'optionally `Content-Encoding: gzip`, and answers an `ExportTraceServiceResponse` in the same encoding. Spans that follow the ' +
            'OpenTelemetry GenAI semantic conventions and are model calls (chat, text_completion, generate_content, embeddings) become LLM ' +
            'interactions, grouped into sessions by `gen_ai.conversation.id`; other spans are ignored and counted in ' +
            '`partialSuccess.errorMessage`; spans that cannot be stored are counted in `partialSuccess.rejectedSpans`. Point an exporter here with ' +
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
                      description: 'Why spans were rejected, and how many were ignored as not GenAI model calls.',
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
      },
      async (request, reply) => {
        const { tenant_id: tenant, workspace_id: workspace } = request.params;
        const type = String(request.headers['content-type'] ?? '')
          .split(';')[0]!
          .trim()
          .toLowerCase();
        const protobuf = type === PROTOBUF;
        try {
          if (!protobuf && type !== JSON_TYPE)
            throw new ApiError(415, `OTLP/HTTP takes ${PROTOBUF} or ${JSON_TYPE}, not "${type.slice(0, 64) || 'no content type'}"`);
          const body = await readAll(request, ctx.config.ingestMaxBytes);
          let spans: Span[];
          try {
            spans = protobuf ? decodeProtobuf(body) : decodeJson(body.toString('utf8'));
          } catch (err) {
            if (err instanceof OtlpDecodeError) throw new ApiError(400, err.message);
            throw err;
          }
          const outcome = await ingestSpans(ctx, ingestor, tenant, workspace, spans);
          request.log.info({ accepted: outcome.accepted, rejected: outcome.rejected, ignored: outcome.ignored }, 'otlp traces');
          const partial = outcome.message ? { rejectedSpans: outcome.rejected, errorMessage: outcome.message } : undefined;
          if (protobuf) {
            const w = new Writer();
            if (partial) w.bytes(1, new Writer().uint(1, partial.rejectedSpans).string(2, partial.errorMessage).finish());
            // The protobuf answer is bytes; the schema above documents its JSON form.
            return (reply as FastifyReply).type(PROTOBUF).send(Buffer.from(w.finish()));
          }
          return reply.type(JSON_TYPE).send(partial ? { partialSuccess: partial } : {});
        } catch (err) {
          if (protobuf && err instanceof ApiError) return sendProtobufError(reply, err);
          throw err;
        }
      },
    );
  });
}
