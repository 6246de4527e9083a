// The inputs of a setup run, resolved once from flags, saved settings and the environment, and the
// options every command builds from them (real settings files in a temp home).
import { givenOf } from '../../src/cli/given.js';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createContext, type CliContext } from '../../src/cli/context.js';
import { nothingGiven, setupInputs, setupOptionsFrom } from '../../src/settings/setup-inputs.js';
import { UsageError } from '../../src/core/errors.js';
import { hintOf } from '../helpers/english.js';

const homes: string[] = [];
afterEach(() => {
  for (const h of homes.splice(0)) rmSync(h, { recursive: true, force: true });
});

/** A context on a temp home holding `saved` as the user's settings file. */
function contextWith(saved?: Record<string, unknown>): CliContext {
  const home = mkdtempSync(join(tmpdir(), 'gas-inputs-'));
  homes.push(home);
  if (saved) {
    mkdirSync(join(home, '.config', 'gateway-agent-setup'), { recursive: true });
    writeFileSync(join(home, '.config', 'gateway-agent-setup', 'settings.json'), JSON.stringify(saved));
  }
  const sink = { isTTY: false, write: () => true };
  return createContext(
    {
      env: {},
      cwd: () => home,
      platform: 'linux',
      stdin: { isTTY: false },
      stdout: sink,
      stderr: sink,
      once: () => undefined,
      off: () => undefined,
    },
    { home },
  );
}

const GATEWAY = { root: 'https://gw.example.com', v1: 'https://gw.example.com/v1', key: 'sk-test', keyEnvVar: 'GATEWAY_API_KEY' };

describe('setupInputs', () => {
  it('a flag wins over the saved settings, which win over the defaults', async () => {
    const ctx = contextWith({ scope: 'project', keyStorage: 'env', agents: ['codex'] });
    const saved = await setupInputs(ctx, {});
    expect([saved.scope, saved.keyStorage, saved.agents]).toEqual(['project', 'env', ['codex']]);
    const flagged = await setupInputs(
      ctx,
      givenOf({
        scope: 'user',
        agent: ['cline', 'cline'],
        model: ['cline=deepseek-chat'],
        timeout: '2.5',
        'no-verify': true,
      }),
    );
    expect([flagged.scope, flagged.keyStorage, flagged.agents]).toEqual(['user', 'env', ['cline']]);
    expect([...flagged.models]).toEqual([['cline', 'deepseek-chat']]);
    expect([flagged.timeoutMs, flagged.verify]).toEqual([2_500, false]);
  });

  it('for the wizard the saved settings are not answers: only flags are', async () => {
    const inputs = await setupInputs(contextWith({ scope: 'project', agents: ['codex'] }), {}, false);
    expect([inputs.scope, inputs.agents]).toEqual([undefined, undefined]);
    expect(inputs.saved.settings.scope).toBe('project');
  });

  it('an unknown agent or model target is a usage error naming the agents', async () => {
    await expect(setupInputs(contextWith(), givenOf({ agent: ['nope'] }))).rejects.toBeInstanceOf(UsageError);
    const refused: unknown = await setupInputs(contextWith(), givenOf({ model: ['nope=m'] })).then(
      () => 'resolved',
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(UsageError);
    expect(hintOf(refused as UsageError)).toContain('claude-code');
  });
});

describe('setupOptionsFrom', () => {
  it('takes every input, and what the command decides itself wins', async () => {
    const ctx = contextWith({ perAgent: { codex: { model: 'gpt-5', preferences: ['o3*'] } } });
    const inputs = await setupInputs(ctx, givenOf({ scope: 'project', 'dry-run': true, concurrency: '2' }));
    const setup = setupOptionsFrom(ctx, inputs, GATEWAY, { agents: ['codex'], command: 'setup', pinSaved: true });
    expect([
      setup.writing.scope,
      setup.writing.keyStorage,
      setup.writing.dryRun,
      setup.verification.concurrency,
      setup.writing.command,
      setup.env.home,
    ]).toEqual(['project', 'file', true, 2, 'setup', ctx.home]);
    expect(setup.choice.preferences?.codex?.model?.slice(0, 2)).toEqual(['gpt-5', 'o3*']);
    const sync = setupOptionsFrom(ctx, inputs, GATEWAY, {
      agents: ['codex'],
      command: 'sync',
      pinSaved: false,
      dryRun: false,
      keepOnDisk: true,
    });
    expect([sync.writing.dryRun, sync.choice.keepOnDisk]).toEqual([false, true]);
    expect(sync.choice.preferences?.codex?.model?.[0]).toBe('o3*');
  });

  it('the demo sandbox reads none of the user settings', async () => {
    const ctx = contextWith({ scope: 'project', perAgent: { codex: { model: 'gpt-5' } } });
    const demo = setupOptionsFrom(ctx, nothingGiven(), GATEWAY, { agents: ['codex'], command: 'demo', pinSaved: false });
    expect([demo.writing.scope, demo.writing.keyStorage, demo.verification.verify]).toEqual(['user', 'file', true]);
    expect(demo.choice.preferences).toEqual({});
  });
});
