import { describe, expect, it } from 'vitest';
import { installAdvice, installName } from '../../src/agents/install.js';
import { AGENTS } from '../../src/agents/registry.js';
import { english } from '../../src/i18n/index.js';

describe('install advice per kind of source', () => {
  it('npm, go and pip each name their own command', () => {
    expect(english(installAdvice({ from: 'npm', package: 'cline' }))).toBe('install it: npm install -g cline');
    expect(english(installAdvice({ from: 'go', module: 'github.com/charmbracelet/crush' }))).toBe(
      'install it: go install github.com/charmbracelet/crush@latest',
    );
    expect(english(installAdvice({ from: 'pip', package: 'aider-chat' }))).toBe(
      'install it: pipx install aider-chat (or python3 -m pip install aider-chat)',
    );
  });
  it('the registry: Crush is a Go module, Aider a PyPI package', () => {
    expect(AGENTS.crush.install).toEqual({ from: 'go', module: 'github.com/charmbracelet/crush' });
    expect(installName(AGENTS.crush.install)).toBe('github.com/charmbracelet/crush');
    expect(AGENTS.aider.install).toMatchObject({ from: 'pip', package: 'aider-chat' });
    expect(english(installAdvice(AGENTS.aider.install))).toContain('aider-chat');
  });
});
