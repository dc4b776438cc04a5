// Documentation generated from code stays in step with it.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { inventoryDoc } from '../scripts/inventory-doc.ts';

describe('docs', () => {
  it('docs/INVENTORY.md matches the catalogue (regenerate: node scripts/inventory-doc.ts)', () => {
    assert.equal(readFileSync(new URL('../docs/INVENTORY.md', import.meta.url), 'utf8'), inventoryDoc());
  });
});
