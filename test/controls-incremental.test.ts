// Controls read after a batch only on the objects the batch can have changed their answer on
// (src/areas/controls/candidates.ts), on SQLite and PostgreSQL. Each batch here touches a related
// object only — a model's provider, a tool's capabilities, one relation — never the objects the
// controls answer, so an object enters or leaves a control only through the walk back from what
// the batch touched. After each, every control's open findings are, object for object, what its
// query answers read whole: through the list or paths API and through its preview (which runs the
// full query). A control reading issue counts (`critical_issues__gt=0`) follows the findings
// another control opened or resolved in the same batch.

import assert from 'node:assert/strict';
import { before, it } from 'node:test';
import { entity, relation, T1, W1 } from './helpers/fixtures.ts';
import { allPages, body, describeEngines } from './helpers/harness.ts';

interface Spec {
  id: string;
  severity: string;
  list?: string;
  paths?: string;
}

const controls: Spec[] = [
  { id: 'CTL-ant-agents', severity: 'critical', list: 'aispm-agents?models.provider=anthropic' },
  { id: 'CTL-critical-agents', severity: 'low', list: 'aispm-agents?critical_issues__gt=0' },
  { id: 'CTL-shell-servers', severity: 'high', list: 'aispm-mcp-servers?tools.capabilities__in=shell' },
  {
    id: 'CTL-reach-shell',
    severity: 'high',
    paths: 'from=aispm-agents&to=aispm-tools&via=aispm-mcp-servers&max_hops=3&to.capabilities__in=shell',
  },
  { id: 'CTL-near-ant', severity: 'low', paths: 'from=aispm-tools&to=aispm-models&direction=any&max_hops=3&to.provider=anthropic' },
];

const model = (id: string, provider: string) => entity('model', id, id, 1, { provider });
const tool = (id: string, capabilities: string[]) => entity('tool', id, id, 1, { capabilities });

const estate = [
  model('m1', 'anthropic'),
  model('m2', 'openai'),
  entity('agent', 'a1', 'Agent One', 1, { environment: 'production' }),
  entity('agent', 'a2', 'Agent Two', 1, { environment: 'production' }),
  entity('agent', 'a3', 'Agent Three', 1, { environment: 'staging' }),
  entity('mcp_server', 's1', 'Server One', 1),
  entity('mcp_server', 's2', 'Server Two', 1),
  tool('t1', ['shell']),
  tool('t2', ['network']),
  relation('agent', 'a1', 'uses_model', 'model', 'm1'),
  relation('agent', 'a2', 'uses_model', 'model', 'm2'),
  relation('agent', 'a3', 'uses_model', 'model', 'm2'),
  relation('agent', 'a2', 'uses_mcp_server', 'mcp_server', 's1'),
  relation('agent', 'a3', 'uses_mcp_server', 'mcp_server', 's2'),
  relation('mcp_server', 's1', 'exposes_tool', 'tool', 't1'),
  relation('mcp_server', 's2', 'exposes_tool', 'tool', 't2'),
];

const base = `/api/v1/controls/tenants/${T1}/workspaces/${W1}`;

describeEngines(
  'controls, incremental',
  (h) => {
    let reader: string;
    let writer: string;

    before(async () => {
      assert.equal((await h().ingest(T1, W1, estate)).rejected, 0);
      reader = await h().token({ tenant: T1 });
      writer = await h().token({ tenant: T1, scopes: ['read', 'controls'] });
      for (const c of controls) {
        const { id, ...rest } = c;
        const res = await h().request({ method: 'PUT', url: `${base}/${id}`, token: writer, payload: { title: id, ...rest } });
        assert.equal(res.statusCode, 201, res.body);
      }
    });

    /** The ids a control's query answers read whole, through the list or paths API. */
    async function answered(c: Spec): Promise<string[]> {
      if (c.list) {
        const [prefix, query] = c.list.split('?');
        const page = await allPages(h(), `/api/v1/${prefix}/tenants/${T1}/workspaces/${W1}?${query}&page_size=2`, reader);
        const at = page.header.indexOf('id');
        return page.rows.map((r) => String(r[at])).sort();
      }
      const page = await allPages(h(), `/api/v1/graph/paths/tenants/${T1}/workspaces/${W1}?${c.paths}&page_size=2`, reader);
      const at = page.header.indexOf('from_id');
      return [...new Set(page.rows.map((r) => String(r[at])))].sort();
    }

    async function openFindings(id: string): Promise<string[]> {
      const page = await allPages(h(), `/api/v1/rules/${id}/results?workspace_id=${W1}&status=open&page_size=3`, reader);
      const at = page.header.indexOf('object_id');
      return page.rows.map((r) => String(r[at])).sort();
    }

    /** The full query's answer, run by the preview. */
    async function preview(id: string): Promise<string[]> {
      const res = await h().get(`${base}/${id}/preview`, reader);
      assert.equal(res.statusCode, 200, res.body);
      return body(res)
        .items.map((i: { object_id: string }) => i.object_id)
        .sort();
    }

    /** Ingests a batch, then checks every control's findings against its full answer; the answers by control. */
    async function after(records: object[]): Promise<Map<string, string[]>> {
      if (records.length) assert.equal((await h().ingest(T1, W1, records)).rejected, 0);
      const out = new Map<string, string[]>();
      for (const c of controls) {
        const want = await answered(c);
        assert.deepEqual(await preview(c.id), want, `${c.id}: preview`);
        assert.deepEqual(await openFindings(c.id), want, `${c.id}: open findings`);
        out.set(c.id, want);
      }
      return out;
    }

    it('equals the full evaluation after batches that touch only a related object', async () => {
      const start = await after([]);
      assert.deepEqual(start.get('CTL-ant-agents'), ['a1']);
      assert.deepEqual(start.get('CTL-critical-agents'), ['a1']);
      assert.deepEqual(start.get('CTL-shell-servers'), ['s1']);
      assert.deepEqual(start.get('CTL-reach-shell'), ['a2']);
      assert.deepEqual(start.get('CTL-near-ant'), []);

      // A model becomes Anthropic's: its two agents enter, and with the critical findings that
      // opens, the control on critical issues follows in the same batch.
      const enter = await after([model('m2', 'anthropic')]);
      assert.deepEqual(enter.get('CTL-ant-agents'), ['a1', 'a2', 'a3']);
      assert.deepEqual(enter.get('CTL-critical-agents'), ['a1', 'a2', 'a3']);
      assert.deepEqual(enter.get('CTL-near-ant'), ['t1', 't2']);

      // A tool gains a shell: its server and, two relations back, its agent enter.
      const shell = await after([tool('t2', ['network', 'shell'])]);
      assert.deepEqual(shell.get('CTL-shell-servers'), ['s1', 's2']);
      assert.deepEqual(shell.get('CTL-reach-shell'), ['a2', 'a3']);

      // One relation deleted: the server and the agent behind it leave.
      const cut = await after([{ ...relation('mcp_server', 's1', 'exposes_tool', 'tool', 't1'), op: 'delete' }]);
      assert.deepEqual(cut.get('CTL-shell-servers'), ['s2']);
      assert.deepEqual(cut.get('CTL-reach-shell'), ['a3']);

      // The model goes back: its agents leave, and so do their critical findings' counts.
      const leave = await after([model('m2', 'openai')]);
      assert.deepEqual(leave.get('CTL-ant-agents'), ['a1']);
      assert.deepEqual(leave.get('CTL-critical-agents'), ['a1']);
      assert.deepEqual(leave.get('CTL-near-ant'), []);
    });
  },
  { config: { postureRules: false } },
);
