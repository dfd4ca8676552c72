import { defineModule } from '../../platform/module.ts';

/** The playbooks area (tables only so far). */
export const playbooksModule = defineModule({
  name: 'playbooks',
  resources: [
    { name: 'playbooks', object: 'playbooks' },
    { name: 'playbook_runs', object: 'playbook_runs' },
    { name: 'playbook_run_actions', object: 'playbook_runs' },
    { name: 'playbook_approvals', object: 'playbook_runs' },
  ],
});
