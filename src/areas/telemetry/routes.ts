// Telemetry's routes, in the order the OpenAPI document lists them: the OTLP/HTTP trace export
// (otlp-routes.ts), then what the exports brought into a workspace (stats-routes.ts).

import type { FastifyInstance } from 'fastify';
import type { BodyWorkers } from '../../ingest/body-workers.ts';
import type { Ingestor } from '../../ingest/pipeline.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { OtlpHub } from './hub.ts';
import { registerOtlp } from './otlp-routes.ts';
import { registerOtlpStats } from './stats-routes.ts';

export function registerTelemetry(app: FastifyInstance, ctx: AppContext, ingestor: Ingestor, bodies: BodyWorkers, hub: OtlpHub): void {
  registerOtlp(app, ctx, ingestor, bodies, hub);
  registerOtlpStats(app, ctx);
}
