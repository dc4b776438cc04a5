// Reads a JavaScript or TypeScript syntax tree (tree-sitter's TypeScript and TSX grammars) into a
// FileIR: ES imports (default, named with `as`, `import * as`) and `require`, re-exports, variable
// declarations and assignments, functions (declarations, arrows, function expressions) with the
// JSDoc above them, classes with their `extends` and fields, and every call and `new`. Type-only
// imports and exports are left out: they bind nothing at run time.

import type { Node } from '@vscode/tree-sitter-wasm';
import type { Span } from '../facts.ts';
import { type CallValue, type ClassIR, type CodeLanguage, type FileIR, type FunctionIR, newFileIR, type Value } from './ir.ts';
import { spanOf, decodeEscapes } from './syntax.ts';

interface Scope {
  fn?: FunctionIR;
  className?: string;
}

const transparent = new Set([
  'parenthesized_expression',
  'await_expression',
  'as_expression',
  'satisfies_expression',
  'non_null_expression',
  'type_assertion',
]);

export function readJavaScript(path: string, language: CodeLanguage, root: Node): FileIR {
  const reader = new JavaScriptReader(path, language);
  reader.walk(root, {});
  return reader.file;
}

/** One file's reader: the FileIR it fills and the walk over the syntax tree, one method per construct. */
class JavaScriptReader {
  readonly file: FileIR;
  readonly path: string;

  constructor(path: string, language: CodeLanguage) {
    this.path = path;
    this.file = newFileIR(path, language);
  }

  span(node: Node): Span {
    return spanOf(this.path, node);
  }

  stringText(node: Node): string | undefined {
    if (node.type === 'string') {
      let text = '';
      for (const c of node.namedChildren) if (c) text += c.type === 'escape_sequence' ? decodeEscapes(c.text) : c.text;
      return text;
    }
    if (node.type === 'template_string') {
      if (node.namedChildren.some((c) => c?.type === 'template_substitution')) return undefined;
      let text = '';
      for (const c of node.namedChildren) if (c) text += c.type === 'escape_sequence' ? decodeEscapes(c.text) : c.text;
      return text;
    }
    return undefined;
  }

  value(node: Node | null, scope: Scope): Value {
    if (!node) return { kind: 'other', span: { path: this.path, startLine: 0, startColumn: 0, endLine: 0, endColumn: 0 } };
    if (transparent.has(node.type)) {
      const inner = node.namedChildren.find((c) => c && c.type !== 'comment' && !c.type.startsWith('type'));
      return this.value(inner ?? null, scope);
    }
    switch (node.type) {
      case 'string':
        return { kind: 'str', value: this.stringText(node) ?? '', span: this.span(node) };
      case 'template_string': {
        const text = this.stringText(node);
        if (text === undefined) {
          this.walkChildren(node, scope);
          return { kind: 'fstr', span: this.span(node) };
        }
        return { kind: 'str', value: text, span: this.span(node) };
      }
      case 'number':
        return { kind: 'num', value: Number(node.text.replaceAll('_', '')), span: this.span(node) };
      case 'true':
      case 'false':
        return { kind: 'bool', value: node.type === 'true', span: this.span(node) };
      case 'null':
      case 'undefined':
        return { kind: 'none', span: this.span(node) };
      case 'identifier':
      case 'this':
        return { kind: 'ref', path: [node.text], span: this.span(node) };
      case 'member_expression': {
        const object = this.value(node.childForFieldName('object'), scope);
        const property = node.childForFieldName('property')?.text ?? '';
        if (object.kind === 'ref') return { kind: 'ref', path: [...object.path, property], span: this.span(node), base: object.base };
        if (object.kind === 'call') return { kind: 'ref', path: ['()', property], span: this.span(node), base: object };
        return { kind: 'other', span: this.span(node) };
      }
      case 'subscript_expression':
        return {
          kind: 'subscript',
          object: this.value(node.childForFieldName('object'), scope),
          index: this.value(node.childForFieldName('index'), scope),
          span: this.span(node),
        };
      case 'call_expression':
      case 'new_expression':
        return this.call(node, scope);
      case 'array':
        return {
          kind: 'list',
          items: node.namedChildren
            .filter((c) => c && c.type !== 'comment')
            .map((c) => (c!.type === 'spread_element' ? this.value(c!.namedChild(0), scope) : this.value(c, scope))),
          span: this.span(node),
        };
      case 'object': {
        const entries = new Map<string, Value>();
        const keySpans = new Map<string, Span>();
        const spreads: Value[] = [];
        for (const member of node.namedChildren) {
          if (!member) continue;
          if (member.type === 'pair') {
            const keyNode = member.childForFieldName('key');
            const key = keyNode
              ? keyNode.type === 'property_identifier' || keyNode.type === 'number'
                ? keyNode.text
                : this.stringText(keyNode)
              : undefined;
            const v = this.value(member.childForFieldName('value'), scope);
            if (key !== undefined && keyNode) {
              if (v.kind === 'call' && v.key === undefined) v.key = key;
              entries.set(key, v);
              keySpans.set(key, this.span(keyNode));
            }
          } else if (member.type === 'shorthand_property_identifier') {
            entries.set(member.text, { kind: 'ref', path: [member.text], span: this.span(member) });
            keySpans.set(member.text, this.span(member));
          } else if (member.type === 'method_definition') {
            const fn = this.functionValue(member, member.childForFieldName('name')?.text ?? '', scope);
            entries.set(fn.name, { kind: 'func', fn, span: this.span(member) });
            keySpans.set(fn.name, this.span(member));
          } else if (member.type === 'spread_element') {
            spreads.push(this.value(member.namedChild(0), scope));
          } else {
            this.walk(member, scope);
          }
        }
        return { kind: 'dict', entries, keySpans, spreads, span: this.span(node) };
      }
      case 'arrow_function':
      case 'function_expression':
      case 'function': {
        const fn = this.functionValue(node, node.childForFieldName('name')?.text ?? '<anonymous>', scope);
        return { kind: 'func', fn, span: this.span(node) };
      }
      default:
        this.walkChildren(node, scope);
        return { kind: 'other', span: this.span(node) };
    }
  }

