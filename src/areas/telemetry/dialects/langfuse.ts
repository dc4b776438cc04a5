// Langfuse: a session id and a reported cost of its own on spans another dialect reads.

import type { DialectSpec } from './dialect.ts';
import { codes } from './reader.ts';

const SESSION = ['langfuse.session.id'];
const COST = ['langfuse.observation.cost_details.total'];

export const langfuse = {
  name: 'langfuse',
  prefixes: [],
  usage: { cost: COST },
  session: SESSION,
  marks: (r) => r.has('langfuse.session.id'),
  doc: { label: 'Langfuse', intro: `**Langfuse**: ${codes(SESSION)} is a session id; ${codes(COST)} a\nreported cost.` },
} as const satisfies DialectSpec;
