// Controls (docs/CONTROLS.md): the workspace's own rules, each a saved list or paths query whose
// every answer is a finding. The page lists them with their open findings (GET /controls/…), a
// control's page shows what it answers now (GET …/{id}/preview), and the editor previews a draft
// (POST …/preview: the rows it would answer, the findings it would open and resolve) before it is
// saved (PUT …/{id}). Changing needs the `controls` scope; without it the editor says so.

import { get, send } from '../api.js';
import { Async, Empty, ErrorBox, Fields, Named, Table } from '../components.js';
import { fmt, number } from '../format.js';
import { href, html, kindByName, kindWords, useAsync, wsPath } from '../lib.js';
import { useState } from 'preact/hooks';

const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'];
const Severity = ({ value }) => html`<span class=${`sev ${value}`}>${value}</span>`;

/** The query of a control as one line: `list: …` or `paths: …`. */
const queryOf = (c) => (c.list !== null && c.list !== undefined ? `list: ${c.list}` : `paths: ${c.paths}`);

/** An answered object, linked to its page when its kind has one. */
function AnsweredObject({ route, item }) {
  const kind = kindByName(item.object_kind);
  return html`<${Named} name=${item.name} id=${item.object_id} href=${kind ? href(route, 'object', [kind.prefix, item.object_id]) : undefined} />`;
}

/** Evidence in a few words: a list row's id, a paths answer's count. */
function evidenceWords(e) {
  if (!e || typeof e !== 'object') return '—';
  if (Array.isArray(e.paths)) return `${number(e.total_paths ?? e.paths.length)} path${(e.total_paths ?? e.paths.length) === 1 ? '' : 's'}`;
  return Object.entries(e)
    .filter(([, v]) => v !== null && typeof v !== 'object')
    .slice(0, 4)
    .map(([k, v]) => `${k}: ${fmt(v)}`)
    .join(' · ');
}

/** Answered objects as a table: kind, object (linked), evidence. */
function Answers({ route, items, caption, testid }) {
  if (!items.length) return html`<${Empty}>It answers nothing: no finding.</${Empty}>`;
  return html`<${Table}
    caption=${caption}
    testid=${testid}
    header=${['object_kind', 'name', 'evidence']}
    headings=${['Kind', 'Object', 'Evidence']}
    rows=${items.map((i) => [i.object_kind, i, i.evidence])}
    cell=${(col, v) => (col === 'name' ? html`<${AnsweredObject} route=${route} item=${v} />` : col === 'object_kind' ? kindWords(v) : evidenceWords(v))}
  />`;
}

export function Controls({ route, me }) {
  const state = useAsync(() => get(wsPath(route, 'controls')), [route.tenant, route.workspace]);
  return html`<h1 tabindex="-1">Controls</h1>
    <p>Your own rules: each control is a query of the list or paths API that <em>should answer nothing</em>. Every object it answers is an open finding of it, in the findings, counts, risk and compliance like any rule's (<code>aispm controls apply</code> keeps them as code).</p>
    <${Async}
      state=${state}
      what="Loading the controls"
      render=${(d) =>
        d.items.length
          ? html`<${Table}
              caption=${`Controls of ${route.workspace}`}
              testid="controls-table"
              header=${['id', 'title', 'severity', 'enabled', 'open_findings', 'query']}
              headings=${['Control', 'Title', 'Severity', 'Enabled', 'Open findings', 'Query']}
              rows=${d.items.map((c) => [c.id, c.title, c.severity, c.enabled, c.open_findings, queryOf(c)])}
              cell=${(col, v, row) =>
                col === 'id'
                  ? html`<a href=${href(route, 'control', [v])}>${v}</a>`
                  : col === 'severity'
                    ? html`<${Severity} value=${v} />`
                    : col === 'enabled'
                      ? v
                        ? 'yes'
                        : 'no'
                      : col === 'open_findings'
                        ? v > 0
                          ? html`<a href=${href(route, 'findings', [], { rule_id: row[0] })}>${number(v)}</a>`
                          : '0'
                        : col === 'query'
                          ? html`<code>${v}</code>`
                          : undefined}
            />`
          : html`<${Empty}>No control in this workspace yet.</${Empty}>`}
    />
    <${Editor} route=${route} me=${me} />`;
}

/** A draft control as the API takes it, from the editor's form. */
function draftOf(form) {
  const f = new FormData(form);
  const text = (k) => String(f.get(k) ?? '').trim();
  const draft = { id: text('id'), title: text('title'), severity: text('severity'), [text('kind')]: text('query') };
  if (text('description')) draft.description = text('description');
  return draft;
}

/**
 * The editor: a draft is previewed (nothing written) and then saved. Its fields are uncontrolled
 * (defaultValue): a redraw after a preview keeps what was typed.
 */