  call(node: Node, scope: Scope): CallValue {
    const isNew = node.type === 'new_expression';
    const result: CallValue = {
      kind: 'call',
      callee: this.value(node.childForFieldName(isNew ? 'constructor' : 'function'), scope),
      args: [],
      kwargs: new Map(),
      isNew,
      span: this.span(node),
      enclosing: scope.fn,
    };
    const args = node.childForFieldName('arguments');
    if (args?.type === 'arguments') {
      for (const arg of args.namedChildren) if (arg && arg.type !== 'comment') result.args.push(this.value(arg, scope));
    }
    this.file.calls.push(result);
    scope.fn?.calls.push(result);
    return result;
  }

  functionValue(node: Node, name: string, scope: Scope): FunctionIR {
    const fn: FunctionIR = {
      name,
      span: this.span(node),
      decorators: [],
      params: [],
      calls: [],
      returns: [],
      className: scope.className,
      doc: jsdoc(node),
    };
    for (const p of node.childForFieldName('parameters')?.namedChildren ?? []) {
      const id = p?.type === 'identifier' ? p : p?.childForFieldName('pattern');
      if (id?.type === 'identifier') fn.params.push(id.text);
      // `function build(model = 'gpt-4o')`: the default is what the name holds unless a caller says otherwise.
      const fallback = p?.childForFieldName('value');
      if (id?.type === 'identifier' && fallback && !this.file.bindings.has(id.text))
        this.file.bindings.set(id.text, { value: this.value(fallback, scope), span: this.span(p!) });
    }
    const single = node.childForFieldName('parameter');
    if (single?.type === 'identifier') fn.params.push(single.text);
    const body = node.childForFieldName('body');
    if (body && body.type !== 'statement_block') fn.returns.push(this.value(body, { fn, className: scope.className }));
    else this.walk(body, { fn, className: scope.className });
    return fn;
  }

  bind(name: string, right: Value, statement: Node): void {
    if (!this.file.bindings.has(name)) this.file.bindings.set(name, { value: right, span: this.span(statement) });
    if (right.kind === 'call' && !right.boundTo) {
      right.boundTo = name;
      right.bindingSpan = this.span(statement);
    }
    if (right.kind === 'func' && right.fn.name.startsWith('<')) {
      right.fn.name = name;
      if (!this.file.functions.has(name)) this.file.functions.set(name, right.fn);
    }
  }

