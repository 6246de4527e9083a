// The Prompter port on the `prompts` package. Loaded (with `await import()`) only when the wizard
// runs, so no other command pays for it.
import prompts, { type PromptObject } from 'prompts';
import { escapeControls } from '../core/terminal.js';
import { CancelledError } from '../core/errors.js';
import { ENGLISH, type Translator } from '../i18n/index.js';
import type { Choice, Prompter } from './port.js';

/** Streams to read keys from and draw on (default: the process's terminal). Tests pass their own. */
export interface PromptStreams {
  stdin?: NodeJS.ReadStream;
  stdout?: NodeJS.WriteStream;
}

interface Rendered {
  done?: boolean;
  choices?: unknown;
  value?: unknown;
  suggestions?: unknown;
}

/**
 * Once answered, prompts prints the chosen choices' titles; a choice's `short` replaces its
 * (longer, column-laid-out) title there so the answer line stays on one line.
 */
function shortTitles(choices: readonly Choice<unknown>[]): ((this: Rendered) => void) | undefined {
  const shorts = new Map(choices.filter((c) => c.short !== undefined).map((c) => [c.value, escapeControls(c.short!)]));
  if (shorts.size === 0) return undefined;
  return function (this: Rendered) {
    if (!this.done) return;
    for (const list of [this.choices, this.value, this.suggestions]) {
      if (!Array.isArray(list)) continue;
      for (const item of list as { value?: unknown; title?: string }[]) {
        const short = item && typeof item === 'object' ? shorts.get(item.value) : undefined;
        if (short !== undefined) item.title = short;
      }
    }
  };
}

type Ask = <T>(question: PromptObject<'value'>) => Promise<T>;

/** One question through prompts: gateway text escaped, Esc or Ctrl-C a CancelledError. */
function asker(streams: PromptStreams): Ask {
  return async <T>(question: PromptObject<'value'>): Promise<T> => {
    let cancelled = false;
    const answer = await prompts(
      {
        ...streams,
        ...question,
        // prompts draws on the terminal itself: a question may quote gateway text (a model id).
        ...(typeof question.message === 'string' ? { message: escapeControls(question.message) } : {}),
        // Esc "exits" an autocomplete with the highlighted value; here Esc always means quit.
        onState: (state: { aborted?: boolean; exited?: boolean }) => {
          if (state.aborted || state.exited) cancelled = true;
        },
      },
      {
        onCancel: () => {
          cancelled = true;
          return false;
        },
      },
    );
    if (cancelled || !('value' in answer)) throw new CancelledError();
    return answer.value as T;
  };
}

const toChoices = <T>(choices: readonly Choice<T>[]) =>
  // Titles and descriptions carry gateway text (model ids, pricing descriptions) straight to the terminal.
  choices.map((c) => ({
    title: escapeControls(c.title),
    value: c.value,
    description: c.description === undefined ? undefined : escapeControls(c.description),
    disabled: c.disabled,
    selected: c.selected,
  }));

const render = <T>(choices: readonly Choice<T>[]) => {
  const onRender = shortTitles(choices as readonly Choice<unknown>[]);
  return onRender ? { onRender } : {};
};

/** Rows for a list's choices: all of them while the terminal has room below the question, 10 at least. */
function perPage(streams: PromptStreams, count: number): number {
  const rows = (streams.stdout ?? process.stdout).rows as number | undefined;
  return Math.min(count, Math.max(10, (rows ?? 24) - 2));
}

/**
 * A multiselect that holds Enter until the minimum is chosen, saying so in the reader's language:
 * prompts' own line for it speaks English only, so the render that would show it (its
 * `showMinError`) shows the hint's place with ours instead.
 */
async function multiselect<T>(ask: Ask, streams: PromptStreams, t: Translator, q: Parameters<Prompter['multiselect']>[0]): Promise<T[]> {
  const hint = t('wizard.prompt.multiselect_hint');
  const short = shortTitles(q.choices as readonly Choice<unknown>[]);
  const tooFew = q.min === undefined ? hint : t('wizard.prompt.min_selected', { min: q.min });
  return ask<T[]>({
    type: 'multiselect',
    name: 'value',
    message: q.message,
    choices: toChoices(q.choices),
    ...(q.min !== undefined && { min: q.min }),
    instructions: false,
    hint,
    warn: t('wizard.prompt.not_available'),
    // Every agent on one page (prompts shows 10 by default), as far as the terminal has rows for
    // them below the question; a long model list still pages.
    // prompts reads `optionsPerPage`; its type declarations lack it.
    ...({ optionsPerPage: perPage(streams, q.choices.length) } as object),
    onRender(this: Rendered & { showMinError?: boolean; hint?: string }) {
      short?.call(this);
      this.hint = this.showMinError ? tooFew : hint;
      this.showMinError = false;
    },
  });
}

/** An autocomplete that filters on what identifies a choice (the model ID), asked again when nothing matched. */
async function autocomplete<T>(ask: Ask, t: Translator, q: Parameters<Prompter['autocomplete']>[0]): Promise<T> {
  const keys = new Map<unknown, string>(q.choices.map((c) => [c.value, (c.short ?? c.title).toLowerCase()]));
  for (;;) {
    const value = await ask<T | undefined>({
      type: 'autocomplete',
      name: 'value',
      message: q.message,
      choices: toChoices(q.choices),
      initial: q.initial,
      // Rows may take two lines (model and description): 7 of them fit a 24-line terminal.
      limit: 7,
      // prompts reads it although its types do not list it.
      ...({ noMatches: t('wizard.prompt.no_matches') } as object),
      suggest: async (input: string, choices) =>
        choices.filter((c) => (keys.get(c.value) ?? c.title.toLowerCase()).includes(input.trim().toLowerCase())),
      ...render(q.choices),
    });
    // Enter on a filter that matched nothing answers undefined: ask again.
    if (value !== undefined) return value;
  }
}

export function promptsPrompter(streams: PromptStreams = {}, t: Translator = ENGLISH): Prompter {
  const ask = asker(streams);
  return {
    text: (q) => ask<string>({ type: 'text', name: 'value', message: q.message, initial: q.initial, validate: q.validate }),
    password: (q) => ask<string>({ type: 'password', name: 'value', message: q.message, validate: q.validate }),
    select: <T>(q: Parameters<Prompter['select']>[0]) =>
      ask<T>({
        type: 'select',
        name: 'value',
        message: q.message,
        choices: toChoices(q.choices),
        initial: q.initial,
        hint: t('wizard.prompt.select_hint'),
        warn: t('wizard.prompt.not_available'),
        ...render(q.choices),
      }),
    multiselect: <T>(q: Parameters<Prompter['multiselect']>[0]) => multiselect<T>(ask, streams, t, q),
    autocomplete: <T>(q: Parameters<Prompter['autocomplete']>[0]) => autocomplete<T>(ask, t, q),
    confirm: (q) =>
      ask<boolean>({
        type: 'confirm',
        name: 'value',
        message: q.message,
        initial: q.initial ?? true,
        // prompts reads these although its types do not list them: the labels in the reader's language.
        ...({
          yes: t('wizard.prompt.yes'),
          no: t('wizard.prompt.no'),
          yesOption: t('wizard.prompt.yes_option'),
          noOption: t('wizard.prompt.no_option'),
        } as object),
      }),
  };
}
