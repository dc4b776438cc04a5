// Every edge of the catalogue as a list: a relation edge (neighbour entities over a stored
// relation, either direction, lists.ts), or a derived set kept by another area (the issues and
// instances of the object, the LLM sessions it took part in, the scans that covered an asset).
// Routes and detail sections read them alike; each answers for one object, whose kind and id are
// in the list's scope.

import type { DerivedSet, EdgeDef, KindDef } from '../../catalog/types.ts';
import type { AnyListSpec, ListScope } from '../../platform/lists/list-spec.ts';
import { objectInstances, objectIssues } from '../findings/object-lists.ts';
import { objectSessions } from '../runtime/sessions.ts';
import { assetScans } from '../scans/lists.ts';
import { relationEdgeArgs, relationEdgeList } from './lists.ts';

const derived: Record<DerivedSet, AnyListSpec> = {
  issues: objectIssues,
  instances: objectInstances,
  llm_sessions: objectSessions,
  scans: assetScans(false),
  current_scans: assetScans(true),
};

/** The list behind an edge. */
export function edgeList(edge: EdgeDef): AnyListSpec {
  return 'relation' in edge.via ? relationEdgeList(edge) : derived[edge.via.derived];
}

/** The scope of an edge of one object. */
export function edgeScope(kind: KindDef, edge: EdgeDef, tenant: string, workspace: string, id: string): ListScope {
  const extra = 'relation' in edge.via ? relationEdgeArgs(edge) : {};
  return {
    args: { tenant, workspace, kind: kind.name, id, ...extra },
    key: '',
    fingerprint: [tenant, workspace, kind.name, id, edge.name],
  };
}
