import { describe, expect, it } from 'vitest';
import { GEMINI_UNSUPPORTED, geminiCli } from '../../src/agents/gemini-cli.js';
import { AGENTS, AGENT_IDS, SUPPORTED_AGENT_IDS, getAgent } from '../../src/agents/registry.js';
import { JobError } from '../../src/core/errors.js';
import { CHANNELS, choice, files, linuxEnv } from './agents-helpers.js';
import { inEnglish } from '../helpers/english.js';
import { english } from '../../src/i18n/index.js';

describe('registry', () => {
  it('lists every agent under its own id', () => {
    expect(AGENT_IDS).toEqual(['claude-code', 'codex', 'opencode', 'qwen-code', 'cline', 'gemini-cli']);
    for (const id of AGENT_IDS) expect(AGENTS[id].id).toBe(id);
  });
  it('supported agents are all but gemini-cli', () => {
    expect(SUPPORTED_AGENT_IDS).toEqual(['claude-code', 'codex', 'opencode', 'qwen-code', 'cline']);
  });
  it('getAgent finds ids and refuses anything else', () => {
    expect(getAgent('codex')).toBe(AGENTS.codex);
    expect(getAgent('nope')).toBeUndefined();
    expect(getAgent('toString')).toBeUndefined();
  });
  it('every supported agent speaks at least one protocol and names its binary and package', () => {
    for (const id of SUPPORTED_AGENT_IDS) {
      const a = AGENTS[id];
      expect(a.protocols.length).toBeGreaterThan(0);
      expect(a.binary).toMatch(/^[a-z]+$/);
      expect(a.npmPackage.length).toBeGreaterThan(0);
      expect(a.versionArgs).toEqual(['--version']);
    }
  });
  it('only Claude Code and OpenCode have a small model', () => {
    expect(AGENT_IDS.filter((id) => AGENTS[id].hasSmallModel)).toEqual(['claude-code', 'opencode']);
  });
  it("every fit's protocol is one the agent speaks", () => {
    for (const id of SUPPORTED_AGENT_IDS) {
      for (const m of Object.values(CHANNELS)) {
        const fit = AGENTS[id].fit((m));
        if (fit.ok) expect(AGENTS[id].protocols).toContain(fit.protocol);
      }
    }
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
