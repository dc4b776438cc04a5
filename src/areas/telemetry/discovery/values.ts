// Values as discovery writes them: ids and texts cut to their documented sizes, times, a span's
// service and the resource's facts an agent keeps.

import { createHash } from 'node:crypto';
import { rfc3339 } from '../../../platform/values.ts';
import type { AttrValue, Span } from '../otlp/traces.ts';

/** Longest text kept in an object's attribute (longer ones are cut, docs/RUNTIME.md). */
export const MAX_ATTRIBUTE_CHARS = 1024;
const MAX_TEXT = 1_000_000;
const MAX_ID = 512;

export const cut = (s: string, max = MAX_ID) => (s.length > max ? s.slice(0, max) : s);
export const nsToMs = (ns: bigint) => Number(ns / 1_000_000n);
/** Epoch milliseconds as toISOString writes them (rfc3339: the same text, without a Date each time). */
export const iso = (ms: number) => rfc3339(ms)!;

export function text(v: AttrValue | undefined): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean') return String(v);
  return undefined;
}

/** Message content as text: a string as sent, structured content as its JSON. */
export function content(v: AttrValue | undefined): string | undefined {
  if (v === undefined || v === null) return undefined;
  const s =
    typeof v === 'string' ? v : JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? String(x) : x instanceof Uint8Array ? undefined : x));
  return s.length > MAX_TEXT ? s.slice(0, MAX_TEXT) : s;
}

/** A list attribute, or a comma-separated text, as its texts. */
export function strings(v: AttrValue | undefined): string[] {
  if (Array.isArray(v)) return v.map(text).filter((s): s is string => !!s);
  const s = text(v);
  return s
    ? s
        .split(',')
        .map((x) => x.trim())
        .filter(Boolean)
    : [];
}

/** A text attribute value cut to the documented size. */
export const attrText = (s: string | undefined) => (s === undefined ? undefined : cut(s, MAX_ATTRIBUTE_CHARS));

/** A stable id for an agent that sends a name and no id: its service and name, readable. */
export function derivedAgentId(name: string, service: string | undefined): string {
  const id = service ? `${service}/${name}` : name;
  return id.length <= MAX_ID ? id : `${id.slice(0, MAX_ID - 17)}~${createHash('sha256').update(id).digest('hex').slice(0, 16)}`;
}

export const serviceOf = (s: Span) => {
  const v = text(s.resource['service.name']);
  return v && !v.startsWith('unknown_service') ? cut(v, 256) : undefined;
};

/** The resource's facts an agent keeps as attributes. */
export function resourceAttributes(s: Span): Record<string, unknown> {
  return {
    service_name: attrText(serviceOf(s)),
    service_version: attrText(text(s.resource['service.version'])),
    environment: attrText(text(s.resource['deployment.environment.name']) ?? text(s.resource['deployment.environment'])),
  };
}
