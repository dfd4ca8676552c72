import { describe, expect, it } from 'vitest';
import { curLocationFromS3Path } from './aws-cur.ts';

describe('curLocationFromS3Path', () => {
  it.each([
    ['s3://billing/cur/vigil', { bucket: 'billing', prefix: 'cur/vigil/' }],
    ['s3://billing/cur/', { bucket: 'billing', prefix: 'cur/' }],
    ['s3://billing', { bucket: 'billing', prefix: '' }],
    ['https://billing/cur', undefined],
    ['s3:///cur', undefined],
  ])('reads %s', (path, expected) => {
    expect(curLocationFromS3Path(path)).toEqual(expected);
  });
});
