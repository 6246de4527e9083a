// The English sentences of the letta-code agent, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../../i18n/index.js';

export const en = {
  'agents.letta.unsupported':
    'Letta Code keeps its model in each of its agents, not in a file a setup could write and prove, and a plain `letta` talks to a Letta server, which the gateway is not. Nothing is written for it: start it through the gateway with `gateway-agent-setup launch letta-code` (its local backend, its llama.cpp provider pointed at the gateway, chat completions).',
  'agents.letta.chat_only':
    'not marked `openai`: Letta Code reaches the gateway through its llama.cpp provider, which speaks chat completions only (its Anthropic and OpenAI providers take no address of ours)',
  'agents.letta.own_record':
    "Letta Code's own llama.cpp provider is set in {file} (record {record}, at {url}): it would take the place of the gateway, and the key would go to its address.",
  'agents.letta.own_record_hint': 'Remove it in Letta Code (`/disconnect llama-cpp` in `letta --backend local`), then launch again.',
  'agents.letta.session_note':
    "the session runs Letta Code's local backend: its agents and memory are the local ones (~/.letta/lc-local-backend), not your Letta server's, and the agent it resumes keeps the gateway's model afterwards.",
  'wizard.agents.letta': 'launch only: gateway-agent-setup launch letta-code',
} as const;

declare module '../../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
