// The benchmark's interaction file: `count` interaction lines in sessions of ten, over 500 agents,
// one second apart and ending now, a few blocked or redacted. bench/run.ts (the import and HTTP
// ingest cases) and bench/import-rate.ts write it.

import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

export function writeInteractions(file: string, count: number, prefix: string): Promise<void> {
  const out = createWriteStream(file);
  const now = Date.now();
  let chunk: string[] = [];
  for (let i = 0; i < count; i++) {
    chunk.push(
      JSON.stringify({
        type: 'interaction',
        id: `${prefix}-${i}`,
        session_id: `${prefix}-s${Math.floor(i / 10)}`,
        agent_id: `agent-${String(1 + (Math.floor(i / 10) % 500)).padStart(5, '0')}`,
        model: 'gpt-4o-mini',
        provider: 'openai',
        time: new Date(now - (count - i) * 1000).toISOString(),
        duration_ms: 800 + (i % 900),
        input_tokens: 200 + (i % 1000),
        output_tokens: 50 + (i % 300),
        prompt_outcome: i % 37 === 0 ? 'BLOCKED' : 'OK',
        response_outcome: i % 53 === 0 ? 'REDACTED' : 'OK',
        categories: i % 37 === 0 ? ['prompt_injection'] : [],
      }),
    );
    if (chunk.length === 10_000) {
      out.write(chunk.join('\n') + '\n');
      chunk = [];
    }
  }
  out.end(chunk.length ? chunk.join('\n') + '\n' : '');
  return once(out, 'finish').then(() => undefined);
}
