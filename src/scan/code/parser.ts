// The one place that loads tree-sitter: its runtime and the Python, TypeScript and TSX grammars, all
// prebuilt as WebAssembly inside @vscode/tree-sitter-wasm (the build VS Code itself ships, so the
// runtime and the grammars are of one release and need no compiler, install script or download).
// JavaScript is read with the TSX grammar, a superset of it (JSX and all), so one tree shape serves
// .js, .jsx, .mjs, .cjs, .ts and .tsx alike; .ts files take the TypeScript grammar because TSX
// reads `<T>x` casts as JSX.
//
// Loading is asynchronous (WebAssembly compiles), once per process; parsing is then synchronous.

import { createRequire } from 'node:module';
import treeSitter from '@vscode/tree-sitter-wasm';
import type { Language as TsLanguage, Parser as TsParser, Tree } from '@vscode/tree-sitter-wasm';

export type Grammar = 'python' | 'typescript' | 'tsx';

const require = createRequire(import.meta.url);
const grammarFiles: Record<Grammar, string> = {
  python: '@vscode/tree-sitter-wasm/wasm/tree-sitter-python.wasm',
  typescript: '@vscode/tree-sitter-wasm/wasm/tree-sitter-typescript.wasm',
  tsx: '@vscode/tree-sitter-wasm/wasm/tree-sitter-tsx.wasm',
};

export interface Parsers {
  /** The tree of `text`; its caller deletes it (`tree.delete()`) once read, since it lives in WebAssembly memory. */
  parse(grammar: Grammar, text: string): Tree;
}

let loading: Promise<Parsers> | undefined;

/** The parsers, loaded on first use and shared by every analyser of the process. */
export function loadParsers(): Promise<Parsers> {
  loading ??= load();
  return loading;
}

async function load(): Promise<Parsers> {
  const { Parser, Language } = treeSitter;
  await Parser.init({ locateFile: (file: string) => require.resolve(`@vscode/tree-sitter-wasm/wasm/${file}`) });
  const parsers = new Map<Grammar, TsParser>();
  for (const grammar of Object.keys(grammarFiles) as Grammar[]) {
    const language: TsLanguage = await Language.load(require.resolve(grammarFiles[grammar]));
    const parser = new Parser();
    parser.setLanguage(language);
    parsers.set(grammar, parser);
  }
  return {
    parse(grammar, text) {
      const tree = parsers.get(grammar)!.parse(text);
      if (!tree) throw new Error('the parser gave no tree');
      return tree;
    },
  };
}
