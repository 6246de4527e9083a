// The wizard's `prompts` Prompter driven by keys written into a stream (Esc and Ctrl-C cancel at
// every kind of question, answers print their short form, the key never echoes).
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CancelledError } from '../../src/core/errors.js';
import { loadTranslator } from '../../src/i18n/index.js';
import { promptsPrompter } from '../../src/wizard/prompts-port.js';

const ESC = '\u001b';
const DOWN = '\u001b[B';

function terminal() {
  const stdin = new PassThrough();
  const stdout = new PassThrough();
  let screen = '';
  stdout.setEncoding('utf8').on('data', (d: string) => (screen += d));
  const waitFor = async (re: RegExp, from = 0): Promise<void> => {
    const deadline = Date.now() + 5000;
    while (!re.test(screen.slice(from))) {
      if (Date.now() > deadline) throw new Error(`never saw ${re} in ${JSON.stringify(screen)}`);
      await new Promise((r) => setTimeout(r, 5));
    }
  };
  return {
    prompter: promptsPrompter({ stdin: stdin as unknown as NodeJS.ReadStream, stdout: stdout as unknown as NodeJS.WriteStream }),
    keys: (text: string) => void stdin.write(text),
    screen: () => screen.replace(/\u001b\[[0-9;?]*[A-Za-z]/g, ''),
    length: () => screen.length,
    waitFor,
  };
}

const models = [
  { title: 'claude-sonnet-4-5  ★ recommended  anthropic', short: 'claude-sonnet-4-5', value: 'claude-sonnet-4-5' },
  { title: 'claude-haiku-4-5   anthropic', short: 'claude-haiku-4-5', value: 'claude-haiku-4-5' },
];

describe('prompts adapter', () => {
  it('select: arrows and Enter; the answer line shows the short form', async () => {
    const t = terminal();
    const answer = t.prompter.select({
      message: 'Where?',
      choices: [
        { title: 'user      every project on this machine', short: 'user', value: 'user' },
        { title: 'project   this project only', short: 'project', value: 'project' },
      ],
    });
    await t.waitFor(/Where\?/);
    t.keys(DOWN);
    t.keys('\r');
    expect(await answer).toBe('project');
    expect(t.screen()).toMatch(/Where\? › project\s*$/);
  });

  it('autocomplete filters on the model ID only; Enter on no match asks again; Esc quits', async () => {
    const t = terminal();
    const answer = t.prompter.autocomplete({ message: 'Model', choices: models });
    await t.waitFor(/Model/);
    t.keys('recommended');
    await t.waitFor(/no matches found/);
    const mark = t.length();
    t.keys('\r');
    // Asked again, with the full list.
    await t.waitFor(/claude-haiku-4-5/, mark);
    t.keys('hai');
    await t.waitFor(/hai/, mark);
    t.keys(ESC);
    await expect(answer).rejects.toBeInstanceOf(CancelledError);
  });

  it('autocomplete: typing narrows, Enter picks, the initial index is highlighted first', async () => {
    const t = terminal();
    const first = t.prompter.autocomplete({ message: 'Model', choices: models, initial: 1 });
    await t.waitFor(/Model/);
    t.keys('\r');
    expect(await first).toBe('claude-haiku-4-5');
    const u = terminal();
    const second = u.prompter.autocomplete({ message: 'Model', choices: models });
    await u.waitFor(/Model/);
    u.keys('sonn');
    await u.waitFor(/sonn/);
    u.keys('\r');
    expect(await second).toBe('claude-sonnet-4-5');
    expect(u.screen()).toMatch(/Model › claude-sonnet-4-5\s*$/);
  });

  it.each([
    ['text', (p: ReturnType<typeof terminal>['prompter']) => p.text({ message: 'Q' })],
    ['password', (p: ReturnType<typeof terminal>['prompter']) => p.password({ message: 'Q' })],
    ['select', (p: ReturnType<typeof terminal>['prompter']) => p.select({ message: 'Q', choices: models })],
    ['multiselect', (p: ReturnType<typeof terminal>['prompter']) => p.multiselect({ message: 'Q', choices: models })],
    ['autocomplete', (p: ReturnType<typeof terminal>['prompter']) => p.autocomplete({ message: 'Q', choices: models })],
    ['confirm', (p: ReturnType<typeof terminal>['prompter']) => p.confirm({ message: 'Q' })],
  ])('%s: Ctrl-C and Esc both cancel', async (_kind, ask) => {
    for (const key of ['\u0003', ESC]) {
      const t = terminal();
      const answer = ask(t.prompter);
      await t.waitFor(/Q/);
      t.keys(key);
      await expect(answer).rejects.toBeInstanceOf(CancelledError);
    }
  });

  it('multiselect: pre-selected choices kept, space toggles, disabled ones cannot be chosen', async () => {
    const t = terminal();
    const answer = t.prompter.multiselect({
      message: 'Agents',
      min: 1,
      choices: [
        { title: 'Claude Code  installed', short: 'Claude Code', value: 'claude-code', selected: true },
        { title: 'Gemini CLI   ✗ not served', short: 'Gemini CLI', value: 'gemini-cli', disabled: true },
        { title: 'Codex CLI    not installed', short: 'Codex CLI', value: 'codex' },
      ],
    });
    await t.waitFor(/Agents/);
    t.keys(DOWN);
    t.keys(' ');
    t.keys(DOWN);
    t.keys(' ');
    t.keys('\r');
    expect(await answer).toEqual(['claude-code', 'codex']);
    expect(t.screen()).toMatch(/Agents › Claude Code, Codex CLI\s*$/);
  });

  it("multiselect: Enter with fewer than the minimum is held, said in the reader's language, never prompts' English", async () => {
    const stdin = new PassThrough();
    const stdout = new PassThrough();
    let screen = '';
    stdout.setEncoding('utf8').on('data', (d: string) => (screen += d));
    const zh = await loadTranslator('zh-CN');
    const prompter = promptsPrompter({ stdin: stdin as unknown as NodeJS.ReadStream, stdout: stdout as unknown as NodeJS.WriteStream }, zh);
    const answer = prompter.multiselect({
      message: 'Agents',
      min: 1,
      choices: [
        { title: 'Claude Code', value: 'claude-code' },
        { title: 'Codex CLI', value: 'codex' },
      ],
    });
    const seen = async (re: RegExp, from = 0): Promise<void> => {
      const deadline = Date.now() + 5000;
      while (!re.test(screen.slice(from))) {
        if (Date.now() > deadline) throw new Error(`never saw ${re} in ${JSON.stringify(screen)}`);
        await new Promise((r) => setTimeout(r, 5));
      }
    };
    await seen(/Agents/);
    stdin.write('\r');
    await seen(/请至少选择 1 项/);
    // Held, not answered: no answer line (prompts' ✔) until one is chosen; the hint comes back.
    expect(screen).not.toContain('✔');
    const at = screen.length;
    stdin.write(' ');
    await seen(/空格选择\/取消/, at);
    expect(screen.slice(at)).not.toContain('请至少选择');
    stdin.write('\r');
    expect(await answer).toEqual(['claude-code']);
    expect(screen).not.toContain('You must select');
  });

  it('password: the key typed is never drawn', async () => {
    const t = terminal();
    const answer = t.prompter.password({ message: 'API key' });
    await t.waitFor(/API key/);
    t.keys('sk-secretsecretsecret');
    t.keys('\r');
    expect(await answer).toBe('sk-secretsecretsecret');
    expect(t.screen()).not.toContain('secret');
  });
});
