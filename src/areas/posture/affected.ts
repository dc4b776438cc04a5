// Which objects a batch may have changed the verdict of. A rule's condition looks at its object
// and at neighbours reached over a few hops; an object's verdict can change only if one of the
// objects on those paths changed (its attributes, or a relation it is an end of, which makes both
// ends changed). So from every changed object that sits at some position of a rule's condition,
// the hops are walked backwards to the objects the rule judges. A tool whose capabilities changed
// reaches back through `exposes_tool` to its MCP servers and through `uses_mcp_server` to their
// agents; nothing else in the workspace is read.

import { type Condition, type Hop, hopsOf, type PostureRule } from '../../catalog/rules/index.ts';
import { splitKey } from '../../ingest/batch-context.ts';
import type { GraphReader } from './graph.ts';

/** A place in a rule's condition: the hops from the judged object to it, and the kinds found there. */
interface Position {
  path: Hop[];
  kinds: string[];
}

function positions(c: Condition | undefined, path: Hop[] = [], out: Position[] = []): Position[] {
  for (const hop of hopsOf(c)) {
    const here = [...path, hop];
    out.push({ path: here, kinds: hop.kinds });
    positions(hop.where, here, out);
  }
  return out;
}

const positionsByRule = new Map<PostureRule, Position[]>();

/** Changed objects grouped by kind. */
export function byKind(keys: Iterable<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const k of keys) {
    const kind = splitKey(k)[0];
    const list = out.get(kind);
    if (list) list.push(k);
    else out.set(kind, [k]);
  }
  return out;
}

/** The objects of the rule's kind whose verdict may differ after `changed` (grouped by kind) changed. */
export async function affected(reader: GraphReader, rule: PostureRule, changed: Map<string, string[]>): Promise<Set<string>> {
  const out = new Set(changed.get(rule.kind) ?? []);
  let list = positionsByRule.get(rule);
  if (!list) positionsByRule.set(rule, (list = positions(rule.when)));
  for (const { path, kinds } of list) {
    let keys = new Set(kinds.flatMap((k) => changed.get(k) ?? []));
    for (let i = path.length - 1; i >= 0 && keys.size; i--) {
      const hop = path[i]!;
      const back = {
        relation: hop.relation,
        direction: hop.direction === 'out' ? ('in' as const) : ('out' as const),
        kinds: i === 0 ? [rule.kind] : path[i - 1]!.kinds,
      };
      keys = await reader.follow(back, keys);
    }
    for (const k of keys) out.add(k);
  }
  return out;
}
