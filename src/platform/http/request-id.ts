// A new request id for a request that brought no sane one. It keeps the form of a version 4 UUID
// (8-4-4-4-12 hex digits, the version and variant digits set), as the docs and clients expect, but
// only its first 74 bits are random, drawn once per process; the last 48 are a sequence number.
// An id must be unique (a client's report leads to its log line), not unguessable: nothing is
// authorised by it. randomUUID cost 150–600 ns a request, this about 90 (issue 39).

import { randomUUID } from 'node:crypto';

const PROCESS_PART = randomUUID().slice(0, 24);
const SEQUENCE_SPAN = 2 ** 48;
let sequence = 0;

export function newRequestId(): string {
  sequence = (sequence + 1) % SEQUENCE_SPAN;
  return PROCESS_PART + sequence.toString(16).padStart(12, '0');
}
