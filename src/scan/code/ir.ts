// What a parsed file says, in one shape for Python, JavaScript and TypeScript: the imports, the
// names bound to values, the functions and classes, and every call with its arguments as values.
// The syntax trees are read once into this and freed; the frameworks' rules (frameworks/) read only
// this, so a rule is written once for both languages where a framework exists in both.
//
// Values keep what a static reader can know for certain: literal strings (their text), names and
// dotted paths (`agents.Agent`, `self.agents_config`), calls, lists, dicts with literal keys and
// inline functions. Anything else is `other`, with its span.

import type { Language, Span } from '../facts.ts';

export type CodeLanguage = Extract<Language, 'python' | 'javascript' | 'typescript'>;

export type Value =
  | { kind: 'str'; value: string; span: Span }
  | { kind: 'fstr'; span: Span }
  | { kind: 'num'; value: number; span: Span }
  | { kind: 'bool'; value: boolean; span: Span }
  | { kind: 'none'; span: Span }
  /** A name or dotted path; `base` set when the path starts on a call's result (`Agent(…).as_tool`, path `['()', 'as_tool']`). */
  | { kind: 'ref'; path: string[]; span: Span; base?: CallValue }
  | CallValue
  | { kind: 'list'; items: Value[]; span: Span }
  | DictValue
  | { kind: 'subscript'; object: Value; index: Value; span: Span }
  | { kind: 'func'; fn: FunctionIR; span: Span }
  | { kind: 'other'; span: Span };

export interface DictValue {
  kind: 'dict';
  /** Entries whose key is a literal (or a JS identifier key); shorthand `{ weatherTool }` is the key bound to a ref of the same name. */
  entries: Map<string, Value>;
  keySpans: Map<string, Span>;
  /** Values spread into it (`{ ...(await mcp.tools()) }`, `{**tools}`). */
  spreads?: Value[];
  span: Span;
}

export interface CallValue {
  kind: 'call';
  callee: Value;
  args: Value[];
  kwargs: Map<string, Value>;
  /** `new X(…)` in JavaScript. */
  isNew: boolean;
  span: Span;
  /** The name the call's result is bound to, when it is the right side of an assignment or declaration. */
  boundTo?: string;
  /** The span of that binding's statement. */
  bindingSpan?: Span;
  /** The key it is the value of, when it is an entry of a dict or object literal (`tools: { weather: tool(…) }`). */
  key?: string;
  /** The call is a decorator's (`@function_tool(…)`): decorator rules read it, call rules do not. */
  decorator?: boolean;
  /** The innermost function or method the call is written in. */
  enclosing?: FunctionIR;
}

export interface FunctionIR {
  name: string;
  span: Span;
  decorators: Value[];
  /** The docstring (Python) or the JSDoc comment above it (JavaScript), when literal. */
  doc?: string;
  params: string[];
  /** Calls written in its body, nested functions included. */
  calls: CallValue[];
  /** Values of its return statements (an arrow function's expression body counts). */
  returns: Value[];
  /** The class it is a method of. */
  className?: string;
}

export interface ClassIR {
  name: string;
  span: Span;
  bases: Value[];
  decorators: Value[];
  /** Class-level assignments (`name = "…"`, `description: str = "…"`, JS fields). */
  attrs: Map<string, Value>;
  methods: FunctionIR[];
}

export interface ImportBinding {
  /** The module as written: `agents.mcp`, `.tools`, `@openai/agents`, `./tools.js`. */
  module: string;
  /** The imported name; null when the local name is the module itself (`import x`, `import * as x`). */
  name: string | null;
  span: Span;
}

export interface ReExport {
  module: string;
  /** Exported name → imported name; undefined for `export * from` (and `from x import *`). */
  names?: Map<string, string>;
}

export interface FileIR {
  path: string;
  language: CodeLanguage;
  imports: Map<string, ImportBinding>;
  reexports: ReExport[];
  /** Every name bound by an assignment or declaration, anywhere in the file (one flat scope: good enough for the declarations frameworks use). */
  bindings: Map<string, { value: Value; span: Span }>;
  functions: Map<string, FunctionIR>;
  classes: Map<string, ClassIR>;
  /** Every call of the file in source order, nested calls included. */
  calls: CallValue[];
  /** JavaScript: the file exports a name it imports (`import { Agent } from 'x'; export { Agent }`). */
  exportsImports?: boolean;
}

export function newFileIR(path: string, language: CodeLanguage): FileIR {
  return { path, language, imports: new Map(), reexports: [], bindings: new Map(), functions: new Map(), classes: new Map(), calls: [] };
}

/** The dotted path of a ref (`a.b.c`), or undefined when the value is not one. */
export function dotted(value: Value | undefined): string | undefined {
  return value?.kind === 'ref' ? value.path.join('.') : undefined;
}

/** A literal string's text. */
export function literal(value: Value | undefined): string | undefined {
  return value?.kind === 'str' ? value.value : undefined;
}
