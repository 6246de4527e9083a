// The Chinese sentences of the doctor: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'doctor.fix_hint': '运行 `gateway-agent-setup doctor --fix`（或 `setup`）重写它',
  'doctor.fix_by_hand': '请手动修正该文件。',
  'doctor.update_agent': '请更新：{update}',
  'doctor.bad_base_url': '{file}：Base URL {url} 有误：{detail}',
  'doctor.shell_override_fix':
    '执行 unset {var}，并从 shell 配置文件（~/.bashrc、~/.zshrc 等）中删除该导出；或运行 `doctor --fix`，它会在设置中把 {var} 置空，从而忽略该导出',
  'doctor.key_file_open': '{file} 保存了密钥，但其权限为 {mode}：本机的其他用户可以读取它。',
  'doctor.key_file_open_fix': '运行 `doctor --fix`（会设为 0600），或执行 `chmod 600 {file}`',
  'doctor.env_override': '你在 shell 中导出的 {var} 覆盖了 {file} 中的密钥；{agent} 使用的是导出的那个。',
  'doctor.foreign_reference': '{agent} 会把 {file} 中的密钥按原文 {value} 发送：{syntax}，网关收到的密钥就是这段文字。',
  'doctor.foreign_syntax': '这是其他智能体引用变量的写法（{example}），不是 {agent} 的写法',
  'doctor.foreign_reference_fix': '在那里写入密钥本身，或写 {agent} 能读取的引用：`{bin} setup --agent {id}` 会这样写入。',
  'doctor.env_override_fix': '取消设置 {var}（或用它导出网关密钥），或用 `setup --api-key-env NAME` 换一个变量名',
  'doctor.missing_key_fix': '请导出它，或{fix}，把密钥保存在文件中。',
  'doctor.model_label': '{model}（位于 {file}）',
  'doctor.default_model_label': '{model}（{why}）',
  'doctor.small_label': '小/快模型 {model}（{file} 中的 {setting}）',
  'doctor.tier_label': '{tier} 档位的模型 {model}（位于 {file}）',
  'doctor.listed_label': '列表中的模型 {model}（位于 {file}）',
  'doctor.not_listed': '{label} 不在此密钥的模型中。',
  'doctor.not_listed_fix': '选择此密钥提供的模型（`gateway-agent-setup models`），或{fix}。',
  'doctor.marks_exclude': '它的标记（{marks}）不包含 {protocol}',
  'doctor.cannot_serve': '{label} 无法处理 {agent} 的 {protocol} 请求：{reason}。',
  'doctor.pick_marked': '选择标记了 {protocol} 的模型，或{fix}。',
  'doctor.untrusted_host':
    '{file}（随此仓库提交）让 {agent} 指向 {host}，而那不是您的网关（{gateway}）：没有向它发送任何东西，连不带密钥的请求也没有。',
  'doctor.untrusted_host_none': '{file}（随此仓库提交）让 {agent} 指向 {host}，而这里不知道您的网关：没有向它发送任何东西。',
  'doctor.untrusted_host_fix':
    '如果 {host} 确实是您的网关，请明确说明：`gateway-agent-setup doctor --scope project --base-url {host}`。要让该文件指向您自己的网关：`gateway-agent-setup doctor --scope project --fix --base-url URL`。',
  'doctor.no_base_url': '没有可写入的 Base URL：请传入 --base-url（或设置 GATEWAY_BASE_URL）。',
  'doctor.keyless_server':
    '{agent} 使用 {url}（{file}），未配置密钥，而它不用密钥就列出了模型：这是本地模型服务（Ollama、LM Studio）或其他服务，不是网关。',
  'doctor.key_not_for_host':
    '{var} 中的密钥不会写入 {host}：本次运行未被告知它是你的网关（密钥只发往你指定的地方）。如果它是：`{bin} doctor --fix --base-url {word}`。',
  'doctor.not_new_api':
    '{agent} 使用 {url}（{file}），未配置密钥，而那里回答的不是 new-api 网关（不带密钥询问）：这是服务商自己的服务或其他 API。',
  'doctor.no_key': '没有可写入的密钥：请导出 {var}（或用 --api-key-env NAME 指定变量名）。',
  'doctor.setup_failed': 'setup 没有成功。',
  'doctor.error_hint': '{message}；解决办法：{hint}',
  'doctor.bad_agent': '--agent {id}：doctor 无法检查这个智能体。',
  'doctor.bad_agent_hint': '可选智能体：{agents}。',
  'doctor.doubled_fix_root': '把 {agent} 的基础地址设为根地址 {origin}：它会自己加上 /v1（`{bin} doctor --fix` 会这样做）',
  'doctor.doubled_fix_v1': '把 {agent} 的基础地址设为 {origin}/v1，/v1 只出现一次（`{bin} doctor --fix` 会这样做）',
};
