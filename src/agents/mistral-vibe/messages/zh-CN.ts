// The Chinese sentences of the mistral-vibe agent: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'agents.vibe.no_protocol':
    '没有 `openai`、`anthropic` 或 `openai-response` 标记：Mistral Vibe 使用 chat completions、messages 或 Responses',
  'agents.vibe.url_note': 'chat 和 Responses；messages 用根地址',
  'agents.vibe.no_project': 'Mistral Vibe 从其主目录读取提供方，因此改为配置用户文件 {file}。',
  'agents.vibe.not_a_list': '{file} 中的 {key} 不是表数组（[[{key}]]），而 Mistral Vibe 要求如此：请修正后重新运行 setup。',
  'agents.vibe.user_provider': '{file} 中你自己的提供方 "{taken}" 保持不变；网关使用自己的 [[providers]] name = "{id}"。',
  'agents.vibe.removed_dotenv': '已从 {dotenv} 删除 {var}：只要该变量未导出，Mistral Vibe 就会使用它。旧值在备份中。',
  'agents.vibe.export_key': 'Mistral Vibe 从 {var}（api_key_env_var）读取密钥：请在 shell 配置文件中导出它。',
  'agents.vibe.shell_other_key': '你的 shell 中的 {var} 是另一个密钥（{key}）；Mistral Vibe 会发送那个密钥。请导出新密钥。',
  'agents.vibe.shell_wins':
    '你的 shell 中的 {var} 是另一个密钥（{key}），而 Mistral Vibe 优先使用已导出的值而不是 {dotenv}：请取消设置它或导出新密钥。',
  'agents.vibe.env_model':
    '你的环境中设置了 VIBE_ACTIVE_MODEL（"{model}"）：Mistral Vibe 会使用它，而不是 {file} 中的 active_model。请取消设置它。',
  'agents.vibe.no_file': '{file} 不存在：Mistral Vibe 使用 Mistral 自己的模型。',
  'agents.vibe.no_active': '{file} 中没有设置 active_model：Mistral Vibe 使用 Mistral 的默认模型。',
  'agents.vibe.no_model': '{file} 中的 active_model = "{alias}" 没有对应的 [[models]] 条目：Mistral Vibe 会改用 Mistral 自己的模型。',
  'agents.vibe.model_incomplete': '{file} 中的 [[models]] 条目 "{alias}" 缺少 name 或 provider。',
  'agents.vibe.no_provider': '{file} 中的模型 "{alias}" 使用提供方 "{id}"，但那里没有这个 [[providers]] 条目。',
  'agents.vibe.other_style':
    '{file} 中的提供方 "{id}" 使用 "{style}"，不是网关支持的 API（api_style 为 openai、anthropic 或 openai-responses）。',
  'agents.vibe.no_base_url': '{file} 中的提供方 "{id}" 没有 api_base。',
  'agents.vibe.no_key_var': '{file} 中的提供方 "{id}" 没有 api_key_env_var：Mistral Vibe 不会发送密钥。',
  'agents.unplan.vibe_after': '已从 {file} 删除 active_model：Mistral Vibe 使用 Mistral 的默认模型；可用 /model 另选。',
};
