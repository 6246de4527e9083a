// `completion`: scripts generated from the command table and flags, through the built bin. The
// bash script is loaded into a real bash and asked to complete, as a shell would ask it.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AGENT_IDS } from '../../src/agents/registry.js';
import { options as setupOptions } from '../../src/cli/commands/setup.js';
import { LAUNCHABLE } from '../../src/cli/commands/launch.js';
import { COMMANDS } from '../../src/cli/commands.js';
import { runCli, tempHome } from '../helpers/cli.js';

const homes: (() => void)[] = [];
afterEach(() => homes.splice(0).forEach((r) => r()));

async function script(shell: string): Promise<string> {
  const r = await runCli(['completion', shell]);
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/** What bash's completion offers for the words typed so far (the last one being completed). */
function bashComplete(source: string, words: string[]): string[] {
  const h = tempHome();
  homes.push(h.remove);
  const file = join(h.dir, 'completion.bash');
  writeFileSync(file, source);
  const out = execFileSync(
    'bash',
    [
      '-c',
      `source "$1"; COMP_WORDS=("\${@:2}"); COMP_CWORD=$(( \${#COMP_WORDS[@]} - 1 )); _gateway_agent_setup; printf '%s\\n' "\${COMPREPLY[@]}"`,
      'bash',
      file,
      'gateway-agent-setup',
      ...words,
    ],
    { encoding: 'utf8' },
  );
  return out.split('\n').filter(Boolean);
}

describe('completion', () => {
  it("bash completes every command, each command's flags, agent ids and fixed choices", async () => {
    const bash = await script('bash');
    expect(bashComplete(bash, ['']).sort()).toEqual([...Object.keys(COMMANDS), 'help'].sort());
    expect(bashComplete(bash, ['setup', '--'])).toEqual(expect.arrayContaining(Object.keys(setupOptions).map((f) => `--${f}`)));
    expect(bashComplete(bash, ['setup', '--agent', '']).sort()).toEqual([...AGENT_IDS].sort());
    expect(bashComplete(bash, ['setup', '--scope', 'p'])).toEqual(['project']);
    expect(bashComplete(bash, ['verify', '--prot'])).toEqual(['--protocol']);
    expect(bashComplete(bash, ['help', 'do'])).toEqual(['doctor']);
    // The first positional word where it is known: the agents launch can start, profiles' actions.
    expect(bashComplete(bash, ['launch', '']).sort()).toEqual([...LAUNCHABLE].sort());
    expect(bashComplete(bash, ['launch', 'co'])).toEqual(expect.arrayContaining(['codex', 'copilot-cli']));
    expect(bashComplete(bash, ['launch', 'cline'])).toEqual([]);
    expect(bashComplete(bash, ['launch', '--mo'])).toEqual(['--model']);
    expect(bashComplete(bash, ['profiles', 're'])).toEqual(['remove']);
    expect(bashComplete(bash, ['launch', 'codex', 'co'])).toEqual([]);
  });

  it('zsh, fish and PowerShell scripts name every command and flag', async () => {
    for (const shell of ['zsh', 'fish', 'powershell']) {
      const text = await script(shell);
      for (const name of Object.keys(COMMANDS)) expect(text, `${shell}: ${name}`).toContain(name);
      expect(text, shell).toContain('key-storage');
      expect(text, shell).toContain('claude-code');
    }
    expect(await script('zsh')).toContain('bashcompinit');
    expect(await script('fish')).toContain("complete -c gateway-agent-setup -n '__fish_seen_subcommand_from setup' -l agent -x -a");
    expect(await script('powershell')).toContain('Register-ArgumentCompleter -Native');
  });

  it('without a known shell: exit 2 naming the shells', async () => {
    const r = await runCli(['completion', 'tcsh']);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bash, zsh, fish, powershell');
  });
});
