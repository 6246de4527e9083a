// What every step of the wizard shares: what it was given, its defaults, its ports (prompts,
// progress, detection), and the small text helpers the steps lay their lines out with.
import { AGENTS, type AgentId } from '../agents/registry.js';
import type { Agent, AgentEnv, KeyStorage, Preferences, Scope } from '../agents/types.js';
import { cut, padTo, visibleLength, wrap } from '../core/layout.js';
import type { Diagnosis, Markers } from '../core/types.js';
import { ENGLISH, type Translator } from '../i18n/index.js';
import { forVersion } from '../agents/versions.js';
import type { ModelPair } from '../setup/choose.js';
import type { SetupProgress } from '../setup/run.js';
import { plainProgress, type Progress, type Prompter } from './port.js';

/** What flags (and GATEWAY_API_KEY) already answered; every field left undefined is asked. */
export interface WizardGiven {
  baseUrl?: string;
  key?: string;
  /** Where the given key came from, for the screen: "GATEWAY_API_KEY", "--api-key". */
  keySource?: string;
  /**
   * The gateway origins the saved settings bind the given key's variable to, when it came from one
   * the user did not name in this run: offered only for one of them.
   */
  keyBoundTo?: readonly string[];
  keyEnvVar: string;
  /** `--api-key-env AGENT=VAR`: agents with a key variable of their own (nothing asked for them). */
  agentKeyEnvs?: ReadonlyMap<AgentId, string>;
  agents?: AgentId[];
  models?: ReadonlyMap<AgentId | '*', string>;
  /** `--model opencode=ID` given more than once: the list, the first the default (nothing asked). */
  modelLists?: ReadonlyMap<AgentId, readonly string[]>;
  smallModel?: string;
  scope?: Scope;
  keyStorage?: KeyStorage;
  timeoutMs?: number;
  force?: boolean;
  dryRun?: boolean;
  /** false: no probe before writing, no read-back after (--no-verify). */
  verify?: boolean;
  concurrency?: number;
  markers?: Markers;
  preferences?: Partial<Record<AgentId, Partial<Preferences>>>;
}

/**
 * Pre-filled answers: GATEWAY_BASE_URL and the saved settings (src/settings/, via the CLI).
 * The person confirms or changes each.
 */
export interface WizardDefaults {
  baseUrl?: string;
  agents?: readonly AgentId[];
  models?: Partial<Record<AgentId, ModelPair>>;
  /** Each agent's models as the user's own settings recorded them (the last setup or sync): a config that names others since was switched by the user. */
  recorded?: Partial<Record<AgentId, ModelPair>>;
  scope?: Scope;
  keyStorage?: KeyStorage;
}

export interface WizardDeps {
  prompter: Prompter;
  /** Spinners while the network works (default: the settled lines only, through `say`). */
  progress?: Progress;
  env: AgentEnv;
  /** Prints lines for the person (stdout). */
  say: (text: string) => void;
  /** Registers the key so every writer masks it. */
  addSecret?: (secret: string) => void;
  /** Finds an installed agent and its version (injected so tests need no agents on PATH). */
  detect: (agent: Agent) => Promise<{ installed: boolean; version?: string; predecessor?: string }>;
  /** The person's language (default English). */
  t?: Translator;
  /** Also receives setup's progress (the CLI follows backups, to name one if the run is interrupted). */
  onSetupProgress?: (e: SetupProgress) => void;
  /** The installed agents' versions, once the wizard's own detection found them (set by runWizard). */
  installed?: ReadonlyMap<AgentId, string>;
}

/** The agent as the version found installed is: what suits it, and what its writer writes. */
export const agentFor = (deps: Pick<WizardDeps, 'installed'>, id: AgentId): Agent<AgentId> =>
  forVersion(AGENTS[id], deps.installed?.get(id));

export const DETECT_AT_ONCE = 4;

export const progressOf = (deps: WizardDeps): Progress => deps.progress ?? plainProgress(deps.say);
export const sayAll = (deps: WizardDeps, lines: readonly string[]): void => lines.forEach((l) => deps.say(l));
export const tr = (deps: Pick<WizardDeps, 't'>): Translator => deps.t ?? ENGLISH;
export const countModels = (t: Translator, n: number): string => t(n === 1 ? 'wizard.n_model' : 'wizard.n_models', { n });

/** Cuts a cell to `width` columns with … (ids and marks come from the gateway: any length). */
export function fit(text: string, width: number): string {
  return cut(text, Math.max(1, width));
}

/** `text` in pieces of at most `room` columns, broken after a space or a comma where it can be. */
function pieces(text: string, room: number): string[] {
  const out: string[] = [];
  let piece = '';
  for (const token of text.split(/(?<=[\s,])/)) {
    if (piece !== '' && visibleLength(piece + token.trimEnd()) > room) {
      out.push(piece.trimEnd());
      piece = '';
    }
    piece += token;
  }
  if (piece.trim() !== '') out.push(piece.trimEnd());
  return out;
}

/**
 * Rows of cells in columns two spaces apart, within `width` columns. A column is as wide as its
 * widest cell up to its cap; a longer cell is never cut (an agent's name, a model id, its marks): it
 * moves the cells after it on its own row, and what no longer fits continues on the next lines,
 * under its column. Each row is one string, its lines joined by newlines.
 */
export function columns(rows: readonly (readonly string[])[], caps: readonly number[], width = 74): string[] {
  // Folded, never spread: the rows may be a gateway's whole model list.
  const widths = caps.map((cap, i) =>
    Math.min(
      cap,
      rows.reduce((m, r) => Math.max(m, visibleLength(r[i] ?? '')), 0),
    ),
  );
  const starts = widths.map((_, i) => widths.slice(0, i).reduce((a, w) => a + w + 2, 0));
  return rows.map((r) => {
    const lines: string[] = [];
    let line = '';
    r.forEach((cell, i) => {
      if (cell === '') return;
      const at = i === 0 ? 0 : Math.max(starts[i] ?? 0, visibleLength(line) + 2);
      if (i === 0 || at + visibleLength(cell) <= width) {
        line = padTo(line, at) + cell;
        return;
      }
      // Below, under its column (or as far right as the cell allows).
      const indent = (starts[i] ?? 0) <= width - 24 ? (starts[i] ?? 0) : 4;
      const parts = pieces(cell, width - indent);
      const first = visibleLength(line) + 2 + visibleLength(parts[0] ?? '') <= width && at < width ? parts.shift() : undefined;
      if (first !== undefined) line = padTo(line, at) + first;
      lines.push(line);
      for (const part of parts.slice(0, -1)) lines.push(' '.repeat(indent) + part);
      line = parts.length > 0 ? ' '.repeat(indent) + parts[parts.length - 1]! : '';
    });
    if (line.trim() !== '') lines.push(line);
    return lines.map((l) => l.trimEnd()).join('\n');
  });
}

export function describe(t: Translator, d: Pick<Diagnosis, 'code' | 'message' | 'fix' | 'requestId'>): string[] {
  return [
    ...wrap(`✗ [${d.code}] ${t(d.message)}`, 2),
    ...wrap(t('core.fix', { fix: d.fix }), 4),
    ...(d.requestId ? wrap(t('wizard.request_id', { id: d.requestId }), 4) : []),
  ];
}
