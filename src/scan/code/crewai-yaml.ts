// CrewAI's YAML configuration (`config/agents.yaml`, `config/tasks.yaml`, the layout `crewai create`
// makes): each top-level key of agents.yaml is an agent (role, goal, backstory, llm), each of
// tasks.yaml a task naming its agent (and `human_input`, the review step CrewAI has). Read with the
// `yaml` library, keeping each key's line for the agent's span.

import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import type { Skip, Span } from '../facts.ts';

export interface CrewYamlEntry {
  key: string;
  span: Span;
  fields: Map<string, { value: unknown; span: Span }>;
}

export interface CrewYaml {
  path: string;
  kind: 'agents' | 'tasks';
  entries: CrewYamlEntry[];
}

const names = /(^|\/)(agents|tasks)\.ya?ml$/;

export function wantsCrewYaml(path: string): boolean {
  return names.test(path);
}

export function crewAiYaml(path: string, text: string): CrewYaml | { skip: Skip } {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, uniqueKeys: false });
  if (doc.errors.length > 0) {
    const error = doc.errors[0]!;
    return { skip: { path, reason: 'malformed', line: error.linePos?.[0]?.line, detail: error.message.split('\n')[0]!.slice(0, 200) } };
  }
  const span = (range: [number, number, number?] | null | undefined): Span => {
    const start = lines.linePos(range?.[0] ?? 0);
    const end = lines.linePos(range?.[2] ?? range?.[1] ?? 0);
    return { path, startLine: start.line, startColumn: start.col, endLine: end.line, endColumn: end.col };
  };
  const kind = names.exec(path)![2] as 'agents' | 'tasks';
  const entries: CrewYamlEntry[] = [];
  if (isMap(doc.contents)) {
    for (const pair of doc.contents.items) {
      if (!isScalar(pair.key) || !isMap(pair.value)) continue;
      const key = String(pair.key.value);
      const fields = new Map<string, { value: unknown; span: Span }>();
      for (const field of pair.value.items) {
        if (!isScalar(field.key)) continue;
        const node = field.value as { toJSON?: () => unknown } | null;
        const value = node && typeof node.toJSON === 'function' ? node.toJSON() : undefined;
        fields.set(String(field.key.value), { value, span: span((field.value as { range?: [number, number, number] } | null)?.range) });
      }
      const keySpan = span(pair.key.range);
      const valueSpan = span(pair.value.range);
      entries.push({ key, span: { ...keySpan, endLine: valueSpan.endLine, endColumn: valueSpan.endColumn }, fields });
    }
  }
  // A YAML file named agents.yaml that is not CrewAI's (no role/goal/backstory) declares nothing.
  const known = kind === 'agents' ? ['role', 'goal', 'backstory'] : ['description', 'expected_output', 'agent'];
  return { path, kind, entries: entries.filter((e) => known.some((k) => e.fields.has(k))) };
}
