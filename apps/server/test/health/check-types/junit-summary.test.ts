import { describe, expect, it } from 'vitest';
import {
  failedTests,
  summarise,
  totalsText,
} from '../../../src/modules/health/check-types/junit-summary.ts';
import {
  JunitFormatError,
  parseJunitXml,
} from '../../../src/modules/health/check-types/junit-xml.ts';

const summary = (xml: string) => summarise(parseJunitXml(xml));

describe('JUnit XML summaries', () => {
  it('reads a bare testsuite and counts each status', () => {
    const results = summary(`
      <testsuite name="s" time="1,200.5">
        <testcase name="ok" classname="c" time="0.5"/>
        <testcase name="bad" classname="c"><failure>boom
          at line 1</failure></testcase>
        <testcase name="broken"><error message="crash"/></testcase>
        <testcase name="later"><skipped/></testcase>
        <testcase/>
      </testsuite>`);
    expect(results).toMatchObject({ passed: 2, failed: 1, error: 1, skipped: 1, duration: 1200.5 });
    expect(results.suites[0]?.tests).toMatchObject([
      { name: 'ok', classname: 'c', duration: 0.5, status: 'passed' },
      { name: 'bad', status: 'failed', message: 'boom', error: 'boom\n          at line 1' },
      { name: 'broken', status: 'error', message: 'crash' },
      { name: 'later', status: 'skipped' },
      { name: '', status: 'passed' },
    ]);
  });

  it('flattens nested suites and sums case times when a suite has none', () => {
    const results = summary(`
      <testsuites>
        <testsuite name="outer">
          <testsuite name="inner-a"><testcase name="a" time="0.25"/></testsuite>
          <testsuite name="inner-b"><testcase name="b" time="0.5"/><testcase name="c" time="0.25"/></testsuite>
        </testsuite>
        <testsuite name="flat"><testcase name="d"/></testsuite>
      </testsuites>`);
    expect(results.suites.map((s) => [s.name, s.passed, s.duration])).toEqual([
      ['inner-a', 1, 0.25],
      ['inner-b', 2, 0.75],
      ['flat', 1, 0],
    ]);
    expect(results).toMatchObject({ passed: 4, duration: 1 });
  });

  it('keeps system-out and system-err, CDATA included', () => {
    const results = summary(
      '<testsuite><testcase name="t"><system-out><![CDATA[a <b> & c]]></system-out>' +
        '<system-err>warn &amp; more</system-err></testcase></testsuite>',
    );
    expect(results.suites[0]?.tests[0]).toMatchObject({
      stdout: 'a <b> & c',
      stderr: 'warn & more',
    });
  });

  it('writes totals and failed test names like canary-checker', () => {
    const results = summary(
      '<testsuite><testcase name="x" classname="k" time="2"><failure message="no"/></testcase>' +
        '<testcase name="y" time="1"/><testcase name="z"><skipped/></testcase></testsuite>',
    );
    expect(totalsText(results)).toBe('1 passed, 1 failed, 1 skipped in 3s');
    expect(failedTests(results)).toEqual(['k.x: no']);
    expect(totalsText(summary('<testsuites/>'))).toBe('no tests');
  });

  it('refuses what is not JUnit XML', () => {
    expect(() => parseJunitXml('<testsuite><testcase></testsuite>')).toThrow(JunitFormatError);
    expect(() => parseJunitXml('plain text')).toThrow(/not well-formed XML at line 1/);
    expect(() => parseJunitXml('<report><item/></report>')).toThrow(
      'no <testsuites> or <testsuite> element',
    );
  });
});
