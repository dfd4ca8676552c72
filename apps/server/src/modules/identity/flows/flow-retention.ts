import type { MaintenanceJob } from '../../../platform/maintenance.ts';
import { deleteExpiredFlows } from './flow.repository.ts';

/** Deletes sign-in, registration, recovery and settings flows a day past their expiry. */
export const flowRetentionJob: MaintenanceJob<{ deleted: number }> = {
  name: 'IdentityFlowRetention',
  resourceType: 'identity_flows',
  lockKey: 0x76_69_66_6c,
  count: (outcome) => outcome.deleted,
  run: async (client) => ({ deleted: await deleteExpiredFlows(client) }),
};
