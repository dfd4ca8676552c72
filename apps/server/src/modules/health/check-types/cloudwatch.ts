import {
  CloudWatchClient,
  DescribeAlarmsCommand,
  StateValue,
  type DescribeAlarmsOutput,
} from '@aws-sdk/client-cloudwatch';
import { z } from 'zod';
import { awsClientConfig, awsConnectionFields, awsEndpoint } from './aws-connection.ts';
import { awsErrorText, plainData } from '../../../platform/aws-sdk.ts';
import { commonCheckFields, defineCheckType, failed } from './check-type.ts';

const states: readonly string[] = Object.values(StateValue);

const cloudwatchCheck = z
  .object({
    ...commonCheckFields,
    ...awsConnectionFields,
    actionPrefix: z.string().min(1).optional(),
    alarmPrefix: z.string().min(1).optional(),
    alarms: z.array(z.string().min(1)).max(100).optional(),
    state: z
      .string()
      .refine((value) => states.includes(value), {
        message: `must be one of ${states.join(', ')}`,
      })
      .optional(),
  })
  .strict();

/** canary-checker asks for one page of this size and judges what it got. */
const maxRecords = 100;

/**
 * `spec.cloudwatch[]`: DescribeAlarms with the check's filters. Fails naming every alarm in
 * state ALARM (metric and composite), as canary-checker does; `results` is the whole answer.
 */
export const cloudwatchCheckType = defineCheckType({
  type: 'cloudwatch',
  schema: cloudwatchCheck,
  endpoint: (check) =>
    awsEndpoint(
      check,
      [check.actionPrefix, check.alarmPrefix]
        .filter((part) => part !== undefined)
        .map((part) => `-${part}`)
        .join(''),
    ),
  async run(check, ctx) {
    const client = new CloudWatchClient(await awsClientConfig(check, ctx));
    let answer: DescribeAlarmsOutput;
    try {
      answer = await client.send(
        new DescribeAlarmsCommand({
          ...(check.alarms && check.alarms.length > 0 ? { AlarmNames: check.alarms } : {}),
          ...(check.alarmPrefix ? { AlarmNamePrefix: check.alarmPrefix } : {}),
          ...(check.actionPrefix ? { ActionPrefix: check.actionPrefix } : {}),
          ...(check.state ? { StateValue: stateValue(check.state) } : {}),
          MaxRecords: maxRecords,
        }),
        { abortSignal: ctx.signal },
      );
    } catch (error) {
      return failed(awsErrorText(error));
    } finally {
      client.destroy();
    }
    const results = plainData(answer);
    const firing = [...(answer.MetricAlarms ?? []), ...(answer.CompositeAlarms ?? [])]
      .filter((alarm) => alarm.StateValue === StateValue.ALARM)
      .map((alarm) => alarm.AlarmName ?? '');
    if (firing.length > 0) return failed(firing.join(','), { results });
    return { pass: true, data: { results } };
  },
});

function stateValue(value: string): StateValue | undefined {
  return Object.values(StateValue).find((known) => known === value);
}
