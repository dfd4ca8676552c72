import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCanarySpec } from '../../../src/modules/health/canaries/canary-spec.ts';
import { startFakeAwsJson, type FakeAwsJson } from '../fixtures/aws-json-server.ts';
import { runCheck } from './check-context.ts';

let config: FakeAwsJson;
const recorded = 1_700_000_000;

const summaries = [
  { ConfigRuleName: 's3-encrypted', Compliance: { ComplianceType: 'NON_COMPLIANT' } },
  { ConfigRuleName: 'root-mfa', Compliance: { ComplianceType: 'COMPLIANT' } },
  { ConfigRuleName: 'Noisy-Rule', Compliance: { ComplianceType: 'NON_COMPLIANT' } },
  { ConfigRuleName: 'new-rule', Compliance: { ComplianceType: 'INSUFFICIENT_DATA' } },
  { ConfigRuleName: 'broken-details', Compliance: { ComplianceType: 'NON_COMPLIANT' } },
];

beforeAll(async () => {
  config = await startFakeAwsJson({
    service: 'config',
    target: 'StarlingDoveService',
    handlers: {
      SelectResourceConfig: (body) =>
        String(body.Expression).includes('WHERE')
          ? { body: { Results: ['{"configuration":{"complianceType":"COMPLIANT"},"COUNT(*)":3}'] } }
          : { status: 400, type: 'InvalidExpressionException', message: 'bad query' },
      SelectAggregateResourceConfig: (body) => ({
        body: { Results: [`{"aggregator":"${String(body.ConfigurationAggregatorName)}"}`] },
      }),
      DescribeComplianceByConfigRule: (body) => {
        const names = Array.isArray(body.ConfigRuleNames) ? body.ConfigRuleNames : undefined;
        const types = Array.isArray(body.ComplianceTypes) ? body.ComplianceTypes : undefined;
        return {
          body: {
            ComplianceByConfigRules: summaries.filter(
              (s) =>
                (names === undefined || names.includes(s.ConfigRuleName)) &&
                (types === undefined || types.includes(s.Compliance.ComplianceType)),
            ),
          },
        };
      },
      GetComplianceDetailsByConfigRule: (body) =>
        body.ConfigRuleName === 'broken-details'
          ? { status: 400, type: 'NoSuchConfigRuleException', message: 'gone' }
          : {
              body: {
                EvaluationResults: [
                  {
                    EvaluationResultIdentifier: {
                      EvaluationResultQualifier: {
                        ConfigRuleName: body.ConfigRuleName,
                        ResourceType: 'AWS::S3::Bucket',
                        ResourceId: 'logs',
                        EvaluationMode: 'DETECTIVE',
                      },
                    },
                    ComplianceType: 'NON_COMPLIANT',
                    ResultRecordedTime: recorded,
                    Annotation: 'not encrypted',
                  },
                ],
              },
            },
    },
  });
});

afterAll(() => config.close());

function keys(extra: Record<string, unknown> = {}) {
  return {
    accessKey: { value: config.accessKeyId },
    secretKey: { value: config.secretAccessKey },
    region: config.region,
    endpoint: config.endpoint,
    ...extra,
  };
}

