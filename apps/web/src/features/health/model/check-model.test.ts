import { describe, expect, it } from 'vitest';
import {
  displayLatency,
  formatPercent,
  formatSeverity,
  isStaleRun,
  uptimePercent,
} from './check-metrics.ts';
import {
  filterChecks,
  isBooleanLabel,
  labelCatalogue,
  matchesLabels,
  parseLabelFilters,
  serialiseLabelFilters,
  toggleLabelState,
} from './check-filters.ts';
import { groupChecks, groupKeyOf, inTab, tabsOf } from './check-groups.ts';
import { checkRows, grownPageSize } from './check-rows.ts';
import { sortChecks } from './check-sort.ts';
import { groupHealth, healthColour } from './health-colour.ts';
import { makeCheck } from './fixtures.test-helpers.ts';

describe('health colour', () => {
  it('follows spec §4', () => {
    expect(['degraded', 'missing', 'unhealthy'].map(healthColour)).toEqual(['red', 'red', 'red']);
    expect(['unknown', 'suspended', null].map(healthColour)).toEqual(['grey', 'grey', 'grey']);
    expect(['warning', 'warn', 'mixed'].map(healthColour)).toEqual(['orange', 'orange', 'orange']);
    expect(healthColour('healthy')).toBe('green');
  });
  it('aggregates groups as good, mixed or bad', () => {
    expect(groupHealth(['healthy', 'healthy'])).toBe('good');
    expect(groupHealth(['healthy', 'unhealthy'])).toBe('mixed');
    expect(groupHealth(['unhealthy', null])).toBe('bad');
    expect(groupHealth([])).toBe('bad');
  });
});

describe('metrics', () => {
  it('uptime is passed over total with one decimal', () => {
    expect(formatPercent(uptimePercent({ uptime: { passed: 2, failed: 1 } }))).toBe('66.7%');
    expect(formatPercent(uptimePercent({ uptime: { passed: 0, failed: 0 } }))).toBe('-');
  });
  it('latency falls back p95 → p97 → p99', () => {
    expect(displayLatency({ latency: { p95: 5, p97: 7, p99: 9 } })).toBe(5);
    expect(displayLatency({ latency: { p95: null, p97: 7, p99: 9 } })).toBe(7);
    expect(displayLatency({ latency: { p95: null, p97: null, p99: 9 } })).toBe(9);
    expect(displayLatency({ latency: { p95: null, p97: null, p99: null } })).toBeNull();
  });
  it('severity shows - when missing', () => {
    expect(formatSeverity(undefined)).toBe('-');
    expect(formatSeverity('critical')).toBe('critical');
  });
  it('last run is stale only beyond 3600001 ms', () => {
    const now = Date.parse('2026-01-01T02:00:00Z');
    expect(isStaleRun('2026-01-01T01:00:00Z', now)).toBe(false);
    expect(isStaleRun(new Date(now - 3_600_001).toISOString(), now)).toBe(true);
    expect(isStaleRun(null, now)).toBe(false);
  });
});

describe('label filters', () => {
  it('toggles tri-state and resets when chosen again', () => {
    const included = toggleLabelState({}, 'env=prod', 1);
    expect(included).toEqual({ 'env=prod': 1 });
    expect(toggleLabelState(included, 'env=prod', -1)).toEqual({ 'env=prod': -1 });
    expect(toggleLabelState(included, 'env=prod', 1)).toEqual({});
  });
  it('round-trips the URL param and ignores junk', () => {
    expect(parseLabelFilters(serialiseLabelFilters({ 'a=b': 1, 'c=d': -1 }))).toEqual({
      'a=b': 1,
      'c=d': -1,
    });
    expect(serialiseLabelFilters({})).toBeNull();
    expect(parseLabelFilters('{bad')).toEqual({});
    expect(parseLabelFilters('{"a=b":2,"c=d":-1}')).toEqual({ 'c=d': -1 });
    expect(parseLabelFilters('[1]')).toEqual({});
  });
  it('includes OR within a key, AND across keys; excludes win', () => {
    const labels = { env: 'prod', team: 'core' };
    expect(matchesLabels(labels, { 'env=prod': 1, 'env=dev': 1 })).toBe(true);
    expect(matchesLabels(labels, { 'env=prod': 1, 'team=ops': 1 })).toBe(false);
    expect(matchesLabels(labels, { 'env=prod': 1, 'team=core': -1 })).toBe(false);
    expect(matchesLabels(labels, { 'team=ops': -1 })).toBe(true);
    expect(matchesLabels({}, { 'env=prod': 1 })).toBe(false);
  });
  it('builds a sorted catalogue and spots boolean labels', () => {
    const catalogue = labelCatalogue([
      makeCheck({ name: 'a', labels: { z: 'true', env: 'prod' } }),
      makeCheck({ name: 'b', labels: { z: 'false', env: 'dev' } }),
    ]);
    expect([...catalogue.keys()]).toEqual(['env', 'z']);
    expect(catalogue.get('env')).toEqual(['dev', 'prod']);
    expect(isBooleanLabel(catalogue.get('z') ?? [])).toBe(true);
    expect(isBooleanLabel(catalogue.get('env') ?? [])).toBe(false);
  });
});

