// The Chinese sentences of the claude-code agent: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'agents.cc.not_messages': '未标记 `anthropic`：Claude Code 只使用 messages 协议（/v1/messages）',
  'agents.cc.shell_exports_one': '你的 shell 导出了一个（{key}）',
  'agents.cc.file_sets_one': '{file} 设置了一个（{key}）',
  'agents.cc.blanked':
    '已在 {file} 中把 {var} 设为 ""：{inherited}，Claude Code 会把它作为 x-api-key 发送，而网关优先使用 x-api-key，而不是这里写入的令牌。',
  'agents.cc.removed_key':
    '已从 {file} 中删除 {var}：Claude Code 会把它作为 x-api-key 与网关令牌一起发送，而网关优先使用 x-api-key。旧值保存在备份中。',
  'agents.cc.removed_key_masked':
    '已从 {file} 中删除 {var}（{key}）：Claude Code 会把它作为 x-api-key 与网关令牌一起发送，而网关优先使用 x-api-key。旧值保存在备份中。',
  'agents.cc.removed_token': '已从 {main} 中删除 {var}：该项目设置文件用于随项目提交；密钥应放在 {auth} 中。',
  'agents.cc.removed_shadows': '已从 {auth} 中删除 {vars}：它们会覆盖 {main} 中的值。',
  'agents.cc.foreign_helper':
    '{auth} 中有一个不是本工具写入的 apiKeyHelper（{helper}）；已保持原样，Claude Code 可能会把它的输出作为密钥发送。',
  'agents.cc.export_key': 'Claude Code 通过 apiKeyHelper 从 {var} 读取密钥：请在 shell 配置文件中导出 {var}。',
  'agents.cc.shell_var_ignored': '你的 shell 导出了 {name}；Claude Code 设置中的 env 块优先于它，因此不影响本次配置。',
  'agents.shell_environment': 'shell 环境',
  'agents.cc.no_base_url': '{files} 中没有设置 {var}：Claude Code 会调用 api.anthropic.com，而不是网关。',
  'agents.cc.no_model': 'Claude Code 自己的默认模型，因为 {file} 中没有设置 {var}',
  'agents.cc.no_model_known': '{file} 中没有设置 {var}：Claude Code 会请求它自己的默认模型。',
  'agents.source_var': '{source} {var}',
  'agents.cc.helper_prints': '{source} 中输出 ${var} 的 apiKeyHelper',
  'agents.cc.helper_foreign': '{source} 中的 apiKeyHelper（本工具不会运行的命令）',
  'agents.unplan.cc_after': 'Claude Code 现在没有网关设置：它重新使用自己的登录（运行 `claude` 登录，或设置 ANTHROPIC_API_KEY）。',
};