describe('awsConfig check (SelectResourceConfig through the SDK)', () => {
  const query = "SELECT configuration.complianceType, COUNT(*) WHERE resourceType = 'x'";

  it('runs the query and exposes the rows as AWS answers them', async () => {
    config.requests.length = 0;
    const outcome = await runCheck('awsConfig', keys({ query }));
    expect(outcome.error).toBeUndefined();
    expect(outcome.pass).toBe(true);
    expect(outcome.data.results).toEqual([
      '{"configuration":{"complianceType":"COMPLIANT"},"COUNT(*)":3}',
    ]);
    expect(config.requests).toEqual([
      {
        operation: 'SelectResourceConfig',
        body: { Expression: query },
        authorization: expect.any(String),
      },
    ]);
  });

  it('queries the aggregator when aggregatorName is set', async () => {
    config.requests.length = 0;
    const outcome = await runCheck('awsConfig', keys({ query, aggregatorName: 'org' }));
    expect(outcome.data.results).toEqual(['{"aggregator":"org"}']);
    expect(config.requests[0]).toMatchObject({
      operation: 'SelectAggregateResourceConfig',
      body: { ConfigurationAggregatorName: 'org', Expression: query },
    });
  });

  it('fails with AWS’s error for a query it refuses, and refuses a spec without query', async () => {
    const outcome = await runCheck('awsConfig', keys({ query: 'SELECT nonsense' }));
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toBe('InvalidExpressionException: bad query');
    expect(parseCanarySpec({ awsConfig: [{ name: 'q', query: '  ' }] })).toMatchObject({
      ok: false,
      field: 'spec.awsConfig[0].query',
      message: 'is required',
    });
  });
});

describe('awsConfigRule check (DescribeComplianceByConfigRule through the SDK)', () => {
  it('fails naming non-compliant rules, less ignoreRules, with their resources', async () => {
    config.requests.length = 0;
    const outcome = await runCheck(
      'awsConfigRule',
      keys({ ignoreRules: ['noisy-rule', 'broken-details'] }),
    );
    expect(outcome.pass).toBe(false);
    expect(outcome.error).toBe('s3-encrypted');
    expect(outcome.data.results).toEqual({
      rules: [
        {
          rule: 's3-encrypted',
          type: 'NON_COMPLIANT',
          annotation: '',
          description: '',
          resources: [
            {
              id: 'logs',
              type: 'AWS::S3::Bucket',
              mode: 'DETECTIVE',
              recorded: '2023-11-14T22:13:20.000Z',
              annotation: 'not encrypted',
            },
          ],
        },
        { rule: 'root-mfa', type: 'COMPLIANT', annotation: '', description: '', resources: null },
      ],
    });
    expect(config.requests.map((r) => r.operation)).toEqual([
      'DescribeComplianceByConfigRule',
      'GetComplianceDetailsByConfigRule',
    ]);
    expect(config.requests[1]?.body).toEqual({
      ConfigRuleName: 's3-encrypted',
      ComplianceTypes: ['NON_COMPLIANT'],
    });
  });

  it('sends rules and complianceTypes, and leaves the verdict to a test when there is one', async () => {
    config.requests.length = 0;
    const outcome = await runCheck(
      'awsConfigRule',
      keys({
        rules: ['s3-encrypted', 'root-mfa'],
        complianceTypes: ['NON_COMPLIANT'],
        test: { expr: 'size(results.rules) == 1' },
      }),
    );
    expect(outcome.pass).toBe(true);
    expect(config.requests[0]?.body).toEqual({
      ComplianceTypes: ['NON_COMPLIANT'],
      ConfigRuleNames: ['s3-encrypted', 'root-mfa'],
    });
  });

  it('fails when a rule’s details cannot be read, and passes when all comply', async () => {
    const broken = await runCheck('awsConfigRule', keys({ rules: ['broken-details'] }));
    expect(broken.error).toBe('failed to get compliance details: NoSuchConfigRuleException: gone');
    const fine = await runCheck('awsConfigRule', keys({ rules: ['root-mfa', 'new-rule'] }));
    expect(fine.pass).toBe(true);
  });

  it('refuses an unknown compliance type naming the field', () => {
    expect(
      parseCanarySpec({ awsConfigRule: [{ name: 'r', complianceTypes: ['BROKEN'] }] }),
    ).toMatchObject({
      ok: false,
      field: 'spec.awsConfigRule[0].complianceTypes[0]',
      message: 'must be one of COMPLIANT, INSUFFICIENT_DATA, NON_COMPLIANT, NOT_APPLICABLE',
    });
    expect(
      parseCanarySpec({
        awsConfigRule: [
          { name: 'AWS Config Rule', region: 'eu-west-1', complianceTypes: ['NON_COMPLIANT'] },
        ],
      }).ok,
    ).toBe(true);
  });
});
