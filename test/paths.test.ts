// Paths through the graph, through HTTP, against a brute-force walk of the one-hop relations of a
// generated graph: every (from, to) pair within max_hops with its shortest length, through `via`
// kinds in order, in the stored direction and both ways, with filters on both ends; each path
// answered is a real walk of that length; paging and sorting; the work bound; bad parameters.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { allPages, body, describeEngines } from './helpers/harness.ts';

const T = 'paths-t';
const W = 'graph';
const BASE = `/api/v1/graph/paths/tenants/${T}/workspaces/${W}`;

/** A small deterministic generator (mulberry32). */
function rng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Edge {
  fromKind: string;
  fromId: string;
  relation: string;
  toKind: string;
  toId: string;
}

const counts = { agent: 14, tool: 12, mcp_server: 5, model: 6, asset: 8, secret: 10, guardrail: 3 };
const shapes: Array<[string, string, string, number]> = [
  ['agent', 'uses_tool', 'tool', 0.18],
  ['agent', 'uses_model', 'model', 0.2],
  ['agent', 'uses_mcp_server', 'mcp_server', 0.15],
  ['agent', 'delegates_to', 'agent', 0.08],
  ['agent', 'input_guardrail', 'guardrail', 0.2],
  ['mcp_server', 'exposes_tool', 'tool', 0.25],
  ['agent', 'runs_on', 'asset', 0.12],
  ['mcp_server', 'runs_on', 'asset', 0.3],
  ['model', 'runs_on', 'asset', 0.15],
  ['asset', 'contains', 'secret', 0.2],
  ['asset', 'connects_to', 'asset', 0.1],
];

function graph() {
  const random = rng(42);
  const entities: Array<Record<string, unknown>> = [];
  const ids: Record<string, string[]> = {};
  for (const [kind, n] of Object.entries(counts)) {
    ids[kind] = [];
    for (let i = 0; i < n; i++) {
      const id = `${kind.slice(0, 3)}-${String(i).padStart(2, '0')}`;
      ids[kind].push(id);
      const attributes: Record<string, unknown> =
        kind === 'agent'
          ? { environment: i % 3 === 0 ? 'production' : 'staging' }
          : kind === 'secret'
            ? { secret_type: i % 2 ? 'api_key' : 'password' }
            : {};
      entities.push({
        type: 'entity',
        kind,
        id,
        name: `${kind} ${i}`,
        last_seen: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        attributes,
      });
    }
  }
  const edges: Edge[] = [];
  for (const [fromKind, relation, toKind, p] of shapes) {
    for (const fromId of ids[fromKind]!) {
      for (const toId of ids[toKind]!) if (fromId !== toId && random() < p) edges.push({ fromKind, fromId, relation, toKind, toId });
    }
  }
  const relations = edges.map((e) => ({
    type: 'relation',
    from_kind: e.fromKind,
    from_id: e.fromId,
    relation: e.relation,
    to_kind: e.toKind,
    to_id: e.toId,
  }));
  return { entities, relations, edges, ids };
}

const k = (kind: string, id: string) => `${kind}/${id}`;

/** Shortest hops of every reachable (from, to) pair, by a plain breadth-first walk per start. */
function bruteForce(
  edges: Edge[],
  starts: string[],
  toKind: string,
  via: string[],
  maxHops: number,
  direction: 'out' | 'any',
  targetOk: (id: string) => boolean,
): Map<string, number> {
  const next = new Map<string, string[]>();
  const add = (a: string, b: string) => next.set(a, [...(next.get(a) ?? []), b]);
  for (const e of edges) {
    add(k(e.fromKind, e.fromId), k(e.toKind, e.toId));
    if (direction === 'any') add(k(e.toKind, e.toId), k(e.fromKind, e.fromId));
  }
  const out = new Map<string, number>();
  for (const s of starts) {
    const seen = new Set([`${s}|0`]);
    let frontier = [[s, 0] as [string, number]];
    for (let hop = 1; hop <= maxHops && frontier.length; hop++) {
      const level: Array<[string, number]> = [];
      for (const [node, stage] of frontier) {
        for (const n of next.get(node) ?? []) {
          const kind = n.slice(0, n.indexOf('/'));
          const st = stage < via.length && kind === via[stage] ? stage + 1 : stage;
          if (seen.has(`${n}|${st}`)) continue;
          seen.add(`${n}|${st}`);
          level.push([n, st]);
          const pair = `${s}>${n}`;
          if (kind === toKind && st === via.length && n !== s && targetOk(n.slice(n.indexOf('/') + 1)) && !out.has(pair))
            out.set(pair, hop);
        }
      }
      frontier = level;
    }
  }
  return out;
}

