import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';

export interface Pki {
  readonly ca: string;
  readonly serverCert: string;
  readonly serverKey: string;
  readonly clientCert: string;
  readonly clientKey: string;
}

/** A private CA with a localhost server certificate and a client certificate, by openssl. */
export function privatePki(): Pki {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-pki-'));
  const file = (name: string) => path.join(dir, name);
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'ignore' });
  try {
    openssl(
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=vigil test CA',
      '-keyout',
      file('ca.key'),
      '-out',
      file('ca.crt'),
    );
    const leaves: ReadonlyArray<readonly [string, string, string]> = [
      ['server', 'localhost', 'subjectAltName=DNS:localhost,IP:127.0.0.1'],
      ['client', 'vigil-probe', 'extendedKeyUsage=clientAuth'],
    ];
    for (const [name, cn, ext] of leaves) {
      openssl(
        'req',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        `/CN=${cn}`,
        '-keyout',
        file(`${name}.key`),
        '-out',
        file(`${name}.csr`),
      );
      fs.writeFileSync(file(`${name}.ext`), `${ext}\n`);
      openssl(
        'x509',
        '-req',
        '-in',
        file(`${name}.csr`),
        '-CA',
        file('ca.crt'),
        '-CAkey',
        file('ca.key'),
        '-CAcreateserial',
        '-days',
        '2',
        '-extfile',
        file(`${name}.ext`),
        '-out',
        file(`${name}.crt`),
      );
    }
    const read = (name: string) => fs.readFileSync(file(name), 'utf8');
    return {
      ca: read('ca.crt'),
      serverCert: read('server.crt'),
      serverKey: read('server.key'),
      clientCert: read('client.crt'),
      clientKey: read('client.key'),
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A TLS terminator in front of a real local server (as stunnel fronts redis), requiring a
 * client certificate signed by the CA when `mutual`.
 */
export async function tlsProxy(
  pki: Pki,
  target: { host: string; port: number },
  mutual: boolean,
): Promise<{ port: number; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = tls.createServer(
    {
      cert: pki.serverCert,
      key: pki.serverKey,
      ca: pki.ca,
      requestCert: mutual,
      rejectUnauthorized: mutual,
    },
    (socket) => {
      const upstream = net.connect(target);
      sockets.add(socket).add(upstream);
      socket.pipe(upstream).pipe(socket);
      socket.on('error', () => upstream.destroy());
      upstream.on('error', () => socket.destroy());
    },
  );
  server.on('tlsClientError', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
