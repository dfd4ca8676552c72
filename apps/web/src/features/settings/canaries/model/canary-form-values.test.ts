import { describe, expect, it } from 'vitest';
import { applyFormValues, formValuesFrom } from './canary-form-values.ts';
import type { CanaryResource } from './canary-resource.ts';
import { httpForm } from './forms/http-form.ts';

const resource: CanaryResource = {
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name: 'shop', namespace: 'prod', labels: { team: 'web' } },
  spec: {
    schedule: '@every 1m',
    http: [
      {
        name: 'home',
        url: 'https://shop.example.com',
        method: 'POST',
        body: '{}',
        headers: [
          { name: 'Accept', value: 'application/json' },
          { name: 'Authorization', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } },
        ],
        password: { valueFrom: { secretKeyRef: { name: 's', key: 'p' } } },
        username: 'shop',
        ntlmv2: true,
        responseCodes: [200, 418],
        test: { expr: 'code == 200' },
        tlsConfig: { insecureSkipVerify: true },
      },
      { name: 'second', url: 'https://b.example.com' },
    ],
  },
};

describe('form values and the resource', () => {
  it('round-trips without losing what the form does not show', () => {
    const values = formValuesFrom(resource, httpForm);
    expect(values.check).toMatchObject({
      authentication: 'ntlmv2',
      headers: 'Accept: application/json',
      responseCodes: ['200'],
      password: '',
      test: 'code == 200',
    });
    expect(applyFormValues(resource, values, httpForm)).toEqual(resource);
  });

  it('drops the body for GET and removes emptied fields', () => {
    const values = formValuesFrom(resource, httpForm);
    const edited = applyFormValues(
      resource,
      {
        ...values,
        labels: '{"team": "web", "env": "prod"}',
        check: { ...values.check, method: 'GET', test: '', authentication: '', responseCodes: [] },
      },
      httpForm,
    );
    const [check] = Array.isArray(edited.spec.http) ? edited.spec.http : [];
    expect(check).not.toHaveProperty('body');
    expect(check).not.toHaveProperty('test');
    expect(check).not.toHaveProperty('ntlmv2');
    expect(check).not.toHaveProperty('username');
    expect(check).toMatchObject({ responseCodes: [418], method: 'GET' });
    expect(edited.metadata.labels).toEqual({ team: 'web', env: 'prod' });
  });

  it('keeps the labels while their JSON does not parse, and empties them when emptied', () => {
    const values = formValuesFrom(resource, httpForm);
    expect(values.labels).toBe('{\n  "team": "web"\n}');
    const typing = applyFormValues(resource, { ...values, labels: '{"team": "w' }, httpForm);
    expect(typing.metadata.labels).toEqual({ team: 'web' });
    const emptied = applyFormValues(resource, { ...values, labels: '' }, httpForm);
    expect(emptied.metadata.labels).toEqual({});
  });

  it('sets and clears the canary icon in the spec', () => {
    const values = formValuesFrom(resource, httpForm);
    expect(values.icon).toBe('');
    const withIcon = applyFormValues(resource, { ...values, icon: ' http ' }, httpForm);
    expect(withIcon.spec.icon).toBe('http');
    expect(formValuesFrom(withIcon, httpForm).icon).toBe('http');
    expect(applyFormValues(withIcon, { ...values, icon: '' }, httpForm).spec).not.toHaveProperty(
      'icon',
    );
  });

  it('keeps name and namespace when the form reports none (disabled when editing)', () => {
    const values = formValuesFrom(resource, httpForm);
    const edited = applyFormValues(
      resource,
      { schedule: values.schedule, labels: values.labels, check: values.check },
      httpForm,
    );
    expect(edited.metadata).toMatchObject({ name: 'shop', namespace: 'prod' });
  });
});