  requireOf(node: Node | null): string | undefined {
    if (node?.type !== 'call_expression' || node.childForFieldName('function')?.text !== 'require') return undefined;
    const arg = node.childForFieldName('arguments')?.namedChild(0);
    return arg ? this.stringText(arg) : undefined;
  }

  declarator(node: Node, statement: Node, scope: Scope): void {
    const nameNode = node.childForFieldName('name');
    const init = node.childForFieldName('value');
    const required = this.requireOf(init);
    if (required !== undefined && nameNode) {
      if (nameNode.type === 'identifier')
        this.file.imports.set(nameNode.text, { module: required, name: null, span: this.span(statement) });
      else if (nameNode.type === 'object_pattern') {
        for (const p of nameNode.namedChildren) {
          if (p?.type === 'shorthand_property_identifier_pattern')
            this.file.imports.set(p.text, { module: required, name: p.text, span: this.span(statement) });
          else if (p?.type === 'pair_pattern') {
            const key = p.childForFieldName('key')?.text;
            const local = p.childForFieldName('value');
            if (key && local?.type === 'identifier')
              this.file.imports.set(local.text, { module: required, name: key, span: this.span(statement) });
          }
        }
      }
      return;
    }
    if (!init) return;
    const v = this.value(init, scope);
    if (nameNode?.type === 'identifier') this.bind(nameNode.text, v, statement);
  }

  importStatement(node: Node): void {
    const source = node.childForFieldName('source');
    const module = source ? this.stringText(source) : undefined;
    if (module === undefined || isTypeOnly(node)) return;
    const clause = node.namedChildren.find((c) => c?.type === 'import_clause');
    for (const part of clause?.namedChildren ?? []) {
      if (!part) continue;
      if (part.type === 'identifier') this.file.imports.set(part.text, { module, name: 'default', span: this.span(node) });
      else if (part.type === 'namespace_import') {
        const id = part.namedChildren.find((c) => c?.type === 'identifier');
        if (id) this.file.imports.set(id.text, { module, name: null, span: this.span(node) });
      } else if (part.type === 'named_imports') {
        for (const spec of part.namedChildren) {
          if (spec?.type !== 'import_specifier' || isTypeOnly(spec)) continue;
          const name = spec.childForFieldName('name')?.text ?? '';
          const alias = spec.childForFieldName('alias')?.text ?? name;
          this.file.imports.set(alias, { module, name: unquote(name), span: this.span(node) });
        }
      }
    }
  }

  exportStatement(node: Node, scope: Scope): void {
    const source = node.childForFieldName('source');
    const module = source ? this.stringText(source) : undefined;
    if (isTypeOnly(node)) return;
    if (module !== undefined) {
      const clause = node.namedChildren.find((c) => c?.type === 'export_clause');
      if (!clause) {
        this.file.reexports.push({ module });
        return;
      }
      const names = new Map<string, string>();
      for (const spec of clause.namedChildren) {
        if (spec?.type !== 'export_specifier' || isTypeOnly(spec)) continue;
        const name = unquote(spec.childForFieldName('name')?.text ?? '');
        names.set(unquote(spec.childForFieldName('alias')?.text ?? name), name);
      }
      this.file.reexports.push({ module, names });
      return;
    }
    const clause = node.namedChildren.find((c) => c?.type === 'export_clause');
    if (clause) {
      // `export { Agent }` of a name imported above: the module passes an import on.
      for (const spec of clause.namedChildren)
        if (spec?.type === 'export_specifier' && this.file.imports.has(unquote(spec.childForFieldName('name')?.text ?? '')))
          this.file.exportsImports = true;
      return;
    }
    const declaration = node.childForFieldName('declaration');
    if (declaration) {
      this.walk(declaration, scope);
      return;
    }
    const v = node.childForFieldName('value');
    if (v) this.bind('default', this.value(v, scope), node);
  }

