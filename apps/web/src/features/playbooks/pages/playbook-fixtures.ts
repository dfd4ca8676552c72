import type { PlaybookRow, PlaybookRunActionRow, PlaybookRunRow } from '@vigil/domain';

/** Realistic playbooks, runs and actions, shaped as the API answers them. */
export const ids = {
  restart: '0192f0c4-0000-7000-8000-000000000501',
  scale: '0192f0c4-0000-7000-8000-000000000502',
  vacuum: '0192f0c4-0000-7000-8000-000000000503',
  notify: '0192f0c4-0000-7000-8000-000000000504',
  deployment: '0192f0c4-0000-7000-8000-000000000601',
  otherDeployment: '0192f0c4-0000-7000-8000-000000000602',
  team: '0192f0c4-0000-7000-8000-000000000701',
  person: '0192f0c4-0000-7000-8000-000000000702',
  component: '0192f0c4-0000-7000-8000-000000000703',
  check: '0192f0c4-0000-7000-8000-000000000704',
  run: '0192f0c4-0000-7000-8000-000000000801',
  failedRun: '0192f0c4-0000-7000-8000-000000000802',
  waitingRun: '0192f0c4-0000-7000-8000-000000000803',
  action1: '0192f0c4-0000-7000-8000-000000000901',
  action2: '0192f0c4-0000-7000-8000-000000000902',
  action3: '0192f0c4-0000-7000-8000-000000000903',
};

/** One parameter of every kind (spec 000 §2.5), as `POST /{id}/params` resolves them. */
const everyKindDeclared = [
  {
    name: 'name',
    label: 'Deployment name',
    type: 'text',
    required: true,
    properties: { format: 'dns1123' },
  },
  {
    name: 'reason',
    label: 'Reason',
    type: 'text',
    required: true,
    properties: { multiline: 'true', maxLength: 20 },
  },
  {
    name: 'replicas',
    label: 'Replicas',
    type: 'text',
    default: '3',
    properties: { min: 1, max: 10 },
  },
  {
    name: 'memory',
    label: 'Memory',
    type: 'text',
    default: '512Mi',
    properties: { format: 'bytes' },
  },
  {
    name: 'cpu',
    label: 'CPU',
    type: 'text',
    default: '250m',
    properties: { format: 'millicores' },
  },
  { name: 'dry_run', label: 'Dry run', type: 'checkbox', default: 'true' },
  {
    name: 'strategy',
    label: 'Strategy',
    type: 'list',
    default: 'rolling',
    properties: {
      options: [
        { label: 'Rolling', value: 'rolling' },
        { label: 'Recreate', value: 'recreate' },
      ],
    },
  },
  {
    name: 'patch',
    label: 'Patch',
    type: 'code',
    default: '{"spec": {}}',
    properties: { language: 'json', size: 'small' },
  },
  { name: 'owner_team', label: 'Owner team', type: 'team' },
  { name: 'approver', label: 'Approver', type: 'people' },
  { name: 'service', label: 'Service', type: 'component' },
  { name: 'related', label: 'Related config', type: 'config' },
  { name: 'probe', label: 'Probe', type: 'check' },
];
export const everyKindParameters = everyKindDeclared.map((parameter) => ({
  required: false,
  ...parameter,
}));

export const restartPlaybook: PlaybookRow = {
  id: ids.restart,
  name: 'restart-deployment',
  namespace: 'default',
  title: 'Restart deployment',
  icon: 'kubernetes',
  description: 'Restarts a deployment with kubectl rollout restart.',
  category: 'Kubernetes',
  source: 'UI',
  spec: {
    title: 'Restart deployment',
    category: 'Kubernetes',
    configs: [{ types: ['Kubernetes::Deployment'] }],
    parameters: [],
    actions: [{ name: 'restart' }],
  },
  created_at: '2026-11-01T10:00:00Z',
};

export const scalePlaybook: PlaybookRow = {
  ...restartPlaybook,
  id: ids.scale,
  name: 'scale-deployment',
  title: 'Scale deployment',
  description: 'Changes the replica count.',
  icon: 'k8s-deployment',
  spec: { ...restartPlaybook.spec, title: 'Scale deployment', actions: [{ name: 'scale' }] },
};

export const vacuumPlaybook: PlaybookRow = {
  ...restartPlaybook,
  id: ids.vacuum,
  name: 'vacuum-table',
  title: 'Vacuum table',
  icon: 'postgres',
  category: 'Database',
  description: 'Runs VACUUM ANALYZE on a table.',
  spec: { title: 'Vacuum table', category: 'Database', actions: [{ name: 'vacuum' }] },
};

