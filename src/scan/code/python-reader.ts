// Reads a Python syntax tree (tree-sitter-python) into a FileIR: imports (`import a.b as c`,
// `from .x import y as z`, `from x import *`), assignments, functions with their decorators and
// docstrings, classes with their bases and class attributes, and every call.

import type { Node } from '@vscode/tree-sitter-wasm';
import type { Span } from '../facts.ts';
import { type CallValue, type ClassIR, type FileIR, type FunctionIR, newFileIR, type Value } from './ir.ts';
import { spanOf, decodeEscapes } from './syntax.ts';

interface Scope {
  fn?: FunctionIR;
  className?: string;
  cls?: ClassIR;
}

export function readPython(path: string, root: Node): FileIR {
  const reader = new PythonReader(path);
  reader.walk(root, {});
  return reader.file;
}

/** One file's reader: the FileIR it fills and the walk over the syntax tree, one method per construct. */
class PythonReader {
  readonly file: FileIR;
  readonly path: string;

  constructor(path: string) {
    this.path = path;
    this.file = newFileIR(path, 'python');
  }

  span(node: Node): Span {
    return spanOf(this.path, node);
  }

  value(node: Node | null, scope: Scope): Value {
    if (!node) return { kind: 'other', span: { path: this.path, startLine: 0, startColumn: 0, endLine: 0, endColumn: 0 } };
    switch (node.type) {
      case 'string':
        return this.stringValue(node);
      case 'concatenated_string': {
        const parts = node.namedChildren.map((c) => c && this.stringValue(c));
        if (parts.every((p) => p?.kind === 'str'))
          return { kind: 'str', value: parts.map((p) => (p as { value: string }).value).join(''), span: this.span(node) };
        return { kind: 'fstr', span: this.span(node) };
      }
      case 'integer':
      case 'float':
        return { kind: 'num', value: Number(node.text.replaceAll('_', '')), span: this.span(node) };
      case 'true':
      case 'false':
        return { kind: 'bool', value: node.type === 'true', span: this.span(node) };
      case 'none':
        return { kind: 'none', span: this.span(node) };
      case 'identifier':
        return { kind: 'ref', path: [node.text], span: this.span(node) };
      case 'attribute': {
        const object = this.value(node.childForFieldName('object'), scope);
        const attribute = node.childForFieldName('attribute')?.text ?? '';
        if (object.kind === 'ref') return { kind: 'ref', path: [...object.path, attribute], span: this.span(node), base: object.base };
        if (object.kind === 'call') return { kind: 'ref', path: ['()', attribute], span: this.span(node), base: object };
        return { kind: 'other', span: this.span(node) };
      }
      case 'call':
        return this.call(node, scope);
      case 'list':
      case 'tuple':
      case 'set':
        return {
          kind: 'list',
          items: node.namedChildren
            .filter((c) => c && c.type !== 'comment')
            .map((c) => (c!.type === 'list_splat' ? this.value(c!.namedChild(0), scope) : this.value(c, scope))),
          span: this.span(node),
        };
      case 'dictionary': {
        const entries = new Map<string, Value>();
        const keySpans = new Map<string, Span>();
        const spreads: Value[] = [];
        for (const pair of node.namedChildren) {
          if (pair?.type === 'dictionary_splat') spreads.push(this.value(pair.namedChild(0), scope));
          if (pair?.type !== 'pair') continue;
          const key = this.value(pair.childForFieldName('key'), scope);
          if (key.kind !== 'str') continue;
          const v = this.value(pair.childForFieldName('value'), scope);
          if (v.kind === 'call' && v.key === undefined) v.key = key.value;
          entries.set(key.value, v);
          keySpans.set(key.value, key.span);
        }
        return { kind: 'dict', entries, keySpans, spreads, span: this.span(node) };
      }
      case 'subscript':
        return {
          kind: 'subscript',
          object: this.value(node.childForFieldName('value'), scope),
          index: this.value(node.childForFieldName('subscript'), scope),
          span: this.span(node),
        };
      case 'await':
      case 'parenthesized_expression':
        return this.value(node.namedChildren.find((c) => c?.type !== 'comment') ?? null, scope);
      case 'lambda': {
        const fn = this.newFunction('<lambda>', node, scope);
        this.walk(node.childForFieldName('body'), { ...scope, fn });
        return { kind: 'func', fn, span: this.span(node) };
      }
      default:
        this.walkChildren(node, scope);
        return { kind: 'other', span: this.span(node) };
    }
  }