  classDeclaration(node: Node, scope: Scope): void {
    const name = node.childForFieldName('name')?.text ?? '';
    const cls: ClassIR = { name, span: this.span(node), bases: [], decorators: [], attrs: new Map(), methods: [] };
    const heritage = node.namedChildren.find((c) => c?.type === 'class_heritage');
    const extendsClause = heritage?.namedChildren.find((c) => c?.type === 'extends_clause');
    const base = extendsClause?.childForFieldName('value');
    if (base) cls.bases.push(this.value(base, scope));
    for (const member of node.childForFieldName('body')?.namedChildren ?? []) {
      if (!member) continue;
      if (member.type === 'public_field_definition' || member.type === 'field_definition') {
        const key = member.childForFieldName('name') ?? member.childForFieldName('property');
        const v = member.childForFieldName('value');
        if (key && v) cls.attrs.set(key.text, this.value(v, { ...scope, className: name }));
      } else if (member.type === 'method_definition') {
        cls.methods.push(this.functionValue(member, member.childForFieldName('name')?.text ?? '', { ...scope, className: name }));
      }
    }
    if (!this.file.classes.has(name)) this.file.classes.set(name, cls);
  }

  walk(node: Node | null, scope: Scope): void {
    if (!node) return;
    switch (node.type) {
      case 'import_statement':
        this.importStatement(node);
        return;
      case 'export_statement':
        this.exportStatement(node, scope);
        return;
      case 'lexical_declaration':
      case 'variable_declaration':
        for (const d of node.namedChildren) if (d?.type === 'variable_declarator') this.declarator(d, node, scope);
        return;
      case 'function_declaration':
      case 'generator_function_declaration': {
        const name = node.childForFieldName('name')?.text ?? '';
        const fn = this.functionValue(node, name, scope);
        if (!this.file.functions.has(name)) this.file.functions.set(name, fn);
        return;
      }
      case 'class_declaration':
      case 'abstract_class_declaration':
        this.classDeclaration(node, scope);
        return;
      case 'return_statement': {
        const expr = node.namedChildren.find((c) => c?.type !== 'comment');
        if (expr) {
          const v = this.value(expr, scope);
          scope.fn?.returns.push(v);
        }
        return;
      }
      case 'assignment_expression': {
        const left = node.childForFieldName('left');
        const v = this.value(node.childForFieldName('right'), scope);
        const name =
          left?.type === 'identifier'
            ? left.text
            : left?.type === 'member_expression' && left.text.startsWith('this.')
              ? left.text
              : undefined;
        if (name) this.bind(name, v, node.parent?.type === 'expression_statement' ? node.parent : node);
        return;
      }
      case 'interface_declaration':
      case 'type_alias_declaration':
      case 'enum_declaration':
      case 'comment':
        return;
      default:
        if (node.type.endsWith('_expression') || node.type === 'arrow_function' || node.type === 'function_expression') {
          this.value(node, scope);
          return;
        }
        this.walkChildren(node, scope);
    }
  }

  walkChildren(node: Node, scope: Scope): void {
    for (const child of node.namedChildren) if (child) this.walk(child, scope);
  }
}

function isTypeOnly(node: Node): boolean {
  for (const c of node.children) {
    if (!c) continue;
    if (c.type === 'type' || c.type === 'typeof') return true;
    if (c.isNamed) return false;
  }
  return false;
}

function unquote(text: string): string {
  return /^['"]/.test(text) ? text.slice(1, -1) : text;
}

/** The text of the JSDoc block right above a function (or the declaration it is the value of), without its stars and tags. */
function jsdoc(node: Node): string | undefined {
  let target: Node | null = node;
  while (
    target?.parent &&
    ['variable_declarator', 'lexical_declaration', 'variable_declaration', 'export_statement', 'pair'].includes(target.parent.type)
  )
    target = target.parent;
  const comment = target?.previousNamedSibling;
  if (comment?.type !== 'comment' || !comment.text.startsWith('/**')) return undefined;
  if (comment.endPosition.row + 1 < (target?.startPosition.row ?? 0)) return undefined;
  const text = comment.text
    .slice(3, -2)
    .split('\n')
    .map((l) => l.replace(/^\s*\* ?/, ''))
    .filter((l) => !l.startsWith('@'))
    .join('\n')
    .trim();
  return text || undefined;
}
