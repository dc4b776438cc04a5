// CI's check of the generated OpenAPI document: @redocly/cli lint with redocly.yaml; fails on errors.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeFileSync } from 'node:fs';
import { openApiDocument } from './openapi.ts';

const dir = mkdtempSync(join(tmpdir(), 'aispm-lint-'));
const file = join(dir, 'openapi.json');
writeFileSync(file, JSON.stringify(await openApiDocument(), null, 2));
const res = spawnSync(process.execPath, ['node_modules/@redocly/cli/bin/cli.js', 'lint', '--config', 'redocly.yaml', file], {
  stdio: 'inherit',
});
rmSync(dir, { recursive: true, force: true });
process.exit(res.status ?? 1);
