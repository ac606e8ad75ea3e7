import { describe, expect, it } from 'vitest';
import { createWorkQueue, WorkQueueFull } from './work-queue';

/** A task that runs until the test lets it end; `started` tells whether it began. */
function heldTask() {
  let release: () => void = () => {};
  const held = { started: false, release: () => release() };
  const task = () => {
    held.started = true;
    return new Promise<void>((resolve) => {
      release = resolve;
    });
  };
  return { held, task };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('the work queue', () => {
  it('runs at most its limit at once, the rest in arrival order', async () => {
    const queue = createWorkQueue(2);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        queue.run(async () => {
          started.push(i);
          running++;
          most = Math.max(most, running);
          await new Promise((resolve) => setTimeout(resolve, 5));
          running--;
        }),
      ),
    );
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });
  it('refuses a task past `maxWaiting`, and takes it again once there is room', async () => {
    const queue = createWorkQueue(1, { maxWaiting: 1 });
    const running = heldTask();
    const waiting = heldTask();
    const runs = [queue.run(running.task), queue.run(waiting.task)];
    await expect(queue.run(async () => 'never')).rejects.toBeInstanceOf(WorkQueueFull);
    running.held.release();
    await settle();
    waiting.held.release();
    await Promise.all(runs);
    expect(await queue.run(async () => 'taken')).toBe('taken');
  });

  it('drops a waiting task whose signal aborts: it never runs, and the next one moves up', async () => {
    const queue = createWorkQueue(1);
    const running = heldTask();
    const abandoned = heldTask();
    const next = heldTask();
    const gone = new AbortController();
    const first = queue.run(running.task);
    const dropped = queue.run(abandoned.task, gone.signal);
    const after = queue.run(next.task);
    gone.abort(new Error('the caller went away'));
    await expect(dropped).rejects.toThrow('the caller went away');
    expect(queue.load).toEqual({ running: 1, waiting: 1 });
    running.held.release();
    await settle();
    expect([abandoned.held.started, next.held.started]).toEqual([false, true]);
    next.held.release();
    await Promise.all([first, after]);
  });

  it('does not queue a task whose signal aborted already, and lets a running one finish', async () => {
    const queue = createWorkQueue(1);
    const running = heldTask();
    const signal = new AbortController();
    const first = queue.run(running.task, signal.signal);
    signal.abort(new Error('late'));
    await expect(queue.run(async () => 'never', signal.signal)).rejects.toThrow('late');
    expect(queue.load).toEqual({ running: 1, waiting: 0 });
    running.held.release();
    await expect(first).resolves.toBeUndefined();
  });

  it('hands a place that frees to the task waiting, never to one arriving at that moment', async () => {
    // A task arriving a few steps after the first one ends, whatever the number of steps: none
    // may start beside the one handed the place.
    for (let steps = 0; steps < 6; steps++) {
      const queue = createWorkQueue(1);
      const order: string[] = [];
      let running = 0;
      let most = 0;
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const task = (name: string) => async () => {
        order.push(name);
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 2));
        running--;
      };
      const first = queue.run(async () => {
        order.push('first');
        most = Math.max(most, ++running);
        await held;
        running--;
      });
      const waiting = queue.run(task('waiting'));
      let later: Promise<unknown> = held;
      for (let step = 0; step < steps; step++) later = later.then(() => undefined);
      const arriving = later.then(() => queue.run(task('arriving')));
      release();
      await Promise.all([first, waiting, arriving]);
      expect({ steps, most, order }).toEqual({
        steps,
        most: 1,
        order: ['first', 'waiting', 'arriving'],
      });
    }
  });
});
