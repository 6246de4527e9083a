// A hostile or broken gateway: each case ends within the timeout with the right diagnosis and exit
// code, and nothing is written into the home.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Fault, Simulator } from '../../src/simulator/types.js';
import { jsonOf, runInProcess, tempHome } from '../helpers/cli.js';
import { startRecorder, startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

async function setupAgainst(root: string, extra: string[] = []) {
  const { dir: home, remove } = tempHome();
  try {
    const started = performance.now();
    const r = await runInProcess(
      ['setup', '--yes', '--json', '--timeout', '2', '--base-url', root, '--agent', 'claude-code,codex', ...extra],
      {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
        timeoutMs: 30_000,
      },
    );
    return { r, ms: performance.now() - started, written: readdirSync(home) };
  } finally {
    remove();
  }
}

const code = (stdout: string): string | undefined => {
  const doc = jsonOf({ stdout } as never) as { error?: { code?: string }; agents?: { probe?: { diagnosis?: { code: string } } }[] };
  return doc.error?.code ?? doc.agents?.[0]?.probe?.diagnosis?.code;
};

describe('hostile gateway, through setup', () => {
  const faults: [string, Fault, string][] = [
    ['HTML instead of JSON', { kind: 'html' }, 'not_api'],
    ['headers that never come', { kind: 'slow-headers', ms: 60_000 }, 'timeout'],
    ['a body that never ends', { kind: 'stall-body', path: '/v1/models' }, 'timeout'],
    ['a reset before any answer', { kind: 'drop', path: '/v1/models' }, 'unreachable'],
    ['a stream without its final event', { kind: 'truncate-stream' }, 'stream_broken'],
    ['429 with Retry-After', { kind: 'rate-limit', retryAfter: 7 }, 'rate_limited'],
    ['a redirect to another host', { kind: 'redirect', location: 'http://127.0.0.1:9/elsewhere' }, 'redirect'],
    ['a 502 from upstream', { kind: 'server-error' }, 'channel_failed'],
  ];
  it.each(faults)('%s: %s → %s, exit 1, nothing written', async (_name, fault, expected) => {
    sim.clearFaults();
    sim.addFault(fault);
    try {
      const { r, ms, written } = await setupAgainst(sim.root);
      expect(r.code, r.stdout + r.stderr).toBe(1);
      expect(code(r.stdout)).toBe(expected);
      expect(written).toEqual([]);
      expect(ms).toBeLessThan(20_000);
      expect(r.stdout + r.stderr).not.toContain(DEMO_KEY);
    } finally {
      sim.clearFaults();
    }
  });
});

describe('hostile gateway, raw servers', () => {
  let server: Server;
  let root = '';
  let answer: (res: import('node:http').ServerResponse, req: import('node:http').IncomingMessage) => void = (res) => res.end();
  beforeAll(async () => {
    server = createServer((req, res) => {
      req.resume();
      answer(res, req);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    root = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  const json = (body: string | Buffer) => (res: import('node:http').ServerResponse) => {
    res.writeHead(200, { 'content-type': 'application/json', 'x-oneapi-request-id': 'raw-1' });
    res.end(body);
  };

  it('a 50 MB body is cut at the cap: bad_response, nothing written', async () => {
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(1 << 20, 0x20);
      let sent = 0;
      const pump = (): void => {
        while (sent < 50 && res.write(chunk)) sent++;
        if (sent < 50) res.once('drain', pump);
        else res.end();
      };
      res.write('{"data":[');
      pump();
    };
    const { r, written } = await setupAgainst(root);
    expect(r.code).toBe(1);
    expect(code(r.stdout)).toBe('bad_response');
    expect(written).toEqual([]);
  });

  it.each([
    ['data not an array', '{"success":true,"data":{"id":"x"}}', /data\\?" is not an array/],
    ['not JSON at all', '{"data": [ oops', /the body is not JSON/],
  ])('%s: bad_response, exit 1, nothing written', async (_name, body, says) => {
    answer = json(body);
    const { r, written } = await setupAgainst(root);
    expect(r.code).toBe(1);
    expect(code(r.stdout)).toBe('bad_response');
    expect(r.stdout).toMatch(says);
    expect(written).toEqual([]);
  });

  it('invalid UTF-8 in the model list: exit 1, nothing written, no raw bytes echoed', async () => {
    answer = json(
      Buffer.concat([
        Buffer.from('{"data":[{"id":"'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('","supported_endpoint_types":["anthropic","openai"]}]}'),
      ]),
    );
    const { r, written } = await setupAgainst(root);
    expect(r.code).toBe(1);
    expect(code(r.stdout)).toBeDefined();
    expect(written).toEqual([]);
    expect(r.stdout + r.stderr).not.toMatch(/[\u0000-\u0008\u001b]/);
  });

  it('a reset in the middle of a stream: stream_broken, exit 1, nothing written', async () => {
    answer = (res, req) => {
      if (req.url?.startsWith('/v1/models')) {
        json(
          JSON.stringify({
            data: [
              { id: 'claude-x', supported_endpoint_types: ['anthropic', 'openai'] },
              { id: 'gpt-x', supported_endpoint_types: ['openai-response'] },
            ],
          }),
        )(res);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'x-oneapi-request-id': 'raw-3' });
      res.write('event: message_start\ndata: {"type":"message_start","message":{"id":"m","model":"claude-x"}}\n\n');
      setTimeout(() => res.socket?.destroy(), 30);
    };
    const { r, ms, written } = await setupAgainst(root);
    expect(r.code).toBe(1);
    expect(code(r.stdout)).toBe('stream_broken');
    expect(r.stdout).toMatch(/cut in the middle/);
    expect(written).toEqual([]);
    expect(ms).toBeLessThan(10_000);
  });

  it('hostile ids are dropped: `models` never prints them raw, setup writes only the safe model', async () => {
    const evil = ['bad\u001b[31mred', 'a"quote', '../../etc/passwd', 'line\nbreak', 'cr\rret', 'nul\u0000x', "it's"];
    answer = json(
      JSON.stringify({ data: [...evil, 'claude-ok'].map((id) => ({ id, supported_endpoint_types: ['anthropic', 'openai'] })) }),
    );
    for (const args of [['models'], ['models', '--json'], ['models', '--verbose']]) {
      const r = await runInProcess([...args, '--base-url', root], { env: { GATEWAY_API_KEY: DEMO_KEY } });
      expect(r.code, r.stderr).toBe(0);
      const out = r.stdout + r.stderr;
      expect(out).toContain('claude-ok');
      expect(out).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
      for (const id of evil.filter((i) => /[\u0000-\u001f]/.test(i))) expect(out).not.toContain(id);
    }
    const { dir: home, remove } = tempHome();
    try {
      const r = await runInProcess(['setup', '--yes', '--no-verify', '--base-url', root, '--agent', 'claude-code,opencode,qwen-code'], {
        home,
        env: { GATEWAY_API_KEY: DEMO_KEY },
      });
      expect(r.code, r.stderr).toBe(0);
      const files = ['.claude/settings.json', '.config/opencode/opencode.json', '.qwen/settings.json'].map((f) =>
        readFileSync(join(home, f), 'utf8'),
      );
      for (const text of files) {
        expect(text).toContain('claude-ok');
        for (const id of evil) expect(text).not.toContain(JSON.stringify(id).slice(1, -1));
        expect(text).not.toContain('passwd');
      }
    } finally {
      remove();
    }
  });

  it('a redirect to another host: not followed, the key never reaches that host', async () => {
    const other = await startRecorder((_req, res) => res.end('{"data":[]}'));
    answer = (res) => {
      res.writeHead(301, { location: `http://localhost:${other.port}/v1/models` });
      res.end();
    };
    const { r, written } = await setupAgainst(root);
    expect(r.code).toBe(1);
    expect(code(r.stdout)).toBe('redirect');
    expect(written).toEqual([]);
    expect(other.requests).toEqual([]);
    expect(JSON.stringify(other.requests)).not.toContain(DEMO_KEY.slice(3));
  });

  it('model ids with control characters, quotes, ../ or newlines never reach a file or the terminal', async () => {
    const evil = ['bad\u001b[31mred', 'a"quote', '../../etc/passwd', 'line\nbreak'];
    answer = (res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'x-oneapi-request-id': 'raw-2' });
      res.end(JSON.stringify({ data: evil.map((id) => ({ id, supported_endpoint_types: ['anthropic', 'openai'] })) }));
    };
    const { r, written } = await setupAgainst(root, ['--model', 'claude-code=bad\u001b[31mred']);
    expect(r.code).not.toBe(0);
    expect(written).toEqual([]);
    expect(r.stdout + r.stderr).not.toContain('\u001b[31m');
    expect(r.stdout + r.stderr).not.toContain('line\nbreak');
  });
});
