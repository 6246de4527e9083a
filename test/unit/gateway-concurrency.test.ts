// The concurrency bound the probes run under.
import { describe, expect, it } from 'vitest';
import { mapBounded } from '../../src/gateway/concurrency.js';

describe('mapBounded', () => {
  it('never runs more than the limit and keeps the order', async () => {
    let inFlight = 0;
    let max = 0;
    const out = await mapBounded([30, 5, 20, 1, 10, 2, 8], 3, async (ms, i) => {
      inFlight++;
      max = Math.max(max, inFlight);
      await new Promise((r) => setTimeout(r, ms));
      inFlight--;
      return i * 10;
    });
    expect(out).toEqual([0, 10, 20, 30, 40, 50, 60]);
    expect(max).toBe(3);
  });

  it('treats a limit below 1 as 1', async () => {
    let inFlight = 0;
    let max = 0;
    await mapBounded([1, 2, 3], 0, async () => {
      inFlight++;
      max = Math.max(max, inFlight);
      await new Promise((r) => setTimeout(r, 2));
      inFlight--;
    });
    expect(max).toBe(1);
  });
});