export const notifyPlaybook: PlaybookRow = {
  ...restartPlaybook,
  id: ids.notify,
  name: 'notify-oncall',
  title: null,
  icon: null,
  category: null,
  description: null,
  spec: { actions: [{ name: 'send' }] },
};

export const allPlaybooks = [restartPlaybook, scalePlaybook, vacuumPlaybook, notifyPlaybook];

/** The same playbooks as `GET /api/playbook/list` answers them (no spec). */
export function summaryOf(playbook: PlaybookRow) {
  return {
    id: playbook.id,
    name: playbook.name,
    namespace: playbook.namespace ?? 'default',
    title: playbook.title ?? null,
    icon: playbook.icon ?? null,
    description: playbook.description ?? null,
    category: playbook.category ?? null,
    parameters: [],
  };
}
export const allSummaries = allPlaybooks.map(summaryOf);

export const deployments = [
  { id: ids.deployment, name: 'payments-api', type: 'Kubernetes::Deployment', namespace: 'prod' },
  {
    id: ids.otherDeployment,
    name: 'checkout-web',
    type: 'Kubernetes::Deployment',
    namespace: 'prod',
  },
];

const runPlaybook = {
  id: ids.restart,
  name: 'restart-deployment',
  title: 'Restart deployment',
  icon: 'kubernetes',
  spec: {
    configs: [{ types: ['Kubernetes::Deployment'] }],
    parameters: [
      { name: 'name', label: 'Deployment name', type: 'text', required: true },
      { name: 'replicas', label: 'Replicas', type: 'text' },
    ],
    actions: [{ name: 'restart' }, { name: 'wait' }, { name: 'notify' }],
  },
};

export const completedRun: PlaybookRunRow = {
  id: ids.run,
  playbook_id: ids.restart,
  status: 'completed',
  created_at: '2026-11-27T09:00:00Z',
  start_time: '2026-11-27T09:00:01Z',
  end_time: '2026-11-27T09:01:06Z',
  scheduled_time: '2026-11-27T09:00:00Z',
  created_by: { id: '0192f0c4-0000-7000-8000-000000000001', name: 'Ada Admin' },
  parameters: { name: 'payments-api', replicas: '4' },
  error: null,
  config_id: ids.deployment,
  component_id: null,
  check_id: null,
  playbook: runPlaybook,
  config: { id: ids.deployment, name: 'payments-api', type: 'Kubernetes::Deployment' },
};

export const failedRun: PlaybookRunRow = {
  ...completedRun,
  id: ids.failedRun,
  status: 'failed',
  start_time: '2026-11-27T08:00:00Z',
  end_time: '2026-11-27T08:00:00.250Z',
  error: 'template: params.name: map has no entry for key "config"',
  created_by: null,
};

export const waitingRun: PlaybookRunRow = {
  ...completedRun,
  id: ids.waitingRun,
  status: 'pending_approval',
  start_time: null,
  end_time: null,
  playbook: {
    ...runPlaybook,
    spec: {
      actions: [{ name: 'restart' }],
      approval: { type: 'any', approvers: { people: ['bob@example.com'], teams: ['sre'] } },
    },
  },
};

export const actions: PlaybookRunActionRow[] = [
  {
    id: ids.action1,
    name: 'restart',
    playbook_run_id: ids.run,
    status: 'completed',
    scheduled_time: '2026-11-27T09:00:01Z',
    start_time: '2026-11-27T09:00:01Z',
    end_time: '2026-11-27T09:00:03.500Z',
    result: {
      stdout: 'deployment.apps/payments-api restarted',
      stderr: 'Warning: kubectl version skew',
      exitCode: 0,
      dashboard: 'https://grafana.example.com/d/payments',
      artifacts: [{ path: 'out/report.json', size: 2048, content: '{"restarted": true}' }],
      script: 'javascript:alert(1)',
    },
    error: null,
  },
  {
    id: ids.action2,
    name: 'wait',
    playbook_run_id: ids.run,
    status: 'completed',
    scheduled_time: '2026-11-27T09:00:04Z',
    start_time: '2026-11-27T09:00:04Z',
    end_time: '2026-11-27T09:01:06Z',
    result: {
      logs: 'Waiting for rollout to finish: 1 of 3 updated replicas are available...\nrollout complete',
    },
    error: null,
  },
  {
    id: ids.action3,
    name: 'notify',
    playbook_run_id: ids.run,
    status: 'skipped',
    scheduled_time: '2026-11-27T09:01:06Z',
    start_time: null,
    end_time: null,
    result: null,
    error: null,
  },
];
