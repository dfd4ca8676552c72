import { AppWindow, Box, Cog, Database, Server, Ship } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { componentIcon } from './component-icon.ts';

describe('componentIcon', () => {
  it('reads the spec icon first, then the type, split at camel case', () => {
    expect(componentIcon('postgres', 'Service')).toBe(Database);
    expect(componentIcon('app', 'Application')).toBe(AppWindow);
    expect(componentIcon(null, 'KubernetesNode')).toBe(Server);
    expect(componentIcon(undefined, 'KubernetesCluster')).toBe(Ship);
    expect(componentIcon('', 'Worker')).toBe(Cog);
  });

  it('falls back to a box for what it cannot place', () => {
    expect(componentIcon('unicorn', 'Mystery')).toBe(Box);
    expect(componentIcon(null, null)).toBe(Box);
  });
});
