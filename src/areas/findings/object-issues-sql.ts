// Subqueries over one object's issues (`issue_objects` joined to `issues`, which the findings own)
// for the columns other areas compute on the object: correlated to the object an inventory update
// sets (src/areas/inventory/computed-columns-store.ts), so each table is named in its owner's folder.

import type { UpdatedObject } from '../inventory/computed-columns-store.ts';

/** The sum over the object's issues of `weight` of each issue's severity (null when it has none). */
export function issueWeightSum(weight: (severity: string) => string, o: UpdatedObject): string {
  return `(select sum(${weight('i.severity')}) from issue_objects o
        join issues i on i.tenant_id = o.tenant_id and i.workspace_id = o.workspace_id and i.id = o.issue_id
        where o.tenant_id = ${o.tenant} and o.workspace_id = ${o.workspace} and o.object_kind = ${o.kind} and o.object_id = ${o.id})`;
}
