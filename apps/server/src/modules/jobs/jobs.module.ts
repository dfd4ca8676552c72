import type { Logger } from 'pino';
import type { Config } from '../../platform/config.ts';
import type { Database } from '../../platform/db.ts';
import { defineModule } from '../../platform/module.ts';
import { defaultJobHistorySettings, type JobHistorySettings } from './job-history.service.ts';
import { createJobHistoryWorker } from './job-history.worker.ts';

export { createJobHistoryWorker } from './job-history.worker.ts';
export { defaultJobHistorySettings, type JobHistorySettings } from './job-history.service.ts';

/** VIGIL_JOB_HISTORY_KEEP, read once. */
export function jobHistorySettingsFrom(config: Config): JobHistorySettings {
  return { ...defaultJobHistorySettings, keepPerJob: config.VIGIL_JOB_HISTORY_KEEP };
}

/** The jobs area: job history, its stale marking and retention. */
export function createJobsModule(db: Database, settings: JobHistorySettings, log: Logger) {
  const worker = createJobHistoryWorker(db, settings, log);
  return defineModule({
    name: 'jobs',
    resources: [
      { name: 'job_history', object: 'database' },
      // The job history page (spec 002 §7): runs with agent and resource name, and job names.
      { name: 'job_histories', object: 'database', readOnly: true },
      { name: 'job_history_names', object: 'database', readOnly: true },
    ],
    workers: [{ name: 'job history', start: () => worker.start(), stop: () => worker.stop() }],
  });
}
