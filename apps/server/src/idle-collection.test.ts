import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectWhenIdle, IDLE_MS, START_MS } from './idle-collection.ts';

describe('collectWhenIdle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  const start = () => {
    const server = new EventEmitter() as Server;
    const gc = vi.fn();
    collectWhenIdle(server, gc);
    return { request: () => server.emit('request'), gc };
  };

  it('collects START_MS after the start, with the memory-reducing kind of collection, then not while nothing is asked', () => {
    const { gc } = start();
    vi.advanceTimersByTime(START_MS - 1);
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(gc).toHaveBeenCalledExactlyOnceWith({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    vi.advanceTimersByTime(10 * IDLE_MS);
    expect(gc).toHaveBeenCalledOnce();
  });

  it('waits while requests keep coming, then collects once, IDLE_MS after the last of them', () => {
    const { gc, request } = start();
    vi.advanceTimersByTime(START_MS);
    for (let second = 0; second < 30; second++) {
      vi.advanceTimersByTime(1000);
      request();
    }
    expect(gc).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(IDLE_MS - 1);
    expect(gc).toHaveBeenCalledOnce();
    vi.advanceTimersByTime(1);
    expect(gc).toHaveBeenCalledTimes(2);
  });

  it('collects again after the next spell of requests', () => {
    const { gc, request } = start();
    vi.advanceTimersByTime(START_MS);
    request();
    vi.advanceTimersByTime(IDLE_MS);
    request();
    vi.advanceTimersByTime(IDLE_MS);
    expect(gc).toHaveBeenCalledTimes(3);
  });
});
