import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { renderMetrics } from '../../../platform/http/metrics.ts';
import type { CheckResult } from '../history/check-result.ts';
import { createHealthMetrics } from './health-metrics.ts';

function run(pass: boolean, invalid = false): CheckResult {
  return {
    checkId: 'c1',
    canaryId: 'k1',
    time: new Date(0),
    duration: 7,
    pass,
    invalid,
    message: null,
    error: null,
    detail: null,
    nextRuntime: null,
  };
}

const labels = { name: 'api', type: 'http', canaryName: 'web', canaryNamespace: 'prod' };

describe('health metrics', () => {
  it('counts runs per check under canary-checker names and follows a renamed check', async () => {
    const registry = new Registry();
    const metrics = createHealthMetrics(registry);
    metrics.observe(run(true), labels);
    metrics.observe(run(false), labels);
    metrics.observe(run(false, true), labels);
    metrics.observe(run(true), { ...labels, name: 'api-v2' });
    const text = await renderMetrics(registry);
    const series = 'canary_name="web",canary_namespace="prod"';
    expect(text).toContain(`canary_check_success_count{type="http",${series},name="api"} 1`);
    expect(text).toContain(`canary_check_failed_count{type="http",${series},name="api"} 1`);
    expect(text).toContain(`canary_check_error_count{type="http",${series},name="api"} 1`);
    expect(text).toContain(`canary_check_success_count{type="http",${series},name="api-v2"} 1`);
    expect(text).toContain(`canary_check{type="http",${series},name="api-v2",key="c1"} 0`);
    expect(text).not.toContain(`canary_check{type="http",${series},name="api",key="c1"}`);
    expect(text).toContain(`canary_check_duration_count{type="http",${series},name="api"} 3`);
    expect(text).toContain(
      `canary_check_duration_bucket{le="5",type="http",${series},name="api"} 0`,
    );
    expect(text).toContain(
      `canary_check_duration_bucket{le="10",type="http",${series},name="api"} 3`,
    );
    expect(text).toContain(`canary_check_duration_sum{type="http",${series},name="api"} 21`);
    expect(text).toContain('# TYPE canary_check_duration histogram');
    expect(text).toContain('# TYPE canary_check_success_count counter');
  });

  it('escapes label values as the text format asks', async () => {
    const registry = new Registry();
    const metrics = createHealthMetrics(registry);
    metrics.observe(run(true), { ...labels, name: 'say "hi"\\now\nthen' });
    const text = await renderMetrics(registry);
    expect(text).toContain('name="say \\"hi\\"\\\\now\\nthen",key="c1"} 0');
  });

  it('renders ten thousand checks in slices, letting timers run in between', async () => {
    const registry = new Registry();
    const metrics = createHealthMetrics(registry);
    for (let i = 0; i < 10_000; i++) {
      metrics.observe({ ...run(i % 2 === 0), checkId: `c${i}` }, { ...labels, name: `n${i}` });
    }
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const text = await renderMetrics(registry);
    clearInterval(timer);
    expect(ticks).toBeGreaterThan(10);
    expect(text.match(/^canary_check\{/gm)).toHaveLength(10_000);
    expect(text.match(/^canary_check_duration_bucket\{/gm)).toHaveLength(130_000);
    expect(text).toContain(
      `canary_check{type="http",canary_name="web",canary_namespace="prod",name="n1",key="c1"} 1`,
    );
  });

  it('counts every run in lateness, and only the runs that started early in early', async () => {
    const registry = new Registry();
    const metrics = createHealthMetrics(registry);
    for (const ms of [5, 0, -20, 12]) metrics.lateness(ms);
    const text = await renderMetrics(registry);
    expect(text).toContain('vigil_health_schedule_lateness_seconds_count 4');
    const sum = /^vigil_health_schedule_lateness_seconds_sum (\S+)$/m.exec(text)?.[1];
    expect(Number(sum)).toBeCloseTo(0.017, 9);
    expect(text).toContain('vigil_health_schedule_early_seconds_count 1');
    expect(text).toContain('vigil_health_schedule_early_seconds_sum 0.02');
  });
});
