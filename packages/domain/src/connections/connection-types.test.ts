import { describe, expect, it } from 'vitest';
import { fieldKinds, valueFields } from './connection-fields.ts';
import {
  type ConnectionFormValues,
  connectionWriteOf,
  defaultFormValues,
  formValuesOf,
  validateConnectionForm,
} from './connection-form.ts';
import { connectionTypes } from './connection-type.ts';
import { connectionTypeDefinitions, pickableConnectionTypes } from './connection-types.ts';
import { formatSecretSource, parseSecretSource } from './secret-source.ts';

const defaults = (type: (typeof connectionTypes)[number]) =>
  defaultFormValues(connectionTypeDefinitions[type]);

describe('connection types', () => {
  it('declares every type of the spec, each under its own name', () => {
    expect(Object.keys(connectionTypeDefinitions).sort()).toEqual([...connectionTypes].sort());
    for (const [type, definition] of Object.entries(connectionTypeDefinitions)) {
      expect(definition.type).toBe(type);
    }
    expect(pickableConnectionTypes().map((d) => d.type)).not.toContain('jmeter');
  });

  it('uses every field kind somewhere', () => {
    const used = new Set<string>();
    const walk = (fields: readonly { kind: string; fields?: unknown }[]) => {
      for (const field of fields) used.add(field.kind);
    };
    for (const definition of Object.values(connectionTypeDefinitions)) {
      walk(definition.fields);
      for (const field of definition.fields) if (field.kind === 'GroupField') walk(field.fields);
      for (const field of valueFields(definition.fields)) used.add(field.kind);
    }
    expect([...used].sort()).toEqual([...fieldKinds].sort());
  });

  it('has the spec defaults', () => {
    expect(defaults('sftp')['properties.port']).toBe(22);
    expect(defaults('smb')['properties.port']).toBe(445);
    expect(defaults('email')).toMatchObject({
      'properties.port': 587,
      'properties.encryption': 'Auto',
      'properties.auth': 'Unknown',
    });
    expect(defaults('opsgenie')['properties.port']).toBe(443);
    expect(defaults('ntfy')['properties.host']).toBe('ntfy.sh');
    expect(defaults('git')['properties.ref']).toBe('main');
    expect(defaults('generic_webhook')).toMatchObject({
      'properties.method': 'POST',
      'properties.contentType': 'application/json',
      'properties.messageKey': 'message',
      'properties.titleKey': 'title',
    });
    expect(defaults('postgres').namespace).toBe('default');
  });

  it('folds notification settings into properties and a composed url', () => {
    const values: ConnectionFormValues = {
      ...defaults('email'),
      name: 'mail',
      'properties.host': 'smtp.x.org',
      'properties.from': 'ops@x.org',
      password: 'secret://smtp/pass',
    };
    const row = connectionWriteOf('email', values);
    expect(row.properties).toMatchObject({ host: 'smtp.x.org', port: 587, from: 'ops@x.org' });
    expect(row.url).toBe(
      'smtp://smtp.x.org:587/?from=ops%40x.org&fromName=&to=&encryption=Auto&auth=Unknown',
    );
    expect(row.password).toBe('secret://smtp/pass');
    const discord = connectionWriteOf('discord', { ...defaults('discord'), username: '42' });
    expect(discord.url).toBe('https://discord.com/api/webhooks/$(username)/$(password)');
    const ntfy = connectionWriteOf('ntfy', { ...defaults('ntfy'), 'properties.topic': 'ops' });
    expect(ntfy.url).toBe('https://ntfy.sh/ops');
  });

  it('reads a stored row back into the same form values', () => {
    const values = { ...defaults('sftp'), name: 'files', 'properties.host': 'h', username: 'u' };
    const row = connectionWriteOf('sftp', values);
    const read = formValuesOf({ id: 'x', ...row, password: '********' });
    expect(read).toMatchObject({ name: 'files', 'properties.host': 'h', 'properties.port': 22 });
    expect(read.password).toBe('********');
    const kept = connectionWriteOf(
      'sftp',
      { ...read, 'properties.path': '' },
      {
        path: '/old',
        retries: { max: 3 },
      },
    );
    expect(kept.properties).toEqual({ host: 'h', port: 22, retries: { max: 3 } });
  });

  it('requires name, namespace, the type fields, and both parts of a reference', () => {
    const definition = connectionTypeDefinitions.postgres;
    const errors = validateConnectionForm(definition, { ...defaults('postgres'), namespace: '' });
    expect(errors).toEqual({
      name: 'This field is required',
      namespace: 'This field is required',
      url: 'This field is required',
    });
    const git = connectionTypeDefinitions.git;
    const ssh = { ...defaults('git'), name: 'g', url: 'u', 'properties.authentication': 'ssh' };
    expect(validateConnectionForm(git, ssh)).toEqual({ certificate: 'This field is required' });
    expect(validateConnectionForm(git, { ...ssh, certificate: 'secret://a/' })).toEqual({
      certificate: 'A secret or config map needs both a name and a key',
    });
    expect(validateConnectionForm(git, { ...ssh, certificate: 'configmap://a/b' })).toEqual({});
    expect(parseSecretSource('secret://a/')).toEqual({ mode: 'Static', value: 'secret://a/' });
  });

  it('parses and formats secret sources', () => {
    expect(parseSecretSource('configmap://cm/key')).toEqual({
      mode: 'ConfigMap',
      name: 'cm',
      key: 'key',
    });
    expect(formatSecretSource({ mode: 'Secret', name: 'db', key: 'pw' })).toBe('secret://db/pw');
    expect(parseSecretSource('plain')).toEqual({ mode: 'Static', value: 'plain' });
  });
});
