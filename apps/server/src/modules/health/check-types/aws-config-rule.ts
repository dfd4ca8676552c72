import {
  ComplianceType,
  ConfigServiceClient,
  DescribeComplianceByConfigRuleCommand,
  GetComplianceDetailsByConfigRuleCommand,
} from '@aws-sdk/client-config-service';
import { z } from 'zod';
import { awsClientConfig, awsConnectionFields, awsEndpoint } from './aws-connection.ts';
import { awsErrorText } from '../../../platform/aws-sdk.ts';
import { commonCheckFields, defineCheckType, failed } from './check-type.ts';

const complianceTypes: readonly string[] = Object.values(ComplianceType);

const awsConfigRuleCheck = z
  .object({
    ...commonCheckFields,
    ...awsConnectionFields,
    ignoreRules: z.array(z.string().min(1)).optional(),
    rules: z.array(z.string().min(1)).optional(),
    complianceTypes: z
      .array(z.enum(ComplianceType, { error: `must be one of ${complianceTypes.join(', ')}` }))
      .optional(),
  })
  .strict();

/** One evaluated resource of a rule, with canary-checker's JSON names. */
interface RuleResource {
  readonly id: string;
  readonly annotation: string;
  readonly type: string;
  readonly recorded: string;
  readonly mode: string;
}

interface RuleResult {
  readonly rule: string;
  readonly type: string;
  /** Kept for canary-checker's shape; AWS's summary call gives neither. */
  readonly annotation: string;
  readonly description: string;
  readonly resources: RuleResource[] | null;
}

/**
 * `spec.awsConfigRule[]`: DescribeComplianceByConfigRule filtered by `rules` and
 * `complianceTypes`, less `ignoreRules` (any case) and rules with no data or not applicable.
 * Each non-compliant rule's resources come from GetComplianceDetailsByConfigRule. Without a
 * `test`, non-compliant rules fail the check, named in its message, as canary-checker does.
 */
export const awsConfigRuleCheckType = defineCheckType({
  type: 'awsConfigRule',
  schema: awsConfigRuleCheck,
  endpoint: (check) => check.description ?? awsEndpoint(check),
  async run(check, ctx) {
    const client = new ConfigServiceClient(await awsClientConfig(check, ctx));
    const abortSignal = ctx.signal;
    try {
      let summary;
      try {
        summary = await client.send(
          new DescribeComplianceByConfigRuleCommand({
            ...(check.complianceTypes?.length ? { ComplianceTypes: check.complianceTypes } : {}),
            ...(check.rules?.length ? { ConfigRuleNames: check.rules } : {}),
          }),
          { abortSignal },
        );
      } catch (error) {
        return failed(`failed to describe compliance rules: ${awsErrorText(error)}`);
      }
      const ignored = new Set((check.ignoreRules ?? []).map((rule) => rule.toLowerCase()));
      const rules: RuleResult[] = [];
      const failures: string[] = [];
      let detailError: string | undefined;
      for (const entry of summary.ComplianceByConfigRules ?? []) {
        const name = entry.ConfigRuleName ?? '';
        const type = entry.Compliance?.ComplianceType;
        if (type === undefined || ignored.has(name.toLowerCase())) continue;
        if (type === 'INSUFFICIENT_DATA' || type === 'NOT_APPLICABLE') continue;
        if (type === 'COMPLIANT') {
          rules.push({ rule: name, type, annotation: '', description: '', resources: null });
          continue;
        }
        failures.push(name);
        try {
          const details = await client.send(
            new GetComplianceDetailsByConfigRuleCommand({
              ConfigRuleName: name,
              ComplianceTypes: ['NON_COMPLIANT'],
            }),
            { abortSignal },
          );
          const resources = (details.EvaluationResults ?? []).map((result) => {
            const qualifier = result.EvaluationResultIdentifier?.EvaluationResultQualifier;
            return {
              id: qualifier?.ResourceId ?? '',
              type: qualifier?.ResourceType ?? '',
              mode: qualifier?.EvaluationMode ?? '',
              recorded: result.ResultRecordedTime?.toISOString() ?? '',
              annotation: result.Annotation ?? '',
            };
          });
          rules.push({ rule: name, type, annotation: '', description: '', resources });
        } catch (error) {
          detailError ??= `failed to get compliance details: ${awsErrorText(error)}`;
        }
      }
      const data = { results: { rules } };
      if (detailError) return failed(detailError, data);
      if (check.test === undefined && failures.length > 0) {
        return failed(failures.join(', '), data);
      }
      return { pass: true, data };
    } finally {
      client.destroy();
    }
  },
});
