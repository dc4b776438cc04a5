// What one span says, whichever instrumentation wrote it: each dialect (one file of this folder)
// declares what it recognises and how it reads a span; this module lists them and runs their parts
// in named phases into one normalised view. discovery/discover.ts then turns views into inventory
// objects, relations and interactions. docs/RUNTIME.md's dialect tables are written from these
// declarations (scripts/runtime-doc.ts; test/docs.test.ts fails when they drift). A key of a GenAI
// span that no dialect reads and no dialect's key families cover is counted (the stats endpoint
// lists the most frequent), so a gap in the mapping shows.
//
// Adding a dialect: a file exporting a DialectSpec (dialect.ts), its line in DIALECTS, and, when it
// claims spans, its place in PRECEDENCE.

import type { Span } from '../otlp/traces.ts';
import type { DialectSpec, Reading, SpanView, Usage } from './dialect.ts';
import { custom } from './custom.ts';
import { genai } from './genai.ts';
import { langfuse } from './langfuse.ts';
import { mcp } from './mcp.ts';
import { openinference } from './openinference.ts';
import { Reader } from './reader.ts';
import { traceloop } from './traceloop.ts';
import { vercel } from './vercel.ts';

export type { Role, SpanView, Usage } from './dialect.ts';
export { guardrailEvent, MODEL_OPERATIONS } from './genai.ts';

/**
 * Every dialect, in reading order: a value several dialects can carry (a session id, a token count,
 * a cost) is read from each dialect's attributes in this order, the first present wins; the docs
 * list the dialects in it. The GenAI conventions come first: the other SDKs repeat some gen_ai.*
 * attributes, and the standard names win when both are sent.
 */
export const DIALECTS: readonly DialectSpec[] = [genai, openinference, traceloop, custom, langfuse, vercel, mcp];

/**
 * Which dialect reads a span when several recognise it. First the dialects that name a span's kind
 * themselves, at most one of them (the first here whose cue is present), however it turns out:
 * the Vercel AI SDK's operation, then OpenInference's span kind, then Traceloop's. Then, while the
 * span has no role, the fallbacks: an MCP request, then the GenAI conventions (whose
 * gen_ai.operation.name and model attributes every SDK repeats, so they decide only when no SDK
 * of its own did).
 */
export const PRECEDENCE: readonly DialectSpec[] = [vercel, openinference, traceloop, mcp, genai];

for (const d of DIALECTS)
  if (!!d.claims !== PRECEDENCE.includes(d) || !!d.claims !== !!(d.cue && d.recognises && d.read))
    throw new Error(`dialect ${d.name}: a dialect that claims spans has a cue, recognises and read, and is in PRECEDENCE`);

/**
 * The order cues are read in (a cue of the wrong type is named in it): the dialects that name a
 * span's kind, then the fallbacks, each in reading order, as the export's answer has always said.
 */
const CUE_ORDER = [...DIALECTS.filter((d) => d.claims === 'kind'), ...DIALECTS.filter((d) => d.claims === 'fallback')];

/** Key families read as a whole or deliberately left, of every dialect. */
const KNOWN_PREFIXES = DIALECTS.flatMap((d) => d.prefixes);

const USAGE_FIELDS = ['input', 'output', 'cacheRead', 'cacheWrite', 'reasoning'] as const;
const usageKeys = (f: keyof Usage) => DIALECTS.flatMap((d) => d.usage?.[f] ?? []);
const USAGE_KEYS = Object.fromEntries(USAGE_FIELDS.map((f) => [f, usageKeys(f)])) as Record<(typeof USAGE_FIELDS)[number], string[]>;
const COST_KEYS = usageKeys('cost');
/** Session ids of every dialect, in reading order (docs/RUNTIME.md lists them). */
export const SESSION_KEYS = DIALECTS.flatMap((d) => d.session ?? []);

