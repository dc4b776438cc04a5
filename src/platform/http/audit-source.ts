// Who made a request and from where, as the audit trail records it: the key of the request, the
// peer address Fastify reports (behind a proxy, the proxy's: the service does not trust X-Forwarded-For) and the user agent.

import type { FastifyRequest } from 'fastify';
import type { AuditSource } from '../audit/audit.ts';
import { principalOf } from './auth.ts';

export function auditSource(request: FastifyRequest): AuditSource {
  const agent = request.headers['user-agent'];
  return { actor: principalOf(request).key.id, address: request.ip ?? null, userAgent: typeof agent === 'string' ? agent : null };
}
