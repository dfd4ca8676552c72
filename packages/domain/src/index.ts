export * from './rbac/permissions.ts';
export * from './agents/agent-ids.ts';
export * from './health/time-ranges.ts';
export * from './jobs/job-history.ts';
export * from './agents/agent.ts';
export * from './health/dashboard-summary.ts';