  stringValue(node: Node): Value {
    let text = '';
    let raw = false;
    for (const child of node.children) {
      if (!child) continue;
      if (child.type === 'string_start') raw = /r/i.test(child.text.replace(/['"]+$/, ''));
      else if (child.type === 'interpolation') return { kind: 'fstr', span: this.span(node) };
      else if (child.type === 'string_content') text += raw ? child.text : decodeEscapes(child.text);
      else if (child.type === 'escape_sequence') text += raw ? child.text : decodeEscapes(child.text);
    }
    return { kind: 'str', value: text, span: this.span(node) };
  }

  call(node: Node, scope: Scope): CallValue {
    const result: CallValue = {
      kind: 'call',
      callee: this.value(node.childForFieldName('function'), scope),
      args: [],
      kwargs: new Map(),
      isNew: false,
      span: this.span(node),
      enclosing: scope.fn,
    };
    const args = node.childForFieldName('arguments');
    if (args?.type === 'argument_list') {
      for (const arg of args.namedChildren) {
        if (!arg || arg.type === 'comment') continue;
        if (arg.type === 'keyword_argument') {
          const name = arg.childForFieldName('name')?.text;
          if (name) result.kwargs.set(name, this.value(arg.childForFieldName('value'), scope));
        } else if (arg.type === 'list_splat' || arg.type === 'dictionary_splat') {
          this.walkChildren(arg, scope);
        } else {
          result.args.push(this.value(arg, scope));
        }
      }
    } else if (args) {
      this.walk(args, scope);
    }
    this.file.calls.push(result);
    scope.fn?.calls.push(result);
    return result;
  }

  newFunction(name: string, node: Node, scope: Scope): FunctionIR {
    return {
      name,
      span: this.span(node),
      decorators: [],
      params: [],
      calls: [],
      returns: [],
      className: scope.className,
    };
  }

  bind(target: Node | null, right: Value, statement: Node): void {
    if (!target) return;
    let name: string | undefined;
    if (target.type === 'identifier') name = target.text;
    else if (target.type === 'attribute' && target.childForFieldName('object')?.text === 'self')
      name = `self.${target.childForFieldName('attribute')?.text}`;
    if (!name) return;
    if (!this.file.bindings.has(name)) this.file.bindings.set(name, { value: right, span: this.span(statement) });
    if (right.kind === 'call' && !right.boundTo) {
      right.boundTo = name;
      right.bindingSpan = this.span(statement);
    }
  }

  definition(node: Node, decorators: Value[], scope: Scope): void {
    if (node.type === 'function_definition') {
      const name = node.childForFieldName('name')?.text ?? '';
      const fn = this.newFunction(name, node, scope);
      fn.decorators = decorators;
      const params = node.childForFieldName('parameters');
      for (const p of params?.namedChildren ?? []) {
        const id = p?.type === 'identifier' ? p : p?.namedChildren.find((c) => c?.type === 'identifier');
        if (id) fn.params.push(id.text);
        // `def build(model: str = "gpt-4.1")`: the default is what the name holds unless a caller says otherwise.
        const fallback = p?.type === 'default_parameter' || p?.type === 'typed_default_parameter' ? p.childForFieldName('value') : null;
        if (id && fallback && !this.file.bindings.has(id.text))
          this.file.bindings.set(id.text, { value: this.value(fallback, scope), span: this.span(p!) });
      }
      const body = node.childForFieldName('body');
      const first = body?.namedChildren.find((c) => c?.type !== 'comment');
      if (first?.type === 'expression_statement' && first.namedChild(0)?.type === 'string') {
        const doc = this.stringValue(first.namedChild(0)!);
        if (doc.kind === 'str') fn.doc = cleanDocstring(doc.value);
      }
      if (scope.cls) scope.cls.methods.push(fn);
      else if (!this.file.functions.has(name)) this.file.functions.set(name, fn);
      this.walk(body, { fn, className: scope.className });
    } else if (node.type === 'class_definition') {
      const name = node.childForFieldName('name')?.text ?? '';
      const cls: ClassIR = { name, span: this.span(node), bases: [], decorators, attrs: new Map(), methods: [] };
      const supers = node.childForFieldName('superclasses');
      for (const b of supers?.namedChildren ?? [])
        if (b && b.type !== 'keyword_argument' && b.type !== 'comment') cls.bases.push(this.value(b, scope));
      if (!this.file.classes.has(name)) this.file.classes.set(name, cls);
      for (const statement of node.childForFieldName('body')?.namedChildren ?? []) {
        if (!statement) continue;
        const inner = statement.type === 'expression_statement' ? statement.namedChild(0) : null;
        if (inner?.type === 'assignment') {
          const left = inner.childForFieldName('left');
          const right = inner.childForFieldName('right');
          if (left?.type === 'identifier' && right) cls.attrs.set(left.text, this.value(right, { className: name }));
        } else {
          this.walk(statement, { className: name, cls });
        }
      }
    }
  }

  walk(node: Node | null, scope: Scope): void {
    if (!node) return;
    switch (node.type) {
      case 'import_statement':
        for (const n of node.childrenForFieldName('name')) {
          if (!n) continue;
          if (n.type === 'aliased_import') {
            const module = n.childForFieldName('name')?.text ?? '';
            const alias = n.childForFieldName('alias')?.text;
            if (alias) this.file.imports.set(alias, { module, name: null, span: this.span(node) });
          } else {
            // `import a.b.c` binds `a`; a dotted use `a.b.c.X` is resolved against the longest imported module.
            const module = n.text;
            this.file.imports.set(module, { module, name: null, span: this.span(node) });
            const top = module.split('.')[0]!;
            if (!this.file.imports.has(top)) this.file.imports.set(top, { module: top, name: null, span: this.span(node) });
          }
        }
        return;
      case 'import_from_statement': {
        const module = node.childForFieldName('module_name')?.text ?? '';
        if (node.namedChildren.some((c) => c?.type === 'wildcard_import')) {
          this.file.reexports.push({ module });
          return;
        }
        for (const n of node.childrenForFieldName('name')) {
          if (!n) continue;
          const name = n.type === 'aliased_import' ? (n.childForFieldName('name')?.text ?? '') : n.text;
          const local = n.type === 'aliased_import' ? (n.childForFieldName('alias')?.text ?? name) : name;
          this.file.imports.set(local, { module, name, span: this.span(node) });
        }
        return;
      }
      case 'decorated_definition': {
        const decorators = node.namedChildren.filter((c) => c?.type === 'decorator').map((d) => this.value(d!.namedChild(0), scope));
        for (const d of decorators) if (d.kind === 'call') d.decorator = true;
        const def = node.childForFieldName('definition');
        if (def) this.definition(def, decorators, scope);
        return;
      }
      case 'function_definition':
      case 'class_definition':
        this.definition(node, [], scope);
        return;
      case 'assignment': {
        const right = node.childForFieldName('right');
        if (!right) return;
        const v = this.value(right, scope);
        const left = node.childForFieldName('left');
        if (left?.type === 'pattern_list' || left?.type === 'tuple_pattern') return;
        this.bind(left, v, node.parent?.type === 'expression_statement' ? node.parent : node);
        return;
      }
      case 'return_statement': {
        const expr = node.namedChildren.find((c) => c?.type !== 'comment');
        const v = expr ? this.value(expr, scope) : undefined;
        if (v && scope.fn) scope.fn.returns.push(v);
        return;
      }
      case 'with_item': {
        // `async with stdio_client(params) as (read, write)`: the call is what matters.
        const v = node.childForFieldName('value');
        if (v?.type === 'as_pattern') {
          const inner = v.namedChild(0);
          const target = v.childForFieldName('alias')?.namedChild(0) ?? null;
          const val = this.value(inner, scope);
          if (target?.type === 'identifier') this.bind(target, val, node);
        } else if (v) this.value(v, scope);
        return;
      }
      case 'call':
      case 'await':
      case 'lambda':
        this.value(node, scope);
        return;
      default:
        this.walkChildren(node, scope);
    }
  }

  walkChildren(node: Node, scope: Scope): void {
    for (const child of node.namedChildren) if (child) this.walk(child, scope);
  }
}

/** A docstring with its common indentation removed and trimmed (PEP 257, roughly). */
function cleanDocstring(text: string): string {
  const lines = text.split('\n');
  const indents = lines
    .slice(1)
    .filter((l) => l.trim())
    .map((l) => l.length - l.trimStart().length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return [lines[0]!.trim(), ...lines.slice(1).map((l) => l.slice(cut))].join('\n').trim();
}
