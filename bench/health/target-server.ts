import http from 'node:http';

/**
 * The checks' target, run as its own process so its CPU is not counted as the server's.
 * Answers 200 'ok' to anything and prints its port.
 */
const server = http.createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'text/plain', 'content-length': '2' });
  response.end('ok');
});
server.keepAliveTimeout = 1000;
server.listen({ port: 0, host: '127.0.0.1', backlog: 4096 }, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`target listening on ${port}\n`);
});
const stop = (): void => {
  server.closeAllConnections();
  server.close(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
// Not left behind if the bench dies without cleaning up (SIGKILL).
const parent = process.ppid;
setInterval(() => process.ppid !== parent && stop(), 1000).unref();
