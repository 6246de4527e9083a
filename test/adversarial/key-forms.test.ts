// new-api stores keys without their `sk-` prefix, and some upstream errors echo them that way: the
// key must be masked in that form too, everywhere the tool prints.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redact } from '../../src/core/mask.js';
import { DEMO_KEY } from '../../src/simulator/index.js';
import { runInProcess, tempHome } from '../helpers/cli.js';
import { startRecorder, stopAll } from '../helpers/sim.js';

afterAll(stopAll);

const BARE = DEMO_KEY.replace(/^sk-/, '');
let root = '';
beforeAll(async () => {
  // An upstream error that quotes the key as the gateway stores it: without `sk-`.
  root = (
    await startRecorder((req, res) => {
      const sent = String(req.headers.authorization ?? req.headers['x-api-key'] ?? '')
        .replace(/^Bearer\s+/i, '')
        .replace(/^sk-/, '');
      res.writeHead(401, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: `invalid token ${sent} (key ${sent} not found)`, type: 'new_api_error' } }));
    })
  ).root;
});

describe('the key without its sk- prefix', () => {
  it.each([
    ['models', ['models']],
    ['models --json', ['models', '--json']],
    ['setup --verbose', ['setup', '--yes', '--verbose', '--agent', 'codex']],
    ['setup --json', ['setup', '--yes', '--json', '--agent', 'codex']],
    ['verify', ['verify', '--model', 'gpt-5']],
  ])('%s: never printed, in either form', async (_name, args) => {
    const { dir: home, remove } = tempHome();
    try {
      const r = await runInProcess([...args, '--base-url', root], { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
      const all = r.stdout + r.stderr;
      expect(r.code).not.toBe(0);
      expect(all).not.toContain(BARE);
      expect(all).not.toContain(BARE.slice(0, 24));
    } finally {
      remove();
    }
  });

  it('redact masks both forms, and the full key as a whole', () => {
    expect(redact(`a ${DEMO_KEY} b ${BARE} c`, [DEMO_KEY])).toBe(`a sk-de…demo b de…demo c`);
    // A key given without the prefix, echoed with it.
    expect(redact(`x sk-${BARE} y`, [BARE])).not.toContain(BARE);
  });
});
