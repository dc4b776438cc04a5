// Waivers (docs/FINDINGS.md, "Waivers"), through HTTP and the real CLI on SQLite and PostgreSQL.
// The same estate is ingested into two workspaces, one without finding f1; once f1 is waived in
// the first, every count (issues, the agent's issue counts and risk score, the dashboard, the
// histogram, the compliance posture) equals the second's, and once lifted it equals what it was.
// A re-sent finding and a control evaluated again stay waived; a rule-scope waiver covers the
// control's later findings; an expired waiver is lifted by its job; webhooks and the audit trail
// hear of each change; bad input and other tenants' and workspaces' instances are refused.

import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import { runAispm } from './helpers/cli-run.ts';
import { entity, relation, T1, T2, W1, W2 } from './helpers/fixtures.ts';
import { allPages, body, describeEngines, type Harness, objects } from './helpers/harness.ts';
import { Receiver, waitFor } from './helpers/webhook-receiver.ts';

const W3 = 'w3';
const month = (ago: number) => {
  const d = new Date();
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - ago, 3, 12)).toISOString();
};

const finding = (id: string, object: string, detected: string, extra: Record<string, unknown> = {}) => ({
  type: 'finding',
  id,
  rule_id: 'EXT-leak',
  object_kind: 'agent',
  object_id: object,
  detected_at: detected,
  ...extra,
});

/** Two agents on one model, a critical external rule mapped to LLM07, and its findings. */
const estate = (withF1: boolean) => [
  { type: 'rule', id: 'EXT-leak', name: 'System prompt leak', severity: 'critical', object_types: ['agent'], frameworks: ['LLM07'] },
  entity('agent', 'a1', 'Support Bot', 1, { environment: 'production' }),
  entity('agent', 'a2', 'Billing', 1, { environment: 'production' }),
  entity('model', 'm1', 'm1', 1, { provider: 'openai' }),
  relation('agent', 'a1', 'uses_model', 'model', 'm1'),
  relation('agent', 'a2', 'uses_model', 'model', 'm1'),
  ...(withF1 ? [finding('f1', 'a1', month(1))] : []),
  finding('f2', 'a2', month(2)),
  finding('f3', 'a2', month(0)),
];

let offset = 0;
const clock = () => Date.now() + offset;

