// Request IDs: read from the header or a message suffix, and stripped from a message.
import { describe, expect, it } from 'vitest';
import { requestIdFrom, requestIdInMessage, stripRequestId } from '../../src/gateway/request-id.js';

describe('request ids', () => {
  it('reads the header first, then the message suffix', () => {
    expect(requestIdFrom({ 'x-oneapi-request-id': 'h1' }, '{"error":{"message":"x (request id: b1)"}}')).toBe('h1');
    expect(requestIdFrom({}, '{"error":{"message":"Invalid token (request id: 2026080112000012345)"}}')).toBe('2026080112000012345');
    expect(requestIdFrom({ 'x-oneapi-request-id': ['a2', 'b2'] })).toBe('a2');
    expect(requestIdFrom({}, '{"error":{"message":"Invalid URL (GET /v1/x)"}}')).toBeUndefined();
    expect(requestIdFrom({})).toBeUndefined();
  });

  it('finds and strips the suffix of a message', () => {
    expect(requestIdInMessage('No available channel (request id: abc-1)')).toBe('abc-1');
    expect(requestIdInMessage('no id here')).toBeUndefined();
    expect(stripRequestId('Invalid token (request id: abc)')).toBe('Invalid token');
  });
});
