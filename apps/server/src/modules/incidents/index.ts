/** What other areas may use from incidents: the definition-of-done pass and its job. */
export { runDefinitionOfDone } from './definition-of-done/dod.service.ts';
export {
  definitionOfDoneJob,
  type DefinitionOfDoneSettings,
} from './definition-of-done/dod.worker.ts';
export { runIncidentRules } from './rules/incident-rules.service.ts';
