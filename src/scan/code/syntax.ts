// Small helpers over tree-sitter nodes shared by the Python and JavaScript readers.

import type { Node } from '@vscode/tree-sitter-wasm';
import type { Span } from '../facts.ts';

/** The node's span: lines and columns from 1 (columns count UTF-8 bytes, as tree-sitter does). */
export function spanOf(path: string, node: Node): Span {
  return {
    path,
    startLine: node.startPosition.row + 1,
    startColumn: node.startPosition.column + 1,
    endLine: node.endPosition.row + 1,
    endColumn: node.endPosition.column + 1,
  };
}

/** The first syntax error of a tree, for a skip's line, or undefined when it parsed cleanly. */
export function firstError(root: Node): Node | undefined {
  if (!root.hasError) return undefined;
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.isError || node.isMissing) return node;
    const children = node.children;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child?.hasError || child?.isMissing) stack.push(child);
    }
  }
  return root;
}

/** Python and JavaScript escape sequences of a literal, decoded (enough for names, ids and hashing instructions). */
export function decodeEscapes(text: string): string {
  return text.replace(/\\(u\{[0-9a-fA-F]+\}|u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|\r\n|[\s\S])/g, (_, e: string) => {
    switch (e[0]) {
      case 'n':
        return '\n';
      case 't':
        return '\t';
      case 'r':
        return '\r';
      case '0':
        return '\0';
      case 'u':
      case 'x': {
        const hex = e.startsWith('u{') ? e.slice(2, -1) : e.slice(1);
        const code = Number.parseInt(hex, 16);
        return code <= 0x10ffff ? String.fromCodePoint(code) : '';
      }
      case '\n':
      case '\r':
        return '';
      default:
        return e;
    }
  });
}
