import { expect, it } from 'vitest';
import { memoize } from './short-memo.ts';

it('shares one load per key within the window and forgets failures', async () => {
  let loads = 0;
  let fail = true;
  const load = memoize(async (key: string) => {
    loads++;
    if (fail) throw new Error(`no ${key}`);
    return `${key}!`;
  }, 60_000);
  await expect(load('a')).rejects.toThrow('no a');
  fail = false;
  expect(await load('a')).toBe('a!');
  expect(await load('a')).toBe('a!');
  expect(await load('b')).toBe('b!');
  expect(loads).toBe(3);
});

it('loads again once the window has passed', async () => {
  let loads = 0;
  const load = memoize(async () => ++loads, 1);
  await load('x');
  await new Promise((resolve) => setTimeout(resolve, 5));
  expect(await load('x')).toBe(2);
});
