import {
  ConfigServiceClient,
  SelectAggregateResourceConfigCommand,
  SelectResourceConfigCommand,
} from '@aws-sdk/client-config-service';
import { z } from 'zod';
import { awsClientConfig, awsConnectionFields, awsEndpoint } from './aws-connection.ts';
import { awsErrorText } from '../../../platform/aws-sdk.ts';
import { commonCheckFields, defineCheckType, failed } from './check-type.ts';

const awsConfigCheck = z
  .object({
    ...commonCheckFields,
    ...awsConnectionFields,
    query: z.string().trim().min(1, 'is required'),
    aggregatorName: z.string().min(1).optional(),
  })
  .strict();

/**
 * `spec.awsConfig[]`: runs `query` (AWS Config's SQL subset) with SelectResourceConfig, or
 * SelectAggregateResourceConfig across `aggregatorName`. Passes unless AWS refuses the query;
 * `results` is the first page of rows, each a JSON text as AWS answers it (as canary-checker).
 */
export const awsConfigCheckType = defineCheckType({
  type: 'awsConfig',
  schema: awsConfigCheck,
  endpoint: (check) => awsEndpoint(check) ?? check.query,
  async run(check, ctx) {
    const client = new ConfigServiceClient(await awsClientConfig(check, ctx));
    const abortSignal = ctx.signal;
    try {
      const answer = check.aggregatorName
        ? await client.send(
            new SelectAggregateResourceConfigCommand({
              ConfigurationAggregatorName: check.aggregatorName,
              Expression: check.query,
            }),
            { abortSignal },
          )
        : await client.send(new SelectResourceConfigCommand({ Expression: check.query }), {
            abortSignal,
          });
      const results = answer.Results ?? [];
      return { pass: true, data: { results } };
    } catch (error) {
      return failed(awsErrorText(error));
    } finally {
      client.destroy();
    }
  },
});
