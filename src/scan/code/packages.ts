// The packages a project declares, from its manifests and lock files, each read with a parser of its
// format: package.json and package-lock.json (JSON), pnpm-lock.yaml (YAML), pyproject.toml (PEP 621
// and Poetry), poetry.lock and uv.lock (TOML), and requirements*.txt (PEP 508 lines; pip's own
// format, which no library parses better than its grammar does here). Every package is reported,
// with `ai` set for the framework SDKs, model clients and MCP SDKs (ai-packages.ts), so that an
// advisory can be matched later.

import { parse as parseToml } from 'smol-toml';
import { parse as parseYaml } from 'yaml';
import type { PackageFact, Skip } from '../facts.ts';
import { isAiPackage } from './ai-packages.ts';

const manifestNames =
  /(^|\/)(package\.json|package-lock\.json|npm-shrinkwrap\.json|pnpm-lock\.yaml|pyproject\.toml|poetry\.lock|uv\.lock|requirements[^/]*\.txt)$/;

export function wantsManifest(path: string): boolean {
  return manifestNames.test(path);
}

export function readManifest(path: string, text: string): { packages: PackageFact[]; skip?: Skip } {
  const name = path.split('/').at(-1)!;
  try {
    if (name === 'package.json') return { packages: packageJson(path, JSON.parse(text)) };
    if (name === 'package-lock.json' || name === 'npm-shrinkwrap.json') return { packages: packageLock(path, JSON.parse(text)) };
    if (name === 'pnpm-lock.yaml') return { packages: pnpmLock(path, parseYaml(text)) };
    if (name === 'pyproject.toml') return { packages: pyproject(path, parseToml(text)) };
    if (name === 'poetry.lock' || name === 'uv.lock') return { packages: tomlLock(path, parseToml(text)) };
    return { packages: requirements(path, text) };
  } catch (err) {
    const e = err as Error & { line?: number; linePos?: [{ line: number }] };
    const line = e.line ?? e.linePos?.[0]?.line ?? jsonErrorLine(text, e.message);
    return { packages: [], skip: { path, reason: 'malformed', ...(line ? { line } : {}), detail: firstLine(e.message) } };
  }
}

const exactSemver = /^=?v?\d+\.\d+\.\d+([-+][\w.-]+)?$/;

function fact(manifest: string, ecosystem: 'npm' | 'pypi', name: string, version: string | undefined, pinned: boolean): PackageFact {
  const normal = ecosystem === 'pypi' ? normalisePypi(name) : name;
  return { ecosystem, name: normal, ...(version ? { version } : {}), pinned, manifest, ai: isAiPackage(ecosystem, normal) };
}

export function normalisePypi(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, '-');
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function packageJson(path: string, json: unknown): PackageFact[] {
  const out: PackageFact[] = [];
  const seen = new Set<string>();
  for (const field of ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies']) {
    for (const [name, version] of Object.entries(record(record(json)[field]))) {
      if (typeof version !== 'string' || seen.has(name)) continue;
      seen.add(name);
      out.push(fact(path, 'npm', name, version, exactSemver.test(version)));
    }
  }
  return out;
}

function packageLock(path: string, json: unknown): PackageFact[] {
  const out = new Map<string, PackageFact>();
  const lock = record(json);
  for (const [key, entry] of Object.entries(record(lock.packages))) {
    const i = key.lastIndexOf('node_modules/');
    if (i < 0) continue;
    const e = record(entry);
    const name = typeof e.name === 'string' ? e.name : key.slice(i + 'node_modules/'.length);
    const version = typeof e.version === 'string' ? e.version : undefined;
    if (version && !out.has(`${name}@${version}`)) out.set(`${name}@${version}`, fact(path, 'npm', name, version, true));
  }
  // Lock files of npm 6 and before list `dependencies` (nested) instead of `packages`.
  const walk = (deps: unknown) => {
    for (const [name, entry] of Object.entries(record(deps))) {
      const e = record(entry);
      const version = typeof e.version === 'string' ? e.version : undefined;
      if (version && !out.has(`${name}@${version}`)) out.set(`${name}@${version}`, fact(path, 'npm', name, version, true));
      walk(e.dependencies);
    }
  };
  if (!lock.packages) walk(lock.dependencies);
  return [...out.values()];
}

