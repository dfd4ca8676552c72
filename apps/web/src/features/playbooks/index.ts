// The playbooks area's public surface: config, component and check screens mount the menu.
export { PlaybooksMenu } from './components/playbooks-menu.tsx';
export { RunPlaybookDialog } from './components/run-playbook-dialog.tsx';
export type { PlaybookTarget } from './api/playbook-keys.ts';
export { ConfigPlaybookRuns } from './components/config-playbook-runs.tsx';
