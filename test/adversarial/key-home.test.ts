// A key belongs to the gateway it was given for. An import link, another base URL or an exported
// variable never moves a key the user saved for one gateway to another, on the day of the link or
// on any later day (`sync`, `doctor`, `models`, `verify`).
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_KEY, EXPIRED_KEY, VIP_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { jsonOf, runInProcess, tempHomes } from '../helpers/cli.js';
import { startKeyTrap, type KeyTrap } from '../helpers/key-trap.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
let trap: KeyTrap;
beforeAll(async () => {
  sim = await startSim();
  trap = await startKeyTrap();
});
afterAll(stopAll);

const newHome = tempHomes();
const LINK_KEY = `sk-link${randomBytes(16).toString('hex')}`;
const CODEX_KEY = `sk-codex${randomBytes(16).toString('hex')}`;

const link = () =>
  `ccswitch://v1/import?${new URLSearchParams({ resource: 'provider', app: 'claude', name: 'other', endpoint: trap.root, apiKey: LINK_KEY }).toString()}`;

function settingsFile(home: string): string {
  return join(home, '.config', 'gateway-agent-setup', 'settings.json');
}

/** A user with their own gateway saved: the default key and Codex's own variable bound to it. */
function userWithSavedKeys(): string {
  const home = newHome();
  mkdirSync(join(home, '.config', 'gateway-agent-setup'), { recursive: true });
  writeFileSync(
    settingsFile(home),
    JSON.stringify({ baseUrl: sim.root, keyEnv: 'GATEWAY_API_KEY', agents: ['codex'], perAgent: { codex: { keyEnv: 'CODEX_GW_KEY' } } }),
  );
  return home;
}

const oneLine = (text: string) => text.replace(/\s+/g, ' ');
const env = () => ({ GATEWAY_API_KEY: DEMO_KEY, CODEX_GW_KEY: CODEX_KEY });

describe('a key saved for one gateway never goes to another', () => {
  it("after an import link, sync and doctor send the link's host no key of the user's gateway", async () => {
    trap.requests.length = 0;
    const home = userWithSavedKeys();
    const setup = await runInProcess(['setup', '--import', '-', '--agent', 'claude-code', '--yes', '--no-verify'], {
      home,
      input: `${link()}\n`,
      env: env(),
      timeoutMs: 30_000,
    });
    expect(trap.received(LINK_KEY), setup.stderr + setup.stdout).toBeGreaterThan(0);
    const saved = JSON.parse(readFileSync(settingsFile(home), 'utf8'));
    // The link's gateway keeps none of the other gateway's key variables: they stay bound to theirs.
    expect(saved.baseUrl, setup.stdout + setup.stderr).toBe(trap.root);
    expect(saved.keyEnv).toBeUndefined();
    expect(saved.perAgent.codex.keyEnv).toBeUndefined();
    expect(saved.keys).toEqual({ GATEWAY_API_KEY: sim.root, CODEX_GW_KEY: sim.root });
    expect(oneLine(setup.stderr)).toContain(`no longer used with it: $GATEWAY_API_KEY, $CODEX_GW_KEY`);
    for (const args of [['sync'], ['sync', '--check'], ['doctor'], ['models'], ['verify']]) {
      const r = await runInProcess(args, { home, env: env(), timeoutMs: 30_000 });
      expect(trap.received(DEMO_KEY, CODEX_KEY), `${args.join(' ')}: ${r.stderr}${r.stdout}`).toBe(0);
    }
  });

  it('an import link with --key-storage env: refused before any request (the agents would read another key)', async () => {
    trap.requests.length = 0;
    const home = newHome();
    const r = await runInProcess(['setup', '--import', '-', '--agent', 'codex', '--yes', '--key-storage', 'env'], {
      home,
      input: `${link()}\n`,
      env: env(),
    });
    expect(r.code).toBe(2);
    expect(oneLine(r.stderr)).toContain('is in no variable');
    expect(trap.requests).toHaveLength(0);
  });

  it('another base URL with the saved variable stops before any request, naming the origin and how to bind', async () => {
    trap.requests.length = 0;
    const home = userWithSavedKeys();
    const r = await runInProcess(['models', '--base-url', trap.root], { home, env: env() });
    expect(r.code).toBe(2);
    expect(trap.requests).toHaveLength(0);
    expect(r.stderr).toContain(new URL(sim.root).origin);
    expect(r.stderr).toContain(trap.root);
    expect(r.stderr).toContain('--api-key-env');
  });

  it('GATEWAY_BASE_URL pointing elsewhere does not take the saved key there', async () => {
    trap.requests.length = 0;
    const home = userWithSavedKeys();
    const r = await runInProcess(['setup', '--agent', 'claude-code', '--yes'], { home, env: { ...env(), GATEWAY_BASE_URL: trap.root } });
    expect(r.code).toBe(2);
    expect(trap.received(DEMO_KEY, CODEX_KEY)).toBe(0);
  });

  it('naming the variable for the new gateway binds it there, and says so', async () => {
    const home = userWithSavedKeys();
    const other = await startSim();
    const r = await runInProcess(
      ['setup', '--agent', 'claude-code', '--yes', '--base-url', other.root, '--api-key-env', 'GATEWAY_API_KEY'],
      {
        home,
        env: env(),
      },
    );
    expect(r.code, r.stderr + r.stdout).toBe(0);
    const saved = JSON.parse(readFileSync(settingsFile(home), 'utf8'));
    expect(saved.baseUrl).toBe(other.root);
    expect(saved.keyEnv).toBe('GATEWAY_API_KEY');
    expect(saved.perAgent.codex.keyEnv).toBeUndefined();
    expect(saved.keys).toEqual({ GATEWAY_API_KEY: other.root, CODEX_GW_KEY: sim.root });
    expect(oneLine(r.stderr), r.stdout).toContain(`$GATEWAY_API_KEY now belongs to ${other.root} (it was saved for ${sim.root})`);
    const later = await runInProcess(['models'], { home, env: env() });
    expect(later.code, later.stderr).toBe(0);
  });
});

