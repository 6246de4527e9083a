// The Chinese sentences of the qwen-code agent: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'agents.qwen.url_note': 'chat 和 Responses；走 messages 时用根地址',
  'agents.fit.chat_responses_or_messages': '{agent} 需要网关通过 chat completions、Responses 或 messages 提供的模型。',
  'agents.qwen.moved_old':
    '已把旧版本设置写在 {file} 的 modelProviders.{type} 中的网关条目移到 modelProviders.{id}（由 providerProtocol 映射）；你自己的其他 {type} 条目保持不变。',
  'agents.qwen.auth_type_list':
    'Qwen Code {version} 只读取按认证类型命名的列表：网关条目写在 {file} 的 modelProviders.{type} 中，名为 "… (gateway)"；更新 Qwen Code 后再运行一次 setup，会把它移到独立的提供方 ID 下。',
  'agents.qwen.unread_id':
    '{file} 把 "{model}" 列在 modelProviders.{id} 下，Qwen Code 从 {since} 起才读取这种提供方 ID；已安装的 {version} 只读取 modelProviders.openai 和 .anthropic。请再运行一次 setup（会写入 {version} 能读取的格式），或更新 Qwen Code：{update}',
  'agents.qwen.unread_wire_api':
    '{file} 让 "{model}" 走 Responses（wireApi），Qwen Code 从 {since} 起才支持；已安装的 {version} 会改发 chat completions。请更新 Qwen Code：{update}，或再运行一次 setup 选择对话模型。',
  'agents.qwen.duplicate':
    '{file} 的 modelProviders.{type} 下已有另一个 "{model}"（不在网关上）；Qwen Code 可能会选中那一个。请删除或重命名它。',
  'agents.qwen.project_replaces': '项目中的 modelProviders 会替换用户级的：在此项目中 Qwen Code 只能看到 {file} 中的提供方。',
  'agents.qwen.key_in_user': '密钥写入了 {user}（env.{var}），而不是用于随项目提交的 {file}。',
  'agents.qwen.export_key': 'Qwen Code 从 {var} 读取密钥：请在 shell 配置文件中导出它。',
  'agents.qwen.removed_committed': '已从用于随项目提交的 {file} 中删除 env.{var}。旧值保存在备份中。',
  'agents.qwen.shell_override':
    '你的 shell 用另一个密钥（{key}）导出了 {var}；Qwen Code 中 shell 环境优先于设置，因此该导出会覆盖这里写入的密钥。请更新或删除它。',
  'agents.qwen.no_auth': '{file} 中没有设置 security.auth.selectedType：Qwen Code 会询问如何登录。',
  'agents.qwen.other_auth': '{file} 中 security.auth.selectedType = "{type}"：Qwen Code 不会使用网关。',
  'agents.qwen.no_model': '{file} 中没有设置 model.name。',
  'agents.qwen.no_entry': '{file} 的 modelProviders.{type} 中没有 id 为 "{model}" 的条目。',
  'agents.qwen.no_base_url': '{file} 中 modelProviders.{type} 的条目 "{model}" 没有 baseUrl。',
  'agents.qwen.no_env_key': 'modelProviders.{type} 的条目 "{model}" 没有 envKey（Qwen Code 要求必须有）',
  'agents.qwen.env_in_settings': '设置中的 env.{var}（或环境变量）',
  'agents.unplan.qwen_after': '已从 {file} 删除 model.name：请在 Qwen Code 中选择模型（`/model`，或用 `/auth` 选择提供方）。',
};
