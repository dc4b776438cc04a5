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
  const file = newFileIR(path, language);
  const span = (node: Node): Span => spanOf(path, node);

  const stringText = (node: Node): string | undefined => {
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
  };

  const value = (node: Node | null, scope: Scope): Value => {
    if (!node) return { kind: 'other', span: { path, startLine: 0, startColumn: 0, endLine: 0, endColumn: 0 } };
    if (transparent.has(node.type)) {
      const inner = node.namedChildren.find((c) => c && c.type !== 'comment' && !c.type.startsWith('type'));
      return value(inner ?? null, scope);
    }
    switch (node.type) {
      case 'string':
        return { kind: 'str', value: stringText(node) ?? '', span: span(node) };
      case 'template_string': {
        const text = stringText(node);
        if (text === undefined) {
          walkChildren(node, scope);
          return { kind: 'fstr', span: span(node) };
        }
        return { kind: 'str', value: text, span: span(node) };
      }
      case 'number':
        return { kind: 'num', value: Number(node.text.replaceAll('_', '')), span: span(node) };
      case 'true':
      case 'false':
        return { kind: 'bool', value: node.type === 'true', span: span(node) };
      case 'null':
      case 'undefined':
        return { kind: 'none', span: span(node) };
      case 'identifier':
      case 'this':
        return { kind: 'ref', path: [node.text], span: span(node) };
      case 'member_expression': {
        const object = value(node.childForFieldName('object'), scope);
        const property = node.childForFieldName('property')?.text ?? '';
        if (object.kind === 'ref') return { kind: 'ref', path: [...object.path, property], span: span(node), base: object.base };
        if (object.kind === 'call') return { kind: 'ref', path: ['()', property], span: span(node), base: object };
        return { kind: 'other', span: span(node) };
      }
      case 'subscript_expression':
        return {
          kind: 'subscript',
          object: value(node.childForFieldName('object'), scope),
          index: value(node.childForFieldName('index'), scope),
          span: span(node),
        };
      case 'call_expression':
      case 'new_expression':
        return call(node, scope);
      case 'array':
        return {
          kind: 'list',
          items: node.namedChildren
            .filter((c) => c && c.type !== 'comment')
            .map((c) => (c!.type === 'spread_element' ? value(c!.namedChild(0), scope) : value(c, scope))),
          span: span(node),
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
                : stringText(keyNode)
              : undefined;
            const v = value(member.childForFieldName('value'), scope);
            if (key !== undefined && keyNode) {
              if (v.kind === 'call' && v.key === undefined) v.key = key;
              entries.set(key, v);
              keySpans.set(key, span(keyNode));
            }
          } else if (member.type === 'shorthand_property_identifier') {
            entries.set(member.text, { kind: 'ref', path: [member.text], span: span(member) });
            keySpans.set(member.text, span(member));
          } else if (member.type === 'method_definition') {
            const fn = functionValue(member, member.childForFieldName('name')?.text ?? '', scope);
            entries.set(fn.name, { kind: 'func', fn, span: span(member) });
            keySpans.set(fn.name, span(member));
          } else if (member.type === 'spread_element') {
            spreads.push(value(member.namedChild(0), scope));
          } else {
            walk(member, scope);
          }
        }
        return { kind: 'dict', entries, keySpans, spreads, span: span(node) };
      }
      case 'arrow_function':
      case 'function_expression':
      case 'function': {
        const fn = functionValue(node, node.childForFieldName('name')?.text ?? '<anonymous>', scope);
        return { kind: 'func', fn, span: span(node) };
      }
      default:
        walkChildren(node, scope);
        return { kind: 'other', span: span(node) };
    }
  };

  const call = (node: Node, scope: Scope): CallValue => {
    const isNew = node.type === 'new_expression';
    const result: CallValue = {
      kind: 'call',
      callee: value(node.childForFieldName(isNew ? 'constructor' : 'function'), scope),
      args: [],
      kwargs: new Map(),
      isNew,
      span: span(node),
      enclosing: scope.fn,
    };
    const args = node.childForFieldName('arguments');
    if (args?.type === 'arguments') {
      for (const arg of args.namedChildren) if (arg && arg.type !== 'comment') result.args.push(value(arg, scope));
    }
    file.calls.push(result);
    scope.fn?.calls.push(result);
    return result;
  };

  const functionValue = (node: Node, name: string, scope: Scope): FunctionIR => {
    const fn: FunctionIR = {
      name,
      span: span(node),
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
      if (id?.type === 'identifier' && fallback && !file.bindings.has(id.text))
        file.bindings.set(id.text, { value: value(fallback, scope), span: span(p!) });
    }
    const single = node.childForFieldName('parameter');
    if (single?.type === 'identifier') fn.params.push(single.text);
    const body = node.childForFieldName('body');
    if (body && body.type !== 'statement_block') fn.returns.push(value(body, { fn, className: scope.className }));
    else walk(body, { fn, className: scope.className });
    return fn;
  };

  const bind = (name: string, right: Value, statement: Node): void => {
    if (!file.bindings.has(name)) file.bindings.set(name, { value: right, span: span(statement) });
    if (right.kind === 'call' && !right.boundTo) {
      right.boundTo = name;
      right.bindingSpan = span(statement);
    }
    if (right.kind === 'func' && right.fn.name.startsWith('<')) {
      right.fn.name = name;
      if (!file.functions.has(name)) file.functions.set(name, right.fn);
    }
  };

  const requireOf = (node: Node | null): string | undefined => {
    if (node?.type !== 'call_expression' || node.childForFieldName('function')?.text !== 'require') return undefined;
    const arg = node.childForFieldName('arguments')?.namedChild(0);
    return arg ? stringText(arg) : undefined;
  };

  const declarator = (node: Node, statement: Node, scope: Scope): void => {
    const nameNode = node.childForFieldName('name');
    const init = node.childForFieldName('value');
    const required = requireOf(init);
    if (required !== undefined && nameNode) {
      if (nameNode.type === 'identifier') file.imports.set(nameNode.text, { module: required, name: null, span: span(statement) });
      else if (nameNode.type === 'object_pattern') {
        for (const p of nameNode.namedChildren) {
          if (p?.type === 'shorthand_property_identifier_pattern')
            file.imports.set(p.text, { module: required, name: p.text, span: span(statement) });
          else if (p?.type === 'pair_pattern') {
            const key = p.childForFieldName('key')?.text;
            const local = p.childForFieldName('value');
            if (key && local?.type === 'identifier') file.imports.set(local.text, { module: required, name: key, span: span(statement) });
          }
        }
      }
      return;
    }
    if (!init) return;
    const v = value(init, scope);
    if (nameNode?.type === 'identifier') bind(nameNode.text, v, statement);
  };

  const importStatement = (node: Node): void => {
    const source = node.childForFieldName('source');
    const module = source ? stringText(source) : undefined;
    if (module === undefined || isTypeOnly(node)) return;
    const clause = node.namedChildren.find((c) => c?.type === 'import_clause');
    for (const part of clause?.namedChildren ?? []) {
      if (!part) continue;
      if (part.type === 'identifier') file.imports.set(part.text, { module, name: 'default', span: span(node) });
      else if (part.type === 'namespace_import') {
        const id = part.namedChildren.find((c) => c?.type === 'identifier');
        if (id) file.imports.set(id.text, { module, name: null, span: span(node) });
      } else if (part.type === 'named_imports') {
        for (const spec of part.namedChildren) {
          if (spec?.type !== 'import_specifier' || isTypeOnly(spec)) continue;
          const name = spec.childForFieldName('name')?.text ?? '';
          const alias = spec.childForFieldName('alias')?.text ?? name;
          file.imports.set(alias, { module, name: unquote(name), span: span(node) });
        }
      }
    }
  };

  const exportStatement = (node: Node, scope: Scope): void => {
    const source = node.childForFieldName('source');
    const module = source ? stringText(source) : undefined;
    if (isTypeOnly(node)) return;
    if (module !== undefined) {
      const clause = node.namedChildren.find((c) => c?.type === 'export_clause');
      if (!clause) {
        file.reexports.push({ module });
        return;
      }
      const names = new Map<string, string>();
      for (const spec of clause.namedChildren) {
        if (spec?.type !== 'export_specifier' || isTypeOnly(spec)) continue;
        const name = unquote(spec.childForFieldName('name')?.text ?? '');
        names.set(unquote(spec.childForFieldName('alias')?.text ?? name), name);
      }
      file.reexports.push({ module, names });
      return;
    }
    const clause = node.namedChildren.find((c) => c?.type === 'export_clause');
    if (clause) {
      // `export { Agent }` of a name imported above: the module passes an import on.
      for (const spec of clause.namedChildren)
        if (spec?.type === 'export_specifier' && file.imports.has(unquote(spec.childForFieldName('name')?.text ?? '')))
          file.exportsImports = true;
      return;
    }
    const declaration = node.childForFieldName('declaration');
    if (declaration) {
      walk(declaration, scope);
      return;
    }
    const v = node.childForFieldName('value');
    if (v) bind('default', value(v, scope), node);
  };

  const classDeclaration = (node: Node, scope: Scope): void => {
    const name = node.childForFieldName('name')?.text ?? '';
    const cls: ClassIR = { name, span: span(node), bases: [], decorators: [], attrs: new Map(), methods: [] };
    const heritage = node.namedChildren.find((c) => c?.type === 'class_heritage');
    const extendsClause = heritage?.namedChildren.find((c) => c?.type === 'extends_clause');
    const base = extendsClause?.childForFieldName('value');
    if (base) cls.bases.push(value(base, scope));
    for (const member of node.childForFieldName('body')?.namedChildren ?? []) {
      if (!member) continue;
      if (member.type === 'public_field_definition' || member.type === 'field_definition') {
        const key = member.childForFieldName('name') ?? member.childForFieldName('property');
        const v = member.childForFieldName('value');
        if (key && v) cls.attrs.set(key.text, value(v, { ...scope, className: name }));
      } else if (member.type === 'method_definition') {
        cls.methods.push(functionValue(member, member.childForFieldName('name')?.text ?? '', { ...scope, className: name }));
      }
    }
    if (!file.classes.has(name)) file.classes.set(name, cls);
  };

  const walk = (node: Node | null, scope: Scope): void => {
    if (!node) return;
    switch (node.type) {
      case 'import_statement':
        importStatement(node);
        return;
      case 'export_statement':
        exportStatement(node, scope);
        return;
      case 'lexical_declaration':
      case 'variable_declaration':
        for (const d of node.namedChildren) if (d?.type === 'variable_declarator') declarator(d, node, scope);
        return;
      case 'function_declaration':
      case 'generator_function_declaration': {
        const name = node.childForFieldName('name')?.text ?? '';
        const fn = functionValue(node, name, scope);
        if (!file.functions.has(name)) file.functions.set(name, fn);
        return;
      }
      case 'class_declaration':
      case 'abstract_class_declaration':
        classDeclaration(node, scope);
        return;
      case 'return_statement': {
        const expr = node.namedChildren.find((c) => c?.type !== 'comment');
        if (expr) {
          const v = value(expr, scope);
          scope.fn?.returns.push(v);
        }
        return;
      }
      case 'assignment_expression': {
        const left = node.childForFieldName('left');
        const v = value(node.childForFieldName('right'), scope);
        const name =
          left?.type === 'identifier'
            ? left.text
            : left?.type === 'member_expression' && left.text.startsWith('this.')
              ? left.text
              : undefined;
        if (name) bind(name, v, node.parent?.type === 'expression_statement' ? node.parent : node);
        return;
      }
      case 'interface_declaration':
      case 'type_alias_declaration':
      case 'enum_declaration':
      case 'comment':
        return;
      default:
        if (node.type.endsWith('_expression') || node.type === 'arrow_function' || node.type === 'function_expression') {
          value(node, scope);
          return;
        }
        walkChildren(node, scope);
    }
  };

  const walkChildren = (node: Node, scope: Scope): void => {
    for (const child of node.namedChildren) if (child) walk(child, scope);
  };

  walk(root, {});
  return file;
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
