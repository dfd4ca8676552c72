import { describe, expect, it } from 'vitest';
import { compileCel } from './cel.ts';
import { renameReservedVariables } from './cel-reserved-names.ts';

describe('CEL variables named like built-in types', () => {
  it('reads a variable called type, as config-db relationship filters do', () => {
    const filter = compileCel("type == 'Custom::Resource' && name != 'type'");
    expect(filter({ type: 'Custom::Resource', name: 'a' })).toBe(true);
    expect(filter({ type: 'Other', name: 'a' })).toBe(false);
  });

  it('leaves type() calls, fields named type and string literals alone', () => {
    const source = "type(x) == string && config.type == 'type' && \"a type\" != ''";
    expect(renameReservedVariables(source)).toEqual({ source, renamed: [] });
    expect(compileCel(source)({ x: 's', config: { type: 'type' } })).toBe(true);
  });

  it('renames the variable in a ternary and inside a macro', () => {
    const { renamed } = renameReservedVariables("ok ? type : 'none'");
    expect(renamed).toEqual(['type']);
    expect(compileCel('items.exists(i, i == type)')({ items: ['a'], type: 'a' })).toBe(true);
  });
});
