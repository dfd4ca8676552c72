import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCanarySpec } from '../../../src/modules/health/canaries/canary-spec.ts';
import { startFakeAwsJson, type FakeAwsJson } from '../fixtures/aws-json-server.ts';
import { runCheck } from './check-context.ts';

let cloudwatch: FakeAwsJson;
const transitioned = 1_700_000_000;

function alarm(name: string, state: string) {
  return {
    AlarmName: name,
    AlarmArn: `arn:aws:cloudwatch:eu-test-1:1:alarm:${name}`,
    MetricName: 'CPUUtilization',
    StateValue: state,
    StateTransitionedTimestamp: transitioned,
    Dimensions: [{ Name: 'InstanceId', Value: 'i-1' }],
  };
}

const metricAlarms = [
  alarm('web-cpu', 'OK'),
  alarm('db-cpu', 'ALARM'),
  alarm('q-depth', 'INSUFFICIENT_DATA'),
];
const compositeAlarms = [{ AlarmName: 'site-down', StateValue: 'ALARM' }];

beforeAll(async () => {
  cloudwatch = await startFakeAwsJson({
    service: 'monitoring',
    target: 'GraniteServiceVersion20100801',
    handlers: {
      DescribeAlarms: (body) => {
        const names = Array.isArray(body.AlarmNames) ? body.AlarmNames : undefined;
        const prefix = typeof body.AlarmNamePrefix === 'string' ? body.AlarmNamePrefix : '';
        const keep = (a: { AlarmName: string; StateValue: string }) =>
          (names === undefined || names.includes(a.AlarmName)) &&
          a.AlarmName.startsWith(prefix) &&
          (body.StateValue === undefined || a.StateValue === body.StateValue);
        return {
          body: {
            MetricAlarms: metricAlarms.filter(keep),
            CompositeAlarms: compositeAlarms.filter(keep),
          },
        };
      },
    },
  });
});

afterAll(() => cloudwatch.close());

function spec(extra: Record<string, unknown> = {}) {
  return {
    accessKey: { value: cloudwatch.accessKeyId },
    secretKey: { value: cloudwatch.secretAccessKey },
    region: cloudwatch.region,
    endpoint: cloudwatch.endpoint,
    ...extra,
  };
}

describe('cloudwatch check (AWS SDK v3 against a fake CloudWatch that verifies SigV4)', () => {
  it('fails naming every alarm in state ALARM, metric and composite', async () => {
    cloudwatch.requests.length = 0;
    const outcome = await runCheck('cloudwatch', spec());
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toBe('db-cpu,site-down');
    expect(cloudwatch.requests).toEqual([
      { operation: 'DescribeAlarms', body: { MaxRecords: 100 }, authorization: expect.any(String) },
    ]);
    expect(outcome.data.results).toMatchObject({
      MetricAlarms: [
        { AlarmName: 'web-cpu', StateTransitionedTimestamp: '2023-11-14T22:13:20.000Z' },
        { AlarmName: 'db-cpu', Dimensions: [{ Name: 'InstanceId', Value: 'i-1' }] },
        { AlarmName: 'q-depth' },
      ],
    });
  });

  it('sends the filters as canary-checker does and passes when none fires', async () => {
    cloudwatch.requests.length = 0;
    const outcome = await runCheck(
      'cloudwatch',
      spec({
        alarms: ['web-cpu', 'q-depth'],
        alarmPrefix: 'w',
        actionPrefix: 'arn:aws:sns',
        state: 'OK',
      }),
    );
    expect(outcome.error).toBeUndefined();
    expect(outcome.pass).toBe(true);
    expect(cloudwatch.requests[0]?.body).toEqual({
      AlarmNames: ['web-cpu', 'q-depth'],
      AlarmNamePrefix: 'w',
      ActionPrefix: 'arn:aws:sns',
      StateValue: 'OK',
      MaxRecords: 100,
    });
    expect(outcome.data.results).toMatchObject({ MetricAlarms: [{ AlarmName: 'web-cpu' }] });
  });

  it('fails with the service error for a wrong secret', async () => {
    const outcome = await runCheck('cloudwatch', spec({ secretKey: 'not-it' }));
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toMatch(
      /^InvalidSignatureException: The request signature does not match/,
    );
  });

  it('accepts the fixture shape and refuses bad input naming the field', () => {
    expect(
      parseCanarySpec({ cloudwatch: [{ name: 'cloudwatch test', region: 'eu-west-1' }] }).ok,
    ).toBe(true);
    const refused = (check: Record<string, unknown>) =>
      parseCanarySpec({ cloudwatch: [{ name: 'x', ...check }] });
    expect(refused({ state: 'FIRING' })).toMatchObject({
      field: 'spec.cloudwatch[0].state',
      message: 'must be one of ALARM, INSUFFICIENT_DATA, OK',
    });
    expect(refused({ alarms: 'db-cpu' })).toMatchObject({ field: 'spec.cloudwatch[0].alarms' });
    expect(refused({ alarmNames: ['a'] })).toMatchObject({
      field: 'spec.cloudwatch[0].alarmNames',
      message: 'is not a known field',
    });
  });
});
