import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { scrapeConfigJsonSchema } from '../../src/modules/catalog/scrape-spec/scrape-config-schema.ts';

const specSchema = z
  .object({
    properties: z
      .object({
        spec: z.object({ properties: z.record(z.string(), z.unknown()) }).loose(),
      })
      .loose(),
  })
  .loose();
const listSchema = z
  .object({
    type: z.literal('array'),
    items: z
      .object({
        properties: z.record(z.string(), z.unknown()),
        additionalProperties: z.literal(false),
      })
      .loose(),
  })
  .loose();

describe('the ScrapeConfig JSON schema', () => {
  it.each([
    [
      'githubActions',
      ['owner', 'repository', 'personalAccessToken', 'connection', 'workflows', 'branch'],
    ],
    [
      'azureDevops',
      ['organization', 'personalAccessToken', 'connection', 'projects', 'pipelines', 'maxAge'],
    ],
    [
      'azure',
      [
        'connection',
        'subscriptionID',
        'clientID',
        'clientSecret',
        'tenantID',
        'include',
        'exclusions',
      ],
    ],
    [
      'aws',
      ['connection', 'accessKey', 'secretKey', 'endpoint', 'region', 'include', 'cloudtrail'],
    ],
    ['trivy', ['version', 'severity', 'scanners', 'ignoreUnfixed', 'timeout', 'kubernetes']],
  ])('lists %s with its own fields and refuses others', (key, fields) => {
    const spec = specSchema.parse(scrapeConfigJsonSchema()).properties.spec.properties;
    const entry = listSchema.parse(spec[key]).items;
    expect(Object.keys(entry.properties)).toEqual(expect.arrayContaining([...fields, 'transform']));
  });
});
