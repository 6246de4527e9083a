// The Chinese sentences of the opencode agent: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'agents.opencode.not_marked': '未标记 `anthropic`、`openai` 或 `openai-response`：OpenCode 需要 messages、chat 或 Responses',
  'agents.opencode.committed_env':
    '{file} 用于随项目提交，因此只以 {ref} 引用密钥：请在 shell 配置文件中导出 {var}（未设置时 OpenCode 不发送认证头）。',
  'agents.opencode.export_env': 'OpenCode 从 {ref} 读取密钥：请在 shell 配置文件中导出 {var}（未设置时 OpenCode 不发送认证头）。',
  'agents.opencode.model_missing': '{file} 的 provider.{id}.models 中缺少模型 "{model}"：OpenCode 会报出难以理解的错误。',
  'agents.opencode.env_ref_unset': '{file} 中的 {ref}：{var} 未设置时 OpenCode 不发送认证头',
  'agents.opencode.session_too_old':
    'OpenCode {version} 会把 OPENCODE_CONFIG_CONTENT 中的 `{env:…}` 原样使用（从 {since} 起才读取该变量）：会话会把这段文字当作密钥发送。',
  'agents.opencode.session_too_old_fix': '更新 OpenCode（{update}），或运行 `setup`：它写入的配置文件，这个版本能读取',
  'agents.unplan.opencode_after': '已从 {file} 删除默认模型：OpenCode 现在使用它自己的默认值（用 `/models` 选择）。',
};
