// OpenLLMetry (Traceloop: @traceloop/node-server-sdk, traceloop-sdk): workflow / task / agent / tool
// spans named by traceloop.span.kind; its model calls speak the (deprecated) GenAI conventions and are
// read by genai.ts.

import type { DialectSpec, Reading } from './dialect.ts';
import { codes, lower } from './reader.ts';

const SESSION = ['traceloop.association.properties.session_id', 'traceloop.association.properties.sessionId'];

function read({ r, view, cue }: Reading): void {
  const kind = cue('traceloop');
  const entity = r.str('traceloop.entity.name');
  if (kind === 'agent' && entity) {
    view.role = 'agent';
    view.agent = { name: entity, id: r.str('gen_ai.agent.id') };
  } else if (kind === 'tool' && entity) {
    view.role = 'tool';
    view.tool = { name: entity, type: 'function' };
  }
}

export const traceloop = {
  name: 'traceloop',
  prefixes: [
    'traceloop.association.properties.',
    'traceloop.entity.',
    'traceloop.workflow.',
    'traceloop.span.kind',
    // Its model spans' own llm.* attributes (the request type is read by genai.ts).
    'llm.request.',
    'llm.usage.',
    'llm.is_streaming',
    'llm.headers',
  ],
  session: SESSION,
  cue: (r) => lower(r.str('traceloop.span.kind')),
  claims: 'kind',
  recognises: (kind) => !!kind,
  read,
  doc: {
    label: 'OpenLLMetry (Traceloop)',
    intro: '**OpenLLMetry / Traceloop** (`@traceloop/node-server-sdk`, `traceloop-sdk`).',
    table: [
      [
        'kind',
        '`traceloop.span.kind`: `agent` → agent, `tool` → tool, named by `traceloop.entity.name`; `workflow`, `task` → no object. Its model-call spans speak the GenAI conventions (current names in recent versions, deprecated ones before) and are read as above',
      ],
      ['agent of a span', '`gen_ai.agent.name`, which the SDK repeats on every span under `withAgent`'],
      ['session', `${codes(SESSION, ' (or ')}), set with \`withAssociationProperties\``],
    ],
  },
} as const satisfies DialectSpec;
