// The Chinese sentences of the agents (shared): every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'agents.var_in': '{file} 中的 {var}',
  'agents.file_field': '{file} {field}',
  'agents.env_var': '环境变量 {var}',
  'agents.fit.image': '图像生成模型：只提供 /v1/images/generations，不适用于编程智能体',
  'agents.fit.chat_or_messages': '未标记 `openai` 或 `anthropic`：{agent} 使用 chat completions 或 messages',
  'agents.opencode.no_model': '{files} 中没有设置 model。',
  'agents.opencode.bad_ref': 'model = "{ref}" 不是 provider/model 的形式。',
  'agents.opencode.no_provider': 'model = "{ref}" 指定的提供方 "{id}" 没有在 {file} 的 provider 下定义。',
  'agents.opencode.bad_npm': '提供方 "{id}" 使用的 npm 包 {npm} 不在 {known} 之中。',
  'agents.opencode.none': '（无）',
  'agents.opencode.no_base_url': '{file} 中没有设置 provider.{id}.options.baseURL。',
  'agents.opencode.no_api_key': '{file} 中没有设置 provider.{id}.options.apiKey',
  'agents.opencode.login_key': '其自身登录为 provider {id} 保存的密钥（{file}）',
  'agents.opencode.env_ref': '环境变量 {var}（{file} 中的 {ref}）',
  'agents.opencode.file_ref': '{file} 中的 {file:} 引用（本工具不读取）',
  'agents.opencode.api_key_in': '{file} 中的 provider.{id}.options.apiKey',
  'agents.unplan.not_gateway': '{file}：{key} 是 {value}，不是网关 {root}：保持不动，旁边的设置也不动。',
  'run.install_it': '请安装：npm install -g {package}',
  'run.install_it_go': '请安装：go install {module}@latest',
  'run.install_it_pip': '请安装：pipx install {package}（或 python3 -m pip install {package}）',
  'agents.version.update_npm': '`npm install -g {package}@latest`',
  'agents.version.update_go': '`go install {module}@latest`',
  'agents.version.update_pip': '`pipx upgrade {package}`（或 `python3 -m pip install -U {package}`）',
  'agents.path_relative': '注意：只在 PATH 的绝对路径中查找智能体；不在 {dirs} 中查找（那是你所在目录下的文件夹）。',
  'agents.version.older': '已安装 {agent} {version}，早于 {floor}（经验证能读取本工具所写配置的最早版本）',
  'agents.version.below_floor': '{older}：没有为它写入任何内容。请更新：{update}',
  'agents.version.protocol_since': '{agent} {version} 不支持 {protocol}（从 {since} 起支持）；请更新：{update}',
  'doctor.labelled': '{label}：{message}',
};
