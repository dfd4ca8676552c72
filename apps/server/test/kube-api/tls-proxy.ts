import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TlsProxy {
  readonly url: string;
  /** The self-signed certificate (PEM file) that clients must trust. */
  readonly caFile: string;
  close(): Promise<void>;
}

/**
 * Terminates TLS on a loopback port and pipes the bytes to a plain-http server, as a reverse
 * proxy in front of Vigil does. The certificate is made with openssl for 127.0.0.1.
 */
export async function startTlsProxy(targetPort: number, dir: string): Promise<TlsProxy> {
  const key = path.join(dir, 'tls.key');
  const cert = path.join(dir, 'tls.crt');
  await run(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { timeout: 20_000 },
  );
  const sockets = new Set<net.Socket>();
  const server = tls.createServer(
    { key: await fs.readFile(key), cert: await fs.readFile(cert) },
    (client) => {
      const upstream = net.connect(targetPort, '127.0.0.1');
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('error', () => socket.destroy());
        socket.on('close', () => sockets.delete(socket));
      }
      client.pipe(upstream).pipe(client);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `https://127.0.0.1:${port}`,
    caFile: cert,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
