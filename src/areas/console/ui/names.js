// Names of the agents a list names by id only (sessions, interactions, the cost chart), read from
// the agents list with an `id__in` filter, a hundred ids a call. An id the inventory does not hold
// has no name: the views show the id alone.

import { get, records } from './api.js';
import { wsPath } from './lib.js';

const CHUNK = 100;

/** id → name of the agents among `ids` (duplicates and empty ids ignored). */
export async function agentNames(route, ids) {
  const wanted = [...new Set(ids.filter((id) => typeof id === 'string' && id !== '' && !id.includes(',')))];
  const names = new Map();
  for (let i = 0; i < wanted.length; i += CHUNK) {
    const chunk = wanted.slice(i, i + CHUNK);
    const page = await get(wsPath(route, 'aispm-agents'), { id__in: chunk.join(','), page_size: chunk.length });
    for (const a of records(page)) names.set(a.id, a.name);
  }
  return names;
}
