import { describe, expect, it } from 'vitest';
import { acceptedCheckKeys, offeredCanaryTypes } from './offered-types.ts';

const checks = (description?: string) => ({
  type: 'array',
  items: { type: 'object', properties: { name: { type: 'string' } } },
  ...(description === undefined ? {} : { description }),
});

/** The shape /api/schemas/canary.schema.json serves: runnable types, and refused ones marked. */
const served = {
  type: 'object',
  properties: {
    spec: {
      type: 'object',
      properties: {
        schedule: { type: 'string' },
        agentSelector: { type: 'array', items: { type: 'string' } },
        http: checks(),
        tcp: checks(),
        folder: checks(),
        postgres: checks(),
        pod: checks('check type pod is not supported yet'),
        s3: checks('check type s3 is not supported yet'),
      },
    },
  },
};

describe('the canary type picker', () => {
  it('reads the accepted check lists from the served schema', () => {
    expect([...acceptedCheckKeys(served)].sort()).toEqual(['folder', 'http', 'postgres', 'tcp']);
  });

  it('offers exactly the types the server accepts, and Custom', () => {
    expect(offeredCanaryTypes(served).map((type) => type.label)).toEqual([
      'Custom',
      'Folder',
      'HTTP',
      'SFTP',
      'SQL Query',
      'TCP',
    ]);
  });

  it('offers only Custom when the schema is not one', () => {
    expect(offeredCanaryTypes({ nope: true }).map((type) => type.label)).toEqual(['Custom']);
  });
});
