// The ceiling of `npm run bench`: a bare node:http server that answers each path with the exact status,
// headers and body the site sent for it (captured by bench/run.ts into the JSON file named by argv[2]).
// Nothing else: no routing library, no negotiation, no middleware.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const captured = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const responses = new Map(
  Object.entries(captured).map(([path, { status, headers, body }]) => [path, { status, headers, body: Buffer.from(body, 'base64') }]),
);
const server = createServer((req, res) => {
  const response = responses.get(req.url);
  if (!response) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(response.status, response.headers);
  res.end(response.body);
});
server.listen(0, '127.0.0.1', () => process.stdout.write(`ouvindo ${server.address().port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
