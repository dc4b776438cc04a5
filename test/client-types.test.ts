// The typed client never drifts from the server: its committed types must be what
// openapi-typescript makes of the OpenAPI document the routes produce today.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { clientTypes, SCHEMA_FILE } from '../scripts/client-types.ts';

describe('client types', () => {
  it('src/client/schema.ts matches the OpenAPI document (regenerate: npm run client:types)', async () => {
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    const generated = await clientTypes();
    // A plain equality would print 6,000 lines on a mismatch: name the first line that differs.
    if (committed !== generated) {
      const a = committed.split('\n');
      const b = generated.split('\n');
      let i = 0;
      while (i < a.length && a[i] === b[i]) i++;
      assert.fail(
        `src/client/schema.ts is out of date from line ${i + 1} (committed: ${JSON.stringify(a[i] ?? '<end>')}, ` +
          `generated: ${JSON.stringify(b[i] ?? '<end>')}); run \`npm run client:types\` and commit it`,
      );
    }
  });
});
