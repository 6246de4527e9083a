// The version the tool says it is verified with is the one the real-gateway tier runs.
import { describe, expect, it } from 'vitest';
import { gatewayVersion, VERIFIED_NEW_API } from '../../src/gateway/version.js';
import { NEW_API } from '../gateway/new-api.js';

describe('gateway version', () => {
  it("the verified version is the real tier's pin", () => {
    expect(VERIFIED_NEW_API[0]).toBe(NEW_API.version);
  });

  it.each([
    ['v0.12.1', 'v0.12.1'],
    [' v0.9.0-alpha.1 ', 'v0.9.0-alpha.1'],
    ['v1 $(reboot)', undefined],
    ['\u202ev0.1', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('%j → %j', (header, shown) => {
    expect(gatewayVersion(header)).toBe(shown);
  });
});
