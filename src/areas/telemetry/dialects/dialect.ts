// What a dialect is: the declaration each file of this folder exports, and the normalised view of a
// span they read into. registry.ts lists the dialects and says which wins when several speak.

import type { AttrValue, Span } from '../otlp/traces.ts';
import type { Reader } from './reader.ts';

export type Role = 'agent' | 'model' | 'tool' | 'mcp' | 'guardrail';

export interface Usage {
  input?: number;
  output?: number;
  cacheRead?: number;
  cacheWrite?: number;
  reasoning?: number;
  /** A cost the instrumentation reported, in US dollars. */
  cost?: number;
}

/** Where a dialect puts a call's numbers: each field's attributes, first present wins. */
export type UsageKeys = { readonly [F in keyof Usage]?: readonly string[] };

export interface SpanView {
  /** The object the span is about, when it is about one. */
  role?: Role;
  /** Whether any GenAI dialect recognised the span (its unread keys are counted as unmapped). */
  genai: boolean;
  /** The dialects the span speaks (names of registry.ts's dialects), in the order they read it. */
  dialects: string[];
  operation?: string;
  agent?: { id?: string; name?: string; description?: string; version?: string; provider?: string };
  model?: { request?: string; response?: string; provider?: string; type?: string };
  usage: Usage;
  tool?: { name: string; type?: string; description?: string };
  mcp?: { method: string; server?: string; address?: string; port?: number; transport?: string; tool?: string };
  guardrail?: { id: string; name: string; provider?: string; target?: 'input' | 'output'; outcome?: string };
  /** The agent a non-agent span says it works for (gen_ai.agent.* repeated on it, or the Vercel AI SDK's functionId). */
  owner?: { id?: string; name?: string };
  /** The span's own session (conversation) id, in whichever dialect it came. */
  session?: string;
  prompt?: AttrValue;
  response?: AttrValue;
  /** Attributes with a value of the wrong type: named in the export's answer, then ignored. */
  typeErrors: string[];
  /** Keys some mapping read. */
  read: Set<string>;
}

/** What a dialect's `read` and `complete` are given. */
export interface Reading {
  span: Span;
  r: Reader;
  view: SpanView;
  /** A dialect's cue as read for this span (every cue is read before any dialect reads the span). */
  cue(dialect: string): string | undefined;
  /** The call's numbers, read in every dialect (registry order: the first present wins). */
  usage(): Usage;
}

/** How docs/RUNTIME.md describes a dialect (scripts/runtime-doc.ts writes it; test/docs.test.ts checks it). */
export interface DialectDoc {
  /** Its name in a sentence. */
  label: string;
  /** The paragraph that opens its part, its name in bold first. */
  intro: string;
  /** Rows of its `| field | attributes |` table, if it has one. */
  table?: ReadonlyArray<readonly [string, string]>;
  /** A paragraph after the table. */
  after?: string;
}

/**
 * One dialect: what it recognises and how it reads a span. Everything is optional but the name,
 * the key families and the doc; registry.ts runs the parts in named phases (see viewOf there).
 */
export interface DialectSpec {
  /** As recorded in an interaction's `dialects` attribute. */
  readonly name: string;
  /** Key families its spans carry that are read as a whole or deliberately left (not counted as unmapped). */
  readonly prefixes: readonly string[];
  /** Where it puts a call's numbers. */
  readonly usage?: UsageKeys;
  /** Where it puts the span's session (conversation) id, first present wins. */
  readonly session?: readonly string[];
  /** Listed among a span's dialects whoever reads it (a session attribute of its own, say). */
  marks?(r: Reader): boolean;
  /** The value of the attribute that says what kind of span it is in this dialect (read for every span). */
  cue?(r: Reader, span: Span): string | undefined;
  /**
   * How it claims a span, given its cue: `kind` dialects name the span's kind themselves and at most
   * one of them reads a span (the first in the registry's precedence that recognises it); a
   * `fallback` dialect reads a span that none has given a role yet.
   */
  readonly claims?: 'kind' | 'fallback';
  /** Whether it recognises the span (by its cue, or the attributes it has). */
  recognises?(cue: string | undefined, r: Reader): boolean;
  /** Reads a span it recognised and claimed: its role and what it is about. */
  read?(x: Reading): void;
  /** Listed among the dialects of a span another dialect gave its role to, when this says so. */
  alsoSpoken?(r: Reader): boolean;
  /** Fills in what the claiming dialect left out of the view (after every claim). */
  complete?(x: Reading): void;
  /** The agent a non-agent span says it works for; `spoken`: whether the span speaks this dialect. */
  owner?(r: Reader, spoken: boolean): { id?: string; name?: string } | undefined;
  /** Attributes read on every span last, so they are never counted as unmapped. */
  finish?(r: Reader): void;
  readonly doc: DialectDoc;
}
