// The language half of platform support, through the built bin against the simulator: every command a person
// runs, in Simplified Chinese. Each run must speak Chinese, print no sentence of the English
// catalog (a message that missed translation), fit every line in 80 terminal columns (a Chinese
// character takes two), and leave --json byte-for-byte what it is in English.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visibleLength } from '../../src/core/layout.js';
import { DEFAULT_MODELS, DEMO_KEY } from '../../src/simulator/index.js';
import type { Simulator } from '../../src/simulator/types.js';
import { runInProcess, tempHome, type CliResult } from '../helpers/cli.js';
import { CHINESE, englishLeaks } from '../helpers/lang.js';
import { startSim, stopAll } from '../helpers/sim.js';

let sim: Simulator;
beforeAll(async () => {
  sim = await startSim();
});
afterAll(stopAll);

const zh = { LANG: 'zh_CN.UTF-8' };

/** The checks every Chinese run must pass. */
function expectChinese(r: CliResult): void {
  const output = r.stdout + r.stderr;
  expect(output).toMatch(CHINESE);
  expect(englishLeaks(output), output).toEqual([]);
  // Prose is wrapped; a command line or an example is printed whole, in every language.
  const wide = output.split('\n').filter((l) => CHINESE.test(l) && visibleLength(l) > 80);
  expect(wide).toEqual([]);
}

/** A --json document without what differs between two runs (request IDs, timings, temp paths). */
function stable(stdout: string): unknown {
  return JSON.parse(stdout, (k, v: unknown) => (['requestId', 'latencyMs', 'ms', 'backupId', 'durationMs'].includes(k) ? undefined : v));
}

describe('the whole tool in Chinese', () => {
  it('help: the tool and every command, chosen by --lang or by LANG', async () => {
    const main = await runInProcess(['--help', '--lang', 'zh-CN']);
    expect(main.code).toBe(0);
    expect(main.stdout).toContain('用法：');
    expect(main.stdout).toContain('退出码：0 成功');
    expectChinese(main);
    for (const command of ['setup', 'wizard', 'sync', 'doctor', 'models', 'verify', 'restore', 'demo', 'simulate']) {
      const r = await runInProcess([command, '--help'], { env: zh });
      expect(r.code, command).toBe(0);
      expect(r.stdout, command).toContain('通用参数：');
      expectChinese(r);
    }
    // The flags themselves and the examples stay as they are: they are what people type.
    const setup = await runInProcess(['setup', '--help'], { env: zh });
    expect(setup.stdout).toContain('--key-storage file|env');
  });

  it('English stays the default: no locale, LANG=C, or a locale we have no catalog for', async () => {
    const envs: Record<string, string>[] = [{}, { LANG: 'C' }, { LANG: 'fr_FR.UTF-8' }, { LC_ALL: 'en_US.UTF-8', LANG: 'zh_CN.UTF-8' }];
    for (const env of envs) {
      const r = await runInProcess(['--help'], { env });
      expect(r.stdout).toContain('Usage:');
      expect(r.stdout).not.toMatch(CHINESE);
    }
  });

  it('usage errors: an unknown flag, a bad --lang, a missing key', async () => {
    const flag = await runInProcess(['models', '--frobnicate'], { env: zh });
    expect(flag.code).toBe(2);
    expect(flag.stderr).toContain('未知参数 --frobnicate');
    expectChinese(flag);
    const lang = await runInProcess(['models', '--lang', 'fr']);
    expect(lang.code).toBe(2);
    expect(lang.stderr).toContain('--lang fr');
    const key = await runInProcess(['models', '--base-url', sim.root], { env: zh });
    expect(key.code).toBe(2);
    expect(key.stderr).toContain('没有 API 密钥');
    expectChinese(key);
  });

  it('demo: the whole job, in Chinese', async () => {
    const r = await runInProcess(['demo', '--lang', 'zh-CN']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('所有智能体都已配置并验证通过。');
    expectChinese(r);
  });

  it('models and verify: Chinese for people, the same JSON for scripts', async () => {
    const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY };
    for (const args of [['models'], ['models', '--all'], ['verify']]) {
      const text = await runInProcess(args, { env: { ...env, ...zh } });
      expect(text.code, args.join(' ')).toBe(0);
      expectChinese(text);
      const en = await runInProcess([...args, '--json'], { env });
      const cn = await runInProcess([...args, '--json'], { env: { ...env, ...zh } });
      expect(stable(cn.stdout)).toEqual(stable(en.stdout));
    }
  });

  it('setup, doctor, sync --check and restore on a lived-in home, in Chinese', async () => {
    const { dir: home, remove } = tempHome();
    try {
      const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY, ...zh };
      const setup = await runInProcess(['setup', '--agent', 'claude-code,codex'], { home, env });
      expect(setup.code, setup.stderr).toBe(0);
      expect(setup.stdout).toContain('已创建');
      expectChinese(setup);

      // A doubled /v1 in Codex's config: doctor names it in Chinese, with the code unchanged.
      const toml = join(home, '.codex/config.toml');
      writeFileSync(toml, readFileSync(toml, 'utf8').replace(`${sim.root}/v1`, `${sim.root}/v1/v1`));
      const doctor = await runInProcess(['doctor'], { home, env });
      expect(doctor.code).toBe(1);
      expect(doctor.stdout).toContain('[wrong_path]');
      expect(doctor.stdout).toContain('仍有问题');
      expectChinese(doctor);

      sim.setModels(DEFAULT_MODELS.filter((m) => m.id !== 'gpt-5.1-codex'));
      const check = await runInProcess(['sync', '--check'], { home, env });
      expect(check.code).toBe(1);
      expect(check.stdout).toContain('过时的配置');
      expectChinese(check);

      const list = await runInProcess(['restore', '--list'], { home, env });
      expect(list.code).toBe(0);
      // The hand edit of config.toml above came after the backup: restore refuses, in Chinese.
      const refused = await runInProcess(['restore'], { home, env });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('之后被修改过');
      expectChinese(refused);
      const restore = await runInProcess(['restore', '--force'], { home, env });
      expect(restore.code).toBe(0);
      expect(restore.stdout).toContain('已恢复备份');
      expectChinese(restore);
    } finally {
      sim.setModels(DEFAULT_MODELS);
      remove();
    }
  });

  it('a config that does not parse: refused in Chinese, naming file and line; --json unchanged', async () => {
    const { dir: home, remove } = tempHome();
    try {
      mkdirSync(join(home, '.codex'), { recursive: true });
      writeFileSync(join(home, '.codex/config.toml'), 'model = "x"\n[model_providers.gw\nbase_url = 1\n');
      const env = { GATEWAY_BASE_URL: sim.root, GATEWAY_API_KEY: DEMO_KEY };
      const text = await runInProcess(['setup', '--agent', 'codex'], { home, env: { ...env, ...zh } });
      expect(text.code).toBe(1);
      expect(text.stderr).toMatch(/config\.toml:2:\d+：无法解析/);
      expect(text.stderr).toContain('文件没有被改动');
      expectChinese(text);
      const en = await runInProcess(['setup', '--agent', 'codex', '--json'], { home, env });
      const cn = await runInProcess(['setup', '--agent', 'codex', '--json'], { home, env: { ...env, ...zh } });
      expect(cn.stdout).toBe(en.stdout);
      expect(cn.stdout).toContain('does not parse');
    } finally {
      remove();
    }
  });
});