describeEngines('graph paths', (h) => {
  const g = graph();
  let token: string;
  before(async () => {
    const s = await h().ingest(T, W, [...g.entities, ...g.relations]);
    assert.equal(s.rejected, 0, JSON.stringify(s.errors));
    token = await h().token({ tenant: T });
  });

  const cases: Array<{
    q: string;
    from: string;
    to: string;
    via?: string[];
    hops?: number;
    direction?: 'out' | 'any';
    fromOk?: (id: string) => boolean;
    toOk?: (id: string) => boolean;
  }> = [
    { q: 'from=aispm-agents&to=secrets', from: 'agent', to: 'secret' },
    { q: 'from=agent&to=tools', from: 'agent', to: 'tool' },
    { q: 'from=aispm-agents&to=aispm-tools&via=aispm-mcp-servers', from: 'agent', to: 'tool', via: ['mcp_server'] },
    { q: 'from=agents&to=secrets&via=mcp_server,asset&max_hops=6', from: 'agent', to: 'secret', via: ['mcp_server', 'asset'], hops: 6 },
    { q: 'from=aispm-agents&to=secrets&max_hops=2', from: 'agent', to: 'secret', hops: 2 },
    { q: 'from=aispm-tools&to=aispm-agents&direction=any&max_hops=3', from: 'tool', to: 'agent', hops: 3, direction: 'any' },
    { q: 'from=secrets&to=aispm-models&direction=any', from: 'secret', to: 'model', direction: 'any' },
    // Start and end of one kind: a start is never its own target, even when a walk comes back to it.
    { q: 'from=aispm-agents&to=agents&max_hops=3', from: 'agent', to: 'agent', hops: 3 },
    {
      q: 'from=agents&to=aispm-agents&via=assets&direction=any&max_hops=4',
      from: 'agent',
      to: 'agent',
      via: ['asset'],
      direction: 'any',
    },
    {
      q: 'from=aispm-agents&to=secrets&from.environment=production&to.secret_type=api_key',
      from: 'agent',
      to: 'secret',
      fromOk: (id) => Number(id.slice(-2)) % 3 === 0,
      toOk: (id) => Number(id.slice(-2)) % 2 === 1,
    },
  ];

  it('finds every pair within max_hops at its shortest length, as a walk of the one-hop relations does', async () => {
    for (const c of cases) {
      const starts = g.ids[c.from]!.filter((id) => (c.fromOk ? c.fromOk(id) : true)).map((id) => k(c.from, id));
      const want = bruteForce(g.edges, starts, c.to, c.via ?? [], c.hops ?? 4, c.direction ?? 'out', c.toOk ?? (() => true));
      const got = await allPages(h(), `${BASE}?${c.q}&page_size=7`, token);
      assert.deepEqual(got.header, ['from_id', 'from_name', 'to_id', 'to_name', 'hops', 'path', 'relations']);
      const pairs = new Map(got.rows.map((r) => [`${k(c.from, r[0] as string)}>${k(c.to, r[2] as string)}`, r[4] as number]));
      assert.equal(pairs.size, got.rows.length, `${c.q}: a pair answered twice`);
      assert.deepEqual(new Map([...pairs].sort()), new Map([...want].sort()), c.q);
      assert.ok(want.size > 0, `${c.q} finds nothing: the case tests nothing`);
      // Each answer is a walk of the relations it names, through the via kinds, in hops order.
      for (const r of got.rows) {
        const path = r[5] as Array<{ kind: string; id: string; name: string }>;
        const relations = r[6] as string[];
        assert.equal(path.length, (r[4] as number) + 1);
        assert.equal(relations.length, r[4]);
        for (let i = 0; i < relations.length; i++) {
          const a = path[i]!;
          const b = path[i + 1]!;
          const fwd = g.edges.some(
            (e) => e.fromKind === a.kind && e.fromId === a.id && e.toKind === b.kind && e.toId === b.id && e.relation === relations[i],
          );
          const back = g.edges.some(
            (e) => e.fromKind === b.kind && e.fromId === b.id && e.toKind === a.kind && e.toId === a.id && e.relation === relations[i],
          );
          assert.ok(fwd || ((c.direction ?? 'out') === 'any' && back), `${c.q}: ${a.id} -${relations[i]}- ${b.id} is not a relation`);
          assert.equal(b.name, `${b.kind} ${Number(b.id.slice(-2))}`);
        }
        const kinds = path.slice(1, -1).map((n) => n.kind);
        let at = 0;
        for (const kind of kinds) if (at < (c.via ?? []).length && kind === c.via![at]) at++;
        assert.equal(at, (c.via ?? []).length, `${c.q}: the path skips a via kind`);
      }
      // Sorted by hops, then from and to.
      const keys = got.rows.map((r) => [r[4], r[0], r[2]] as [number, string, string]);
      const sorted = [...keys].sort((x, y) => x[0] - y[0] || (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : x[2] < y[2] ? -1 : 1));
      assert.deepEqual(keys, sorted);
      assert.equal(body(await h().get(`${BASE}?${c.q}&page_size=1`, token)).total, want.size);
    }
  });

  it('sorts by another column and pages to the end once; a cursor from another query is refused', async () => {
    const q = `${BASE}?from=aispm-agents&to=secrets&sort=to_id:desc,hops`;
    const all = await allPages(h(), `${q}&page_size=1000`, token);
    const paged = await allPages(h(), `${q}&page_size=3`, token);
    assert.deepEqual(paged.rows, all.rows);
    for (let i = 1; i < all.rows.length; i++) assert.ok((all.rows[i - 1]![2] as string) >= (all.rows[i]![2] as string));
    const first = body(await h().get(`${q}&page_size=3`, token));
    const other = await h().get(`${BASE}?from=aispm-agents&to=aispm-tools&page_size=3&cursor=${encodeURIComponent(first.cursor)}`, token);
    assert.deepEqual(body(other), { code: 400, message: 'cursor belongs to another query (different path, filters or sort)' });
  });

  it('refuses bad parameters with a 400 naming them', async () => {
    const bad: Array<[string, RegExp]> = [
      ['from=aispm-agents', /^to: required$/],
      ['from=robots&to=secrets', /^from: unknown kind "robots"; kinds are aispm-agents, aispm-models/],
      ['from=aispm-agents&to=secrets&via=nope', /^via: unknown kind "nope"/],
      ['from=aispm-agents&to=secrets&max_hops=7', /max_hops/],
      ['from=aispm-agents&to=secrets&direction=down', /direction/],
      [
        'from=aispm-agents&to=secrets&from.provider=openai',
        /^from\.provider: AI agents take no filter "provider"; their columns are id, name, framework/,
      ],
      ['from=aispm-agents&to=secrets&to.secret_type__gt=x', /^to\.secret_type__gt: secrets take no filter "secret_type__gt"/],
      ['from=aispm-agents&to=secrets&hops=2', /^hops: unknown query parameter/],
      ['from=aispm-agents&to=secrets&sort=path', /^sort: column cannot be sorted "path"/],
    ];
    for (const [q, message] of bad) {
      const res = await h().get(`${BASE}?${q}`, token);
      assert.equal(res.statusCode, 400, q);
      assert.match(body(res).message, message, q);
    }
  });
});

describeEngines(
  'graph paths: the work bound',
  (h) => {
    let token: string;
    before(async () => {
      const { entities, relations } = graph();
      await h().ingest(T, W, [...entities, ...relations]);
      token = await h().token({ tenant: T });
    });

    it('a query that would do more work than allowed is a 400 naming the bound to tighten', async () => {
      const starts = await h().get(`${BASE}?from=aispm-agents&to=secrets`, token);
      assert.deepEqual(body(starts), {
        code: 400,
        message: 'from: more than 10 AI agents to start from; narrow them with from.<column> filters (e.g. from.name__ilk)',
      });
      const visits = await h().get(`${BASE}?from=aispm-agents&to=secrets&from.environment=staging&direction=any&max_hops=6`, token);
      assert.equal(visits.statusCode, 400);
      assert.match(
        body(visits).message,
        /^the walk would visit more than 60 objects: narrow from with from\.<column> filters, lower max_hops \(6\), or add via$/,
      );
      assert.equal(
        (await h().get(`${BASE}?from=aispm-agents&to=aispm-models&from.environment=production&max_hops=1`, token)).statusCode,
        200,
      );
    });
  },
  { config: { pathMaxStarts: 10, pathMaxVisits: 60 } },
);
