// The Chinese sentences of saved settings: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'settings.field': '{file}：字段 "{field}" {why}。',
  'settings.fix': '请修正 {file}；参见 README 的 “Saved settings” 一节。',
  'settings.key_like': '中有看起来像 API 密钥的内容；设置里只能写密钥的变量名（keyEnv），不能写密钥本身',
  'settings.object': '必须是对象',
  'settings.unknown': '未知（可用：{known}）',
  'settings.string': '必须是字符串',
  'settings.env_name': '必须是环境变量名',
  'settings.agent_list': '必须是智能体 ID 列表',
  'settings.unknown_agent': '含有未知的智能体 "{id}"（可用：{agents}）',
  'settings.scope': '必须是 "user" 或 "project"',
  'settings.key_storage': '必须是 "file" 或 "env"',
  'settings.string_list': '必须是字符串列表',
  'settings.not_agent': '不是智能体（可用：{agents}）',
  'settings.pattern_list': '必须是模式列表',
  'settings.code_file': '{file}：用 JavaScript 或 TypeScript 写的设置文件是代码，而在文件夹里找到的设置绝不会作为代码运行。',
  'settings.code_file_hint': '请把同样的设置写成数据：.{name}rc.json 或 .{name}rc.yaml，或 package.json 中的 "{name}" 键；然后删除此文件。',
  'settings.trusted_user_only': '只能写在您自己的设置文件中（项目文件不能批准自己）',
  'settings.hash': '必须是 SHA-256 哈希（64 个十六进制数字）；请重新运行 `trust`',
  'settings.load_failed': '项目设置文件无法加载：{detail}',
  'profiles.active_user_only': '只由 `use` 记录在你自己的设置文件中，不能出现在项目文件里',
  'profiles.bad_name_field': '必须是档案名：由字母、数字、"-"、"_" 和 "." 组成，以字母或数字开头',
  'trust.untrusted': '{file} 是您尚未批准的项目设置文件，而本次运行会用到它设置的内容：{wants}。没有发送任何请求，也没有写入任何文件。',
  'trust.untrusted_hint':
    '请阅读该文件；如果信任它，请批准：cd {dir} && {command}。或者给出您自己的值（--base-url、--api-key-env、--agent、--scope），它优先于该文件。',
};
