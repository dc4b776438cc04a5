// The ceiling: a bare node:http server that answers every request with the same bytes from
// memory (status, content type and body of one real answer of the service). Nothing is faster
// on this machine with Node, so each benchmark case reports its requests/s as a share of this.
//
//   node bench/ceiling.ts <file with the body> <content-type> <status>    (prints its port)

import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';

const [file, type, status] = process.argv.slice(2) as [string, string, string];
const body = readFileSync(file);
const headers = { 'content-type': type, 'content-length': String(body.length) };
const server = createServer((req, res) => {
  req.resume();
  res.writeHead(Number(status), headers);
  res.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(`${typeof address === 'object' && address ? address.port : 0}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