function usageOf(r: Reader): Usage {
  return {
    input: r.int(...USAGE_KEYS.input),
    output: r.int(...USAGE_KEYS.output),
    cacheRead: r.int(...USAGE_KEYS.cacheRead),
    cacheWrite: r.int(...USAGE_KEYS.cacheWrite),
    reasoning: r.int(...USAGE_KEYS.reasoning),
    cost: r.num(...COST_KEYS),
  };
}

// Each phase's parts, gathered once: spans are read by the thousand, and a loop over the
// dialects asking each for an optional part costs more than the reading itself.
type Part<K extends keyof DialectSpec> = Array<{ name: string } & Required<Pick<DialectSpec, K>>>;
const having = <K extends keyof DialectSpec>(list: readonly DialectSpec[], key: K) =>
  list.filter((d) => d[key] !== undefined) as unknown as Part<K>;
const MARKS = having(DIALECTS, 'marks');
const CUES = CUE_ORDER.map((d) => d.cue!);
const CUE_INDEX = new Map(CUE_ORDER.map((d, i) => [d.name, i]));
const CLAIMS = PRECEDENCE.map((d) => ({
  name: d.name,
  kind: d.claims === 'kind',
  cue: CUE_INDEX.get(d.name)!,
  recognises: d.recognises!,
  read: d.read!,
}));
const ALSO_SPOKEN = having(DIALECTS, 'alsoSpoken');
const COMPLETES = having(DIALECTS, 'complete');
const OWNERS = having(DIALECTS, 'owner');
const FINISHES = having(DIALECTS, 'finish');

/** Reads one span in every dialect it speaks. */
export function viewOf(s: Span): SpanView {
  const r = new Reader(s.attributes);
  const view: SpanView = { genai: false, dialects: [], usage: {}, typeErrors: r.typeErrors, read: r.read };
  // 1. The session, in any dialect; the dialects a span speaks whoever reads it.
  view.session = r.str(...SESSION_KEYS);
  for (const d of MARKS) if (d.marks(r)) view.dialects.push(d.name);
  // 2. Every cue, before any dialect reads the span (what is read is not counted as unmapped).
  const cues = CUES.map((cue) => cue(r, s));
  const x: Reading = { span: s, r, view, cue: (name) => cues[CUE_INDEX.get(name)!], usage: () => usageOf(r) };
  // 3. The claim, in PRECEDENCE.
  let kindRead = false;
  for (const d of CLAIMS) {
    if (!d.recognises(cues[d.cue], r)) continue;
    if (d.kind) {
      if (kindRead) continue;
      kindRead = true;
    } else if (view.role) continue;
    view.dialects.push(d.name);
    view.genai = true;
    d.read(x);
  }
  // 4. Dialects a span read by another speaks too.
  if (view.role) for (const d of ALSO_SPOKEN) if (!view.dialects.includes(d.name) && d.alsoSpoken(r)) view.dialects.push(d.name);
  // 5. What the reading dialect left out.
  for (const d of COMPLETES) d.complete(x);
  // 6. The agent a non-agent span works for, as its attributes name it.
  if (view.role && view.role !== 'agent') {
    let id: string | undefined;
    let name: string | undefined;
    for (const d of OWNERS) {
      if (name !== undefined) break;
      const o = d.owner(r, view.dialects.includes(d.name));
      id ??= o?.id;
      name ??= o?.name;
    }
    if (id || name) view.owner = { id, name };
  }
  // 7. Attributes read last on every span.
  for (const d of FINISHES) d.finish(r);
  return view;
}

/** The keys of a GenAI span that no mapping read and no known family covers. */
export function unmappedKeys(s: Span, view: SpanView): string[] {
  if (!view.genai) return [];
  const out: string[] = [];
  for (const key of Object.keys(s.attributes)) {
    if (view.read.has(key) || key.startsWith('aispm.')) continue;
    if (KNOWN_PREFIXES.some((p) => key.startsWith(p))) continue;
    out.push(key.slice(0, 128));
  }
  return out;
}
