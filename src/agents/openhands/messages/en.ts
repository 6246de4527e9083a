// The English sentences of the openhands agent, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../../i18n/index.js';

export const en = {
  'agents.openhands.no_protocol': 'not marked `anthropic` or `openai`: OpenHands CLI speaks messages or chat completions',
  'agents.openhands.responses_only':
    'served only over Responses, which OpenHands CLI uses only for ids with gpt-5 or codex-mini-latest in them',
  'agents.openhands.responses_by_name':
    'OpenHands CLI sends ids with gpt-5 or codex-mini-latest in them over Responses, for which this model is not marked',
  'agents.openhands.url_note': 'chat and Responses; the root over messages',
  'agents.openhands.no_project': 'OpenHands CLI keeps its settings in its own folder, so the user file {file} was configured instead.',
  'agents.openhands.key_in_file':
    'OpenHands CLI reads its key only from {file} (or from LLM_API_KEY with --override-with-envs), so the key is written there (mode 0600).',
  'agents.openhands.no_file': '{file} does not exist: OpenHands CLI asks for a model at its first start.',
  'agents.openhands.no_model': 'llm.model is not set in {file}.',
  'agents.openhands.other_provider':
    'llm.model in {file} is "{model}": OpenHands CLI sends it through another provider, not as anthropic/… or openai/… to the gateway.',
  'agents.openhands.no_base_url': 'llm.base_url is not set in {file}: OpenHands CLI would send the request to its provider’s own host.',
  'agents.unplan.openhands_after':
    'The gateway’s model, base URL and key were removed from {file}: OpenHands CLI asks for a model at its next start.',
} as const;

declare module '../../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