describe('filterChecks', () => {
  const checks = [
    makeCheck({ name: 'api', status: 'healthy', endpoint: 'http://x/api' }),
    makeCheck({
      name: 'db',
      status: 'unhealthy',
      description: 'Postgres primary',
      labels: { env: 'prod' },
    }),
    makeCheck({ name: 'cache', status: 'unhealthy', labels: { env: 'dev' } }),
  ];
  it('hides passing checks', () => {
    expect(
      filterChecks(checks, { query: '', hidePassing: true, labels: {} }).map((c) => c.name),
    ).toEqual(['db', 'cache']);
  });
  it('searches name, description and endpoint case-insensitively', () => {
    const names = (query: string) =>
      filterChecks(checks, { query, hidePassing: false, labels: {} }).map((c) => c.name);
    expect(names('POSTGRES')).toEqual(['db']);
    expect(names('x/api')).toEqual(['api']);
    expect(names('  ')).toHaveLength(3);
  });
  it('applies label filters', () => {
    expect(
      filterChecks(checks, { query: '', hidePassing: false, labels: { 'env=dev': -1 } }).map(
        (c) => c.name,
      ),
    ).toEqual(['api', 'db']);
  });
});

describe('grouping and sorting', () => {
  const checks = [
    makeCheck({
      name: 'eu/api',
      canary_name: 'web',
      status: 'healthy',
      type: 'http',
      labels: { env: 'prod' },
    }),
    makeCheck({ name: 'eu/db', canary_name: 'data', status: 'unhealthy', type: 'postgres' }),
    makeCheck({
      name: 'us/api',
      canary_name: 'web',
      status: 'unhealthy',
      type: 'http',
      labels: { env: 'prod' },
    }),
  ];
  it('groups by canary with n of m passing and aggregate health', () => {
    const groups = groupChecks(checks, 'canary_name');
    expect(groups?.map((g) => [g.key, g.passing, g.total, g.health])).toEqual([
      ['web', 1, 2, 'mixed'],
      ['data', 0, 1, 'bad'],
    ]);
  });
  it('groups by name prefix, type and label key; no-group gives null', () => {
    expect(groupChecks(checks, 'name')?.map((g) => g.key)).toEqual(['eu', 'us']);
    expect(groupChecks(checks, 'type')?.map((g) => g.key)).toEqual(['http', 'postgres']);
    expect(groupKeyOf(checks[1] ?? makeCheck({ name: 'x' }), 'label:env')).toBe('');
    expect(groupChecks(checks, 'label:env')?.map((g) => g.key)).toEqual(['prod', '']);
    expect(groupChecks(checks, 'no-group')).toBeNull();
  });
  it('sorts with missing values last and ties by name', () => {
    const withLatency = [
      makeCheck({ name: 'b', latency: { p95: 10, p97: null, p99: null, rolling1h: null } }),
      makeCheck({ name: 'a' }),
      makeCheck({ name: 'c', latency: { p95: null, p97: null, p99: 5, rolling1h: null } }),
    ];
    expect(sortChecks(withLatency, 'latency', false).map((c) => c.name)).toEqual(['c', 'b', 'a']);
    expect(sortChecks(withLatency, 'latency', true).map((c) => c.name)).toEqual(['b', 'c', 'a']);
    expect(sortChecks(withLatency, 'name', true).map((c) => c.name)).toEqual(['c', 'b', 'a']);
  });
  it('lists tabs by agent after All, with counts, and keeps the checks of a tab', () => {
    const checks = [
      makeCheck({ name: 'a', agent_name: 'z' }),
      makeCheck({ name: 'b', agent_name: 'local' }),
      makeCheck({ name: 'c', agent_name: 'z' }),
    ];
    expect(tabsOf(checks, 'agent')).toEqual([
      { key: 'All', count: 3 },
      { key: 'local', count: 1 },
      { key: 'z', count: 2 },
    ]);
    expect(inTab(checks, 'agent', 'z').map((c) => c.name)).toEqual(['a', 'c']);
    expect(inTab(checks, 'agent', 'All')).toHaveLength(3);
    expect(inTab(checks, 'label:env', '').map((c) => c.name)).toEqual(['a', 'b', 'c']);
  });
});

describe('table rows', () => {
  it('puts each group header before its checks', () => {
    const checks = [makeCheck({ name: 'a' }), makeCheck({ name: 'b', canary_name: 'db' })];
    const rows = checkRows(checks, groupChecks(checks, 'canary_name'));
    expect(rows.map((row) => row.key)).toEqual(['group:web', 'a', 'group:db', 'b']);
    expect(checkRows(checks, null).map((row) => row.kind)).toEqual(['check', 'check']);
  });
  it('doubles the page size only at the last shown row', () => {
    expect(grownPageSize(50, 48, 500)).toBe(50);
    expect(grownPageSize(50, 49, 500)).toBe(100);
    expect(grownPageSize(50, 9, 10)).toBe(50);
  });
  it('keeps every member of a large group in order', () => {
    const many = Array.from({ length: 5000 }, (_, index) => makeCheck({ name: `c${index}` }));
    const group = groupChecks(many, 'canary_name')?.[0];
    expect(group?.total).toBe(5000);
    expect(group?.checks[4999]?.name).toBe('c4999');
  });
});
