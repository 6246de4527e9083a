// The Chinese sentences of the hermes-agent agent: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'agents.hermes.no_protocol':
    '没有 `anthropic`、`openai` 或 `openai-response` 标记：Hermes Agent 使用 messages、chat completions 或 Responses',
  'agents.hermes.url_note': 'chat 和 Responses；走 messages 时用根地址',
  'agents.hermes.no_project': 'Hermes Agent 只读取它自己的主目录，因此改为配置用户文件 {file}。',
  'agents.hermes.providers_list': '{file} 以列表形式保存提供方（旧格式）：网关作为命名提供方添加在旁边。',
  'agents.hermes.user_provider': '{file} 中你自己的提供方 providers.{taken} 保持不变；网关使用自己的 providers.{id}。',
  'agents.hermes.removed_dotenv': '已从 {dotenv} 删除 {var}：Hermes Agent 会用它覆盖你在 shell 中导出的值。旧值在备份中。',
  'agents.hermes.export_key': 'Hermes Agent 从 {var}（key_env）读取密钥：请在 shell 配置文件中导出它。',
  'agents.hermes.shell_other_key': '你的 shell 中的 {var} 是另一个密钥（{key}）；Hermes Agent 会发送那个密钥。请导出新密钥。',
  'agents.hermes.no_file': '{file} 不存在：Hermes Agent 没有网关的提供方。',
  'agents.hermes.no_provider_set': '{file} 中没有设置 model.provider。',
  'agents.hermes.plain_custom':
    '{file} 中的 model.provider 为 "custom"：这种写法对网关只使用 chat completions；请运行 setup 为网关设置命名提供方。',
  'agents.hermes.no_provider': 'model.provider 指定的 "{id}" 不在 {file} 的 providers 下。',
  'agents.hermes.no_model': '{file} 中没有设置 model.default。',
  'agents.hermes.no_base_url': '{file} 中的 providers.{id} 没有 base_url。',
  'agents.hermes.other_mode':
    '{file} 中的 providers.{id} 的 api_mode 为 "{mode}"，不是网关支持的（chat_completions、codex_responses、anthropic_messages）。',
  'agents.hermes.no_key': '{file} 中的 providers.{id} 既没有 key_env 也没有 api_key',
  'agents.hermes.session_home':
    '本次 Hermes Agent 会话使用独立的主目录：不会加载 {home} 中你的记忆、技能和历史记录，会话中学到的内容也不会保留。`{bin} setup --agent hermes-agent` 会配置你自己的主目录。',
  'agents.unplan.hermes_after': '已从 {file} 删除 model：请用 `hermes model` 重新选择。',
};
