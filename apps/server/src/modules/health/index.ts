/**
 * What other areas may use from health (ADR 0010): the canary spec and its checks, results,
 * schedules, the check-type registry, and the CEL and template engines.
 */
export { syncAllSelectorCopies } from './canaries/selector-copies.ts';
export { type CheckResult } from './history/check-result.ts';
export { writeResults } from './history/results.repository.ts';
export { retireChecks, syncChecks } from './canaries/checks.repository.ts';
export { type DeclaredCheck, parseCanarySpec } from './canaries/canary-spec.ts';
export { parseWrittenSpec } from './canaries/canaries.write-hook.ts';
export { canaryJsonSchema } from './canaries/canary-schema.ts';
export { firstSlot, nextSlot, parseSchedule } from './engine/schedule.ts';
export { hookOf } from './check-types/abortable.ts';
export { checkTypes } from './check-types/registry.ts';
export { ldapErrorText, ldapts } from './check-types/ldap.ts';
export { evaluateCel, ExpressionError, compileCel } from './expressions/cel.ts';
export { evaluateJavascript, validateJavascript } from './expressions/javascript.ts';
export { renderTemplate, validateTemplate } from './expressions/go-template/template.ts';
export { selectChecks, type CheckQuery } from './canaries/check-lookup.repository.ts';
export { withLastResult } from './expressions/cel-functions/contextual.ts';
export { type RunContext, withRunContext } from './expressions/cel-functions/run-context.ts';
export { envDelimiters, goDelimiters } from './expressions/go-template/template.ts';
export { durationFromNanos } from './expressions/cel-functions/durations.ts';
export {
  isManagedSource,
  managedSourcePrefix,
  retireManagedCanaries,
  syncManagedCanary,
  validateManagedSpec,
  type ManagedCanary,
} from './canaries/managed-canaries.ts';
