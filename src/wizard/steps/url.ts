// Step 1: the gateway's base URL (or its import link), normalized, the repair shown.
import { AGENTS, SUPPORTED_AGENT_IDS } from '../../agents/registry.js';
import { cut, wrap } from '../../core/layout.js';
import { normalizeBaseUrl } from '../../core/base-url.js';
import { isImportLink, linkConfigReader, parseImportLink, type ImportLink, type LinkConfigReader } from '../../gateway/import-link.js';
import { ToolError } from '../../core/errors.js';
import { maskKey } from '../../core/mask.js';
import { escapeControls } from '../../core/terminal.js';
import { commas, type Translator } from '../../i18n/index.js';
import { type WizardDeps, sayAll, tr } from '../context.js';

/**
 * What each agent will be given, from its module: the agents given the same form share a line (the
 * bare root first), an agent whose form depends on the protocol gets a line with its note.
 */
function urlLines(url: { root: string; v1: string }, t: Translator): string[] {
  const lines: string[] = [];
  for (const form of ['root', 'v1'] as const) {
    const agents = SUPPORTED_AGENT_IDS.map((id) => AGENTS[id]).filter((a) => a.baseUrl?.form === form);
    const plain = agents.filter((a) => a.baseUrl?.note === undefined).map((a) => a.name);
    const given = form === 'root' ? url.root : url.v1;
    if (plain.length > 0) lines.push(t('wizard.url.given', { agents: commas(plain), url: given }));
    for (const a of agents) {
      const note = a.baseUrl?.note;
      if (note !== undefined) lines.push(t('wizard.url.given_note', { agents: a.name, url: given, note }));
    }
  }
  return lines;
}

/**
 * Step 1: the base URL, normalized on the spot, with what each agent will be given. An empty answer
 * asks for the gateway console's import link instead, hidden (it holds the key): its base URL is the
 * answer, and the link comes back for its key, name and model hints.
 */
export async function askBaseUrl(
  deps: WizardDeps,
  given?: string,
  initial?: string,
): Promise<{ root: string; v1: string; link?: ImportLink }> {
  const t = tr(deps);
  const check = (value: string): string | true => {
    if (value.trim() === '') return true;
    if (isImportLink(value)) return t('import.wizard.tip');
    try {
      normalizeBaseUrl(value);
      return true;
    } catch (err) {
      return err instanceof ToolError ? t(err.text) : String(err);
    }
  };
  const flagOk = given !== undefined && given.trim() !== '' && check(given) === true;
  if (!flagOk) sayAll(deps, wrap(t('import.wizard.tip'), 2));
  let answer = flagOk ? given : await deps.prompter.text({ message: t('wizard.url.question'), initial: given ?? initial, validate: check });
  let link: ImportLink | undefined;
  if (answer.trim() === '') {
    const readConfig = await linkConfigReader();
    const pasted = await deps.prompter.password({
      message: t('import.wizard.question'),
      validate: (v) => linkProblem(v, readConfig, t) ?? true,
    });
    link = parseImportLink(pasted, readConfig);
    deps.addSecret?.(link.key);
    answer = link.baseUrl;
    deps.say(
      `  ${t('import.from', { source: t('import.wizard.source'), root: normalizeBaseUrl(answer).root, key: maskKey(link.key), name: link.name !== undefined ? `"${escapeControls(cut(link.name, 60))}"` : t('import.unnamed') })}`,
    );
  }
  const url = normalizeBaseUrl(answer);
  if (flagOk && answer === given) deps.say(`  ${t('wizard.url.from_flag', { url: url.root })}`);
  for (const change of url.changes) sayAll(deps, wrap(t('core.note', { text: change }), 2));
  for (const warning of url.warnings) sayAll(deps, wrap(t('core.warning_line', { text: warning }), 2));
  for (const line of urlLines(url, t)) sayAll(deps, wrap(line, 2));
  return { root: url.root, v1: url.v1, ...(link && { link }) };
}

/** Why a pasted text is not a usable import link (the field and the problem), or undefined. */
function linkProblem(text: string, readConfig: LinkConfigReader, t: Translator): string | undefined {
  if (!isImportLink(text)) return t('import.wizard.not_link');
  try {
    parseImportLink(text, readConfig);
    return undefined;
  } catch (err) {
    return err instanceof ToolError ? t(err.text) : String(err);
  }
}
