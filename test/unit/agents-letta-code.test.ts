import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { authFile, lettaCode } from '../../src/agents/letta-code/index.js';
import { JobError, ParseError } from '../../src/core/errors.js';
import { english } from '../../src/i18n/index.js';
import { inEnglish } from '../helpers/english.js';
import { LAUNCH_ONLY_FIXTURES } from '../fixtures/agents/index.js';
import { CHANNELS, choice, KEY, linuxEnv, model, ROOT } from './agents-helpers.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
/** A home whose local backend holds `auth` as its provider records. */
function homeWith(auth: string | undefined): string {
  const home = mkdtempSync(join(tmpdir(), 'letta-unit-'));
  dirs.push(home);
  if (auth !== undefined) {
    mkdirSync(join(home, '.letta', 'lc-local-backend', 'providers'), { recursive: true });
    writeFileSync(join(home, '.letta', 'lc-local-backend', 'providers', 'auth.json'), auth);
  }
  return home;
}
const envOf = (home: string, env: Record<string, string> = {}) => ({ ...linuxEnv(env), home });

describe('letta-code: launched, never written', () => {
  it('setup writes nothing for it and says to launch it', () => {
    expect(english(lettaCode.unsupported!)).toContain('gateway-agent-setup launch letta-code');
    expect(lettaCode.files(linuxEnv(), 'user')).toEqual([]);
    expect(() => lettaCode.plan(linuxEnv(), choice(), new Map())).toThrow(JobError);
  });

  it('suits a model marked for chat completions, tries an unmarked one over chat, and says why not otherwise', () => {
    expect(lettaCode.fit(CHANNELS.anthropic)).toEqual({ ok: true, protocol: 'chat', needsProbe: false });
    expect(lettaCode.fit(model('local-model', undefined))).toEqual({ ok: true, protocol: 'chat', needsProbe: true });
    const codex = inEnglish(lettaCode.fit(CHANNELS.codex)) as { ok: false; reason: string };
    expect(codex.ok).toBe(false);
    expect(codex.reason).toContain('chat completions only');
    expect(lettaCode.fit(CHANNELS.image).ok).toBe(false);
  });

  it("a session: its local backend, the llama.cpp provider at the gateway's /v1 with the key in its variable, the model one argument", () => {
    const s = lettaCode.session!(
      envOf(homeWith(LAUNCH_ONLY_FIXTURES.find((f) => f.id === 'letta-code')!.mainText)),
      choice({ model: 'deepseek-chat', protocol: 'chat' }),
      '/tmp/s',
    );
    expect(s.env).toEqual({ LETTA_LOCAL_BACKEND_EXPERIMENTAL: '1', LLAMA_CPP_BASE_URL: `${ROOT}/v1`, LLAMA_CPP_API_KEY: KEY });
    expect(s.args).toEqual(['--backend', 'local', '--model=llama.cpp/deepseek-chat']);
    expect(s.args!.join(' ')).not.toContain(KEY);
    expect(s.files ?? []).toEqual([]);
    // A model id that reads as a flag stays the value of --model.
    expect(lettaCode.session!(envOf(homeWith(undefined)), choice({ model: '--help' }), '/tmp/s').args).toContain(
      '--model=llama.cpp/--help',
    );
  });

  it("refuses a session when the user's own llama.cpp record would take the gateway's place, naming the file and its address", () => {
    const record = (extra: string) =>
      `{"version":1,"providers":{"lc-llama-cpp":{"name":"lc-llama-cpp","provider_type":"llama_cpp"${extra},"auth":{"type":"api","key":""}}}}`;
    const home = homeWith(record(',"base_url":"http://192.168.1.20:8080/v1"'));
    let thrown: unknown;
    try {
      lettaCode.session!(envOf(home), choice(), '/tmp/s');
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(JobError);
    const text = (thrown as JobError).message;
    expect(text).toContain(join(home, '.letta', 'lc-local-backend', 'providers', 'auth.json'));
    expect(text).toContain('http://192.168.1.20:8080/v1');
    // Without an address of its own the record points at llama.cpp's default.
    expect(() => lettaCode.session!(envOf(homeWith(record(''))), choice(), '/tmp/s')).toThrow(/localhost:8080/);
  });

  it('reads the records where LETTA_LOCAL_BACKEND_DIR puts them, and refuses a records file that does not parse, saying where', () => {
    const elsewhere = homeWith(undefined);
    mkdirSync(join(elsewhere, 'lb', 'providers'), { recursive: true });
    writeFileSync(join(elsewhere, 'lb', 'providers', 'auth.json'), '{"version":1,"providers":{"lc-llama-cpp":{}}}');
    expect(() =>
      lettaCode.session!(envOf(homeWith(undefined), { LETTA_LOCAL_BACKEND_DIR: join(elsewhere, 'lb') }), choice(), '/tmp/s'),
    ).toThrow(JobError);
    expect(() => lettaCode.session!(envOf(homeWith('{"version":1,'), {}), choice(), '/tmp/s')).toThrow(ParseError);
  });

  it.each(LAUNCH_ONLY_FIXTURES.find((f) => f.id === 'letta-code')!.paths)(
    'its records on $platform with $env',
    ({ platform, env, paths }) => {
      const home = platform === 'win32' ? 'C:\\Users\\李雷' : platform === 'darwin' ? '/Users/李雷' : '/home/李雷';
      expect(authFile({ home, env, cwd: home, platform })).toBe(paths[0]);
    },
  );
});
