// Which file of the scanned tree an import names, when it names one of the project's own modules
// rather than a package: relative imports in both languages, and absolute Python modules that a file
// of the tree provides (`from app.tools import x` in a tree holding app/tools.py or
// src/app/tools/__init__.py). A Python module of the tree counts only when it really binds the
// imported name, so a project folder that happens to be called `agents` does not hide the OpenAI
// Agents SDK from a file importing `Agent` out of it.

import type { FileIR } from './ir.ts';

const jsExtensions = ['.ts', '.tsx', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];

export class ModuleIndex {
  /** Every source path the analyser was given (parsed or not). */
  private readonly paths = new Set<string>();
  /** Python module suffix (`app/tools`) → paths providing it (`src/app/tools.py`, `app/tools/__init__.py`). */
  private readonly pythonModules = new Map<string, string[]>();

  add(path: string): void {
    this.paths.add(path);
    if (!path.endsWith('.py')) return;
    const stem = path.slice(0, -3).replace(/\/__init__$/, '');
    const parts = stem.split('/');
    for (let i = 0; i < parts.length; i++) {
      const key = parts.slice(i).join('/');
      const list = this.pythonModules.get(key);
      if (list) list.push(path);
      else this.pythonModules.set(key, [path]);
    }
  }

  /** The path a JavaScript specifier names, when it is a relative one that resolves to a file of the tree. */
  resolveJs(from: string, specifier: string): string | undefined {
    if (!specifier.startsWith('./') && !specifier.startsWith('../')) return undefined;
    const base = joinPath(dirname(from), specifier);
    if (this.paths.has(base) && !/\.(js|jsx|mjs|cjs)$/.test(base)) return base;
    // TypeScript's ESM convention names the compiled file: `./tools.js` is tools.ts.
    const stem = base.replace(/\.(js|jsx|mjs|cjs)$/, '');
    for (const candidate of [base, ...jsExtensions.map((e) => stem + e), ...jsExtensions.map((e) => `${base}/index${e}`)]) {
      if (this.paths.has(candidate)) return candidate;
    }
    return undefined;
  }

  /** The paths a Python module could be (relative imports resolved against the importer), nearest first. */
  resolvePython(from: string, module: string): string[] {
    if (module.startsWith('.')) {
      const dots = module.match(/^\.+/)![0].length;
      let dir = dirname(from);
      for (let i = 1; i < dots; i++) dir = dirname(dir);
      const rest = module.slice(dots).replaceAll('.', '/');
      const stem = rest ? (dir ? `${dir}/${rest}` : rest) : dir;
      return [`${stem}.py`, stem ? `${stem}/__init__.py` : '__init__.py'].filter((p) => this.paths.has(p));
    }
    const candidates = this.pythonModules.get(module.replaceAll('.', '/')) ?? [];
    const exact = candidates.filter((p) => {
      const stem = p.slice(0, -3).replace(/\/__init__$/, '');
      return stem === module.replaceAll('.', '/') || stem.endsWith(`/${module.replaceAll('.', '/')}`);
    });
    const dir = dirname(from);
    return exact.sort((a, b) => commonPrefix(b, dir) - commonPrefix(a, dir) || a.length - b.length);
  }
}

/** Whether a module file binds `name` (defines, assigns, imports or re-exports it). */
export function binds(file: FileIR, name: string): boolean {
  return (
    file.functions.has(name) ||
    file.classes.has(name) ||
    file.bindings.has(name) ||
    file.imports.has(name) ||
    file.reexports.some((r) => !r.names || r.names.has(name))
  );
}

export function dirname(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? '' : path.slice(0, i);
}

function joinPath(dir: string, relative: string): string {
  const parts = dir ? dir.split('/') : [];
  for (const part of relative.split('/')) {
    if (part === '.' || part === '') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}

function commonPrefix(a: string, b: string): number {
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  return i;
}
