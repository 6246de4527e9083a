// The English sentences of running agents one-shot, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../i18n/index.js';

export const en = {
  'run.fail.not_on_path': 'not on PATH',
  'run.fail.timeout': 'no answer within {seconds} s (stopped)',
  'run.fail.timeout_after_answer': 'answered, then did not exit within {seconds} s (stopped)',
  'run.fail.signal': 'killed by a signal',
  'run.fail.exit': 'exit code {code}',
  'run.fail.no_answer': 'exit code 0 but no answer printed',
  'run.fail.error_output': 'exit code 0 but the output reports an error ("{text}")',
  'run.fix_file': 'fix the file (or restore a backup), then run `gateway-agent-setup setup` again',
  'run.cmd_not_on_path': '{command} is not on PATH',
  'run.no_key': 'the agent finds no key ({source})',
  'run.no_key_fix': 'export the variable, or run `gateway-agent-setup doctor --fix`',
  'run.other_reason':
    "the gateway answers the agent's own request ({url}, HTTP {status}), so the agent failed for another reason ({failure}): see its output",
  'run.shell_override_fix':
    'unset {var} and remove its export from your shell profile (~/.bashrc, ~/.zshrc, …), or run `doctor --fix`, which blanks {var} in the settings so the export is ignored; then run the agent again',
  'run.other_reason_fix': 'run the agent by hand in a terminal to see its full output',
  'run.not_run_failure': 'not run',
  'run.run_setup': 'run `gateway-agent-setup setup` for this agent',
  'doctor.shell_override':
    '{var} exported in your shell replaces the gateway key ({source}): {agent} sends the exported one, and the gateway reads it first.',
  'run.model_gone': "its model {model} is no longer in the key's model list at {root}: not run (it would only retry)",
  'run.model_gone_fix': 'run `{bin} sync`: it moves each agent to a model the key still has',
} as const;

declare module '../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
