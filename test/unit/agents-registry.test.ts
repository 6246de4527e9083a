import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GEMINI_UNSUPPORTED, geminiCli } from '../../src/agents/gemini-cli/index.js';
import { installName } from '../../src/agents/install.js';
import { AGENTS, AGENT_IDS, DEFAULT_AGENT_IDS, SUPPORTED_AGENT_IDS, getAgent } from '../../src/agents/registry.js';
import { JobError } from '../../src/core/errors.js';
import { CHANNELS, choice, files, linuxEnv } from './agents-helpers.js';
import { inEnglish } from '../helpers/english.js';
import { english } from '../../src/i18n/index.js';

const ROOT = join(import.meta.dirname, '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures', 'agents');

describe('registry', () => {
  it('lists every agent once, under its own id, the ones the gateway serves first', () => {
    expect(new Set(AGENT_IDS).size).toBe(AGENT_IDS.length);
    for (const id of AGENT_IDS) {
      expect(id).toMatch(/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/);
      expect(AGENTS[id].id).toBe(id);
    }
    expect(AGENT_IDS.slice(0, SUPPORTED_AGENT_IDS.length)).toEqual(SUPPORTED_AGENT_IDS);
    expect(AGENT_IDS.filter((id) => AGENTS[id].unsupported !== undefined)).toEqual(['gemini-cli', 'letta-code']);
    for (const id of DEFAULT_AGENT_IDS) expect(SUPPORTED_AGENT_IDS).toContain(id);
  });
  it('getAgent finds ids and refuses anything else', () => {
    expect(getAgent('codex')).toBe(AGENTS.codex);
    expect(getAgent('nope')).toBeUndefined();
    expect(getAgent('toString')).toBeUndefined();
  });
  it.each(SUPPORTED_AGENT_IDS)('%s names its protocols, binary, package, verified version, URL form and ranking', (id) => {
    const a = AGENTS[id];
    expect(a.protocols.length).toBeGreaterThan(0);
    expect(a.binary).toMatch(/^[a-z][a-z-]*$/);
    expect(installName(a.install).length).toBeGreaterThan(0);
    // No verified version only for an agent that cannot be installed here: the README says why.
    if (a.install.verified === undefined)
      expect(/### Agents not run here\n([\s\S]*?)\n#/.exec(readFileSync(join(ROOT, 'README.md'), 'utf8'))?.[1]).toContain(`**${a.name}**`);
    else expect(a.install.verified).toMatch(/^\d+\.\d+\.\d+$/);
    expect(a.versionArgs.length).toBeGreaterThan(0);
    expect(['root', 'v1']).toContain(a.baseUrl?.form);
    // The last pattern catches every model, so an agent always gets one when any fits.
    expect(a.preferences.model.at(-1)).toBe('*');
  });
  it.each(AGENT_IDS)('%s ranks small models exactly when it has a small-model setting', (id) => {
    const a = AGENTS[id];
    expect((a.preferences.smallModel ?? []).length > 0).toBe(a.smallModel !== undefined);
  });
  it("every fit's protocol is one the agent speaks", () => {
    for (const id of SUPPORTED_AGENT_IDS) {
      for (const m of Object.values(CHANNELS)) {
        const fit = AGENTS[id].fit(m);
        if (fit.ok) expect(AGENTS[id].protocols).toContain(fit.protocol);
      }
    }
  });
});

describe('fixtures and docs follow the registry', () => {
  it.each(SUPPORTED_AGENT_IDS)('%s has a fixture folder with its description and a lived-in config', (id) => {
    const dir = join(FIXTURES, id);
    expect(existsSync(join(dir, 'fixture.ts')), `test/fixtures/agents/${id}/fixture.ts is missing`).toBe(true);
    expect(readdirSync(dir).some((f) => f.includes('lived-in'))).toBe(true);
  });
  it('every fixture folder belongs to a registered agent', () => {
    const folders = readdirSync(FIXTURES, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    // The agents setup writes for, and the ones only `launch` starts (their lived-in files a session keeps).
    const launchOnly = AGENT_IDS.filter((id) => AGENTS[id].unsupported !== undefined && AGENTS[id].session !== undefined);
    expect(launchOnly).toEqual(['letta-code']);
    expect(folders.sort()).toEqual([...SUPPORTED_AGENT_IDS, ...launchOnly].sort());
  });
  it.each(SUPPORTED_AGENT_IDS.filter((id) => AGENTS[id].install.verified !== undefined))(
    "README's marks table: %s with the newest version run, proven from and broken below its module declares",
    (id) => {
      const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
      const a = AGENTS[id];
      const row = readme.split('\n').find((l) => l.startsWith(`| ${a.name} | ${a.install.verified} |`));
      expect(row, `no marks row for ${a.name}`).toBeDefined();
      const [, , proven, broken] = row!.split(' | ');
      expect(proven).toBe(a.versions?.provenFrom ?? '—');
      expect(broken).toBe(a.versions?.brokenBelow ?? 'none seen');
    },
  );
  it.each(SUPPORTED_AGENT_IDS)('README names %s and its verified version', (id) => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const a = AGENTS[id];
    expect(readme).toContain(a.name);
    expect(readme).toContain(`\`${id}\``);
    expect(readme).toContain(
      a.install.verified === undefined ? `\`${installName(a.install)}\`` : `${installName(a.install)}\` ${a.install.verified}`,
    );
  });
});

describe('gemini-cli', () => {
  it('is refused with the explanation everywhere', () => {
    expect(geminiCli.unsupported).toBe(GEMINI_UNSUPPORTED);
    expect(english(GEMINI_UNSUPPORTED)).toContain('native Gemini protocol');
    expect(geminiCli.protocols).toEqual([]);
    expect(inEnglish(geminiCli.fit(CHANNELS.gemini))).toEqual({ ok: false, reason: english(GEMINI_UNSUPPORTED) });
    expect(geminiCli.files(linuxEnv(), 'user')).toEqual([]);
    expect(inEnglish(geminiCli.readBack(linuxEnv(), 'user', files()))).toBe(english(GEMINI_UNSUPPORTED));
    expect(() => geminiCli.plan(linuxEnv(), choice(), files())).toThrow(JobError);
    expect(() => geminiCli.plan(linuxEnv(), choice(), files())).toThrow(english(GEMINI_UNSUPPORTED));
  });
});
