import { describe, expect, it } from 'vitest';
import { minimumMessage, numberMessage, requiredMessage } from './check-fields.ts';
import type { CheckForm } from './check-form.ts';
import { checkFormFor } from './check-form-registry.ts';
import { alertmanagerForm } from './forms/alertmanager-form.ts';
import { connectionBlockFor, folderConnectionField } from './forms/folder-connection.ts';
import { folderForm } from './forms/folder-form.ts';

const common = ['name', 'icon', 'description', 'test', 'display', 'transform'];
/** Basic authentication, or the client's credentials. */
const credentials = ['username', 'password'];

/**
 * Spec 002 §3 (the fields of each form) and §5 (what each requires). Alert Manager's host,
 * Mongo DB's URL and Folder's path are required too: the check cannot run without them.
 */
const expected: Record<string, { fields: string[]; required: string[]; numbers: string[] }> = {
  http: {
    fields: [
      ...common,
      'url',
      'method',
      'body',
      'headers',
      'authentication',
      ...credentials,
      'responseCodes',
      'thresholdMillis',
      'responseContent',
      'maxSSLExpiry',
    ],
    required: ['name', 'url'],
    numbers: ['thresholdMillis', 'maxSSLExpiry'],
  },
  exec: { fields: [...common, 'script'], required: ['name', 'script'], numbers: [] },
  alertmanager: {
    fields: [...common, 'url', 'alerts', 'filters', 'ignore'],
    required: ['name', 'url'],
    numbers: [],
  },
  elasticsearch: {
    fields: [...common, 'url', 'index', 'query', 'results', ...credentials],
    required: ['name', 'url', 'index', 'query'],
    numbers: ['results'],
  },
  redis: {
    fields: [...common, 'addr', 'db', ...credentials],
    required: ['name', 'addr'],
    numbers: ['db'],
  },
  mongodb: { fields: [...common, 'url', ...credentials], required: ['name', 'url'], numbers: [] },
  icmp: {
    fields: [...common, 'endpoint', 'packetCount', 'packetLossThreshold', 'thresholdMillis'],
    required: ['name', 'endpoint'],
    numbers: ['packetCount', 'packetLossThreshold', 'thresholdMillis'],
  },
  folder: {
    fields: [
      ...common,
      'path',
      'filterRegex',
      'connection',
      'minAge',
      'maxAge',
      'minCount',
      'maxCount',
      'minSize',
      'maxSize',
    ],
    required: ['name', 'path'],
    numbers: ['minCount', 'maxCount'],
  },
  tcp: {
    fields: [...common, 'endpoint', 'thresholdMillis'],
    required: ['name', 'endpoint'],
    numbers: ['thresholdMillis'],
  },
};

function formOf(key: string): CheckForm {
  const form = checkFormFor(key);
  if (form === undefined) throw new Error(`${key} has no form`);
  return form;
}

describe.each(Object.keys(expected))('the %s form', (key) => {
  const form = formOf(key);
  const want = expected[key] ?? { fields: [], required: [], numbers: [] };
  const field = (name: string) => form.fields.find((candidate) => candidate.name === name);

  it('has the fields of spec 002 §3', () => {
    expect(form.fields.map((candidate) => candidate.name).sort()).toEqual([...want.fields].sort());
  });

  it('requires the fields of spec 002 §5', () => {
    const required = form.fields.filter((candidate) => candidate.required === true);
    expect(required.map((candidate) => candidate.name).sort()).toEqual([...want.required].sort());
    for (const candidate of required) {
      expect(candidate.validate('  ')).toBe(requiredMessage);
      expect(candidate.validate('x')).toBe(true);
    }
  });

  it('takes whole numbers from 0 in its number fields', () => {
    const numbers = form.fields.filter((candidate) => candidate.kind === 'number');
    expect(numbers.map((candidate) => candidate.name).sort()).toEqual([...want.numbers].sort());
    for (const name of want.numbers) {
      const number = field(name);
      expect(number?.validate('')).toBe(true);
      expect(number?.validate('0')).toBe(true);
      expect(number?.validate('12')).toBe(true);
      expect(number?.validate('ten')).toBe(numberMessage);
      expect(number?.validate('-1')).toBe(minimumMessage);
      const check: Record<string, unknown> = {};
      number?.write(check, '12');
      expect(number?.read(check)).toBe('12');
    }
  });
});

describe('the alert manager host', () => {
  const host = alertmanagerForm.fields.find((field) => field.name === 'url');

  it('reads and writes url, or host where an older spec has it', () => {
    expect(host?.read({ url: 'http://am:9093' })).toBe('http://am:9093');
    const legacy: Record<string, unknown> = { host: 'http://old:9093' };
    expect(host?.read(legacy)).toBe('http://old:9093');
    host?.write(legacy, 'http://new:9093');
    expect(legacy).toEqual({ host: 'http://new:9093' });
    const fresh: Record<string, unknown> = {};
    host?.write(fresh, 'http://am:9093');
    expect(fresh).toEqual({ url: 'http://am:9093' });
  });
});

describe('the folder connection', () => {
  it('shows for remote paths only', () => {
    const visible = (path: string) => folderConnectionField.visibleWhen?.({ path }) ?? true;
    expect(visible('/var/backups')).toBe(false);
    expect(visible('sftp://host/backups')).toBe(true);
    expect(visible('s3://bucket/prefix')).toBe(true);
    expect(connectionBlockFor('smb://server/share')).toBe('smbConnection');
  });

  it("goes into the block of the path's scheme and keeps that block's other settings", () => {
    const check: Record<string, unknown> = {
      path: 'sftp://files/backups',
      sftpConnection: { host: 'files', port: 22 },
      awsConnection: { connection: 'connection://default/old' },
    };
    folderConnectionField.write(check, 'connection://prod/files');
    expect(check).toEqual({
      path: 'sftp://files/backups',
      sftpConnection: { host: 'files', port: 22, connection: 'connection://prod/files' },
    });
    expect(folderConnectionField.read(check)).toBe('connection://prod/files');
    folderConnectionField.write(check, '');
    expect(check).toEqual({
      path: 'sftp://files/backups',
      sftpConnection: { host: 'files', port: 22 },
    });
  });

  it('is written after the path, so a new path picks its block', () => {
    const names = folderForm.fields.map((field) => field.name);
    expect(names.indexOf('path')).toBeLessThan(names.indexOf('connection'));
  });
});
