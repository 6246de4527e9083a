// When the command line holds WebAssembly on V8's baseline compiler (src/cli/wasm-tier.ts): on the
// V8s it was measured on, and never over flags the user gave V8. Armed, it waits for undici's first
// connection; nothing else. (On Node 20, the bin's caches staying valid across gateway commands is
// held by test/e2e/start-up-loads.test.ts.)
import { hasSubscribers } from 'node:diagnostics_channel';
import { describe, expect, it } from 'vitest';
import { wasmTier } from '../../src/cli/wasm-tier.js';

const CHANNEL = 'undici:client:beforeConnect';

/** Whether `arm()` listens for undici's first connection (then stops listening again). */
function listens(facts: Parameters<typeof wasmTier>[0]): boolean {
  const disarm = wasmTier(facts).arm();
  const armed = hasSubscribers(CHANNEL);
  disarm();
  expect(hasSubscribers(CHANNEL)).toBe(false);
  return armed;
}

describe('wasmTier', () => {
  it('listens on V8 11.3 (Node 20) and 12.4 (Node 22), not on 13.6 (Node 24) or one it was not measured on', () => {
    expect(listens({ v8: '11.3.244.8-node.38', flags: [] })).toBe(true);
    expect(listens({ v8: '12.4.254.21-node.57', flags: [] })).toBe(true);
    expect(listens({ v8: '13.6.233.17-node.53', flags: [] })).toBe(false);
    expect(listens({ v8: '10.2.154.26-node.26', flags: [] })).toBe(false);
  });

  it('leaves alone a process whose WebAssembly flags the user set, as arguments or in NODE_OPTIONS', () => {
    expect(listens({ v8: '11.3.244.8-node.38', flags: ['--no-liftoff'] })).toBe(false);
    expect(listens({ v8: '11.3.244.8-node.38', flags: ['--max-old-space-size=4096 --wasm-tiering-budget=100'] })).toBe(false);
    expect(listens({ v8: '11.3.244.8-node.38', flags: ['--max-old-space-size=4096', ''] })).toBe(true);
  });

  it('runs a compile as it is until the first connection', () => {
    expect(wasmTier({ v8: '11.3.244.8-node.38', flags: [] }).withDefaults(() => 'compiled')).toBe('compiled');
  });
});
