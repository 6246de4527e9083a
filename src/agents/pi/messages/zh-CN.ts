// The Chinese sentences of the pi agent: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'agents.pi.not_marked': '未标记 `anthropic`、`openai` 或 `openai-response`：Pi 需要 messages、chat 或 Responses',
  'agents.pi.base_note': 'messages 用裸根地址（Pi 会自己加上 /v1/messages）；chat 和 Responses 用根地址 + /v1',
  'agents.pi.no_project': 'Pi 没有用于提供方的项目配置：已改为配置你主目录中的 {file}。',
  'agents.pi.export_env': '{file} 以变量名 {var} 引用密钥：请在 shell 配置文件中导出 {var}（未设置时 Pi 会把这个名字本身当作密钥发送）。',
  'agents.pi.no_default': '{file} 中没有设置 defaultProvider 和 defaultModel。',
  'agents.pi.no_provider': '提供方 "{id}" 没有在 {file} 的 providers 下定义。',
  'agents.pi.bad_api': '提供方 "{id}" 使用的 api {api} 不在 {known} 之中。',
  'agents.pi.no_base_url': '{file} 中没有设置 providers.{id}.baseUrl。',
  'agents.pi.no_api_key': '{file} 中没有设置 providers.{id}.apiKey',
  'agents.pi.command_key': '{file} 中的 shell 命令（providers.{id}.apiKey 以 "!" 开头），本工具不会执行它',
  'agents.pi.env_key': '环境变量 {var}（由 {file} 中的 apiKey 指定）',
  'agents.pi.env_key_unset': '{file} 中的 apiKey 指向未设置的 {var}：Pi 会把这个名字本身当作密钥发送',
  'agents.pi.api_key_in': '{file} 中的 providers.{id}.apiKey',
  'agents.unplan.pi_after': '已从 {file} 删除 defaultProvider 和 defaultModel：Pi 重新使用它自己的默认值（用 `/model` 选择）。',
};
