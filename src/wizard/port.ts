// The one port through which the wizard asks questions (style.md habit 4). The flow depends only
// on this interface; src/wizard/prompts-port.ts implements it with the `prompts` package and the
// tests with scripted answers. Every method throws CancelledError on Ctrl-C or Esc.

export interface Choice<T> {
  title: string;
  value: T;
  /** One line shown under the list while this choice is highlighted. */
  description?: string;
  /** Shown but not selectable; the reason is the description. */
  disabled?: boolean;
  /** Pre-selected (multi-select). */
  selected?: boolean;
}

export interface Prompter {
  /** Free text; `validate` returns an error message or true. */
  text(question: { message: string; initial?: string; validate?: (value: string) => string | true }): Promise<string>;
  /** Masked input. */
  password(question: { message: string; validate?: (value: string) => string | true }): Promise<string>;
  select<T>(question: { message: string; choices: Choice<T>[]; initial?: number }): Promise<T>;
  multiselect<T>(question: { message: string; choices: Choice<T>[]; min?: number }): Promise<T[]>;
  /** A list filtered as the user types. */
  autocomplete<T>(question: { message: string; choices: Choice<T>[] }): Promise<T>;
  confirm(question: { message: string; initial?: boolean }): Promise<boolean>;
}
