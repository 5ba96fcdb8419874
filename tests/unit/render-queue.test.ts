import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { createRenderQueue } from '../../server/render-queue.ts';

/** A render that finishes when told to. */
function heldRender(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    render: async () => {
      log.push(`start ${name}`);
      await done;
      log.push(`end ${name}`);
    },
    finish: () => finish(),
  };
}

describe('render queue', () => {
  it('starts no render inside the call that queues it, and one per turn of the event loop', async () => {
    const queue = createRenderQueue(8);
    const log: string[] = [];
    const finished = ['a', 'b', 'c'].map((name) => queue.run(async () => void log.push(name)));
    expect(log).toEqual([]);
    await nextTurn();
    expect(log).toEqual(['a']);
    await nextTurn();
    expect(log).toEqual(['a', 'b']);
    await Promise.all(finished);
    expect(log).toEqual(['a', 'b', 'c']);
  });

  it('keeps at most its limit in flight and starts the rest in order of arrival as places free up', async () => {
    const queue = createRenderQueue(2);
    const log: string[] = [];
    const renders = ['a', 'b', 'c', 'd'].map((name) => heldRender(log, name));
    const finished = renders.map(({ render }) => queue.run(render));
    for (let turn = 0; turn < 5; turn += 1) await nextTurn();
    expect(log).toEqual(['start a', 'start b']);
    expect([queue.running, queue.waiting]).toEqual([2, 2]);

    renders[1]!.finish();
    for (let turn = 0; turn < 3; turn += 1) await nextTurn();
    expect(log).toEqual(['start a', 'start b', 'end b', 'start c']);

    renders[0]!.finish();
    renders[2]!.finish();
    renders[3]!.finish();
    await Promise.all(finished);
    expect(log.filter((line) => line.startsWith('start'))).toEqual(['start a', 'start b', 'start c', 'start d']);
    expect([queue.running, queue.waiting]).toEqual([0, 0]);
  });

  it('skips a request whose client left while it waited, and goes on with the next', async () => {
    const queue = createRenderQueue(1);
    const log: string[] = [];
    const first = heldRender(log, 'first');
    let left = false;
    const finished = [
      queue.run(first.render),
      queue.run(async () => void log.push('gone'), () => left),
      queue.run(async () => void log.push('next')),
    ];
    await nextTurn();
    left = true;
    first.finish();
    await Promise.all(finished);
    expect(log).toEqual(['start first', 'end first', 'next']);
  });

  it('hands a failed render to its caller and keeps serving the queue', async () => {
    const queue = createRenderQueue(1);
    const failed = queue.run(async () => {
      throw new Error('render broke');
    });
    const next = queue.run(async () => undefined);
    await expect(failed).rejects.toThrow('render broke');
    await expect(next).resolves.toBeUndefined();
    expect(queue.running).toBe(0);
  });

  it('refuses a limit below one', () => {
    expect(() => createRenderQueue(0)).toThrow();
    expect(() => createRenderQueue(1.5)).toThrow();
  });
});
