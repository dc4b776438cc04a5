// Writes the OpenAPI document the service serves at /api/v1/openapi.json to standard output (or
// to the file named by the first argument), built from a throw-away SQLite database.

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../src/config.ts';
import { buildApp } from '../src/compose.ts';
import { openDb } from '../src/platform/db/open.ts';
import { migrate } from '../src/compose.ts';

export async function openApiDocument(): Promise<unknown> {
  const dir = mkdtempSync(join(tmpdir(), 'aispm-openapi-'));
  const db = openDb(`sqlite:${join(dir, 'doc.db')}`);
  try {
    await migrate(db);
    const { app } = await buildApp({ db, config: { ...loadConfig({}), db: `sqlite:${join(dir, 'doc.db')}` }, logger: false });
    const doc = app.swagger();
    await app.close();
    return doc;
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.main) {
  const text = JSON.stringify(await openApiDocument(), null, 2) + '\n';
  if (process.argv[2]) writeFileSync(process.argv[2], text);
  else process.stdout.write(text);
}
