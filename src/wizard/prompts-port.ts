// The Prompter port on the `prompts` package. Loaded only when the wizard runs.
import prompts, { type PromptObject } from 'prompts';
import { CancelledError } from '../core/errors.js';
import type { Choice, Prompter } from './port.js';

async function ask<T>(question: PromptObject<'value'>): Promise<T> {
  let cancelled = false;
  const answer = await prompts(question, {
    onCancel: () => {
      cancelled = true;
      return false;
    },
  });
  if (cancelled || !('value' in answer)) throw new CancelledError();
  return answer.value as T;
}

const toChoices = <T>(choices: Choice<T>[]) =>
  choices.map((c) => ({ title: c.title, value: c.value, description: c.description, disabled: c.disabled, selected: c.selected }));

export function promptsPrompter(): Prompter {
  return {
    text: (q) => ask<string>({ type: 'text', name: 'value', message: q.message, initial: q.initial, validate: q.validate }),
    password: (q) => ask<string>({ type: 'password', name: 'value', message: q.message, validate: q.validate }),
    select: <T>(q: Parameters<Prompter['select']>[0]) =>
      ask<T>({ type: 'select', name: 'value', message: q.message, choices: toChoices(q.choices), initial: q.initial, warn: 'not available' }),
    multiselect: <T>(q: Parameters<Prompter['multiselect']>[0]) =>
      ask<T[]>({
        type: 'multiselect',
        name: 'value',
        message: q.message,
        choices: toChoices(q.choices),
        min: q.min,
        instructions: false,
        hint: '↑/↓ move, space toggles, enter confirms',
        warn: 'not available',
      }),
    autocomplete: <T>(q: Parameters<Prompter['autocomplete']>[0]) =>
      ask<T>({
        type: 'autocomplete',
        name: 'value',
        message: q.message,
        choices: toChoices(q.choices),
        limit: 8,
        suggest: async (input: string, choices) =>
          choices.filter((c) => c.title.toLowerCase().includes(input.toLowerCase())),
      }),
    confirm: (q) => ask<boolean>({ type: 'confirm', name: 'value', message: q.message, initial: q.initial ?? true }),
  };
}
