/** Baseline for the health route: raw Node http answering the same JSON. */
import { createServer } from 'node:http';

const body = JSON.stringify({ status: 'ok' });
const server = createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
});
server.listen(Number(process.env['PORT']), '127.0.0.1', () => process.send?.('ready'));
