import { describe, expect, it } from 'vitest';
import { handlersTakingTurns } from './turn-taking';

describe('handlersTakingTurns', () => {
  it('starts at most perTurn handlers per event-loop turn, in arrival order', async () => {
    const log: string[] = [];
    const handler = handlersTakingTurns(async (name: string) => {
      log.push(`start ${name}`);
      // Runs in the turn after this handler's: between two handlers when they take turns.
      setImmediate(() => log.push(`next turn after ${name}`));
      return name.toUpperCase();
    }, 2);
    const answers = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((name) => handler(name)));
    expect(answers).toEqual(['A', 'B', 'C', 'D', 'E']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual([
      'start a',
      'start b',
      'next turn after a',
      'next turn after b',
      'start c',
      'start d',
      'next turn after c',
      'next turn after d',
      'start e',
      'next turn after e',
    ]);
  });

  it('starts a lone request in the turn that brought it', async () => {
    const log: string[] = [];
    const handler = handlersTakingTurns(() => log.push('handler'), 1);
    setImmediate(() => log.push('immediate queued before'));
    const answered = handler();
    setImmediate(() => log.push('immediate queued after'));
    await answered;
    await new Promise((resolve) => setImmediate(resolve));
    expect(log).toEqual(['immediate queued before', 'handler', 'immediate queued after']);
  });

  it('passes on a handler that throws as a rejection, and goes on with the next', async () => {
    const handler = handlersTakingTurns((fail: boolean) => {
      if (fail) throw new Error('broken');
      return 'fine';
    }, 1);
    const [failed, next] = await Promise.allSettled([handler(true), handler(false)]);
    expect(failed).toMatchObject({ status: 'rejected', reason: { message: 'broken' } });
    expect(next).toEqual({ status: 'fulfilled', value: 'fine' });
  });
});
