// A small Server-Sent Events parser: enough of the WHATWG rules for the gateway's three stream
// formats (chat: `data:` only; messages and Responses: `event:` + `data:` pairs). Chunks arrive
// split anywhere, so the parser keeps the unfinished line between pushes.

export interface SseEvent {
  /** The `event:` field, when sent. */
  event?: string;
  /** The `data:` lines joined with newlines. */
  data: string;
}

export class SseParser {
  private buffer = '';
  private event: string | undefined;
  private data: string[] = [];

  /** Feeds decoded text; returns the events completed by it. */
  push(text: string): SseEvent[] {
    this.buffer += text;
    const out: SseEvent[] = [];
    for (;;) {
      const nl = this.buffer.search(/\r\n|\r|\n/);
      if (nl < 0) break;
      // A lone trailing \r may be the first half of \r\n: wait for the next chunk.
      if (this.buffer[nl] === '\r' && nl === this.buffer.length - 1) break;
      const width = this.buffer.startsWith('\r\n', nl) ? 2 : 1;
      const line = this.buffer.slice(0, nl);
      this.buffer = this.buffer.slice(nl + width);
      this.line(line, out);
    }
    return out;
  }

  /** The stream ended: a last event without its blank line still counts. */
  end(): SseEvent[] {
    const out: SseEvent[] = [];
    if (this.buffer) this.line(this.buffer, out);
    this.buffer = '';
    this.line('', out);
    return out;
  }

  private line(line: string, out: SseEvent[]): void {
    if (line === '') {
      if (this.data.length > 0 || this.event !== undefined) {
        out.push(this.event === undefined ? { data: this.data.join('\n') } : { event: this.event, data: this.data.join('\n') });
      }
      this.event = undefined;
      this.data = [];
      return;
    }
    if (line.startsWith(':')) return; // comment, e.g. the gateway's keep-alive `: PING`
    // A gateway that fails after the stream began writes its error as bare JSON, with no field
    // name: a line SSE would drop. Kept as an event of its own, so the error reaches the user.
    if (line.startsWith('{')) {
      out.push({ data: line });
      return;
    }
    const colon = line.indexOf(':');
    const field = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
  }
}