describe('a value read back is a literal unless it is the reference form the agent reads', () => {
  const OTHER_SECRET = `aws${randomBytes(16).toString('hex')}`;
  const linkWithKey = (app: string, key: string) =>
    `ccswitch://v1/import?${new URLSearchParams({ resource: 'provider', app, name: 'x', endpoint: trap.root, apiKey: key }).toString()}`;

  it("Copilot CLI: a link's key `${AWS_SECRET_ACCESS_KEY}` is written single-quoted and read back as that text, on setup and doctor", async () => {
    trap.requests.length = 0;
    const home = newHome();
    const env = { AWS_SECRET_ACCESS_KEY: OTHER_SECRET };
    const setup = await runInProcess(['setup', '--import', '-', '--agent', 'copilot-cli', '--yes', '--force'], {
      home,
      input: `${linkWithKey('claude', '${AWS_SECRET_ACCESS_KEY}')}\n`,
      env,
      timeoutMs: 30_000,
    });
    const file = readFileSync(join(home, '.config', 'gateway-agent-setup', 'env', 'copilot-cli.env'), 'utf8');
    expect(file, setup.stderr + setup.stdout).toContain("COPILOT_PROVIDER_API_KEY='${AWS_SECRET_ACCESS_KEY}'");
    // The literal text went to the link's host as the key; the variable's value never did.
    expect(trap.requests.some((r) => JSON.stringify(r.headers).includes('${AWS_SECRET_ACCESS_KEY}'))).toBe(true);
    await runInProcess(['doctor', '--agent', 'copilot-cli'], { home, env, timeoutMs: 30_000 });
    expect(trap.received(OTHER_SECRET)).toBe(0);
  });

  it('Factory Droid: a key holding `${…}` (droid expands it in apiKey) is refused, naming the field; nothing is written or sent', async () => {
    trap.requests.length = 0;
    const home = newHome();
    const r = await runInProcess(['setup', '--import', '-', '--agent', 'factory-droid', '--yes'], {
      home,
      input: `${linkWithKey('claude', '${AWS_SECRET_ACCESS_KEY}')}\n`,
      env: { AWS_SECRET_ACCESS_KEY: OTHER_SECRET },
      timeoutMs: 30_000,
    });
    expect(r.code, r.stderr + r.stdout).toBe(2);
    expect(oneLine(r.stderr)).toMatch(/Factory Droid/);
    expect(oneLine(r.stderr)).toMatch(/key/i);
    expect(trap.received(OTHER_SECRET)).toBe(0);
    expect(() => readFileSync(join(home, '.factory', 'settings.json'))).toThrow();
  });
});