function pnpmLock(path: string, yaml: unknown): PackageFact[] {
  const out = new Map<string, PackageFact>();
  for (const key of Object.keys(record(record(yaml).packages))) {
    // `/name@1.2.3`, `/@scope/name@1.2.3(peer@1)`, `name@1.2.3`; pnpm 5 wrote `/name/1.2.3`.
    const clean = key.replace(/^\//, '').replace(/\(.*$/, '');
    const at = clean.lastIndexOf('@');
    let name: string;
    let version: string;
    if (at > 0) [name, version] = [clean.slice(0, at), clean.slice(at + 1)];
    else {
      const slash = clean.lastIndexOf('/');
      [name, version] = [clean.slice(0, slash), clean.slice(slash + 1)];
    }
    if (name && version && !out.has(`${name}@${version}`)) out.set(`${name}@${version}`, fact(path, 'npm', name, version, true));
  }
  return [...out.values()];
}

/** A PEP 508 requirement: `name[extra] (==|>=|~=…) version ; marker`. */
export function requirement(line: string): { name: string; version?: string; pinned: boolean } | undefined {
  const m =
    /^\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*(\[[^\]]*\])?\s*(\(?\s*((?:===|==|~=|!=|<=|>=|<|>)\s*[^;\s)]+(?:\s*,\s*(?:===|==|~=|!=|<=|>=|<|>)\s*[^;\s,)]+)*)\s*\)?)?\s*(@\s*\S+)?\s*(;.*)?$/.exec(
      line,
    );
  if (!m) return undefined;
  const spec = m[4]?.replace(/\s+/g, '');
  const exact = spec && /^===?([^,*]+)$/.exec(spec);
  if (exact) return { name: m[1]!, version: exact[1]!, pinned: true };
  return { name: m[1]!, ...(spec ? { version: spec } : {}), pinned: false };
}

function requirements(path: string, text: string): PackageFact[] {
  const out: PackageFact[] = [];
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/(^|\s)#.*$/, '').trim();
    if (!line || line.startsWith('-') || /^[a-z+]+:\/\//i.test(line) || line.startsWith('.') || line.startsWith('/')) continue;
    const req = requirement(line);
    if (req) out.push(fact(path, 'pypi', req.name, req.version, req.pinned));
  }
  return out;
}

function pyproject(path: string, toml: Record<string, unknown>): PackageFact[] {
  const out = new Map<string, PackageFact>();
  const add = (f: PackageFact) => {
    if (!out.has(f.name)) out.set(f.name, f);
  };
  const pep508 = (list: unknown) => {
    for (const item of Array.isArray(list) ? list : []) {
      const req = typeof item === 'string' ? requirement(item) : undefined;
      if (req) add(fact(path, 'pypi', req.name, req.version, req.pinned));
    }
  };
  const project = record(toml.project);
  pep508(project.dependencies);
  for (const list of Object.values(record(project['optional-dependencies']))) pep508(list);
  for (const list of Object.values(record(toml['dependency-groups']))) pep508(list);
  const poetry = record(record(toml.tool).poetry);
  const poetryDeps = (deps: unknown) => {
    for (const [name, spec] of Object.entries(record(deps))) {
      if (name.toLowerCase() === 'python') continue;
      const version =
        typeof spec === 'string' ? spec : typeof record(spec).version === 'string' ? (record(spec).version as string) : undefined;
      add(fact(path, 'pypi', name, version, !!version && /^=?=?\d[\w.]*$/.test(version) && !version.includes('*')));
    }
  };
  poetryDeps(poetry.dependencies);
  poetryDeps(poetry['dev-dependencies']);
  for (const group of Object.values(record(poetry.group))) poetryDeps(record(group).dependencies);
  return [...out.values()];
}

function tomlLock(path: string, toml: Record<string, unknown>): PackageFact[] {
  const out: PackageFact[] = [];
  for (const entry of Array.isArray(toml.package) ? toml.package : []) {
    const e = record(entry);
    if (typeof e.name !== 'string') continue;
    // uv.lock lists the project itself with an editable or virtual source and no release.
    const source = record(e.source);
    if (source.editable !== undefined || source.virtual !== undefined) continue;
    out.push(fact(path, 'pypi', e.name, typeof e.version === 'string' ? e.version : undefined, typeof e.version === 'string'));
  }
  return out;
}

function jsonErrorLine(text: string, message: string): number | undefined {
  const position = /position (\d+)/.exec(message)?.[1];
  if (position === undefined) return /line (\d+)/.exec(message)?.[1] ? Number(/line (\d+)/.exec(message)![1]) : undefined;
  return text.slice(0, Number(position)).split('\n').length;
}

function firstLine(message: string): string {
  return message.split('\n')[0]!.slice(0, 200);
}
