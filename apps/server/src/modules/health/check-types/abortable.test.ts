import { describe, expect, it } from 'vitest';
import { hookOf, RunAbort } from './abortable.ts';

describe('a run abort', () => {
  it('calls each listener once with the reason, except those removed', () => {
    const abort = new RunAbort();
    const heard: string[] = [];
    abort.whenAborted((reason) => heard.push(`a ${reason.message}`));
    const remove = abort.whenAborted((reason) => heard.push(`b ${reason.message}`));
    remove();
    expect(abort.aborted).toBe(false);
    abort.abort(new Error('timed out'));
    abort.abort(new Error('again'));
    expect(heard).toEqual(['a timed out']);
    expect(abort.reason?.message).toBe('timed out');
  });

  it('calls a listener added after the abort at once', () => {
    const abort = new RunAbort();
    abort.abort(new Error('late'));
    let heard = '';
    abort.whenAborted((reason) => (heard = reason.message));
    expect(heard).toBe('late');
  });

  it('makes its signal only when asked, aborted if the run already was', () => {
    const early = new RunAbort();
    const signal = early.signal;
    expect(signal.aborted).toBe(false);
    early.abort(new Error('limit'));
    expect(signal.aborted).toBe(true);
    const late = new RunAbort();
    late.abort(new Error('limit'));
    expect(late.signal.aborted).toBe(true);
    expect(late.signal.reason).toEqual(new Error('limit'));
  });

  it('sees an AbortSignal as a hook', () => {
    const controller = new AbortController();
    const hook = hookOf(controller.signal);
    const heard: string[] = [];
    hook.whenAborted((reason) => heard.push(reason.message));
    hook.whenAborted(() => heard.push('removed'))();
    controller.abort(new Error('stop'));
    hook.whenAborted((reason) => heard.push(`after ${reason.message}`));
    expect(heard).toEqual(['stop', 'after stop']);
  });
});
