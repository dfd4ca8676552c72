import { describe, expect, it } from 'vitest';
import { judgeOutcome } from './check-expressions.ts';
import { evaluateJavascript, validateJavascript } from './javascript.ts';

const ok = {
  pass: true,
  message: '200 in 3ms',
  data: { code: 200, json: { status: 'up', rates: { EUR: 0.9, GBP: 0.8 }, items: [1, 2, 3] } },
};
const env = { check: { name: 'web' } };

describe('javascript in test, display and transform', () => {
  it('passes or fails a check with test, as Go parses its answer', () => {
    const judge = (javascript: string) => judgeOutcome({ test: { javascript } }, ok, env, 200);
    expect(judge('code == 200').pass).toBe(true);
    expect(judge('json.items.length').pass).toBe(false);
    expect(judge('json.items.length - 2')).toMatchObject({ pass: true });
    expect(judge('json.status == "down"')).toMatchObject({
      pass: false,
      invalid: false,
      error: 'test "json.status == \\"down\\"" returned false',
    });
    expect(judge('"maybe"')).toMatchObject({
      pass: false,
      invalid: true,
      error: 'test "\\"maybe\\"" did not return a boolean',
    });
  });

  it('sets the message from display, the completion value as a string', () => {
    const display = `
      currencyCodes = { "EUR": "€", "GBP": "£" }
      display = []
      for (var currency in json.rates) {
        display.push(currency + " = " + currencyCodes[currency] + json.rates[currency])
      }
      "$1 = " + display.join(", ")`;
    const judged = judgeOutcome({ display: { javascript: display } }, ok, env, 200);
    expect(judged).toMatchObject({ pass: true, message: '$1 = EUR = €0.9, GBP = £0.8' });
    expect(judgeOutcome({ display: { javascript: 'check.name' } }, ok, env, 200).message).toBe(
      'web',
    );
  });

  it('turns a result into checks with transform, underscore included', () => {
    const transform = `
      var out = _.map(json.items, function (i) {
        return { name: 'item-' + i, pass: i != 2, message: 'n=' + i };
      });
      JSON.stringify(out);`;
    const judged = judgeOutcome({ transform: { javascript: transform } }, ok, env, 1000);
    expect(judged.transformed).toEqual([
      { name: 'item-1', pass: true, message: 'n=1' },
      { name: 'item-2', pass: false, message: 'n=2' },
      { name: 'item-3', pass: true, message: 'n=3' },
    ]);
    const notJson = judgeOutcome({ transform: { javascript: '({ name: 1 })' } }, ok, env, 200);
    expect(notJson).toMatchObject({ invalid: true, error: 'transform did not return JSON' });
  });

  it('stops an infinite loop at the time limit', () => {
    const started = performance.now();
    const judged = judgeOutcome({ test: { javascript: 'while (true) {}' } }, ok, env, 50);
    expect(judged).toMatchObject({
      pass: false,
      invalid: true,
      error: 'javascript took longer than 50ms',
    });
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('stops a script stuck inside a long built-in at the time limit, then runs the next', () => {
    evaluateJavascript('1', {}, 100); // the thread is started, as it is in a running server
    // Each line spends seconds inside one QuickJS built-in, where its interrupt never fires.
    const stuck = [
      "var s = 'x'.repeat(1 << 20); var n = 0; for (var i = 0; i < 5; i++) n += s.split('').reverse().join('').length; n",
      "JSON.stringify(new Array(4e5).fill({ a: [1, 2, 3, { b: 'c' }] })).length",
    ];
    for (const source of stuck) {
      const started = performance.now();
      expect(() => evaluateJavascript(source, {}, 100)).toThrow(
        'javascript took longer than 100ms',
      );
      // The limit, its 20 ms grace and the setup before the script starts; never the seconds.
      expect(performance.now() - started).toBeLessThan(400);
      expect(evaluateJavascript('6 * 7', {}, 5000)).toBe('42');
    }
  });

  it('stops a memory bomb at the memory limit, and the next script runs clean', () => {
    const bomb = 'var a = new Array(1e8).fill(0); a.length';
    expect(() => evaluateJavascript(bomb, {}, 5000)).toThrow(
      'javascript exceeded its 32 MiB memory limit',
    );
    expect(() => evaluateJavascript('function f() { return f() + 1 } f()', {}, 5000)).toThrow(
      /^InternalError: stack overflow/,
    );
    expect(evaluateJavascript('function g(n) { return n && g(n - 1) + 1 } g(1000)', {}, 500)).toBe(
      '1000',
    );
    expect(evaluateJavascript('typeof a', {}, 200)).toBe('undefined');
  });

  it('offers nothing of Node or the host', () => {
    const probe = [
      'require',
      'process',
      'fetch',
      'module',
      'globalThis.Buffer',
      'setTimeout',
      'std',
      'os',
    ]
      .map((name) => `typeof ${name}`)
      .join(' + "," + ');
    expect(evaluateJavascript(probe, {}, 200)).toBe(Array(8).fill('undefined').join(','));
    expect(() => evaluateJavascript('require("fs")', {}, 200)).toThrow(
      "ReferenceError: 'require' is not defined",
    );
    expect(
      evaluateJavascript('this.constructor.constructor("return typeof process")()', {}, 200),
    ).toBe('undefined');
  });

  it('refuses a script that does not parse, without running it', () => {
    expect(() => validateJavascript('code ==')).toThrow(/^SyntaxError: .*line 1/);
    expect(() => validateJavascript('while (true) {}')).not.toThrow();
  });

  it('costs little per evaluation (printed, not asserted)', () => {
    const runs = 200;
    let started = performance.now();
    for (let i = 0; i < runs; i++) evaluateJavascript('json.items.length + " items"', ok.data, 200);
    const plain = (performance.now() - started) / runs;
    started = performance.now();
    for (let i = 0; i < 20; i++) evaluateJavascript('_.size(json.items)', ok.data, 200);
    const underscore = (performance.now() - started) / 20;
    console.log(
      `javascript evaluation: ${plain.toFixed(2)}ms each, ${underscore.toFixed(2)}ms with underscore`,
    );
    expect(plain).toBeGreaterThan(0);
  });
});