describeEngines(
  'waivers',
  (h: () => Harness) => {
    const receiver = new Receiver();
    let reader = '';
    let triage = '';
    let admin = '';
    let other = '';
    let w2only = '';
    let hook = '';
    let env: Record<string, string> = {};
    const waiverUrl = (w: string, id: string, t = T1) => `/api/v1/instances/tenants/${t}/workspaces/${w}/${id}/waiver`;
    const waive = (w: string, id: string, payload: object, token = triage, t = T1) =>
      h().request({ method: 'POST', url: waiverUrl(w, id, t), token, payload });
    const unwaive = (w: string, id: string, token = triage, t = T1) => h().request({ method: 'DELETE', url: waiverUrl(w, id, t), token });
    const instance = async (w: string, id: string) => {
      const res = await h().get(`/api/v1/instances/tenants/${T1}/workspaces/${w}/${id}`, reader);
      assert.equal(res.statusCode, 200, res.body);
      return objects(body(res))[0]!;
    };

    /** Every count a waiver must move, with what names the workspace taken out. */
    async function counts(w: string) {
      const get = async (url: string) => {
        const res = await h().get(url, reader);
        assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
        return body(res);
      };
      const issues = objects(await get(`/api/v1/issues/tenants/${T1}/workspaces/${w}`)).map((r) => [
        r.rule_id,
        r.severity,
        r.open_instances,
        r.objects,
      ]);
      const agents = objects(await get(`/api/v1/aispm-agents/tenants/${T1}/workspaces/${w}?sort=id`)).map((r) => [
        r.id,
        r.critical_issues,
        r.high_issues,
        r.total_issues,
        r.risk_score,
      ]);
      const dashboard = await get(`/api/v1/aispm-dashboard?workspace_id=${w}`);
      const histogram = await get(`/api/v1/histograms/aispm?workspace_id=${w}`);
      const compliance = await get(`/api/v1/compliance/tenants/${T1}/workspaces/${w}`);
      const llm = await get(`/api/v1/compliance/tenants/${T1}/workspaces/${w}/owasp-llm-2025`);
      const text = JSON.stringify({ issues, agents, dashboard, histogram, compliance, llm });
      return JSON.parse(text.replace(/iss_[A-Za-z0-9_-]+/g, 'iss').replaceAll(`"${w}"`, '"w"'));
    }

    const listed = async (w: string, status: string) =>
      (await allPages(h(), `/api/v1/instances/tenants/${T1}/workspaces/${w}?status=${status}&page_size=2`, reader)).rows.map((r) => r[0]);

    before(async () => {
      offset = 0;
      await receiver.start();
      reader = await h().token({ tenant: T1 });
      triage = await h().token({ tenant: T1, user: 'ana', scopes: ['read', 'controls'] });
      admin = await h().token({ tenant: T1, scopes: ['read', 'admin', 'webhooks'] });
      other = await h().token({ tenant: T2, scopes: ['read', 'controls'] });
      w2only = await h().token({ tenant: T1, workspaces: [W2], scopes: ['read', 'controls'] });
      for (const [w, withF1] of [
        [W1, true],
        [W2, false],
        [W3, true],
      ] as const)
        assert.equal((await h().ingest(T1, w, estate(withF1))).rejected, 0);
      assert.equal((await h().ingest(T2, W1, estate(true))).rejected, 0);
      const sub = await h().request({
        method: 'POST',
        url: `/api/v1/webhooks/tenants/${T1}/workspaces/${W1}`,
        token: admin,
        payload: { url: receiver.url('/hook'), events: ['finding.waived', 'finding.unwaived', 'finding.created'] },
      });
      assert.equal(sub.statusCode, 201, sub.body);
      hook = body(sub).id;
      receiver.expect('/hook', body(sub).secret);
      h().jobs.start();
      await h().app.listen({ host: '127.0.0.1', port: 0 });
      env = {
        AISPM_URL: `http://127.0.0.1:${(h().app.server.address() as AddressInfo).port}`,
        AISPM_TOKEN: triage,
        AISPM_TENANT: T1,
        AISPM_WORKSPACE: W1,
      };
    });
    after(async () => {
      await receiver.stop();
    });

    it('a waiver takes a finding out of every count, and lifting it puts it back', async () => {
      const before = await counts(W1);
      const without = await counts(W2);
      assert.notDeepEqual(before, without);
      const res = await waive(W1, 'f1', {
        reason: 'accepted until the fix ships',
        until: new Date(clock() + 30 * 86_400_000).toISOString(),
      });
      assert.equal(res.statusCode, 201, res.body);
      const w = body(res);
      assert.match(w.waiver.id, /^wvr_/);
      assert.deepEqual(
        { ...w, waiver: { ...w.waiver, id: 'x', waived_at: 'x', expires_at: typeof w.waiver.expires_at } },
        {
          instance_id: 'f1',
          rule_id: 'EXT-leak',
          object_type: 'agent',
          object_id: 'a1',
          waiver: {
            id: 'x',
            scope: 'instance',
            kind: 'accepted_risk',
            reason: 'accepted until the fix ships',
            waived_by: 'ana',
            waived_at: 'x',
            expires_at: 'string',
          },
          instances: 1,
        },
      );
      assert.deepEqual(await counts(W1), without);
      const f1 = await instance(W1, 'f1');
      assert.equal(f1.status, 'waived');
      assert.deepEqual(f1.waiver, w.waiver);
      assert.deepEqual(body(await h().get(waiverUrl(W1, 'f1'), reader)), w);
      assert.deepEqual(await listed(W1, 'waived'), ['f1']);
      assert.deepEqual((await listed(W1, 'open')).sort(), ['f2', 'f3']);
      assert.deepEqual((await listed(W1, 'all')).sort(), ['f1', 'f2', 'f3']);

      const lifted = await unwaive(W1, 'f1');
      assert.equal(lifted.statusCode, 200, lifted.body);
      assert.deepEqual(body(lifted), { instance_id: 'f1', waiver_id: w.waiver.id, status: 'lifted', instances: 1 });
      assert.deepEqual(await counts(W1), before);
      const back = await instance(W1, 'f1');
      assert.equal(back.status, 'open');
      assert.equal(back.waiver, null);
      assert.deepEqual(await listed(W1, 'waived'), []);
      assert.equal((await unwaive(W1, 'f1')).statusCode, 404);
    });

    it('a re-sent finding stays waived, and a resolved one keeps its waiver out of the histogram', async () => {
      const without = await counts(W2);
      assert.equal((await waive(W1, 'f1', { reason: 'false alarm', false_positive: true })).statusCode, 201);
      assert.equal((await h().ingest(T1, W1, [finding('f1', 'a1', month(1))])).rejected, 0);
      assert.equal((await instance(W1, 'f1')).status, 'waived');
      assert.equal((await instance(W1, 'f1')).waiver.kind, 'false_positive');
      assert.deepEqual(await counts(W1), without);
      // Renewing the terms (same scope) keeps it waived: 200.
      const renewed = await waive(W1, 'f1', { reason: 'still a false alarm', false_positive: true });
      assert.equal(renewed.statusCode, 200, renewed.body);
      assert.equal(body(renewed).waiver.reason, 'still a false alarm');
      assert.equal((await instance(W1, 'f1')).waiver.reason, 'still a false alarm');
      // The sensor resolves it, then sends it open again: waived again, never counted.
      assert.equal((await h().ingest(T1, W1, [finding('f1', 'a1', month(1), { status: 'resolved', resolved_at: month(0) })])).rejected, 0);
      assert.equal((await instance(W1, 'f1')).status, 'resolved');
      assert.deepEqual((await counts(W1)).histogram, without.histogram);
      assert.equal((await h().ingest(T1, W1, [finding('f1', 'a1', month(1))])).rejected, 0);
      assert.equal((await instance(W1, 'f1')).status, 'waived');
      assert.deepEqual(await counts(W1), without);
      assert.equal((await unwaive(W1, 'f1')).statusCode, 200);
      assert.deepEqual(await counts(W1), await counts(W3));
    });

    it('a control evaluated again keeps its waived finding; a rule waiver covers its later findings', async () => {
      const control = {
        title: 'Production bots',
        severity: 'high',
        list: 'aispm-agents?environment=production&name__ilk=bot',
      };
      const put = (title: string) =>
        h().request({
          method: 'PUT',
          url: `/api/v1/controls/tenants/${T1}/workspaces/${W1}/CTL-bots`,
          token: triage,
          payload: { ...control, title },
        });
      assert.equal((await put('Production bots')).statusCode, 201);
      const openOf = async () =>
        objects(body(await h().get(`/api/v1/rules/CTL-bots/results?workspace_id=${W1}&status=all`, reader))).map((r) => [r.id, r.status]);
      const [[id, status]] = (await openOf()) as [[string, string]];
      assert.equal(status, 'open');
      assert.equal((await waive(W1, id, { reason: 'pilot bot', scope: 'rule' })).statusCode, 201);
      // The agent changes but still answers: the control reads it again and keeps the finding waived.
      assert.equal((await h().ingest(T1, W1, [entity('agent', 'a1', 'Support Bot v2', 2, { environment: 'production' })])).rejected, 0);
      assert.deepEqual(await openOf(), [[id, 'waived']]);
      // A new title opens the control's findings afresh: the new one is born under the rule waiver.
      assert.equal((await put('Production bots, renamed')).statusCode, 200);
      const now = await openOf();
      assert.equal(now.length, 2);
      const fresh = now.find(([i]) => i !== id)!;
      assert.equal(fresh[1], 'waived');
      assert.equal((await instance(W1, fresh[0] as string)).waiver.scope, 'rule');
      const issues = objects(body(await h().get(`/api/v1/issues/tenants/${T1}/workspaces/${W1}`, reader)));
      assert.equal(
        issues.some((r) => r.rule_id === 'CTL-bots'),
        false,
      );
      // Lifting it through the newer finding brings the control's live finding back open.
      const lifted = await unwaive(W1, fresh[0] as string);
      assert.equal(lifted.statusCode, 200, lifted.body);
      assert.equal(body(lifted).instances, 2);
      assert.deepEqual((await openOf()).map(([, s]) => s).sort(), ['open', 'resolved']);
      assert.equal(
        (await h().request({ method: 'DELETE', url: `/api/v1/controls/tenants/${T1}/workspaces/${W1}/CTL-bots`, token: triage }))
          .statusCode,
        200,
      );
    });

    it('the CLI waives and lifts; webhooks and the audit trail hear of both', async () => {
      const until = new Date(clock() + 86_400_000).toISOString().slice(0, 10);
      const waived = await runAispm(env, ['findings', 'waive', 'f2', '--reason', 'known, tracked in JIRA-1', '--until', until]);
      assert.equal(waived.code, 0, waived.err);
      assert.match(
        waived.out,
        /^waived f2 \(accepted_risk, instance until \d{4}-\d{2}-\d{2}T00:00:00\.000Z\): waiver wvr_\S+ covers 1 finding\(s\)\n$/,
      );
      assert.equal((await instance(W1, 'f2')).status, 'waived');
      const lifted = await runAispm(env, ['findings', 'unwaive', 'f2']);
      assert.equal(lifted.code, 0, lifted.err);
      assert.match(lifted.out, /^lifted waiver wvr_\S+ of f2: 1 finding\(s\) back\n$/);
      assert.equal((await instance(W1, 'f2')).status, 'open');
      const refused = await runAispm(env, ['findings', 'waive', 'f2', '--reason', 'x', '--until', '2001-01-01']);
      assert.equal(refused.code, 1);
      assert.match(refused.err, /until: 2001-01-01T00:00:00\.000Z is in the past/);
      const missing = await runAispm(env, ['findings', 'waive', 'f2']);
      assert.notEqual(missing.code, 0);
      assert.match(missing.err, /--reason/);

      const events = await waitFor('the f2 events', () => {
        const got = receiver.on('/hook').filter((r) => r.event.data.finding.id === 'f2');
        return got.length >= 2 && got;
      });
      assert.deepEqual(
        events.map((e) => [e.event.type, e.event.data.finding.status, e.event.data.waiver?.reason ?? null]),
        [
          ['aispm.finding.waived', 'waived', 'known, tracked in JIRA-1'],
          ['aispm.finding.unwaived', 'open', null],
        ],
      );
      // No finding.created for anything born waived (the control's renamed finding above).
      assert.equal(
        receiver.on('/hook').some((r) => r.event.type === 'aispm.finding.created' && r.event.data.finding.status === 'waived'),
        false,
      );
      const audit = objects(body(await h().get(`/api/v1/audit/tenants/${T1}?action__in=finding.waived,finding.unwaived&sort=time`, admin)));
      const f2 = audit.filter((r) => r.target === `instances/${W1}/f2`);
      assert.deepEqual(
        f2.map((r) => [r.action, r.workspace_id, r.outcome, r.detail.scope, r.detail.kind, r.detail.instances]),
        [
          ['finding.waived', W1, 'success', 'instance', 'accepted_risk', 1],
          ['finding.unwaived', W1, 'success', 'instance', 'accepted_risk', 1],
        ],
      );
      assert.equal(JSON.stringify(audit).includes('JIRA-1'), false, 'the reason text stays out of the audit detail');
    });

    it('refuses bad input, and keeps to its tenant and workspace', async () => {
      const expect = async (res: LightMyRequestResponse, status: number, message: RegExp) => {
        assert.equal(res.statusCode, status, res.body);
        assert.match(body(res).message, message);
        assert.deepEqual(Object.keys(body(res)).sort(), ['code', 'message']);
      };
      await expect(await waive(W1, 'nope', { reason: 'x' }), 404, /no instance nope in this workspace/);
      await expect(await waive(W1, 'f3', {}), 400, /reason/);
      await expect(await waive(W1, 'f3', { reason: '   ' }), 400, /reason: required/);
      await expect(await waive(W1, 'f3', { reason: 'x', until: '2001-01-01T00:00:00Z' }), 400, /until: .* is in the past/);
      await expect(await waive(W1, 'f3', { reason: 'x', until: 'tomorrow' }), 400, /until: "tomorrow" is not an RFC 3339 time/);
      await expect(await waive(W1, 'f3', { reason: 'x', colour: 'red' }), 400, /colour/);
      await expect(await waive(W1, 'f3', { reason: 'x' }, reader), 403, /scope/);
      // Another tenant's instance: its token on its own path does not find t1's, t1's path is refused.
      await expect(await waive(W2, 'f1', { reason: 'x' }, other, T2), 404, /no instance f1 in this workspace/);
      await expect(await waive(W1, 'f1', { reason: 'x' }, other), 403, /tenant/);
      // Another workspace: a token of w2 cannot reach w1's, and w2 has no f1.
      await expect(await waive(W1, 'f1', { reason: 'x' }, w2only), 403, /workspace/);
      await expect(await waive(W2, 'f1', { reason: 'x' }, w2only), 404, /no instance f1/);
      await expect(await unwaive(W1, 'f3', other), 403, /tenant/);
      await expect(await h().get(waiverUrl(W1, 'f3'), reader), 404, /f3 is not waived/);
      // t2's own f1 is untouched by everything t1 did.
      const t2 = await h().get(`/api/v1/instances/tenants/${T2}/workspaces/${W1}/f1`, other);
      assert.equal(objects(body(t2))[0]!.status, 'open');
      // A waiver in w3 leaves w1 as it is.
      const w1 = await counts(W1);
      assert.equal((await waive(W3, 'f1', { reason: 'w3 only' })).statusCode, 201);
      assert.deepEqual(await counts(W1), w1);
      assert.deepEqual(await counts(W3), await counts(W2));
      assert.equal((await unwaive(W3, 'f1')).statusCode, 200);
    });

    it('a waived finding the sensor deletes takes its instance waiver with it, and leaves the counts exact', async () => {
      assert.equal((await h().ingest(T1, 'w4', estate(true))).rejected, 0);
      const res = await waive('w4', 'f1', { reason: 'gone soon' });
      assert.equal(res.statusCode, 201, res.body);
      assert.equal((await h().ingest(T1, 'w4', [{ ...finding('f1', 'a1', month(1)), op: 'delete' }])).rejected, 0);
      assert.equal((await h().get(`/api/v1/instances/tenants/${T1}/workspaces/w4/f1`, reader)).statusCode, 404);
      assert.deepEqual(await counts('w4'), await counts(W2));
      const w4 = await allPages(h(), `/api/v1/instances/tenants/${T1}/workspaces/w4?status=waived`, reader);
      assert.deepEqual(w4.rows, []);
      // The sensor sends it again: a new finding, not under the deleted waiver (which would cover its id).
      assert.equal((await h().ingest(T1, 'w4', [finding('f1', 'a1', month(1))])).rejected, 0);
      assert.equal((await instance('w4', 'f1')).status, 'open');
    });

    it('an expired waiver is lifted by its job, and the finding counts again', async () => {
      // Events signed two hours ahead would fail the receiver's clock check: no more deliveries.
      assert.equal(
        (await h().request({ method: 'DELETE', url: `/api/v1/webhooks/tenants/${T1}/workspaces/${W1}/${hook}`, token: admin })).statusCode,
        204,
      );
      const before = await counts(W3);
      const res = await waive(W3, 'f1', { reason: 'for an hour', until: new Date(clock() + 3_600_000).toISOString() });
      assert.equal(res.statusCode, 201, res.body);
      assert.deepEqual(await counts(W3), await counts(W2));
      offset += 2 * 3_600_000;
      h().jobs.wake();
      await waitFor('the waiver to expire', async () => (await instance(W3, 'f1')).status === 'open');
      assert.equal((await instance(W3, 'f1')).waiver, null);
      assert.deepEqual(await counts(W3), before);
      assert.equal((await h().get(waiverUrl(W3, 'f1'), reader)).statusCode, 404);
    });
  },
  { now: clock, config: { webhookAllowHttp: true, webhookAllowPrivate: true, jobsPollMs: 50, postureRules: false } },
);

