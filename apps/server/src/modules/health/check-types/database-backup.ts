import { z } from 'zod';
import { commonCheckFields, defineCheckType, envVar } from './check-type.ts';

const gcpDatabase = z
  .object({
    project: z.string().min(1, 'is required'),
    instance: z.string().min(1, 'is required'),
    gcpConnection: z
      .object({
        connection: z.string().optional(),
        endpoint: z.string().optional(),
        credentials: envVar.optional(),
        skipTLSVerify: z.boolean().optional(),
        project: z.string().optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

/** Why every databaseBackup check is refused, with the field it names. */
export const databaseBackupRefusal =
  'GCP Cloud SQL backups are not supported yet: this build has no Cloud SQL Admin client ' +
  "(canary-checker's only databaseBackup source), and none is tested against a local fake";

/**
 * `spec.databaseBackup[]`: canary-checker lists a Cloud SQL instance's latest backup run. The
 * fields are known (the editor offers them) but every spec is refused naming `gcp`, so that no
 * check is stored that would never run.
 */
export const databaseBackupCheckType = defineCheckType({
  type: 'databaseBackup',
  schema: z
    .object({
      ...commonCheckFields,
      gcp: gcpDatabase.optional().describe(databaseBackupRefusal),
      maxAge: z.string().optional(),
    })
    .strict()
    .superRefine((_check, issues) => {
      issues.addIssue({ code: 'custom', path: ['gcp'], message: databaseBackupRefusal });
    }),
  endpoint: (check) => check.description,
  run: () =>
    Promise.resolve({ pass: false, invalid: true, error: databaseBackupRefusal, data: {} }),
});
