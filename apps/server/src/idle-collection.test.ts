import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle, IDLE_MS } from './idle-collection.ts';

describe('collectWhenIdle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const start = () => {
    const server = new EventEmitter() as Server;
    const gc = vi.fn();
    collectWhenIdle(server, gc);
    return { request: () => server.emit('request'), gc };
  };

  it('collects once, IDLE_MS after the start, with the memory-reducing kind of collection', () => {
    const { gc } = start();
    vi.advanceTimersByTime(IDLE_MS - 1);
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(gc).toHaveBeenCalledExactlyOnceWith({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    vi.advanceTimersByTime(10 * IDLE_MS);
    expect(gc).toHaveBeenCalledOnce();
  });

  it('waits while requests keep coming, then collects once after the last of them', () => {
    const { gc, request } = start();
    for (let second = 0; second < 30; second++) {
      vi.advanceTimersByTime(1000);
      request();
    }
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_MS);
    expect(gc).toHaveBeenCalledOnce();
  });

  it('collects again after the next spell of requests', () => {
    const { gc, request } = start();
    vi.advanceTimersByTime(IDLE_MS);
    request();
    vi.advanceTimersByTime(IDLE_MS);
    expect(gc).toHaveBeenCalledTimes(2);
  });
});
