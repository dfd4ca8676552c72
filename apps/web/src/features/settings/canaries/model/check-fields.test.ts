import { describe, expect, it } from 'vitest';
import {
  minimumMessage,
  numberField,
  numberMessage,
  numberRule,
  requiredMessage,
  setAt,
} from './check-fields.ts';

describe('number fields (spec 002 §5)', () => {
  it.each([
    ['', false, undefined],
    ['', true, requiredMessage],
    ['12', false, undefined],
    ['0', true, undefined],
    ['1.5', false, numberMessage],
    ['abc', false, numberMessage],
    ['-1', false, minimumMessage],
  ])('%j (required %s) gives %s', (value, required, message) => {
    const parsed = numberRule(required).safeParse(value);
    expect(parsed.success ? undefined : parsed.error.issues[0]?.message).toBe(message);
  });

  it('writes integers and leaves the YAML alone while the text is not one', () => {
    const field = numberField('thresholdMillis', 'thresholdMillis', { label: 'Threshold' });
    const check: Record<string, unknown> = { thresholdMillis: 100 };
    field.write(check, 'fast');
    expect(check.thresholdMillis).toBe(100);
    field.write(check, '250');
    expect(check.thresholdMillis).toBe(250);
    field.write(check, '');
    expect(check).not.toHaveProperty('thresholdMillis');
  });
});

describe('setAt', () => {
  it('sets nested keys and drops objects left empty', () => {
    const check: Record<string, unknown> = {};
    setAt(check, ['filter', 'regex'], '.*\\.bak');
    expect(check).toEqual({ filter: { regex: '.*\\.bak' } });
    setAt(check, ['filter', 'regex'], undefined);
    expect(check).toEqual({});
  });
});
