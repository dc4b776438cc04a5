import Fastify from 'fastify';
const body = 'x'.repeat(1100);
const mode = process.argv[2];
const app = Fastify({logger:false});
for (const h of ['onRequest','onRequest','onRequest','onRequest','preHandler','preHandler','onSend','onSend','onResponse','onResponse']) {
  if (mode === 'async') app.addHook(h, h === 'onSend' ? async (req, reply, p) => p : async () => {});
  if (mode === 'cb') app.addHook(h, h === 'onSend' ? (req, reply, p, done) => done(null, p) : (req, reply, done) => done());
}
app.get('/x/:a', (req, reply) => { reply.type('application/json; charset=utf-8').send(body); });
await app.listen({port:4001});
