// Configuration files read with real parsers into one shape: a tree of values that remembers where
// in the text each value was written, so a server found in `.cursor/mcp.json` or a `[mcp_servers.x]`
// table of `config.toml` is reported at its line and column, and a secret in a server's `env` is
// known to be inside that server.
//
//   JSON and JSONC (comments, trailing commas)   jsonc-parser (VS Code's own)
//   YAML                                         yaml
//   TOML                                         toml-eslint-parser (keeps every node's range)
//
// A file that does not parse raises ConfigParseError with the line the parser names.

import { type Node as JsonNode, type ParseError as JsonParseError, parseTree, printParseErrorCode } from 'jsonc-parser';
import type { AST } from 'toml-eslint-parser';
import { getStaticTOMLValue, ParseError as TomlParseError, parseTOML } from 'toml-eslint-parser';
import { isAlias, isMap, isScalar, isSeq, LineCounter, type Node as YamlNode, parseDocument } from 'yaml';

export type ConfigFormat = 'json' | 'yaml' | 'toml';

export interface Located {
  kind: 'object' | 'array' | 'scalar';
  /** For scalars, the value; for objects and arrays, undefined (read them through props and items). */
  value: unknown;
  /** Offsets of the node in the text, end exclusive. */
  start: number;
  end: number;
  /** Keys in the order written (a repeated key: the last one, as the clients read it). */
  props?: Map<string, Located>;
  items?: Located[];
}

export class ConfigParseError extends Error {
  readonly line: number | undefined;
  constructor(message: string, line?: number) {
    super(message);
    this.line = line;
  }
}

export function parseConfig(text: string, format: ConfigFormat): Located {
  if (format === 'json') return parseJsonc(text);
  if (format === 'yaml') return parseYaml(text);
  return parseToml(text);
}

/** A property of an object node, by name, or undefined (the name is data: a Map lookup). */
export function prop(node: Located | undefined, name: string): Located | undefined {
  return node?.kind === 'object' ? node.props!.get(name) : undefined;
}

export function str(node: Located | undefined): string | undefined {
  return node?.kind === 'scalar' && typeof node.value === 'string' ? node.value : undefined;
}

/** 1-based line and column of an offset: an index of line starts built once per text. */
export class LineIndex {
  private readonly starts: number[] = [0];
  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.starts.push(i + 1);
  }
  at(offset: number): { line: number; column: number } {
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - this.starts[lo]! + 1 };
  }
}

// ---- JSON / JSONC ------------------------------------------------------------------------------

function parseJsonc(text: string): Located {
  const errors: JsonParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false, allowEmptyContent: false });
  if (errors.length || !root) {
    const e = errors[0];
    const line = e ? new LineIndex(text).at(e.offset).line : 1;
    throw new ConfigParseError(`not valid JSON: ${e ? printParseErrorCode(e.error) : 'empty'}`, line);
  }
  return fromJson(root);
}

function fromJson(n: JsonNode): Located {
  const base = { start: n.offset, end: n.offset + n.length };
  if (n.type === 'object') {
    const props = new Map<string, Located>();
    for (const p of n.children ?? []) {
      const [key, value] = p.children ?? [];
      if (key && value && typeof key.value === 'string') props.set(key.value, fromJson(value));
    }
    return { kind: 'object', value: undefined, props, ...base };
  }
  if (n.type === 'array') return { kind: 'array', value: undefined, items: (n.children ?? []).map(fromJson), ...base };
  return { kind: 'scalar', value: n.value, ...base };
}

// ---- YAML --------------------------------------------------------------------------------------

function parseYaml(text: string): Located {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false, prettyErrors: false });
  if (doc.errors.length) {
    const e = doc.errors[0]!;
    throw new ConfigParseError(`not valid YAML: ${e.code}`, lines.linePos(e.pos[0]).line);
  }
  if (!doc.contents) return { kind: 'object', value: undefined, props: new Map(), start: 0, end: text.length };
  return fromYaml(doc.contents as YamlNode);
}

function fromYaml(n: YamlNode | null | undefined): Located {
  const [start, , end] = n?.range ?? [0, 0, 0];
  if (isMap(n)) {
    const props = new Map<string, Located>();
    for (const pair of n.items) {
      const key = isScalar(pair.key) ? pair.key.value : pair.key;
      if (typeof key === 'string' || typeof key === 'number') props.set(String(key), fromYaml(pair.value as YamlNode));
    }
    return { kind: 'object', value: undefined, props, start, end };
  }
  if (isSeq(n)) return { kind: 'array', value: undefined, items: n.items.map((i) => fromYaml(i as YamlNode)), start, end };
  // An alias is left unexpanded: expanding aliases is how a small YAML file becomes a huge value.
  if (isScalar(n) && !isAlias(n)) return { kind: 'scalar', value: n.value, start, end };
  return { kind: 'scalar', value: undefined, start, end };
}

// ---- TOML --------------------------------------------------------------------------------------

function parseToml(text: string): Located {
  let program: AST.TOMLProgram;
  try {
    program = parseTOML(text);
  } catch (err) {
    if (err instanceof TomlParseError) throw new ConfigParseError(`not valid TOML: ${err.message.split('\n')[0]}`, err.lineNumber);
    throw err;
  }
  // The parser gives every table and key its range; values come from its own conversion. Each
  // value is placed at the range of the table or key-value that wrote it (a path of keys).
  const ranges = new Map<string, [number, number]>();
  const keyPath = (key: AST.TOMLKey) => key.keys.map((k) => (k.type === 'TOMLBare' ? k.name : k.value));
  const addKeyValues = (prefix: (string | number)[], body: AST.TOMLKeyValue[]) => {
    for (const kv of body) {
      const path = [...prefix, ...keyPath(kv.key)];
      ranges.set(JSON.stringify(path), kv.range);
      if (kv.value.type === 'TOMLInlineTable') addKeyValues(path, kv.value.body);
    }
  };
  for (const top of program.body) {
    for (const item of top.body) {
      if (item.type === 'TOMLTable') {
        ranges.set(JSON.stringify(item.resolvedKey), item.range);
        addKeyValues(item.resolvedKey, item.body);
      } else addKeyValues([], [item]);
    }
  }
  const value = getStaticTOMLValue(program) as unknown;
  const build = (v: unknown, path: (string | number)[], fallback: [number, number]): Located => {
    const [start, end] = ranges.get(JSON.stringify(path)) ?? fallback;
    if (Array.isArray(v))
      return { kind: 'array', value: undefined, items: v.map((x, i) => build(x, [...path, i], [start, end])), start, end };
    if (v && typeof v === 'object' && !(v instanceof Date)) {
      const props = new Map<string, Located>();
      for (const [k, x] of Object.entries(v)) props.set(k, build(x, [...path, k], [start, end]));
      return { kind: 'object', value: undefined, props, start, end };
    }
    return { kind: 'scalar', value: v, start, end };
  };
  return build(value, [], [0, text.length]);
}
