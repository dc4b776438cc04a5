// How an object's neighbours over a relation edge are joined, written once for the three readers
// that need it: an edge's list (lists.ts edgeBase), a detail's embedded sections (detail.ts), and
// a filter on related objects (lists.ts relatedFilter), which walks the same join from the
// neighbours' side.

/** The relation's columns naming the edge's object (near) and its neighbour (far). */
export function relationEnds(direction: 'out' | 'in'): { near: 'from' | 'to'; far: 'to' | 'from' } {
  return direction === 'out' ? { near: 'from', far: 'to' } : { near: 'to', far: 'from' };
}

/**
 * The condition making `n` (an entities alias) the far end of `r` (a relations alias): same tenant
 * and workspace, the far end's kind and id. Both engines probe the entities' primary key with it.
 */
export function neighbourJoin(direction: 'out' | 'in', n = 'n', r = 'r'): string {
  const { far } = relationEnds(direction);
  return `${n}.tenant_id = ${r}.tenant_id and ${n}.workspace_id = ${r}.workspace_id and ${n}.kind = ${r}.${far}_kind and ${n}.id = ${r}.${far}_id`;
}
