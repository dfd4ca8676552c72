import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from './concurrency.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('ConcurrencyLimit', () => {
  it('never runs more tasks at once than its limit, and runs them all', async () => {
    const limit = new ConcurrencyLimit(3);
    let running = 0;
    let most = 0;
    const done: number[] = [];
    const tasks = Array.from({ length: 40 }, (_, i) =>
      limit.run(async () => {
        running++;
        most = Math.max(most, running);
        expect(limit.active).toBeLessThanOrEqual(3);
        await sleep(i % 4);
        running--;
        done.push(i);
        return i;
      }),
    );
    expect(limit.active).toBe(3);
    expect(limit.waiting).toBe(37);
    expect(await Promise.all(tasks)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(most).toBe(3);
    expect(done).toHaveLength(40);
    expect([limit.active, limit.waiting]).toEqual([0, 0]);
  });

  it('starts waiting tasks in the order they asked', async () => {
    const limit = new ConcurrencyLimit(1);
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map((i) =>
        limit.run(async () => {
          order.push(i);
          await sleep(1);
        }),
      ),
    );
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  it('releases its slot when a task throws or rejects, passing the error to the caller', async () => {
    const limit = new ConcurrencyLimit(2);
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        limit.run(async () => {
          if (i % 3 === 0) throw new Error(`task ${i} failed`);
          if (i % 3 === 1) return Promise.reject(new Error(`task ${i} rejected`));
          await sleep(1);
          return i;
        }),
      ),
    );
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(3);
    expect(outcomes[0]).toEqual({ status: 'rejected', reason: new Error('task 0 failed') });
    expect(outcomes[1]).toEqual({ status: 'rejected', reason: new Error('task 1 rejected') });
    expect([limit.active, limit.waiting]).toEqual([0, 0]);
    expect(await limit.run(() => Promise.resolve('still usable'))).toBe('still usable');
  });

  it('releases its slot when a task throws synchronously', async () => {
    const limit = new ConcurrencyLimit(1);
    const boom = (): Promise<never> => {
      throw new Error('sync');
    };
    await expect(limit.run(boom)).rejects.toThrow('sync');
    await expect(limit.run(boom)).rejects.toThrow('sync');
    expect(limit.active).toBe(0);
    expect(await limit.run(() => Promise.resolve(1))).toBe(1);
  });
});
