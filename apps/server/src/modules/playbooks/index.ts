/** What other areas may use from playbooks (ADR 0010): the Playbook resource's schema. */
export { playbookJsonSchema } from './spec/playbook-schema.ts';
