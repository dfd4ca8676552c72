import crypto from 'node:crypto';
import {
  GetObjectCommand,
  ListObjectsCommand,
  PutObjectCommand,
  S3Client,
  StorageClass,
} from '@aws-sdk/client-s3';
import { z } from 'zod';
import { awsClientConfig, awsConnectionFields } from './aws-connection.ts';
import { awsErrorText } from '../../../platform/aws-sdk.ts';
import { commonCheckFields, defineCheckType, failed } from './check-type.ts';

const storageClasses: readonly string[] = Object.values(StorageClass);

const s3Check = z
  .object({
    ...commonCheckFields,
    ...awsConnectionFields,
    bucketName: z.string().min(1).optional(),
    /** The connection's bucket; canary-checker reads `bucketName`, this is its fallback. */
    bucket: z.string().min(1).optional(),
    objectPath: z.string().min(1, 'is required: the check writes and reads back this object'),
    usePathStyle: z.boolean().optional(),
    /**
     * Not an S3Check field upstream: canary-checker's decoder drops it (nested checks keep unknown
     * fields), so its fixtures carry it harmlessly. Accepted and ignored likewise; `endpoint` wins.
     */
    url: z.string().optional(),
    storageClass: z
      .string()
      .refine((value) => storageClasses.includes(value), {
        message: `must be one of ${storageClasses.join(', ')}`,
      })
      .optional(),
  })
  .strict()
  .refine((check) => check.bucketName ?? check.bucket, {
    message: 'is required',
    path: ['bucketName'],
  });

/**
 * `spec.s3[]`, canary-checker's S3 check: lists the bucket, writes 16 random characters to
 * `objectPath` and reads them back. Each step's failure is the check's message.
 */
export const s3CheckType = defineCheckType({
  type: 's3',
  schema: s3Check,
  endpoint: (check) => `${check.endpoint ?? ''}/${check.bucketName ?? check.bucket ?? ''}`,
  async run(check, ctx) {
    const bucket = check.bucketName ?? check.bucket ?? '';
    const client = new S3Client({
      ...(await awsClientConfig(check, ctx)),
      forcePathStyle: check.usePathStyle ?? false,
    });
    const abortSignal = ctx.signal;
    // AWS SDK v2 rejects keys with a leading slash; canary-checker trims it for old specs.
    const key = check.objectPath.replace(/^\//, '');
    try {
      try {
        await client.send(new ListObjectsCommand({ Bucket: bucket }), { abortSignal });
      } catch (error) {
        return failed(`Failed to list objects in bucket ${bucket}: ${awsErrorText(error)}`);
      }
      const written = randomText(16);
      try {
        const put = new PutObjectCommand({
          Bucket: bucket,
          Key: key,
          Body: written,
          ...(check.storageClass ? { StorageClass: storageClass(check.storageClass) } : {}),
        });
        await client.send(put, { abortSignal });
      } catch (error) {
        return failed(`Failed to put object ${key} in bucket ${bucket}: ${awsErrorText(error)}`);
      }
      let read: string;
      try {
        const got = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }), {
          abortSignal,
        });
        read = (await got.Body?.transformToString('utf8')) ?? '';
      } catch (error) {
        return failed(`Failed to get object ${key} in bucket ${bucket}: ${awsErrorText(error)}`);
      }
      if (read !== written) return failed(`Get object doesn't match ${written} != ${read}`);
      return { pass: true, data: {} };
    } finally {
      client.destroy();
    }
  },
});

function storageClass(value: string): StorageClass | undefined {
  return Object.values(StorageClass).find((known) => known === value);
}

const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function randomText(length: number): string {
  return Array.from(crypto.randomBytes(length), (byte) => alphabet[byte % alphabet.length]).join(
    '',
  );
}
