// `doctor` when what is wrong is the key or its account (out of quota, expired, its group taken
// away): no config `--fix` could write clears that with the same key, so doctor says so and what
// to do instead of offering `--fix`; a new key given for the gateway is written in place of one the
// gateway refuses (said), never over one that is merely out of quota. Through the command line, in
// a temp HOME, against the simulator.
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { BROKE_KEY, DEMO_KEY, EXPIRED_KEY, defaultKeys } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { maskKey } from '../../src/core/mask.js';
import { jsonOf, runInProcess, tempHome } from '../helpers/cli.js';
import { closedPort, startSim, stopAll } from '../helpers/sim.js';

const RETIRED_KEY = `sk-${'retired'.repeat(7).slice(0, 48)}`;
const SECRETS = [DEMO_KEY, BROKE_KEY, EXPIRED_KEY, RETIRED_KEY];

let sim: Simulator;
let home: string;
let remove: () => void;
beforeAll(async () => {
  // The default keys, and one in a group the admin has since removed.
  sim = await startSim({ keys: [...defaultKeys(), { key: RETIRED_KEY, name: 'retired', group: 'vip-old', unlimited: true }] });
});
afterAll(stopAll);
beforeEach(() => {
  ({ dir: home, remove } = tempHome());
});
afterEach(() => remove());

interface Doc {
  ok: boolean;
  gatewayAway?: boolean;
  nothingToFix?: { gateway: boolean; key: boolean };
  newKey?: { vars: string[]; baseUrl: string | null };
  fixed?: string[];
  notFixed?: unknown[];
  keysReplaced?: { id: string; from?: string; to: string; var: string }[];
  agents: { id: string; findings: { code: string }[] }[];
}

async function doctor(args: string[], env: Record<string, string>, json = true) {
  const r = await runInProcess(['doctor', ...(json ? ['--json'] : []), ...args], { home, env });
  for (const secret of SECRETS) expect(r.stdout + r.stderr).not.toContain(secret);
  return { code: r.code, doc: json ? (jsonOf(r) as unknown as Doc) : undefined, text: r.stdout.replace(/\s+/g, ' ') };
}

/** A Codex config written by hand for `root`, its key in the user's own MY_GW. */
function codexFor(root: string): string {
  const path = join(home, '.codex/config.toml');
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(
    path,
    `# by hand\nmodel = "gpt-5.1-codex"\nmodel_provider = "mygw"\n\n[model_providers.mygw]\nname = "My gateway"\nbase_url = "${root}/v1"\nenv_key = "MY_GW"\nwire_api = "responses"\n`,
  );
  return path;
}

/** A Claude Code settings file written by hand for `root`, the key in it (0600, as Claude Code keeps it). */
function claudeFor(root: string, key: string): void {
  const path = join(home, '.claude/settings.json');
  mkdirSync(join(path, '..'), { recursive: true });
  writeFileSync(
    path,
    JSON.stringify({ env: { ANTHROPIC_BASE_URL: root, ANTHROPIC_AUTH_TOKEN: key, ANTHROPIC_MODEL: 'claude-sonnet-4-5' } }),
  );
  chmodSync(path, 0o600);
}

const findingCodes = (doc: Doc | undefined, id: string) => doc?.agents.find((a) => a.id === id)?.findings.map((f) => f.code);
const OFFERED = '`gateway-agent-setup doctor --fix` repairs what it can';
const KEYS_LEFT =
  "Findings remain, each of them the key's or its account's: there is nothing here for `--fix` to rewrite. Do what the fix under each says, then run `gateway-agent-setup doctor` again.";

