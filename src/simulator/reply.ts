// What a route decides to answer, kept as data so faults (truncate, stall, slow headers) can be
// applied to any answer by the one writer in server.ts.

export type Reply =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  /** A 200 event stream; each frame is one complete SSE event including its blank line. */
  | { kind: 'sse'; frames: string[] }
  | { kind: 'html'; status: number }
  | { kind: 'empty'; status: number; headers?: Record<string, string> };

export function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return headers ? { kind: 'json', status, body, headers } : { kind: 'json', status, body };
}

/** The console page new-api serves for every path outside /v1, /api and /assets. */
export const CONSOLE_PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
  '<meta name="viewport" content="width=device-width,initial-scale=1"><title>New API</title>' +
  '<script type="module" crossorigin src="/assets/index.js"></script></head>' +
  '<body><noscript>You need to enable JavaScript to run this app.</noscript><div id="root"></div></body></html>';
