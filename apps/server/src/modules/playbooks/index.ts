/** What other areas may use from playbooks (ADR 0010): the Playbook resource's schema. */
export { playbookJsonSchema } from './spec/playbook-schema.ts';
/** `vigil agent` runs the actions placed on it (`runsOn`) with the server's action kinds. */
export {
  actionPollAnswerSchema,
  actionProgressAnswerSchema,
  actionResultAnswerSchema,
  type ActionResult,
  type AgentAction,
} from './agent-runner/agent-action.schema.ts';
/** Loaded when the first action arrives: an agent that runs none never loads the action kinds. */
export const loadAgentActionRunner = () => import('./agent-runner/run-on-agent.ts');
