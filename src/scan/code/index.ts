// The code analyser of static discovery (docs/SCAN.md, "Frameworks and languages"): reads Python,
// JavaScript and TypeScript with tree-sitter, CrewAI's agents.yaml and tasks.yaml, and the package
// manifests and lock files, and reports the agents, tools, models, MCP servers and packages they
// declare as Facts (src/scan/facts.ts). It never runs, imports or evaluates what it reads, and never
// reports secrets (another detector does).
//
// `add` and `finish` are asynchronous: tree-sitter's WebAssembly is compiled on first use. Files are
// added in any order; `add` parses a source file that imports a known framework at once (keeping
// only what it says, not its tree) and keeps the text of other small source files within a budget,
// so that `finish` can find a tool defined in a module that imports no framework. The walker runs
// the same test (`textTest`) where it reads, and hands over the other files as paths with a reader
// (`addUnread`): their text is read again only when `finish` is led to them. `finish` links
// across files (an agent naming a tool imported from another module) and returns the facts.

import { emptyFacts, type Facts, type Skip } from '../facts.ts';
import { Engine } from './engine.ts';
import type { CodeLanguage, FileIR } from './ir.ts';
import { readJavaScript } from './js-reader.ts';
import { ModuleIndex } from './modules.ts';
import { readManifest, wantsManifest } from './packages.ts';
import { type Grammar, loadParsers, type Parsers } from './parser.ts';
import { mentionsFramework } from './prefilter.ts';
import { readPython } from './python-reader.ts';
import { Resolver } from './resolve.ts';
import { crewAiYaml, type CrewYaml, wantsCrewYaml } from './crewai-yaml.ts';
import { applyCrewYaml } from './rules/crewai.ts';
import { allRules } from './rules/index.ts';
import { firstError } from './syntax.ts';

const sourceExtensions = new Map<string, { language: CodeLanguage; grammar: Grammar }>([
  ['.py', { language: 'python', grammar: 'python' }],
  ['.js', { language: 'javascript', grammar: 'tsx' }],
  ['.jsx', { language: 'javascript', grammar: 'tsx' }],
  ['.mjs', { language: 'javascript', grammar: 'tsx' }],
  ['.cjs', { language: 'javascript', grammar: 'tsx' }],
  ['.ts', { language: 'typescript', grammar: 'typescript' }],
  ['.mts', { language: 'typescript', grammar: 'typescript' }],
  ['.cts', { language: 'typescript', grammar: 'typescript' }],
  ['.tsx', { language: 'typescript', grammar: 'tsx' }],
]);

const defaultMaxFileBytes = 1024 * 1024;
/** Text of files importing no framework kept for finish, in UTF-16 code units (≈ 2 bytes each). */
const keptTextBudget = 32 * 1024 * 1024;

