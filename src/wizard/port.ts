// The ports through which the wizard talks to a person. The flow depends only
// on these interfaces: src/wizard/prompts-port.ts implements Prompter with the `prompts` package,
// src/wizard/spinner.ts implements Progress on a terminal stream, and the tests use scripted
// answers and a recorder. Every Prompter method throws CancelledError on Ctrl-C or Esc.

export interface Choice<T> {
  /** One line in the list (the caller keeps it within 80 columns). */
  title: string;
  value: T;
  /** Shown after the answer once chosen (default: the title). */
  short?: string;
  /** Extra text for this choice (autocomplete shows it on every row, lists on the highlighted one). */
  description?: string;
  /** Shown but not selectable; say why in the title, the only text shown for a disabled choice. */
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
  /** A list filtered as the user types; `initial` is the index highlighted first. */
  autocomplete<T>(question: { message: string; choices: Choice<T>[]; initial?: number }): Promise<T>;
  confirm(question: { message: string; initial?: boolean }): Promise<boolean>;
}

/**
 * Work in progress, shown while the network works: a group of lines, one per task, each with a
 * spinner until it settles with ✓ or ✗. Tasks of one group run concurrently.
 */
export interface Progress {
  group(): ProgressGroup;
}

export interface ProgressGroup {
  /** A new line with a spinner. */
  start(key: string, text: string): void;
  /** The task's final line. */
  settle(key: string, ok: boolean, text: string): void;
  /** Stops the spinners; lines never settled are shown as they were, without a spinner. */
  end(): void;
}

/** Progress that only prints the settled lines (no terminal, or tests). */
export function plainProgress(say: (text: string) => void): Progress {
  return {
    group: () => ({
      start: () => undefined,
      settle: (_key, ok, text) => say(`  ${ok ? '✓' : '✗'} ${text}`),
      end: () => undefined,
    }),
  };
}
