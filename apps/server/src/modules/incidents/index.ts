/** What other areas may use from incidents: the definition-of-done pass (tests, CLI). */
export { runDefinitionOfDone } from './definition-of-done/dod.service.ts';
