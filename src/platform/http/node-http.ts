// node:http, required rather than imported. Importing a built-in module from an ES module builds
// its ES-module view, which reads every export once; node:http's lazy WebSocket, CloseEvent and
// MessageEvent exports then load Node's bundled undici. That is 40 ms of every start (measured:
// `import('node:http')` after the module was already required), spent on classes the service never
// uses. Fastify requires node:http itself, so requiring it here costs nothing more.

import { createRequire } from 'node:module';

export const nodeHttp = createRequire(import.meta.url)('node:http') as typeof import('node:http');
