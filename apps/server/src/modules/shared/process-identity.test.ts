import { describe, expect, it } from 'vitest';
import { createProcessIdentity, currentProcess } from './process-identity';

describe('the process that owns a streamed write', () => {
  const running = new Set([100, 200]);
  const on = (pid: number, host = 'box', namespace = '4026531836') =>
    createProcessIdentity({ host, pid, namespace, running: (probe) => running.has(probe) });

  it('is alive when it is this process', () => {
    const me = on(100);
    expect(me.stateOf(me.id)).toBe('alive');
    expect(currentProcess.stateOf(currentProcess.id)).toBe('alive');
  });

  it('is gone when its pid runs nothing on this host and pid namespace', () => {
    const me = on(100);
    expect(me.stateOf(on(300).id)).toBe('gone');
  });

  it('is gone when it had our pid under another start (a container’s PID 1 restarted)', () => {
    const before = on(1);
    const after = on(1);
    expect(after.stateOf(before.id)).toBe('gone');
  });

  it('is unknown when its pid runs (maybe reused), or when it is elsewhere', () => {
    const me = on(100);
    expect(me.stateOf(on(200).id)).toBe('unknown');
    expect(me.stateOf(on(300, 'other-box').id)).toBe('unknown');
    expect(me.stateOf(on(300, 'box', '4026532000').id)).toBe('unknown');
    expect(me.stateOf('not-an-owner')).toBe('unknown');
  });

  it('has an id that is safe in a file name', () => {
    const odd = createProcessIdentity({ host: 'a/b c~d', pid: 7, namespace: '1' });
    expect(odd.id).toMatch(/^[A-Za-z0-9._-]+~1~7~[0-9a-f]{12}$/);
  });
});
