import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { evalSelector, selectorId } from './relationship-selector.ts';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('selectorId: the MD5 of the template as Go encodes it', () => {
  it('writes every lookup key, in struct order, and leaves out empty labels', () => {
    const template = { type: { value: 'Kubernetes::Pod' }, name: { label: 'pod' } };
    expect(selectorId(template)).toBe(
      md5(
        '{"id":{},"external_id":{},"name":{"label":"pod"},"namespace":{},' +
          '"type":{"value":"Kubernetes::Pod"},"agent":{},"scope":{}}',
      ),
    );
    expect(selectorId({ ...template, labels: {} })).toBe(selectorId(template));
  });

  it('sorts label keys, orders lookup fields expr, value, label, and escapes as Go does', () => {
    const template = {
      name: { label: 'l', expr: 'a && b', value: '' },
      labels: { b: '2', a: '<1>\b' },
    };
    expect(selectorId(template)).toBe(
      md5(
        '{"id":{},"external_id":{},"name":{"expr":"a \\u0026\\u0026 b","label":"l"},' +
          '"namespace":{},"type":{},"agent":{},"scope":{},' +
          '"labels":{"a":"\\u003c1\\u003e\\u0008","b":"2"}}',
      ),
    );
  });
});

describe('evalSelector: duty RelationshipSelectorTemplate.Eval', () => {
  const env = { result: { data: { pod: 'web-1' }, pass: true } };

  it('takes value over label over expr, and keeps the labels', () => {
    const selector = evalSelector(
      {
        name: { value: 'fixed', label: 'pod' },
        namespace: { label: 'ns' },
        type: { expr: "'Kubernetes::' + 'Pod'" },
        labels: { app: 'shop' },
      },
      { ns: 'prod' },
      env,
      100,
    );
    expect(selector).toEqual({
      name: 'fixed',
      namespace: 'prod',
      type: 'Kubernetes::Pod',
      labels: { app: 'shop' },
    });
  });

  it('answers nothing when a set lookup is empty or the template is', () => {
    expect(evalSelector({ name: { label: 'missing' } }, {}, env, 100)).toBeUndefined();
    expect(evalSelector({ name: {} }, {}, env, 100)).toBeUndefined();
    expect(evalSelector({}, {}, env, 100)).toBeUndefined();
  });

  it('answers an expression over result as text, and names the failing field', () => {
    expect(evalSelector({ name: { expr: 'result.data.pod' } }, {}, env, 100)).toEqual({
      name: 'web-1',
    });
    expect(evalSelector({ id: { expr: 'result.pass' } }, {}, env, 100)).toEqual({ id: 'true' });
    expect(() => evalSelector({ type: { expr: 'result.nope.x' } }, {}, env, 100)).toThrow(
      /failed to evaluate type/,
    );
  });
});
