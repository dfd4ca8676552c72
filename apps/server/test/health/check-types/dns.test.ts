import dgram from 'node:dgram';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsmasq } from '../fixtures/dnsmasq.ts';
import { type SpawnedDaemon } from '../fixtures/spawned-daemon.ts';
import { findFreePort } from '../../../src/platform/ports.ts';
import { runCheck } from './check-context.ts';

let dnsmasq: SpawnedDaemon;
let silent: dgram.Socket;
let silentPort = 0;

beforeAll(async () => {
  dnsmasq = await startDnsmasq([
    '--host-record=probe.test,10.1.2.3,fd00::1',
    '--address=/multi.test/10.0.0.1',
    '--address=/multi.test/10.0.0.2',
    '--txt-record=txt.probe.test,v=vigil1',
    '--mx-host=probe.test,mail.probe.test,10',
    '--cname=alias.probe.test,probe.test',
    '--cname=outer.probe.test,alias.probe.test',
    '--srv-host=_http._tcp.probe.test,probe.test,8080,1,5',
  ]);
  // A server that reads queries and never answers.
  silent = dgram.createSocket('udp4');
  await new Promise<void>((resolve) => silent.bind(0, '127.0.0.1', resolve));
  silentPort = silent.address().port;
});

afterAll(async () => {
  await dnsmasq?.stop();
  await new Promise<void>((resolve) => (silent ? silent.close(() => resolve()) : resolve()));
});

const at = () => ({ server: '127.0.0.1', port: dnsmasq.port });

describe('dns check', () => {
  it('passes an A lookup that matches minrecords and exactreply', async () => {
    const outcome = await runCheck('dns', {
      ...at(),
      query: 'multi.test',
      querytype: 'A',
      minrecords: 2,
      exactreply: ['10.0.0.2', '10.0.0.1'],
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.pass).toBe(true);
    expect(outcome.data.records).toHaveLength(2);
    expect(outcome.data.records).toEqual(expect.arrayContaining(['10.0.0.1', '10.0.0.2']));
    expect(outcome.data.elapsed).toEqual(expect.any(Number));
    expect(outcome.message).toMatch(/^got \[.*10\.0\.0\.1.*\] in \d+ms$/);
  });

  it.each([
    ['AAAA', 'probe.test', ['fd00::1']],
    ['txt', 'txt.probe.test', ['v=vigil1']],
    ['MX', 'probe.test', ['mail.probe.test. 10']],
    ['CNAME', 'alias.probe.test', ['probe.test.']],
    ['SRV', '_http._tcp.probe.test', ['1 5 8080 probe.test.']],
    ['PTR', '10.1.2.3', ['probe.test.']],
  ])('answers %s %s in canary-checker form', async (querytype, query, records) => {
    const outcome = await runCheck('dns', { ...at(), query, querytype, exactreply: records });
    expect(outcome.error).toBeUndefined();
    expect(outcome.data.records).toEqual(records);
  });

  it('compares names without caring about case or the trailing dot', async () => {
    const outcome = await runCheck('dns', {
      ...at(),
      query: 'probe.test',
      querytype: 'MX',
      exactreply: ['MAIL.probe.test 10'],
    });
    expect(outcome.pass).toBe(true);
  });

  it("answers A with IPv4 and IPv6 addresses, as Go's LookupHost does", async () => {
    const outcome = await runCheck('dns', {
      ...at(),
      query: 'probe.test',
      querytype: 'A',
      minrecords: 2,
      exactreply: ['fd00::1', '10.1.2.3'],
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.data.records).toEqual(['10.1.2.3', 'fd00::1']);
  });

  it.each([
    ['a CNAME chain, to its end', 'outer.probe.test', 'probe.test.'],
    ['one CNAME', 'alias.probe.test', 'probe.test.'],
    ['a name without a CNAME that has addresses, as itself', 'probe.test', 'probe.test.'],
  ])("answers CNAME for %s, as Go's LookupCNAME does", async (_what, query, canonical) => {
    const outcome = await runCheck('dns', {
      ...at(),
      query,
      querytype: 'CNAME',
      minrecords: 1,
      exactreply: [canonical],
    });
    expect(outcome.error).toBeUndefined();
    expect(outcome.pass).toBe(true);
    expect(outcome.data.records).toEqual([canonical]);
  });

  it('fails CNAME for a name with neither a CNAME nor addresses', async () => {
    const outcome = await runCheck('dns', { ...at(), query: 'txt.probe.test', querytype: 'CNAME' });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/no CNAME records$/);
  });

  it('compares TXT without caring about case, and passes SRV whenever it answers', async () => {
    const txt = await runCheck('dns', {
      ...at(),
      query: 'txt.probe.test',
      querytype: 'TXT',
      exactreply: ['V=VIGIL1'],
    });
    expect(txt.pass).toBe(true);
    const srv = await runCheck('dns', {
      ...at(),
      query: '_http._tcp.probe.test',
      querytype: 'SRV',
      minrecords: 3,
      exactreply: ['other'],
    });
    expect(srv.pass).toBe(true);
  });

  it('fails when fewer records than minrecords come back', async () => {
    const outcome = await runCheck('dns', { ...at(), query: 'multi.test', minrecords: 3 });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toBe(
      `A/multi.test@127.0.0.1:${dnsmasq.port}: returned 2 records, expected at least 3`,
    );
  });

  it('fails when the answer differs from exactreply', async () => {
    const outcome = await runCheck('dns', {
      ...at(),
      query: 'probe.test',
      exactreply: ['10.9.9.9'],
    });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/got \[10\.1\.2\.3, fd00::1\], expected \[10\.9\.9\.9\]$/);
    expect(outcome.data.records).toEqual(['10.1.2.3', 'fd00::1']);
  });

  it('fails on NXDOMAIN and on a name without records of the type', async () => {
    const missing = await runCheck('dns', { ...at(), query: 'nope.test' });
    expect(missing.pass).toBe(false);
    expect(missing.error).toMatch(/: no such domain \(NXDOMAIN\)$/);
    const empty = await runCheck('dns', { ...at(), query: 'multi.test', querytype: 'AAAA' });
    expect(empty.pass).toBe(false);
    expect(empty.error).toMatch(/no AAAA records|NXDOMAIN/);
  });

  it('fails when no server listens on the port', async () => {
    const port = await findFreePort();
    const outcome = await runCheck(
      'dns',
      { server: '127.0.0.1', port, query: 'probe.test' },
      { timeoutMs: 3000 },
    );
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(/: (connection refused|no answer within 3000ms)$/);
  });

  it('gives up at the time limit when the server never answers', async () => {
    const started = Date.now();
    const outcome = await runCheck(
      'dns',
      { server: '127.0.0.1', port: silentPort, query: 'probe.test' },
      { timeoutMs: 500 },
    );
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toBe(`A/probe.test@127.0.0.1:${silentPort}: no answer within 500ms`);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('refuses an unknown query type', async () => {
    await expect(runCheck('dns', { query: 'probe.test', querytype: 'HINFO' })).rejects.toThrow(
      /querytype/,
    );
  });
});
