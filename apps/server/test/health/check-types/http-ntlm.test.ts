import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ntlmv2Blob,
  ntlmv2Hash,
  ntlmv2Response,
} from '../../../src/modules/health/check-types/ntlm-messages.ts';
import { ntlmCredentials } from '../../../src/modules/health/check-types/ntlm.ts';
import { startNtlmServer, type NtlmServer } from '../fixtures/ntlm-server.ts';
import { runCheck } from './check-context.ts';

// MS-NLMP 4.2.1: the NT hash of the password "Password".
const passwordHash = Buffer.from('a4f49c406510bdcab6824ee7c30fd852', 'hex');
let server: NtlmServer;

beforeAll(async () => {
  server = await startNtlmServer({ domain: 'Domain', username: 'User', ntHash: passwordHash });
});

afterAll(() => server.close());

describe('http check with NTLM', () => {
  it('authenticates with NTLMv2 on one connection when the password is right', async () => {
    const outcome = await runCheck('http', {
      url: `${server.url}/`,
      username: 'Domain\\User',
      password: 'Password',
      ntlm: true,
    });
    expect(outcome.pass).toBe(true);
    expect(outcome.data).toMatchObject({ code: 200, content: 'hello Domain\\User' });
    expect(server.attempts.at(-1)).toEqual({
      user: 'User',
      domain: 'Domain',
      accepted: true,
      sameSocket: true,
    });
  });

  it('is refused with a 401 when the password is wrong', async () => {
    const outcome = await runCheck('http', {
      url: `${server.url}/`,
      username: { value: 'Domain\\User' },
      password: { value: 'wrong' },
      ntlmv2: true,
    });
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toBe('response code 401, expected 2xx or 3xx');
    expect(server.attempts.at(-1)).toMatchObject({ accepted: false, sameSocket: true });
  });

  it('accepts a 401 as the expected answer through responseCodes', async () => {
    const outcome = await runCheck('http', {
      url: `${server.url}/`,
      username: 'Domain\\Nobody',
      password: 'Password',
      ntlm: true,
      responseCodes: [401],
    });
    expect(outcome.pass).toBe(true);
  });

  it('splits DOMAIN\\user and keeps other names whole', () => {
    expect(ntlmCredentials('CORP\\alice', 'pw')).toMatchObject({
      username: 'alice',
      domain: 'CORP',
    });
    expect(ntlmCredentials('alice@corp.example', 'pw')).toMatchObject({
      username: 'alice@corp.example',
      domain: '',
    });
  });

  it('computes the NTLMv2 response of the MS-NLMP test vector', () => {
    const hash = ntlmv2Hash('User', 'Password', 'Domain');
    expect(hash.toString('hex')).toBe('0c868a403bfd7a93a3001ef22ef02e3f');
    const pair = (id: number, text: string) => {
      const value = Buffer.from(text, 'utf16le');
      return Buffer.concat([Buffer.from([id, 0, value.length, 0]), value]);
    };
    const targetInfo = Buffer.concat([pair(2, 'Domain'), pair(1, 'Server'), Buffer.alloc(4)]);
    const blob = ntlmv2Blob(Buffer.alloc(8), Buffer.alloc(8, 0xaa), targetInfo);
    const response = ntlmv2Response(hash, Buffer.from('0123456789abcdef', 'hex'), blob);
    expect(response.subarray(0, 16).toString('hex')).toBe('68cd0ab851e51c96aabc927bebef6a1c');
  });
});
