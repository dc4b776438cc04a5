// The web console at GET /ui (GET / redirects there): a read-only view of the estate that reads the
// public API only, so everything it shows a script can get too (docs/CONSOLE.md).
//
// No build step: the console's own modules (./ui/) and its libraries (preact, htm, Chart.js,
// cytoscape, as the npm registry ships them in node_modules) are native ES modules that the browser
// loads as they are. One import map, inline in the page, names the libraries; its SHA-256 is the only
// inline script the Content-Security-Policy allows. Everything comes from this origin: the console
// works offline, and the policy lets the browser fetch nothing from anywhere else.
//
// The files live under /ui/assets/<digest>/…, where the digest covers every file served: a browser
// may keep them for good, and a new version of any file is a new address.

import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import Type from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../../platform/errors.ts';
import { columnsModule } from './columns-module.ts';

const UI_DIR = fileURLToPath(new URL('./ui/', import.meta.url));
const require = createRequire(import.meta.url);

/**
 * A file of an npm package, found where Node would look for the package: some packages export
 * neither their dist files nor their package.json, so the directory is located, not resolved.
 */
function packageFile(pkg: string, file: string): string {
  for (const dir of require.resolve.paths(pkg) ?? []) {
    if (existsSync(join(dir, pkg, 'package.json'))) return join(dir, pkg, file);
  }
  throw new Error(`the console needs the npm package ${pkg}: run npm install`);
}

/** The libraries, as served under vendor/, and the bare names the console's modules import them by. */
const VENDOR: Array<{ file: string; source: () => string; specifier?: string }> = [
  { file: 'preact.mjs', source: () => packageFile('preact', 'dist/preact.mjs'), specifier: 'preact' },
  { file: 'preact-hooks.mjs', source: () => packageFile('preact', 'hooks/dist/hooks.mjs'), specifier: 'preact/hooks' },
  { file: 'htm.mjs', source: () => packageFile('htm', 'dist/htm.mjs'), specifier: 'htm' },
  // Chart.js's module imports its chunk by a relative path, kept here, and its colour library by name.
  { file: 'chart/chart.js', source: () => packageFile('chart.js', 'dist/chart.js'), specifier: 'chart.js' },
  { file: 'chart/chunks/index.js', source: () => packageFile('chart.js', 'dist/chunks/index.js') },
  { file: 'kurkle-color.mjs', source: () => packageFile('@kurkle/color', 'dist/color.esm.js'), specifier: '@kurkle/color' },
  { file: 'cytoscape.mjs', source: () => packageFile('cytoscape', 'dist/cytoscape.esm.min.mjs'), specifier: 'cytoscape' },
];

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

interface Asset {
  type: string;
  body: Buffer;
  gzip: Buffer;
}

interface Console {
  digest: string;
  assets: Map<string, Asset>;
  page: string;
  policy: string;
}

function typeOf(file: string): string {
  const ext = file.slice(file.lastIndexOf('.'));
  return TYPES[ext] ?? 'application/octet-stream';
}

/** Reads every file once, on the first request for the console. */
function loadConsole(): Console {
  const files = new Map<string, Buffer>();
  for (const name of readdirSync(UI_DIR, { recursive: true, encoding: 'utf8' }).sort()) {
    if (/\.(js|css|svg)$/.test(name)) files.set(name.replaceAll('\\', '/'), readFileSync(join(UI_DIR, name)));
  }
  for (const v of VENDOR) files.set(`vendor/${v.file}`, readFileSync(v.source()));
  // The column labels, from the catalogue (./columns-module.ts).
  files.set('columns.js', Buffer.from(columnsModule()));
  const h = createHash('sha256');
  for (const [name, body] of files) h.update(name).update('\0').update(body).update('\0');
  const digest = h.digest('hex').slice(0, 16);
  const base = `/ui/assets/${digest}`;
  const assets = new Map<string, Asset>();
  for (const [name, body] of files) assets.set(name, { type: typeOf(name), body, gzip: gzipSync(body) });

  const importMap = JSON.stringify({
    imports: Object.fromEntries(VENDOR.filter((v) => v.specifier).map((v) => [v.specifier, `${base}/vendor/${v.file}`])),
  });
  const mapHash = createHash('sha256').update(importMap).digest('base64');
  const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>aispm console</title>
<link rel="icon" href="${base}/icon.svg" type="image/svg+xml">
<link rel="stylesheet" href="${base}/app.css">
<link rel="stylesheet" href="${base}/cytoscape.css" id="__________cytoscape_stylesheet">
<script type="importmap">${importMap}</script>
<script type="module" src="${base}/app.js"></script>
</head>
<body>
<div id="app"><p class="boot">Loading the console…</p></div>
<noscript>The console needs JavaScript. The same data is in the API: <a href="/docs">/docs</a>.</noscript>
</body>
</html>
`;
  // Chart.js and cytoscape set element styles from script (CSSOM, which style-src does not govern);
  // nothing needs inline style attributes or <style> elements, so style-src is this origin only.
  const policy = [
    "default-src 'none'",
    `script-src 'self' 'sha256-${mapHash}'`,
    "style-src 'self'",
    "img-src 'self'",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  return { digest, assets, page, policy };
}

export function registerConsole(app: FastifyInstance): void {
  let loaded: Console | undefined;
  const ui = () => (loaded ??= loadConsole());

  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => reply.redirect('/ui', 302));

  app.get('/ui', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    const c = ui();
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', c.policy)
      .header('referrer-policy', 'no-referrer')
      .header('x-frame-options', 'DENY')
      .send(c.page);
  });

  // The app sets `cache-control: no-store` on every answer; the console's files may be kept.
  const cacheable = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=31536000, immutable');
    return payload;
  };

  app.withTypeProvider<TypeBoxTypeProvider>().get(
    '/ui/assets/:digest/*',
    {
      config: { access: 'public' },
      schema: { hide: true, params: Type.Object({ digest: Type.String(), '*': Type.String() }) },
      onSend: cacheable,
    },
    async (request, reply) => {
      const c = ui();
      const file = request.params['*'];
      const asset = request.params.digest === c.digest ? c.assets.get(file) : undefined;
      if (!asset) throw notFound('no such file of the console');
      reply.type(asset.type).header('vary', 'accept-encoding');
      if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? '')))
        return reply.header('content-encoding', 'gzip').send(asset.gzip);
      return reply.send(asset.body);
    },
  );
}
