// The Chinese sentences of the openhands agent: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'agents.openhands.no_protocol': '没有 `anthropic` 或 `openai` 标记：OpenHands CLI 使用 messages 或 chat completions',
  'agents.openhands.responses_only': '只通过 Responses 提供，而 OpenHands CLI 只对名称含 gpt-5 或 codex-mini-latest 的模型使用 Responses',
  'agents.openhands.responses_by_name':
    'OpenHands CLI 会通过 Responses 发送名称含 gpt-5 或 codex-mini-latest 的模型，而此模型没有 Responses 标记',
  'agents.openhands.url_note': 'chat 和 Responses；messages 用根地址',
  'agents.openhands.no_project': 'OpenHands CLI 把设置保存在它自己的文件夹中，因此改为配置用户文件 {file}。',
  'agents.openhands.key_in_file':
    'OpenHands CLI 只从 {file} 读取密钥（或在 --override-with-envs 下从 LLM_API_KEY 读取），因此密钥写在该文件中（权限 0600）。',
  'agents.openhands.no_file': '{file} 不存在：OpenHands CLI 会在首次启动时询问模型。',
  'agents.openhands.no_model': '{file} 中没有设置 llm.model。',
  'agents.openhands.other_provider':
    '{file} 中的 llm.model 是 "{model}"：OpenHands CLI 会通过其他提供方发送，而不是以 anthropic/… 或 openai/… 发给网关。',
  'agents.openhands.no_base_url': '{file} 中没有设置 llm.base_url：OpenHands CLI 会把请求发到其提供方自己的主机。',
  'agents.unplan.openhands_after': '已从 {file} 删除网关的模型、地址和密钥：OpenHands CLI 会在下次启动时询问模型。',
};
