// The Chinese sentences of setup: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'setup.cannot_see': '{flag} {id}：此密钥看不到这个模型。',
  'setup.suit_list': '适合 {agent} 的模型：{list}',
  'setup.suit_none': '（无：此密钥没有适合它的模型）',
  'setup.does_not_suit': '{flag} {id} 不适合 {agent}：{reason}',
  'setup.no_models': '{agent}：此密钥看不到任何模型。',
  'setup.none_suits': '{agent}：此密钥的 {n} 个模型都不适合它。',
  'setup.none_suits_hint': '运行 `gateway-agent-setup models` 查看每个模型为什么不适合 {agent}。',
  'setup.tier_failed': '{tier} 档位改用主模型 {model}：{note}',
  'setup.model_failed': '{model} 的 {protocol} 探测失败（{code}）：{cause}',
  'setup.model_failed_id': '{model} 的 {protocol} 探测失败（{code}，请求 ID {id}）：{cause}',
  'setup.fallback_chosen': '改用 {winner} 代替 {model}：按排序的下一个模型，且已通过探测。',
  'setup.fallback_stopped': '不再尝试其他模型：{model} 失败的原因不在模型本身（{code}），此密钥的任何模型都会遇到。',
  'setup.unknown_agent': '未知的智能体：{id}。',
  'setup.small_failed': '小模型 {small} 探测失败（{code}）；后台调用也改用 {model}。',
  'setup.probe_failed_skip': '探测失败，因此没有写入文件（用 --force 可强制写入）',
  'setup.git_ignored': '{file} 保存了密钥；git 会忽略它。',
  'setup.git_ignored_rule': '{file} 保存了密钥；git 会忽略它（{rule}）。',
  'setup.git_excluded': '{file} 保存了密钥：已将 {line} 加入 {exclude}，git 永远不会提交它（该文件只属于您，不会随仓库共享）。',
  'setup.git_would_exclude': '{file} 将保存密钥：会将 {line} 加入 {exclude}，git 永远不会提交它。',
  'setup.git_no_repo': '{file} 保存了密钥；此目录不在 git 仓库中。如果以后将其设为仓库，请让 git 忽略该文件。',
  'setup.git_unignored': '您的一条规则让 {file} 保留在 git 中（{rule}）：在其中写入密钥会导致密钥被提交。未写入任何内容。',
  'setup.git_unignored_hint': '删除该规则，或使用 --scope user（密钥会写入您自己的配置文件）。',
  'setup.tracked': '{file} 被 git 跟踪：把密钥写进去会被提交。没有写入任何内容。',
  'setup.tracked_hint': '请使用 --key-storage env（只写入变量名），或取消跟踪该文件（git rm --cached）并忽略它。',
  'setup.run_again': '请再次运行 setup，或运行 `gateway-agent-setup doctor`。',
  'setup.no_key_found': '{agent} 找不到密钥（{source}）。',
  'setup.no_key_found_fix': '让 {agent} 能在它读取的位置找到密钥（{source}），例如在 shell 配置文件中导出该变量。',
  'setup.other_key': '{agent} 从 {source} 读到的是另一个密钥（{key}）。',
  'setup.hardlink_split': '{file} 还有 {others} 个其他硬链接：它们保留旧内容（新文件只替换这个名字）。',
  'setup.readonly_replaced': '{file} 原本是只读的；它照样被替换。',
  'setup.untracked_link':
    '{file} 是指向 {real} 的链接，它位于一个既未跟踪也未忽略它的 git 工作树中：下一次 `git add` 就会提交密钥。没有写入任何文件。',
  'setup.untracked_link_hint': '请使用 --key-storage env（只写入变量名），或让该仓库忽略这个文件（.gitignore）。',
  'setup.tracked_link': '{file} 是指向 {real} 的链接，而 git 跟踪着该文件：把密钥写进去会被提交。没有写入任何内容。',
  'setup.read_back_elsewhere':
    '写入之后，{agent} 从 {file} 读到的网关是 {host}，而不是本次写入的网关（{root}）。没有向 {host} 发送任何东西。',
  'setup.read_back_elsewhere_fix': '请查看 {file}：其中另有设置优先于我们写入的；删除它，或让它指向您的网关。',
  'evaluated.not_candidate': '其 ID {why}',
};
