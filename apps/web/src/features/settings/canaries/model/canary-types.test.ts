import { describe, expect, it } from 'vitest';
import { canaryTypes } from './canary-types.ts';
import { checkFormFor } from './check-form-registry.ts';

/** Spec 002 §2, in the order it lists them. */
const specLabels = [
  'HTTP',
  'AWS Config Rule',
  'AWS Config',
  'GitHub',
  'EC2',
  'LDAP',
  'Pod',
  'Exec',
  'Alert Manager',
  'Cloud Watch',
  'Elasticsearch',
  'Redis',
  'Mongo DB',
  'DNS',
  'ICMP Ping',
  'GCS',
  'AWS S3',
  'SMB',
  'SFTP',
  'Folder',
  'Prometheus',
  'Kubernetes',
  'SQL Query',
  'Catalog',
  'Azure DevOps',
  'JMeter',
  'JUnit',
  'Dynatrace',
  'Kubernetes Namespace',
  'TCP',
  'Custom',
];

const withForms = [
  'HTTP',
  'Exec',
  'Alert Manager',
  'Elasticsearch',
  'Redis',
  'Mongo DB',
  'ICMP Ping',
  'Folder',
  'TCP',
];

/** What the new-canary page edits with a form: a type whose own key has one. */
const hasForm = (type: (typeof canaryTypes)[number]) =>
  type.specKey === type.id && checkFormFor(type.specKey) !== undefined;

describe('canary types (spec 002 §2)', () => {
  it('are every type the spec lists, sorted by label', () => {
    const labels = canaryTypes.map((type) => type.label);
    expect([...labels].sort()).toEqual([...specLabels].sort());
    expect(labels).toEqual([...specLabels].sort((a, b) => a.localeCompare(b)));
    expect(new Set(canaryTypes.map((type) => type.id)).size).toBe(specLabels.length);
  });

  it('have structured forms for exactly the nine the spec names', () => {
    const formed = canaryTypes.filter(hasForm).map((type) => type.label);
    expect([...formed].sort()).toEqual([...withForms].sort());
  });
});
