// The Chinese sentences of running agents one-shot: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'run.fail.not_on_path': '不在 PATH 中',
  'run.fail.timeout': '{seconds} 秒内没有回答（已停止）',
  'run.fail.timeout_after_answer': '已回答，但 {seconds} 秒内没有退出（已停止）',
  'run.fail.signal': '被信号终止',
  'run.fail.exit': '退出码 {code}',
  'run.fail.no_answer': '退出码为 0，但没有输出回答',
  'run.fail.error_output': '退出码为 0，但输出中报告了错误（"{text}"）',
  'run.fix_file': '修正该文件（或恢复备份），然后再次运行 `gateway-agent-setup setup`',
  'run.cmd_not_on_path': 'PATH 中找不到 {command}',
  'run.no_key': '智能体找不到密钥（{source}）',
  'run.no_key_fix': '导出该变量，或运行 `gateway-agent-setup doctor --fix`',
  'run.other_reason': '网关能正常回答智能体自己的请求（{url}，HTTP {status}），所以智能体失败另有原因（{failure}）：请查看它的输出',
  'run.shell_override_fix':
    '执行 unset {var}，并从 shell 配置文件（~/.bashrc、~/.zshrc 等）中删除该导出；或运行 `doctor --fix`，它会在设置中把 {var} 置空，从而忽略该导出；然后再次运行该代理',
  'run.other_reason_fix': '在终端中手动运行该智能体，查看完整输出',
  'run.not_run_failure': '未运行',
  'run.run_setup': '为此智能体运行 `gateway-agent-setup setup`',
  'doctor.shell_override': '您在 shell 中导出的 {var} 替换了网关密钥（{source}）：{agent} 会发送导出的那个，而网关会优先读取它。',
  'run.model_gone': '它的模型 {model} 已不在 {root} 上该密钥的模型列表中：未运行（它只会不断重试）',
  'run.model_gone_fix': '运行 `{bin} sync`：它会把每个智能体换到该密钥仍有的模型',
};
