import { describe, expect, it } from 'vitest';
import type { Logger } from './logger';
import { startPollingLoop } from './polling-loop';

const errors: unknown[] = [];
const logger: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: (message, context) => errors.push({ message, context }) };

describe('a background worker loop', () => {
  it('runs one pass at a time; a tick during a pass runs one more after it; a throwing pass is logged and the next tick runs', async () => {
    let passes = 0;
    let release!: () => void;
    let fail = false;
    const loop = startPollingLoop({
      pollMs: 60_000,
      logger,
      failure: 'test loop failed',
      pass: async () => {
        passes++;
        if (fail) throw new Error('boom');
        if (passes === 1) await new Promise<void>((resolve) => (release = resolve));
      },
    });
    // The pass at start is under way and held: two ticks now make one more pass, not two.
    const ticked = [loop.tick(), loop.tick()];
    release();
    await Promise.all(ticked);
    expect(passes).toBe(2);
    fail = true;
    await loop.tick();
    expect(errors).toEqual([{ message: 'test loop failed', context: { err: new Error('boom') } }]);
    fail = false;
    await loop.tick();
    expect(passes).toBe(4);
    await loop.stop();
    expect(loop.isStopped()).toBe(true);
    await loop.tick();
    expect(passes).toBe(4);
  });
});