describe('doctor when the key or its account is what is wrong', () => {
  it('out of quota: --fix is not offered, and rewrites nothing even with another key given (it would bill another account)', async () => {
    const path = codexFor(sim.root);
    const before = readFileSync(path, 'utf8');
    const env = { MY_GW: BROKE_KEY };
    const json = await doctor([], env);
    expect(json.code).toBe(1);
    expect(findingCodes(json.doc, 'codex')).toEqual(['quota']);
    expect(json.doc?.nothingToFix).toEqual({ gateway: false, key: true });
    expect(json.doc?.gatewayAway).toBeUndefined();
    // A new key does not help an account out of quota: no such advice.
    expect(json.doc?.newKey).toBeUndefined();
    const text = await doctor([], env, false);
    expect(text.text).toContain(KEYS_LEFT);
    expect(text.text).not.toContain(OFFERED);
    expect(text.text).not.toContain('To write another key');

    const fix = await doctor(['--fix', '--base-url', sim.root], { ...env, GATEWAY_API_KEY: DEMO_KEY });
    expect([fix.code, fix.doc?.fixed, fix.doc?.keysReplaced]).toEqual([1, [], []]);
    // The repair says why it wrote nothing: the account's quota, in the gateway's words.
    expect(fix.doc?.notFixed).toEqual([{ id: 'codex', reason: expect.stringContaining('quota') }]);
    expect(fix.doc?.nothingToFix).toEqual({ gateway: false, key: true });
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it('expired, no other key: the closing line says how a new key gets written, bound to its gateway; following it writes the key and says so', async () => {
    codexFor(sim.root);
    const env = { MY_GW: EXPIRED_KEY };
    const json = await doctor([], env);
    expect(findingCodes(json.doc, 'codex')).toEqual(['bad_key']);
    expect(json.doc?.nothingToFix).toEqual({ gateway: false, key: true });
    // No gateway given or saved: the command names the one the config points at.
    expect(json.doc?.newKey).toEqual({ vars: ['GATEWAY_API_KEY'], baseUrl: sim.root });
    const text = await doctor([], env, false);
    expect(text.text).toContain(KEYS_LEFT);
    expect(text.text).toContain(
      `To write another key: export it as GATEWAY_API_KEY and run \`gateway-agent-setup doctor --fix --base-url ${sim.root}\`; it takes the place of the refused or missing one, and the report says so.`,
    );

    // A key exported without naming its gateway goes nowhere: still nothing to fix, the same advice.
    const unbound = await doctor([], { ...env, GATEWAY_API_KEY: DEMO_KEY });
    expect(unbound.doc?.nothingToFix).toEqual({ gateway: false, key: true });
    expect(unbound.doc?.newKey?.baseUrl).toBe(sim.root);

    const fix = await doctor(['--fix', '--base-url', sim.root], { ...env, GATEWAY_API_KEY: DEMO_KEY });
    expect(fix.code, JSON.stringify(fix.doc)).toBe(0);
    expect(fix.doc?.fixed).toEqual(['codex']);
    expect(fix.doc?.keysReplaced).toEqual([{ id: 'codex', from: maskKey(EXPIRED_KEY), to: maskKey(DEMO_KEY), var: 'GATEWAY_API_KEY' }]);
    expect(readFileSync(join(home, '.codex/config.toml'), 'utf8')).toContain('env_key = "GATEWAY_API_KEY"');
  });

  it("two agents' keys expired, each with its own variable: the closing line names both variables", async () => {
    codexFor(sim.root);
    claudeFor(sim.root, EXPIRED_KEY);
    // Codex's own variable is named for this run, but no gateway is: its key goes nowhere.
    const env = { MY_GW: EXPIRED_KEY, CODEX_KEY: DEMO_KEY };
    const json = await doctor(['--api-key-env', 'codex=CODEX_KEY'], env);
    expect([findingCodes(json.doc, 'claude-code'), findingCodes(json.doc, 'codex')]).toEqual([['bad_key'], ['bad_key']]);
    expect(json.doc?.newKey).toEqual({ vars: ['GATEWAY_API_KEY', 'CODEX_KEY'], baseUrl: sim.root });
    const text = await doctor(['--api-key-env', 'codex=CODEX_KEY'], env, false);
    expect(text.text).toContain(
      `To write other keys: export each agent's in its own variable (GATEWAY_API_KEY, CODEX_KEY) and run \`gateway-agent-setup doctor --fix --base-url ${sim.root}\``,
    );
  });

  it("its group taken away, another key given for the gateway: --fix is offered, and writes that key in the refused one's place", async () => {
    codexFor(sim.root);
    const env = { MY_GW: RETIRED_KEY, GATEWAY_API_KEY: DEMO_KEY };
    const first = await doctor(['--base-url', sim.root], env);
    expect(findingCodes(first.doc, 'codex')).toEqual(['group_denied']);
    expect(first.doc?.nothingToFix).toBeUndefined();
    expect((await doctor(['--base-url', sim.root], env, false)).text).toContain(OFFERED);
    const fix = await doctor(['--fix', '--base-url', sim.root], env);
    expect(fix.code, JSON.stringify(fix.doc)).toBe(0);
    expect(fix.doc?.keysReplaced).toEqual([{ id: 'codex', from: maskKey(RETIRED_KEY), to: maskKey(DEMO_KEY), var: 'GATEWAY_API_KEY' }]);
  });

  it('one agent out of quota, another whose gateway is down: the closing line names both, and to run doctor later', async () => {
    codexFor(`http://127.0.0.1:${await closedPort()}`);
    claudeFor(sim.root, BROKE_KEY);
    const env = { MY_GW: DEMO_KEY };
    const json = await doctor([], env);
    expect([findingCodes(json.doc, 'codex'), findingCodes(json.doc, 'claude-code')], JSON.stringify(json.doc)).toEqual([
      ['unreachable'],
      ['quota'],
    ]);
    expect(json.doc?.nothingToFix).toEqual({ gateway: true, key: true });
    expect(json.doc?.gatewayAway).toBeUndefined();
    const text = await doctor([], env, false);
    expect(text.text).toContain(
      "Findings remain, each of them the key's or its account's, or the gateway not answering or turning the calls away for now: there is nothing here for `--fix` to rewrite. Do what the fix under each says, then run `gateway-agent-setup doctor` again later.",
    );
    expect(text.text).not.toContain(OFFERED);
  });
});