function compiledOutput(text: string): boolean {
  return /\/\/[#@] sourceMappingURL=\S+\s*$/.test(text.slice(-512));
}

/** Whether a module passes on what it imports from packages: a JS `export … from 'pkg'` or an export of an imported name, a Python `__init__.py` or a module with `__all__`. */
function reexportsPackages(file: FileIR): boolean {
  if (file.language === 'python') return file.path.endsWith('__init__.py') || file.bindings.has('__all__');
  return file.reexports.some((r) => !r.module.startsWith('.')) || file.exportsImports === true;
}

/** A file importing no framework, kept for finish: its text, or how to read it again. */
type Kept = () => string | undefined;

/** Kept files whose import lines name one of the parsed modules (by its file or folder name), told from their text without parsing. */
function importersOf(modules: string[], kept: Map<string, Kept>): string[] {
  const names = new Set<string>();
  for (const path of modules) {
    const parts = path.split('/');
    const stem = parts.at(-1)!.replace(/\.[^.]+$/, '');
    if (stem === '__init__' || stem === 'index') {
      if (parts.length > 1) names.add(parts.at(-2)!);
    } else names.add(stem);
  }
  if (names.size === 0) return [];
  const found: string[] = [];
  for (const [path, read] of kept) {
    const text = read();
    if (text === undefined) continue;
    if (path.endsWith('.py')) {
      for (const m of text.matchAll(/^[ \t]*(?:from|import)[ \t]+([\w.]+)/gm)) {
        if (m[1]!.split('.').some((segment) => names.has(segment))) {
          found.push(path);
          break;
        }
      }
    } else {
      for (const m of text.matchAll(/(?:from|require\(|import\()\s*['"](\.{1,2}\/[^'"]*)['"]/g)) {
        const segments = m[1]!.replace(/\/index(\.[cm]?[jt]sx?)?$/, '').split('/');
        if (names.has(segments.at(-1)!.replace(/\.[cm]?[jt]sx?$/, ''))) {
          found.push(path);
          break;
        }
      }
    }
  }
  return found;
}

function sourceKind(path: string): { language: CodeLanguage; grammar: Grammar } | undefined {
  if (path.endsWith('.d.ts') || path.endsWith('.d.mts') || path.endsWith('.d.cts')) return undefined;
  const dot = path.lastIndexOf('.');
  return dot < 0 ? undefined : sourceExtensions.get(path.slice(dot).toLowerCase());
}

/** Whether the code analyser wants this file (by path; the walker has already applied ignores and skips). */
export function wantsFile(path: string): boolean {
  return sourceKind(path) !== undefined || wantsManifest(path) || wantsCrewYaml(path);
}

/** The walker's test of a wanted file's text, by its name in src/scan/analyzer.ts (TextTest): prefilter.ts, frameworksTextTest. */
export const textTest = 'frameworks' as const;

/** One analyser per scan: files are added as the walker reads them (any order), then `finish` links references across files and returns the facts. */
export interface CodeAnalyzer {
  /** Path relative to the scan root, forward slashes; never throws on bad input: a malformed file becomes a Skip. */
  add(file: { path: string; text: string }): Promise<void>;
  /** A source file whose text names no framework: kept as a path, read again if another file leads to it. */
  addUnread(file: { path: string; read: () => string | undefined }): void;
  /** Secrets are never reported here. */
  finish(): Promise<Facts>;
}

export function createCodeAnalyzer(options: { maxFileBytes?: number } = {}): CodeAnalyzer {
  const maxFileBytes = options.maxFileBytes ?? defaultMaxFileBytes;
  const facts = emptyFacts();
  const index = new ModuleIndex();
  const parsed = new Map<string, FileIR | null>();
  const kept = new Map<string, Kept>();
  const crewYaml: CrewYaml[] = [];
  let keptSize = 0;
  let parsers: Parsers | undefined;

  const skip = (s: Skip) => facts.skips.push(s);

  const parse = (path: string, text: string, reportErrors: boolean): FileIR | null => {
    const kind = sourceKind(path)!;
    let tree: ReturnType<Parsers['parse']> | undefined;
    try {
      tree = parsers!.parse(kind.grammar, text);
      const error = firstError(tree.rootNode);
      if (error && reportErrors) {
        skip({ path, reason: 'malformed', line: error.startPosition.row + 1, detail: `${kind.language} syntax error; read in part` });
      }
      return kind.language === 'python' ? readPython(path, tree.rootNode) : readJavaScript(path, kind.language, tree.rootNode);
    } catch (err) {
      if (reportErrors) skip({ path, reason: 'malformed', detail: `could not be parsed: ${(err as Error).message}` });
      return null;
    } finally {
      tree?.delete();
    }
  };

  return {
    async add({ path, text }) {
      try {
        if (Buffer.byteLength(text) > maxFileBytes) {
          skip({ path, reason: 'too_large', detail: `over ${maxFileBytes} bytes` });
          return;
        }
        if (wantsManifest(path)) {
          const found = readManifest(path, text);
          facts.packages.push(...found.packages);
          if (found.skip) skip(found.skip);
          return;
        }
        if (wantsCrewYaml(path)) {
          const read = crewAiYaml(path, text);
          if ('skip' in read) skip(read.skip);
          else crewYaml.push(read);
          return;
        }
        const kind = sourceKind(path);
        if (!kind) return;
        index.add(path);
        if (text.includes('\0')) {
          skip({ path, reason: 'binary', detail: 'NUL byte in a source file' });
          return;
        }
        // Compiled output (a bundle, tsc's emit) names the source it came from: that source declares
        // the objects, and reading both would report each object twice.
        const compiled = kind.language !== 'python' && compiledOutput(text);
        if (compiled && mentionsFramework(kind.language, text)) {
          skip({ path, reason: 'generated', detail: 'compiled output (ends with a source map comment)' });
        } else if (compiled) {
          return;
        } else if (mentionsFramework(kind.language, text)) {
          parsers ??= await loadParsers();
          parsed.set(path, parse(path, text, true));
        } else if (keptSize + text.length <= keptTextBudget) {
          kept.set(path, () => text);
          keptSize += text.length;
        }
      } catch (err) {
        skip({ path, reason: 'malformed', detail: `could not be read: ${(err as Error).message}` });
      }
    },

    addUnread({ path, read }) {
      if (!sourceKind(path)) return;
      index.add(path);
      // What add would not keep (compiled output, a NUL byte) is told when the text is read again.
      kept.set(path, () => {
        const text = read();
        return text === undefined || text.includes('\0') || (!path.endsWith('.py') && compiledOutput(text)) ? undefined : text;
      });
    },

    async finish() {
      if (parsed.size > 0 || crewYaml.length > 0) {
        parsers ??= await loadParsers();
        const load = (path: string): FileIR | undefined => {
          if (!parsed.has(path)) {
            const text = kept.get(path)?.();
            if (text === undefined) return undefined;
            kept.delete(path);
            parsed.set(path, parse(path, text, false));
          }
          return parsed.get(path) ?? undefined;
        };
        // Files naming no framework but importing a module that does (a barrel re-exporting the SDK,
        // `from .sdk import Agent`) are read too: the engine resolves their names through that module.
        const barrels = [...parsed.values()].filter((f): f is FileIR => f !== null && reexportsPackages(f)).map((f) => f.path);
        for (const path of importersOf(barrels, kept)) load(path);
        // Which calls are a framework's is told through the parsed modules alone (a module that names no
        // framework re-exports none); links may also reach kept modules (a plain function given as a tool).
        const parsedOnly = (path: string) => parsed.get(path) ?? undefined;
        const engine = new Engine(
          new Resolver(index, load),
          allRules,
          [(e) => applyCrewYaml(e, crewYaml)],
          new Resolver(index, parsedOnly),
        );
        engine.run([...parsed.values()].filter((f): f is FileIR => f !== null));
        facts.agents.push(...engine.agents.map((a) => a.fact));
        facts.tools.push(...engine.tools);
        facts.models.push(...engine.models);
        facts.mcpServers.push(...engine.mcpServers);
        facts.skips.push(...engine.failures);
      }
      kept.clear();
      return facts;
    },
  };
}
