import { describe, expect, it } from 'vitest';
import { judgeOutcome } from './check-expressions.ts';
import { renderTemplate } from './go-template/template.ts';

const ok = {
  pass: true,
  message: '200 in 3ms',
  data: { code: 200, json: { status: 'up', items: [1, 2, 3] } },
};
const env = { check: { name: 'web' } };

describe('judgeOutcome', () => {
  it('lets test decide a passing run, with CEL or a template', () => {
    expect(judgeOutcome({ test: { expr: 'code == 200' } }, ok, env, 100).pass).toBe(true);
    const failed = judgeOutcome({ test: { expr: "json.status == 'down'" } }, ok, env, 100);
    expect(failed).toMatchObject({
      pass: false,
      error: 'test "json.status == \'down\'" returned false',
    });
    expect(judgeOutcome({ test: { template: '{{ .json.status }}' } }, ok, env, 100)).toMatchObject({
      pass: false,
      invalid: true,
      error: 'test "{{ .json.status }}" did not return a boolean',
    });
    expect(judgeOutcome({ test: { expr: 'code' } }, ok, env, 100).error).toMatch(
      /did not return a boolean$/,
    );
  });

  it('keeps a failed run failed without evaluating test', () => {
    const down = { pass: false, error: 'ECONNREFUSED', data: {} };
    expect(judgeOutcome({ test: { expr: 'true' } }, down, env, 100)).toMatchObject({
      pass: false,
      error: 'ECONNREFUSED',
    });
  });

  it("keeps a failed check's own error beside its display's error", () => {
    const down = { pass: false, error: 'ECONNREFUSED', data: {} };
    const judged = judgeOutcome({ display: { expr: 'json.missing' } }, down, env, 100);
    expect(judged.pass).toBe(false);
    expect(judged.invalid).toBe(true);
    expect(judged.error).toMatch(/^ECONNREFUSED, \S/);
    expect(judged.error?.length).toBeGreaterThan('ECONNREFUSED, '.length);
    const failedTest = judgeOutcome(
      { test: { expr: 'code == 500' }, display: { expr: 'nope.field' } },
      ok,
      env,
      100,
    );
    expect(failedTest.error).toMatch(/^test "code == 500" returned false, \S/);
  });

  it('sets the message from display', () => {
    const judged = judgeOutcome(
      { display: { expr: "'items: ' + string(size(json.items)) + ' on ' + check.name" } },
      ok,
      env,
      100,
    );
    expect(judged.message).toBe('items: 3 on web');
    expect(
      judgeOutcome({ display: { template: 'status {{ .json.status }}' } }, ok, env, 100).message,
    ).toBe('status up');
  });

  it('turns one result into many checks with transform', () => {
    const judged = judgeOutcome(
      {
        transform: {
          expr: "json.items.map(i, {'name': 'item-' + string(i), 'pass': i != 2, 'message': 'n=' + string(i)})",
        },
      },
      ok,
      env,
      100,
    );
    expect(judged.transformed).toEqual([
      { name: 'item-1', pass: true, message: 'n=1' },
      { name: 'item-2', pass: false, message: 'n=2' },
      { name: 'item-3', pass: true, message: 'n=3' },
    ]);
    const empty = judgeOutcome(
      { transform: { expr: 'json.items.filter(i, i > 5)' }, markFailOnEmpty: true },
      ok,
      env,
      100,
    );
    expect(empty).toMatchObject({ pass: false, error: 'transform returned no checks' });
  });

  it('changes the check itself when transform answers one entry without a name', () => {
    const detail = judgeOutcome(
      { transform: { expr: '{"detail": {"max": "2026-01-01"}}.toJSON()' } },
      ok,
      env,
      100,
    );
    expect(detail).toMatchObject({
      pass: true,
      transformed: undefined,
      detail: { max: '2026-01-01' },
    });
    const failing = judgeOutcome(
      { transform: { expr: '{"pass": false, "message": "stale"}' } },
      ok,
      env,
      100,
    );
    expect(failing).toMatchObject({ pass: false, message: 'stale', error: 'check failed' });
    expect('detail' in failing).toBe(false);
  });

  it('fails as invalid on bad CEL, bad transform output, and expressions over the time limit', () => {
    expect(judgeOutcome({ test: { expr: 'code ==' } }, ok, env, 100)).toMatchObject({
      pass: false,
      invalid: true,
    });
    expect(judgeOutcome({ transform: { expr: '[1, 2]' } }, ok, env, 100).error).toMatch(
      /^transform result \[0\]/,
    );
    const big = { ...ok, data: { items: Array.from({ length: 4000 }, (_, i) => i) } };
    const slow = judgeOutcome(
      { test: { expr: 'items.all(x, items.exists(y, y == x))' } },
      big,
      env,
      30,
    );
    expect(slow).toMatchObject({
      pass: false,
      invalid: true,
      error: 'expression took longer than 30ms',
    });
  });
});

describe('renderTemplate', () => {
  it('renders Go template actions, printing maps as Go does', () => {
    expect(renderTemplate('a {{- .x -}} b', { x: 'X' })).toBe('aXb');
    expect(renderTemplate('{{ .json }}', { json: { a: 1 } })).toBe('map[a:1]');
    expect(renderTemplate('{{ .missing }}', {})).toBe('<no value>');
    expect(renderTemplate('{{ if .x }}y{{ end }}', { x: 1 })).toBe('y');
  });
});
