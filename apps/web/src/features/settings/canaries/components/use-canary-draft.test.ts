import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { formValuesFrom, type CanaryFormValues } from '../model/canary-form-values.ts';
import { resourceToYaml, type CanaryResource } from '../model/canary-resource.ts';
import type { CheckForm } from '../model/check-form.ts';
import { tcpForm } from '../model/forms/tcp-form.ts';
import { useCanaryDraft } from './use-canary-draft.ts';

const saved: CanaryResource = {
  apiVersion: 'canaries.flanksource.com/v1',
  kind: 'Canary',
  metadata: { name: 'db', namespace: 'prod', labels: { team: 'sre' } },
  spec: {
    schedule: '@every 1m',
    tcp: [{ name: 'port', endpoint: 'db.internal:5432', thresholdMillis: 250 }],
  },
};

/** The draft as the editor uses it: one react-hook-form form and the YAML beside it. */
function renderDraft(initial: CanaryResource, form: CheckForm | undefined, isEdit: boolean) {
  return renderHook(() => {
    const methods = useForm<CanaryFormValues>({ defaultValues: formValuesFrom(initial, form) });
    const draft = useCanaryDraft(initial, form, methods, isEdit);
    return { methods, draft };
  });
}

describe('useCanaryDraft', () => {
  it('starts with the YAML of the initial resource', () => {
    const { result } = renderDraft(saved, tcpForm, true);
    expect(result.current.draft.yaml).toBe(resourceToYaml(saved));
    expect(result.current.draft.yamlProblem).toBeNull();
  });

  it('writes a form edit into the YAML and the resource', () => {
    const { result } = renderDraft(saved, tcpForm, true);
    act(() => result.current.methods.setValue('check.thresholdMillis', '900'));
    act(() => result.current.methods.setValue('schedule', '@hourly'));
    expect(result.current.draft.yaml).toContain('thresholdMillis: 900');
    expect(result.current.draft.yaml).toContain('schedule: "@hourly"');
    expect(result.current.draft.current().spec).toEqual({
      schedule: '@hourly',
      tcp: [{ name: 'port', endpoint: 'db.internal:5432', thresholdMillis: 900 }],
    });
  });

  it('writes a YAML edit into the form', () => {
    const { result } = renderDraft(saved, tcpForm, true);
    const edited = resourceToYaml(saved)
      .replace('endpoint: db.internal:5432', 'endpoint: db.internal:6432')
      .replace('thresholdMillis: 250', 'thresholdMillis: 1200');
    act(() => result.current.draft.onYamlChange(edited));
    expect(result.current.methods.getValues('check')).toMatchObject({
      endpoint: 'db.internal:6432',
      thresholdMillis: '1200',
    });
    expect(result.current.draft.yaml).toBe(edited);
    expect(result.current.draft.current().spec.tcp).toEqual([
      { name: 'port', endpoint: 'db.internal:6432', thresholdMillis: 1200 },
    ]);
  });

  it('reports YAML that does not parse and keeps the last good resource', () => {
    const { result } = renderDraft(saved, tcpForm, true);
    act(() => result.current.draft.onYamlChange('spec: [unclosed'));
    expect(result.current.draft.yamlProblem).toMatchObject({ line: 1 });
    expect(result.current.draft.yaml).toBe('spec: [unclosed');
    expect(result.current.draft.current()).toEqual(saved);
    expect(result.current.methods.getValues('check.endpoint')).toBe('db.internal:5432');
  });

  it('resets to an empty object when the editor is emptied; editing keeps name and namespace', () => {
    const { result } = renderDraft(saved, tcpForm, true);
    act(() => result.current.draft.onYamlChange(''));
    expect(result.current.draft.yamlProblem).toBeNull();
    expect(result.current.draft.yaml).toBe('');
    expect(result.current.draft.current()).toEqual({
      apiVersion: 'canaries.flanksource.com/v1',
      kind: 'Canary',
      metadata: { name: 'db', namespace: 'prod', labels: {} },
      spec: {},
    });
    expect(result.current.methods.getValues()).toMatchObject({
      name: 'db',
      namespace: 'prod',
      schedule: '',
      labels: '{}',
      check: { name: '', endpoint: '', thresholdMillis: '' },
    });
  });

  it('empties a new canary entirely, and a form edit after that starts a fresh check', () => {
    const fresh: CanaryResource = { ...saved, metadata: { ...saved.metadata, name: 'draft' } };
    const { result } = renderDraft(fresh, tcpForm, false);
    act(() => result.current.draft.onYamlChange('   \n'));
    expect(result.current.draft.current().metadata).toEqual({
      name: '',
      namespace: 'default',
      labels: {},
    });
    expect(result.current.methods.getValues('name')).toBe('');
    act(() => result.current.methods.setValue('check.endpoint', 'cache:6379'));
    expect(result.current.draft.current().spec).toEqual({ tcp: [{ endpoint: 'cache:6379' }] });
    expect(result.current.draft.yaml).toContain('endpoint: cache:6379');
  });
});
