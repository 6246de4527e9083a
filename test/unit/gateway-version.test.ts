// The versions the tool says it is verified with are the ones the real-gateway tier runs.
import { describe, expect, it } from 'vitest';
import { gatewayVersion, VERIFIED_NEW_API } from '../../src/gateway/version.js';
import { NEW_API_RELEASES } from '../gateway/new-api.js';

describe('gateway version', () => {
  it("the verified versions are the real tier's pins", () => {
    expect([...VERIFIED_NEW_API]).toEqual(Object.keys(NEW_API_RELEASES));
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
