// What a name in a file stands for: a package's symbol (`agents.Agent`, `@openai/agents` `tool`), a
// call whose result it holds, a function or class of the tree, or another value. Follows aliases,
// `import x as y`, `import * as ns`, assignments of one name to another and re-exports within the
// tree (`__init__.py` importing from a submodule, `export { Agent } from '@openai/agents'` in a
// barrel file). Nothing is evaluated: a name bound in a branch or a loop is taken at its first binding.

import type { CallValue, ClassIR, FileIR, FunctionIR, Value } from './ir.ts';
import { binds, type ModuleIndex } from './modules.ts';

export type Sym =
  | { kind: 'external'; module: string; path: string[] }
  | { kind: 'call'; file: FileIR; call: CallValue; rest: string[] }
  | { kind: 'function'; file: FileIR; fn: FunctionIR; rest: string[] }
  | { kind: 'class'; file: FileIR; cls: ClassIR; rest: string[] }
  | { kind: 'value'; file: FileIR; value: Value; rest: string[] }
  /** A module of the tree as a whole (`import * as tools from './tools'`). */
  | { kind: 'module'; file: FileIR }
  | { kind: 'unknown' };

const unknown: Sym = { kind: 'unknown' };
const maxDepth = 24;

export class Resolver {
  private readonly index: ModuleIndex;
  /** The IR of a file of the tree, parsed on demand; undefined when it was not kept or does not parse. */
  private readonly load: (path: string) => FileIR | undefined;

  constructor(index: ModuleIndex, load: (path: string) => FileIR | undefined) {
    this.index = index;
    this.load = load;
  }

  /** What a value stands for when it is a name, a dotted path or a call's member. */
  resolve(file: FileIR, value: Value, depth = 0): Sym {
    if (value.kind === 'call') return { kind: 'call', file, call: value, rest: [] };
    if (value.kind === 'func') return { kind: 'function', file, fn: value.fn, rest: [] };
    if (value.kind !== 'ref') return { kind: 'value', file, value, rest: [] };
    if (value.base) return { kind: 'call', file, call: value.base, rest: value.path.slice(1) };
    return this.path(file, value.path, depth);
  }

  path(file: FileIR, path: string[], depth = 0): Sym {
    if (depth > maxDepth || path.length === 0) return unknown;
    const [root, ...rest] = path as [string, ...string[]];
    if ((root === 'self' || root === 'this') && rest.length > 0) {
      const bound = file.bindings.get(`${root}.${rest[0]}`);
      if (bound) return this.follow(file, bound.value, rest.slice(1), depth);
      // `self.researcher()` in a CrewBase class: a method of a class of the file.
      for (const cls of file.classes.values()) {
        const method = cls.methods.find((m) => m.name === rest[0]);
        if (method) return { kind: 'function', file, fn: method, rest: rest.slice(1) };
      }
    }
    const fn = file.functions.get(root);
    if (fn) return { kind: 'function', file, fn, rest };
    const cls = file.classes.get(root);
    if (cls) return { kind: 'class', file, cls, rest };
    const bound = file.bindings.get(root);
    if (bound) return this.follow(file, bound.value, rest, depth);
    // `import a.b.c` binds `a`; `a.b.c.X` is looked up under the longest module imported.
    for (let i = file.language === 'python' ? path.length : 1; i >= 1; i--) {
      const key = path.slice(0, i).join('.');
      const imported = file.imports.get(key);
      if (imported && (i === 1 || imported.name === null)) return this.imported(file, imported.module, imported.name, path.slice(i), depth);
    }
    for (const star of file.reexports) {
      if (star.names) continue;
      const target = this.localModule(file, star.module, root);
      if (target) return this.exported(target, root, rest, depth + 1);
      if (!this.isLocalSpecifier(file, star.module)) return { kind: 'external', module: star.module, path };
    }
    return unknown;
  }

  private follow(file: FileIR, value: Value, rest: string[], depth: number): Sym {
    if (value.kind === 'ref') {
      if (value.base) return { kind: 'call', file, call: value.base, rest: [...value.path.slice(1), ...rest] };
      return this.path(file, [...value.path, ...rest], depth + 1);
    }
    if (value.kind === 'call') return { kind: 'call', file, call: value, rest };
    if (value.kind === 'func') return { kind: 'function', file, fn: value.fn, rest };
    return { kind: 'value', file, value, rest };
  }

  private imported(file: FileIR, module: string, name: string | null, rest: string[], depth: number): Sym {
    if (file.language === 'python' && name !== null) {
      // `from . import tools` and `from app import tools` may name a submodule rather than a binding.
      const sub = this.localModule(file, module.endsWith('.') ? module + name : `${module}.${name}`, null);
      if (sub) return rest.length ? this.exported(sub, rest[0]!, rest.slice(1), depth + 1) : unknown;
    }
    // `import agents as sdk; sdk.Agent`: a module of the tree counts when it binds the name used off it.
    const target = this.localModule(
      file,
      module,
      name ?? (file.language === 'python' && !module.startsWith('.') ? (rest[0] ?? null) : null),
    );
    if (target) {
      if (name === null) return rest.length ? this.exported(target, rest[0]!, rest.slice(1), depth + 1) : { kind: 'module', file: target };
      return this.exported(target, name, rest, depth + 1);
    }
    if (this.isLocalSpecifier(file, module)) return unknown;
    return { kind: 'external', module, path: name === null ? rest : [name, ...rest] };
  }

  /** A name as a module of the tree exports it. */
  private exported(target: FileIR, name: string, rest: string[], depth: number): Sym {
    if (depth > maxDepth) return unknown;
    if (target.functions.has(name) || target.classes.has(name) || target.bindings.has(name) || target.imports.has(name)) {
      return this.path(target, [name, ...rest], depth + 1);
    }
    for (const re of target.reexports) {
      const imported = re.names ? re.names.get(name) : name;
      if (imported === undefined) continue;
      const next = this.localModule(target, re.module, re.names ? imported : name);
      if (next) return this.exported(next, imported, rest, depth + 1);
      if (!this.isLocalSpecifier(target, re.module)) {
        if (re.names) return { kind: 'external', module: re.module, path: [imported, ...rest] };
      }
    }
    return unknown;
  }

  /** The module of the tree an import names, if any (for Python absolute modules: one that binds `name`). */
  private localModule(file: FileIR, module: string, name: string | null): FileIR | undefined {
    if (file.language === 'python') {
      for (const path of this.index.resolvePython(file.path, module)) {
        if (path === file.path) continue;
        const target = this.load(path);
        if (target && (name === null || module.startsWith('.') || binds(target, name))) return target;
      }
      return undefined;
    }
    const path = this.index.resolveJs(file.path, module);
    return path && path !== file.path ? this.load(path) : undefined;
  }

  private isLocalSpecifier(file: FileIR, module: string): boolean {
    return file.language === 'python' ? module.startsWith('.') : module.startsWith('.') || module.startsWith('/');
  }
}
