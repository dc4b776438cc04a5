// The interactive API reference at GET /docs: Swagger UI (from the swagger-ui-dist package)
// rendering the service's own /api/v1/openapi.json, so routes added later appear without a change
// here. Everything the page needs is served by the service itself: no CDN, no fonts or validator
// badge from elsewhere, and a Content-Security-Policy that lets the browser fetch from this origin
// only. A token entered under "Authorize" is sent as `Authorization: Bearer <token>` (the word
// Bearer is added when left out), and stays in the page: nothing is stored.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import Type from 'typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../errors.ts';

const distDir = dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const uiVersion = (JSON.parse(readFileSync(join(distDir, 'package.json'), 'utf8')) as { version: string }).version;

/** Where the page's own files live; the version in the path lets browsers keep them for good. */
const ASSETS = `/docs/assets/${uiVersion}`;

// The page's script: a file of its own rather than inline, so the policy needs no 'unsafe-inline'.
const INIT_JS = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/v1/openapi.json',
    dom_id: '#swagger-ui',
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
    deepLinking: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    displayOperationId: true,
    displayRequestDuration: true,
    filter: true,
    persistAuthorization: false,
    // The default would load a badge from a validator on the internet.
    validatorUrl: null,
    requestInterceptor: function (req) {
      var auth = req.headers.Authorization || req.headers.authorization;
      if (auth && !/^Bearer\\s/i.test(auth)) req.headers.Authorization = 'Bearer ' + auth.trim();
      return req;
    },
  });
});
`;

const PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>aispm-query API reference</title>
<link rel="icon" type="image/png" href="${ASSETS}/favicon-32x32.png">
<link rel="stylesheet" href="${ASSETS}/swagger-ui.css">
</head>
<body>
<div id="swagger-ui"></div>
<script src="${ASSETS}/swagger-ui-bundle.js"></script>
<script src="${ASSETS}/init.js"></script>
</body>
</html>
`;

// Swagger UI sets inline styles and draws icons from data: URIs; everything else is this origin.
const POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

interface Asset {
  type: string;
  body: Buffer;
  gzip?: Buffer;
}

function fromDist(file: string, type: string): () => Asset {
  return () => ({ type, body: readFileSync(join(distDir, file)) });
}

const assetSources: Record<string, () => Asset> = {
  'swagger-ui-bundle.js': fromDist('swagger-ui-bundle.js', 'text/javascript; charset=utf-8'),
  'swagger-ui.css': fromDist('swagger-ui.css', 'text/css; charset=utf-8'),
  'favicon-32x32.png': fromDist('favicon-32x32.png', 'image/png'),
  'init.js': () => ({ type: 'text/javascript; charset=utf-8', body: Buffer.from(INIT_JS) }),
};

export function registerReference(app: FastifyInstance): void {
  // Read on first use, then kept: the bundle is 1.7 MB, 0.5 MB gzipped once.
  const assets = new Map<string, Asset>();
  const assetOf = (file: string): Asset | undefined => {
    let a = assets.get(file);
    if (!a && Object.hasOwn(assetSources, file)) {
      a = assetSources[file]!();
      if (!a.type.startsWith('image/')) a.gzip = gzipSync(a.body);
      assets.set(file, a);
    }
    return a;
  };

  // The app sets `cache-control: no-store` on every answer; the page's own files may be kept.
  const cacheable = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (reply.statusCode === 200) reply.header('cache-control', 'public, max-age=31536000, immutable');
    return payload;
  };

  app.get('/docs', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) => {
    return reply.type('text/html; charset=utf-8').header('content-security-policy', POLICY).send(PAGE);
  });

  app.withTypeProvider<TypeBoxTypeProvider>().get(
    `/docs/assets/:version/:file`,
    {
      config: { access: 'public' },
      schema: { hide: true, params: Type.Object({ version: Type.String(), file: Type.String() }) },
      onSend: cacheable,
    },
    async (request, reply) => {
      const { version, file } = request.params;
      const asset = version === uiVersion ? assetOf(file) : undefined;
      if (!asset) throw notFound('no such file of the reference page');
      reply.type(asset.type).header('vary', 'accept-encoding');
      if (asset.gzip && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) {
        return reply.header('content-encoding', 'gzip').send(asset.gzip);
      }
      return reply.send(asset.body);
    },
  );
}
