import {
  ConnectionTestFailed,
  ConnectionTestUnsupported,
  requireUrl,
  textProperty,
  type ConnectionTester,
} from './connection-tester.ts';

/**
 * Git's smart HTTP protocol: asks the server to advertise its refs for git-upload-pack (what
 * `git ls-remote` does) and checks that the connection's ref is among them.
 */
export const gitTester: ConnectionTester = {
  type: 'git',
  async test(connection, ctx) {
    if (textProperty(connection, 'authentication') === 'ssh') {
      throw new ConnectionTestUnsupported('git over SSH');
    }
    const url = new URL(requireUrl(connection));
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new ConnectionTestUnsupported(`git over ${url.protocol}`);
    }
    const refs = new URL(`${url.href.replace(/\/$/, '')}/info/refs`);
    refs.searchParams.set('service', 'git-upload-pack');
    const headers: Record<string, string> = { 'git-protocol': 'version=0' };
    if (connection.username) {
      const basic = `${connection.username}:${connection.password ?? ''}`;
      headers.authorization = `Basic ${Buffer.from(basic).toString('base64')}`;
    }
    const response = await fetch(refs, { headers, signal: ctx.signal }).catch((error: unknown) => {
      throw new ConnectionTestFailed(`${url.host}: ${describe(error)}`);
    });
    const body = await response.text();
    if (response.status !== 200) {
      throw new ConnectionTestFailed(
        `${url.host} answered ${response.status} ${response.statusText}`,
      );
    }
    if (response.headers.get('content-type') !== 'application/x-git-upload-pack-advertisement') {
      throw new ConnectionTestFailed(`${url.href} is not a git repository served over smart HTTP`);
    }
    const ref = textProperty(connection, 'ref') ?? 'main';
    const names = advertisedRefs(body);
    const wanted = [ref, `refs/heads/${ref}`, `refs/tags/${ref}`];
    if (!names.some((name) => wanted.includes(name)) && !names.includes(ref)) {
      throw new ConnectionTestFailed(`ref ${ref} was not found in ${url.href}`);
    }
  },
};

/** Ref names from a pkt-line advertisement: `<sha> <name>[\0capabilities]` lines. */
function advertisedRefs(body: string): string[] {
  return body
    .split('\n')
    .map((line) => /^[0-9a-f]{4}[0-9a-f]{40} ([^\0\s]+)/.exec(line)?.[1])
    .filter((name): name is string => name !== undefined);
}

function describe(error: unknown): string {
  if (error instanceof Error && error.cause instanceof Error) return error.cause.message;
  return error instanceof Error ? error.message : String(error);
}
