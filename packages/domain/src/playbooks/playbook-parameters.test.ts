import { describe, expect, it } from 'vitest';
import {
  dns1123Message,
  parameterProblem,
  playbookParameterSchema,
  type PlaybookParameter,
} from './playbook-parameters.ts';
import { playbookRunRequestSchema } from './playbooks.ts';

const param = (input: Record<string, unknown>): PlaybookParameter =>
  playbookParameterSchema.parse({ name: 'p', ...input });

describe('parameterProblem', () => {
  it('asks for required values with the spec text and lets optional ones be empty', () => {
    expect(parameterProblem(param({ required: true }), '')).toBe('This field is required');
    expect(parameterProblem(param({}), '')).toBeUndefined();
    // A checkbox always has a value: false is an answer.
    expect(parameterProblem(param({ type: 'checkbox', required: true }), '')).toBeUndefined();
  });

  it('honours lengths, bounds and a regex, with quoted numbers from YAML', () => {
    const text = param({ properties: { minLength: '3', maxLength: 5 } });
    expect(parameterProblem(text, 'ab')).toBe('Must be at least 3 characters');
    expect(parameterProblem(text, 'abcdef')).toBe('Must be at most 5 characters');
    expect(parameterProblem(text, 'abcd')).toBeUndefined();
    const bounded = param({ properties: { min: 1, max: 10 } });
    expect(parameterProblem(bounded, '0')).toBe('Must be at least 1');
    expect(parameterProblem(bounded, '11')).toBe('Must be at most 10');
    expect(parameterProblem(bounded, 'x')).toBe('Must be a number');
    const pattern = param({ properties: { regex: '^v\\d+$' } });
    expect(parameterProblem(pattern, 'v12')).toBeUndefined();
    expect(parameterProblem(pattern, '12')).toBe('Must match the pattern ^v\\d+$');
  });

  it('checks the dns1123, bytes and millicores formats', () => {
    const dns = param({ properties: { format: 'dns1123' } });
    expect(parameterProblem(dns, 'web-1.prod')).toBeUndefined();
    expect(parameterProblem(dns, 'Web_1')).toBe(dns1123Message);
    expect(parameterProblem(dns, '-web')).toBe(dns1123Message);
    expect(parameterProblem(param({ properties: { format: 'bytes' } }), '512Mi')).toBeUndefined();
    expect(parameterProblem(param({ properties: { format: 'bytes' } }), 'lots')).toBeDefined();
    expect(
      parameterProblem(param({ properties: { format: 'millicores' } }), '500m'),
    ).toBeUndefined();
    expect(parameterProblem(param({ properties: { format: 'millicores' } }), '1.5')).toBeDefined();
  });
});

describe('playbookRunRequestSchema', () => {
  const id = '0192f0c4-0000-7000-8000-000000000501';
  const target = '0192f0c4-0000-7000-8000-000000000601';
  it('takes at most one target', () => {
    expect(playbookRunRequestSchema.safeParse({ id, config_id: target }).success).toBe(true);
    const both = playbookRunRequestSchema.safeParse({ id, config_id: target, check_id: target });
    expect(both.success).toBe(false);
    expect(both.error?.issues[0]?.message).toBe(
      'provide at most one of: config_id, check_id or component_id',
    );
  });
});
