// One finding (`…/finding/<instanceId>`): every field of the instance (`GET /instances/…/{id}`),
// its rule, and its waiver. A token with the `controls` scope (`GET /token`) may waive it (accepted
// risk or false positive, a reason, an optional expiry, this finding or every finding of its rule
// on its object) or lift its waiver, through `POST` / `DELETE …/{id}/waiver`; the API's refusal
// is shown in its own words.

import { useState } from 'preact/hooks';
import { get, send } from '../api.js';
import { Async, ErrorBox, Fields } from '../components.js';
import { fmt } from '../format.js';
import { href, html, kindByName, useAsync, wsPath } from '../lib.js';

function WaiverForm({ path, done }) {
  const [error, setError] = useState();
  const [busy, setBusy] = useState(false);
  const submit = async (e) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const until = String(form.get('until') ?? '');
    setBusy(true);
    setError(undefined);
    try {
      await send('POST', path, {
        reason: String(form.get('reason') ?? ''),
        ...(until ? { until } : {}),
        ...(form.get('false_positive') ? { false_positive: true } : {}),
        scope: String(form.get('scope') ?? 'instance'),
      });
      done();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return html`<form class="waive" data-testid="waive-form" onSubmit=${submit}>
    <label>Reason <textarea name="reason" required maxlength="2000" rows="2"></textarea></label>
    <label>Until (optional) <input type="date" name="until" /></label>
    <label><input type="checkbox" name="false_positive" /> False positive (otherwise: accepted risk)</label>
    <label>Covers
      <select name="scope">
        <option value="instance">this finding</option>
        <option value="rule">every finding of this rule on this object</option>
      </select>
    </label>
    <button type="submit" disabled=${busy}>${busy ? 'Waiving…' : 'Waive'}</button>
    ${error && html`<${ErrorBox} error=${error} />`}
  </form>`;
}

function Waiver({ waiver, path, canChange, done }) {
  const [error, setError] = useState();
  const liftIt = async () => {
    setError(undefined);
    try {
      await send('DELETE', path);
      done();
    } catch (err) {
      setError(err);
    }
  };
  return html`<div data-testid="waiver">
    <p><strong>${waiver.kind === 'false_positive' ? 'False positive' : 'Accepted risk'}</strong>
      (${waiver.scope === 'rule' ? 'every finding of this rule on this object' : 'this finding'}), waived by ${waiver.waived_by} on ${fmt(waiver.waived_at)},
      ${waiver.expires_at ? html`until ${fmt(waiver.expires_at)}` : 'until lifted'}.</p>
    <p class="sub">${waiver.reason}</p>
    ${canChange && html`<button type="button" data-testid="lift-waiver" onClick=${liftIt}>Lift the waiver</button>`}
    ${error && html`<${ErrorBox} error=${error} />`}
  </div>`;
}

export function FindingPage({ route }) {
  const [id] = route.parts;
  const [version, setVersion] = useState(0);
  const path = `${wsPath(route, 'instances')}/${encodeURIComponent(id)}`;
  const state = useAsync(() => Promise.all([get(path), get('/token')]), [route.tenant, route.workspace, id, version]);
  const reload = () => setVersion((v) => v + 1);
  return html`<${Async}
    state=${state}
    what="Loading the finding"
    render=${([d, me]) => {
      const row = d.rows[0];
      const at = (name) => row[d.header.indexOf(name)];
      const waiver = at('waiver');
      const canChange = me.scopes.includes('controls');
      const kind = kindByName(at('object_type'));
      const shown = d.header.filter((h) => h !== 'waiver');
      return html`<h1 tabindex="-1">Finding: ${at('title')}</h1>
        <p><span class=${`sev ${at('severity')}`}>${at('severity')}</span> <span data-testid="finding-status">${at('status')}</span>
          ${kind && html` · on <a href=${href(route, 'object', [kind.prefix, at('object_id')])}>${at('object_id')}</a>`}
          ${at('status') !== 'resolved' && at('status') !== 'waived' && html` · <a href=${href(route, 'issue', [at('issue_id')], { object: at('object_id') })}>its issue</a>`}</p>
        <section aria-labelledby="waiver-h">
          <h2 id="waiver-h">Waiver</h2>
          ${
            waiver
              ? html`<${Waiver} waiver=${waiver} path=${`${path}/waiver`} canChange=${canChange} done=${reload} />`
              : canChange
                ? html`<${WaiverForm} path=${`${path}/waiver`} done=${reload} />`
                : html`<p class="empty">Not waived. A token with the <code>controls</code> scope may waive it.</p>`
          }
        </section>
        <section aria-labelledby="fields-h">
          <h2 id="fields-h">Fields</h2>
          <${Fields} header=${shown} row=${shown.map((h) => row[d.header.indexOf(h)])} />
        </section>
        ${d.rule && html`<section aria-labelledby="rule-h"><h2 id="rule-h">Rule</h2><${Fields} header=${Object.keys(d.rule)} row=${Object.values(d.rule)} /></section>`}`;
    }}
  />`;
}