describeEngines('waivers: posture rules', (h: () => Harness) => {
  const RULE = 'SR-aispm_mcp_server_without_authentication';
  const server = (name: string, authentication: string) => entity('mcp_server', 's1', name, 1, { authentication });
  let reader = '';
  let triage = '';
  const findings = async () =>
    objects(body(await h().get(`/api/v1/rules/${RULE}/results?workspace_id=${W1}&status=all`, reader)))
      .map((r) => [r.id as string, r.status as string])
      .sort((a, b) => a[0]!.localeCompare(b[0]!));
  const serverIssues = async () =>
    objects(body(await h().get(`/api/v1/aispm-mcp-servers/tenants/${T1}/workspaces/${W1}`, reader))).map((r) => r.total_issues);
  const ingest = async (name: string, authentication: string) =>
    assert.equal((await h().ingest(T1, W1, [server(name, authentication)])).rejected, 0);

  before(async () => {
    reader = await h().token({ tenant: T1 });
    triage = await h().token({ tenant: T1, scopes: ['read', 'controls'] });
  });

  it('a rule evaluated again keeps its waived finding; a rule-scope waiver covers its next episodes', async () => {
    await ingest('Server One', 'none');
    const [[first, open]] = (await findings()) as [[string, string]];
    assert.equal(open, 'open');
    assert.deepEqual(await serverIssues(), [1]);
    const url = (id: string) => `/api/v1/instances/tenants/${T1}/workspaces/${W1}/${id}/waiver`;
    assert.equal(
      (await h().request({ method: 'POST', url: url(first), token: triage, payload: { reason: 'lab server' } })).statusCode,
      201,
    );
    assert.deepEqual(await serverIssues(), [0]);
    // Renamed: the rule holds still, its finding is written again with the new title, and stays waived.
    await ingest('Server 1', 'none');
    assert.deepEqual(await findings(), [[first, 'waived']]);
    assert.match(objects(body(await h().get(`/api/v1/instances/tenants/${T1}/workspaces/${W1}/${first}`, reader)))[0]!.title, /Server 1/);
    assert.deepEqual(await serverIssues(), [0]);
    // Fixed, then broken again: a new episode, which an instance waiver does not cover.
    await ingest('Server 1', 'oauth');
    assert.deepEqual(await findings(), [[first, 'resolved']]);
    await ingest('Server 1', 'none');
    const second = (await findings()).find(([id]) => id !== first)!;
    assert.equal(second[1], 'open');
    assert.deepEqual(await serverIssues(), [1]);
    // A rule waiver covers the episodes after it.
    const res = await h().request({ method: 'POST', url: url(second[0]!), token: triage, payload: { reason: 'lab', scope: 'rule' } });
    assert.equal(res.statusCode, 201, res.body);
    assert.equal(body(res).instances, 1, 'the first episode keeps its own waiver');
    await ingest('Server 1', 'oauth');
    await ingest('Server 1', 'none');
    const all = await findings();
    assert.equal(all.length, 3);
    assert.deepEqual(
      all.filter(([id]) => id !== first && id !== second[0]).map(([, s]) => s),
      ['waived'],
    );
    assert.deepEqual(await serverIssues(), [0]);
    const issues = objects(body(await h().get(`/api/v1/issues/tenants/${T1}/workspaces/${W1}`, reader)));
    assert.equal(
      issues.some((r) => r.rule_id === RULE),
      false,
    );
  });
});
