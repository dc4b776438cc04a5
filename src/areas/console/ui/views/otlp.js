// What OpenTelemetry brought into the workspace (GET /otlp/…/stats, docs/RUNTIME.md), as tables:
// each counter today (UTC) and in total, then the attribute keys of GenAI spans nothing maps, most
// frequent first. A service without the endpoint says so.

import { apiDocument, get, hasOperation } from '../api.js';
import { Async, Empty, NotAvailable, Table } from '../components.js';
import { number } from '../format.js';
import { html, kindWords, useAsync, wsPath } from '../lib.js';

const OPERATION = '/otlp/tenants/{tenant_id}/workspaces/{workspace_id}/stats';

/** The counters of a period, in the order the table shows them: [field, label, value of a period]. */
function counters(period, reasons) {
  return [
    ['spans_received', 'Spans received', (p) => p.spans_received],
    ...Object.keys(period.mapped ?? {}).map((t) => [`mapped.${t}`, `Spans mapped to ${kindWords(t)} objects`, (p) => p.mapped?.[t]]),
    ...Object.keys(period.ignored ?? {}).map((r) => [
      `ignored.${r}`,
      `Spans ignored: ${reasons.get(r) ?? r.replaceAll('_', ' ')}`,
      (p) => p.ignored?.[r],
    ]),
    ['rejected', 'Spans rejected (could not be stored)', (p) => p.rejected],
    ['attributes_wrong_type', 'Attributes ignored for their type', (p) => p.attributes_wrong_type],
    ['objects_created', 'Inventory objects created from telemetry', (p) => p.objects_created],
    ['objects_refused', 'Objects refused past the cap', (p) => p.objects_refused],
    ['cost_reported_zero', 'Model calls that reported a zero cost', (p) => p.cost_reported_zero],
  ];
}

/** The words the service's document gives each reason a span is ignored for ("Spans ignored: …"). */
async function ignoreReasons() {
  const doc = await apiDocument();
  const schema = doc.paths?.[`/api/v1${OPERATION}`]?.get?.responses?.['200']?.content?.['application/json']?.schema;
  const props = schema?.properties?.total?.properties?.ignored?.properties ?? {};
  return new Map(
    Object.entries(props).map(([k, v]) => [
      k,
      String(v?.description ?? k)
        .replace(/^Spans ignored: /, '')
        .replace(/\.$/, ''),
    ]),
  );
}

export function OtlpStats({ route }) {
  const state = useAsync(async () => {
    if (!(await hasOperation(OPERATION))) return null;
    try {
      const [stats, reasons] = await Promise.all([get(`${wsPath(route, 'otlp')}/stats`), ignoreReasons()]);
      return { stats, reasons };
    } catch (e) {
      if (e.status === 404) return null;
      throw e;
    }
  }, [route.tenant, route.workspace]);
  return html`<section aria-labelledby="otlp-h">
    <h2 id="otlp-h">OpenTelemetry intake</h2>
    <${Async}
      state=${state}
      what="Loading the OpenTelemetry statistics"
      render=${(d) => {
        if (d === null) return html`<${NotAvailable} what="OTLP statistics" />`;
        const { today, total, object_cap } = d.stats;
        return html`<div class="table-wrap" tabindex="0" role="region" aria-label="OpenTelemetry spans and what became of them">
            <table data-testid="otlp-stats">
              <caption>Spans of the OTLP exports and what became of them; at most ${number(object_cap)} objects may be created from telemetry</caption>
              <thead>
                <tr><th scope="col">Counter</th><th scope="col" class="num">Today (${today.day}, UTC)</th><th scope="col" class="num">In total</th></tr>
              </thead>
              <tbody>
                ${counters(total, d.reasons).map(
                  ([field, text, value]) =>
                    html`<tr data-field=${field}><th scope="row">${text}</th><td class="num">${number(value(today) ?? 0)}</td><td class="num">${number(value(total) ?? 0)}</td></tr>`,
                )}
              </tbody>
            </table>
          </div>
          <h3>GenAI attributes nothing maps (in total)</h3>
          ${
            total.unmapped_attributes?.length
              ? html`<${Table}
                  caption="Attribute keys of GenAI spans the service does not map, most frequent first"
                  testid="otlp-unmapped"
                  header=${['key', 'count']}
                  headings=${['Attribute', 'Spans']}
                  rows=${total.unmapped_attributes.map((a) => [a.key, a.count])}
                />`
              : html`<${Empty}>Every attribute of the GenAI spans received is mapped.</${Empty}>`
          }`;
      }}
    />
  </section>`;
}
