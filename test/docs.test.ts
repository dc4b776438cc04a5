// Documentation generated from code stays in step with it.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { sectionsOf } from '../scripts/generated-sections.ts';
import { inventoryDoc } from '../scripts/inventory-doc.ts';
import { sections as runtimeSections } from '../scripts/runtime-doc.ts';

describe('docs', () => {
  it('docs/INVENTORY.md matches the catalogue (regenerate: node scripts/inventory-doc.ts)', () => {
    assert.equal(readFileSync(new URL('../docs/INVENTORY.md', import.meta.url), 'utf8'), inventoryDoc());
  });
  it("docs/RUNTIME.md's dialect tables match the dialects' declarations (regenerate: node scripts/runtime-doc.ts)", () => {
    const { committed, generated } = sectionsOf('docs/RUNTIME.md', runtimeSections);
    assert.equal(committed, generated);
  });
});
