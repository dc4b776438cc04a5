// Names no instrumentation library defines but applications set on their own spans (outside the
// conventions): read after the SDKs' own names, so a value an SDK sends wins.

import type { DialectSpec } from './dialect.ts';
import { codes } from './reader.ts';

const COST = ['gen_ai.cost'];

export const custom = {
  name: 'custom',
  prefixes: [],
  usage: { cost: COST },
  doc: {
    label: 'names applications set themselves',
    intro: `**Set by applications themselves** (in no convention): ${codes(COST)}, a reported cost in US dollars.`,
  },
} as const satisfies DialectSpec;