describe('no command swaps a key silently', () => {
  it("doctor --fix keeps the key Qwen Code's file holds when another key is exported, and does not say 'No findings'", async () => {
    const home = newHome();
    const setup = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'qwen-code'], {
      home,
      env: { GATEWAY_API_KEY: DEMO_KEY },
    });
    expect(setup.code, setup.stderr).toBe(0);
    const file = join(home, '.qwen', 'settings.json');
    const fix = await runInProcess(['doctor', '--fix', '--agent', 'qwen-code'], { home, env: { GATEWAY_API_KEY: VIP_KEY } });
    expect(JSON.parse(readFileSync(file, 'utf8')).env.GATEWAY_API_KEY).toBe(DEMO_KEY);
    expect(fix.code).toBe(1);
    expect(oneLine(fix.stdout)).not.toContain('No findings');
    expect(oneLine(fix.stdout)).toContain('env_override');
    // In a shell without the export, Qwen Code still has its key.
    const later = await runInProcess(['doctor', '--agent', 'qwen-code'], { home });
    expect(later.code, later.stdout + later.stderr).toBe(0);
  });

  it('sync keeps the key a config holds over an exported GATEWAY_API_KEY, and says which it used', async () => {
    const home = newHome();
    const setup = await runInProcess(['setup', '--yes', '--base-url', sim.root, '--agent', 'codex', '--api-key', DEMO_KEY], { home });
    expect(setup.code, setup.stderr).toBe(0);
    const sync = await runInProcess(['sync'], { home, env: { GATEWAY_API_KEY: VIP_KEY } });
    expect(sync.code, sync.stderr + sync.stdout).toBe(0);
    expect(readFileSync(join(home, '.codex', '.env'), 'utf8')).toContain(DEMO_KEY);
    expect(oneLine(sync.stderr)).toContain('Codex CLI keeps the key in its config');
    const check = await runInProcess(['sync', '--check', '--api-key-env', 'GATEWAY_API_KEY'], { home, env: { GATEWAY_API_KEY: VIP_KEY } });
    expect(check.code, check.stderr + check.stdout).toBe(1);
    expect(oneLine(check.stdout)).toContain('(the key changes)');
    const named = await runInProcess(['sync', '--api-key-env', 'GATEWAY_API_KEY'], { home, env: { GATEWAY_API_KEY: VIP_KEY } });
    expect(named.code, named.stderr + named.stdout).toBe(0);
    expect(readFileSync(join(home, '.codex', '.env'), 'utf8')).toContain(VIP_KEY);
  });

  it('the kept key refused while the variable holds another: the failure names the variable, and the command to run again sends it', async () => {
    const home = newHome();
    mkdirSync(join(home, '.config', 'gateway-agent-setup'), { recursive: true });
    writeFileSync(settingsFile(home), JSON.stringify({ baseUrl: sim.root, agents: ['claude-code'] }));
    const file = join(home, '.claude', 'settings.json');
    mkdirSync(join(file, '..'), { recursive: true });
    writeFileSync(file, JSON.stringify({ env: { ANTHROPIC_BASE_URL: sim.root, ANTHROPIC_AUTH_TOKEN: EXPIRED_KEY } }));
    const failed = await runInProcess(['sync', '--json'], { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
    expect(failed.code, failed.stderr).toBe(1);
    expect(oneLine(failed.stderr)).toContain('fix: extend its expiry');
    expect(oneLine(failed.stderr)).toContain('or send the key in $GATEWAY_API_KEY instead: add --api-key-env GATEWAY_API_KEY');
    expect(failed.stderr).toMatch(/Then run again:\n {4}\S.* sync --json --api-key-env GATEWAY_API_KEY\n/);
    const doc = jsonOf(failed) as { error: { code: string; again: string } };
    expect(doc.error.code).toBe('bad_key');
    expect(doc.error.again.endsWith(' sync --json --api-key-env GATEWAY_API_KEY')).toBe(true);
    // Without a variable holding another key, the command to run again is the one typed.
    const alone = await runInProcess(['sync'], { home });
    expect(alone.code).toBe(1);
    expect(alone.stderr).toMatch(/Then run again:\n {4}\S.* sync\n/);
    const again = await runInProcess(['sync', '--api-key-env', 'GATEWAY_API_KEY'], { home, env: { GATEWAY_API_KEY: DEMO_KEY } });
    expect(again.code, again.stderr + again.stdout).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8')).env.ANTHROPIC_AUTH_TOKEN).toBe(DEMO_KEY);
    for (const r of [failed, alone, again]) expect(r.stdout + r.stderr).not.toContain(EXPIRED_KEY.slice(3));
  });
});
