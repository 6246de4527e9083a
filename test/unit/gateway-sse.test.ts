// The SSE parser: event/data pairs, multi-line data, comments and CRLF, across any split.
import { describe, expect, it } from 'vitest';
import { SseParser } from '../../src/gateway/sse.js';

describe('SseParser', () => {
  it('parses event/data pairs, multi-line data, comments and CRLF, across any split', () => {
    const text = ': PING\r\nevent: message_start\r\ndata: {"a":1}\r\n\r\ndata: line1\ndata: line2\n\nevent: message_stop\ndata: {}\n\n';
    for (const size of [1, 2, 3, 7, text.length]) {
      const p = new SseParser();
      const events = [];
      for (let i = 0; i < text.length; i += size) events.push(...p.push(text.slice(i, i + size)));
      events.push(...p.end());
      expect(events).toEqual([
        { event: 'message_start', data: '{"a":1}' },
        { data: 'line1\nline2' },
        { event: 'message_stop', data: '{}' },
      ]);
    }
  });

  it('keeps a last event that lacks its blank line', () => {
    const p = new SseParser();
    expect(p.push('data: [DONE]')).toEqual([]);
    expect(p.end()).toEqual([{ data: '[DONE]' }]);
  });

  it('takes data without a space after the colon', () => {
    expect(new SseParser().push('data:x\n\n')).toEqual([{ data: 'x' }]);
  });
});
