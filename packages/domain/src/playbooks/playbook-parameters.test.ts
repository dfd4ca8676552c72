import { describe, expect, it } from 'vitest';
import {
  dns1123Message,
  listOptionsOf,
  parameterProblem,
  type ParameterLike,
} from './playbook-parameters.ts';

const param = (input: Partial<ParameterLike>): ParameterLike => ({
  name: 'p',
  type: 'text',
  required: false,
  ...input,
});

describe('parameterProblem', () => {
  it('asks for required values with the spec text and lets optional ones be empty', () => {
    expect(parameterProblem(param({ required: true }), '')).toBe('This field is required');
    expect(parameterProblem(param({}), '')).toBeUndefined();
    // A checkbox always has a value: false is an answer.
    expect(parameterProblem(param({ type: 'checkbox', required: true }), '')).toBeUndefined();
  });

  it('honours lengths, bounds and a whole-value regex, with quoted numbers from YAML', () => {
    const text = param({ properties: { minLength: '3', maxLength: 5 } });
    expect(parameterProblem(text, 'ab')).toBe('Must be at least 3 characters');
    expect(parameterProblem(text, 'abcdef')).toBe('Must be at most 5 characters');
    expect(parameterProblem(text, 'abcd')).toBeUndefined();
    const bounded = param({ properties: { min: 1, max: 10 } });
    expect(parameterProblem(bounded, '0')).toBe('Must be at least 1');
    expect(parameterProblem(bounded, '11')).toBe('Must be at most 10');
    expect(parameterProblem(bounded, 'x')).toBe('Must be a number');
    const pattern = param({ properties: { regex: 'v\\d+' } });
    expect(parameterProblem(pattern, 'v12')).toBeUndefined();
    expect(parameterProblem(pattern, 'av12')).toBe('Must match v\\d+');
  });

  it('checks the dns1123, bytes and millicores formats, bounds read through the format', () => {
    const dns = param({ properties: { format: 'dns1123' } });
    expect(parameterProblem(dns, 'web-1.prod')).toBeUndefined();
    expect(parameterProblem(dns, 'Web_1')).toBe(dns1123Message);
    expect(parameterProblem(dns, '-web')).toBe(dns1123Message);
    expect(parameterProblem(param({ type: 'bytes' }), '512Mi')).toBeUndefined();
    expect(parameterProblem(param({ type: 'bytes' }), 'lots')).toBe(
      'Must be a size such as 512Mi, 1Gi or 1024',
    );
    const cpu = param({ properties: { format: 'millicores', max: 2000 } });
    expect(parameterProblem(cpu, '500m')).toBeUndefined();
    expect(parameterProblem(cpu, '1.5')).toBeUndefined();
    expect(parameterProblem(cpu, '2500m')).toBe('Must be at most 2000');
    expect(parameterProblem(cpu, 'x')).toBe('Must be CPU such as 500m or 1.5');
  });

  it('reads list options as values or label and value', () => {
    expect(
      listOptionsOf(
        param({
          type: 'list',
          properties: { options: ['a', { label: 'B', value: 'b' }, { value: 3 }] },
        }),
      ),
    ).toEqual([
      { label: 'a', value: 'a' },
      { label: 'B', value: 'b' },
      { label: '3', value: '3' },
    ]);
  });
});