function Editor({ route, me, initial }) {
  const canChange = me.scopes.includes('controls');
  const [preview, setPreview] = useState();
  const [saved, setSaved] = useState();
  const [error, setError] = useState();
  const [busy, setBusy] = useState(false);
  const act = async (form, what) => {
    setBusy(true);
    setError(undefined);
    setSaved(undefined);
    try {
      const draft = draftOf(form);
      if (what === 'preview') setPreview(await send('POST', `${wsPath(route, 'controls')}/preview`, draft));
      else {
        const { id, ...fields } = draft;
        const control = await send('PUT', `${wsPath(route, 'controls')}/${encodeURIComponent(id)}`, fields);
        setSaved(control);
        setPreview(undefined);
      }
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  const kind = initial?.paths ? 'paths' : 'list';
  return html`<section aria-labelledby="editor-h" class="editor">
    <h2 id="editor-h">${initial ? 'Edit this control' : 'New control'}</h2>
    ${!canChange && html`<p class="sub" data-testid="editor-scope">Previewing and saving need a token with the <code>controls</code> scope; this one has ${me.scopes.join(', ')}.</p>`}
    <form
      data-testid="control-editor"
      onSubmit=${(e) => {
        e.preventDefault();
        act(e.currentTarget, e.submitter?.value ?? 'preview');
      }}
    >
      <label>Id <input name="id" required pattern="CTL-[A-Za-z0-9._\\-]+" placeholder="CTL-…" defaultValue=${initial?.id ?? ''} readonly=${Boolean(initial)} /></label>
      <label>Title <input name="title" required maxlength="200" defaultValue=${initial?.title ?? ''} /></label>
      <label>Severity
        <select name="severity">${SEVERITIES.map((s) => html`<option value=${s} selected=${s === (initial?.severity ?? 'high')}>${s}</option>`)}</select>
      </label>
      <label>Query of
        <select name="kind">
          <option value="list" selected=${kind === 'list'}>a list (aispm-agents?…)</option>
          <option value="paths" selected=${kind === 'paths'}>paths (from=…&to=…)</option>
        </select>
      </label>
      <label class="wide">Query
        <input name="query" required spellcheck="false" defaultValue=${initial ? (initial.list ?? initial.paths) : ''} placeholder="aispm-agents?environment=production&models.provider=anthropic" />
      </label>
      <label class="wide">Description <input name="description" defaultValue=${initial?.description ?? ''} /></label>
      <div class="actions">
        <button type="submit" value="preview" disabled=${busy || !canChange}>Preview</button>
        <button type="submit" value="save" disabled=${busy || !canChange}>Save</button>
      </div>
    </form>
    ${error && html`<${ErrorBox} error=${error} />`}
    ${saved && html`<p class="saved" role="status" data-testid="control-saved">Saved <a href=${href(route, 'control', [saved.id])}>${saved.id}</a>: ${number(saved.open_findings)} open findings.</p>`}
    ${
      preview &&
      html`<div data-testid="draft-preview" role="status">
        <p>
          Saving would <strong>${preview.change === 'unchanged' ? 'change nothing' : preview.change === 'create' ? 'create it' : 'update it'}</strong>:
          it answers <span data-testid="draft-answers">${number(preview.answers)}</span> objects now; a finding would open on
          <span data-testid="draft-open">${number(preview.would_open.length)}</span> and resolve on
          <span data-testid="draft-resolve">${number(preview.would_resolve.length)}</span>.
        </p>
        <${Answers} route=${route} items=${preview.items} caption="The objects the draft answers now" testid="draft-rows" />
        ${preview.answers > preview.items.length && html`<p class="sub">The first ${number(preview.items.length)} of ${number(preview.answers)}.</p>`}
      </div>`
    }
  </section>`;
}

export function ControlPage({ route, me }) {
  const [id] = route.parts;
  const path = `${wsPath(route, 'controls')}/${encodeURIComponent(id)}`;
  const control = useAsync(() => get(path), [route.tenant, route.workspace, id]);
  const answers = useAsync(() => get(`${path}/preview`), [route.tenant, route.workspace, id]);
  return html`<${Async}
    state=${control}
    what="Loading the control"
    render=${(c) => html`<h1 tabindex="-1">Control: ${c.title}</h1>
      <p class="sub"><a href=${href(route, 'controls')}>All controls</a></p>
      <${Fields}
        header=${['id', 'severity', 'enabled', 'open_findings', 'query', 'frameworks', 'created_by', 'updated_at']}
        row=${[c.id, c.severity, c.enabled ? 'yes' : 'no', c.open_findings, queryOf(c), c.frameworks.join(', ') || '—', c.created_by, c.updated_at]}
        cell=${(col, v) =>
          col === 'severity'
            ? html`<${Severity} value=${v} />`
            : col === 'query'
              ? html`<code>${v}</code>`
              : col === 'open_findings' && v > 0
                ? html`<a href=${href(route, 'findings', [], { rule_id: c.id })}>${number(v)}</a>`
                : undefined}
      />
      ${c.description && html`<p>${c.description}</p>`}
      <section aria-labelledby="answers-h">
        <h2 id="answers-h">What it answers now</h2>
        <${Async}
          state=${answers}
          what="Reading what it answers"
          render=${(p) => html`<${Answers} route=${route} items=${p.items} caption=${`Objects ${c.id} answers`} testid="control-answers" />`}
        />
      </section>
      <${Editor} route=${route} me=${me} initial=${c} />`}
  />`;
}
