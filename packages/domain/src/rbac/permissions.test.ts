import { describe, expect, it } from 'vitest';
import { can, canRunChecks, permissionObjects, roles } from './permissions.ts';

describe('permission matrix', () => {
  it('lets admin read and write every object', () => {
    for (const object of permissionObjects) {
      expect(can(['admin'], [object], 'read')).toBe(true);
      expect(can(['admin'], [object], 'write')).toBe(true);
    }
  });

  it('lets editor read everything and write all but connections, identities and rbac', () => {
    expect(can(['editor'], ['connections'], 'read')).toBe(true);
    for (const object of ['connections', 'identities', 'rbac'] as const) {
      expect(can(['editor'], [object], 'write')).toBe(false);
    }
    expect(can(['editor'], ['canaries', 'playbooks', 'agents'], 'write')).toBe(true);
  });

  it.each(['commander', 'responder'] as const)('limits %s writes to incident work', (role) => {
    expect(can([role], ['incident', 'responder', 'evidences', 'comments'], 'write')).toBe(true);
    expect(can([role], ['canaries'], 'write')).toBe(false);
    expect(can([role], ['connections'], 'read')).toBe(false);
    expect(can([role], ['canaries'], 'read')).toBe(true);
  });

  it('treats no roles as viewer, who never writes', () => {
    for (const object of permissionObjects) expect(can([], [object], 'write')).toBe(false);
    expect(can([], ['canaries'], 'read')).toBe(true);
    expect(can(['viewer'], ['rbac'], 'read')).toBe(false);
  });

  it('requires the action on every object listed', () => {
    expect(can(['viewer'], ['canaries', 'connections'], 'read')).toBe(false);
  });

  it('combines roles', () => {
    expect(can(['viewer', 'responder'], ['incident'], 'write')).toBe(true);
    expect(roles).toHaveLength(5);
  });
});

describe('canRunChecks', () => {
  it('allows admin, editor, responder and commander only', () => {
    expect(canRunChecks(['admin'])).toBe(true);
    expect(canRunChecks(['editor'])).toBe(true);
    expect(canRunChecks(['responder'])).toBe(true);
    expect(canRunChecks(['commander'])).toBe(true);
    expect(canRunChecks(['viewer'])).toBe(false);
    expect(canRunChecks([])).toBe(false);
  });
});
