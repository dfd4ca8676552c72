import { describe, expect, it } from 'vitest';
import { md4 } from '../../../src/modules/health/check-types/md4.ts';

describe('md4', () => {
  it('matches the RFC 1320 test suite', () => {
    const suite: Array<[string, string]> = [
      ['', '31d6cfe0d16ae931b73c59d7e0c089c0'],
      ['a', 'bde52cb31de33e46245e05fbdbd6fb24'],
      ['abc', 'a448017aaf21d8525fc10ae87aa6729d'],
      ['message digest', 'd9130a8164549fe818874806e1c7014b'],
      ['abcdefghijklmnopqrstuvwxyz', 'd79e1c308aa5bbcdeea8ed63df412da9'],
      [
        'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789',
        '043f8582f241db351ce627e153e7f0e4',
      ],
      ['1234567890'.repeat(8), 'e33b4ddc9c38f2199c3e7b164fcc0536'],
    ];
    for (const [input, digest] of suite) {
      expect(md4(Buffer.from(input, 'latin1')).toString('hex')).toBe(digest);
    }
  });

  it('gives the NT hash of the MS-NLMP example password', () => {
    expect(md4(Buffer.from('Password', 'utf16le')).toString('hex')).toBe(
      'a4f49c406510bdcab6824ee7c30fd852',
    );
  });
});
