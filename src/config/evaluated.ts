// Nothing we write is code. A value from the gateway (a model id), an import link (a key, an
// address) or a flag goes into files that agents and shells evaluate: each agent declares what it
// evaluates (`Agent.evaluates`), and this one check runs on every value of a choice before anything
// is planned or written. A value that would be evaluated is refused, naming the field: none of these
// syntaxes has an escape every reader of the file honours.
import type { Agent, AgentChoice, Evaluation, WrittenField } from '../agents/types.js';
import { UsageError } from '../core/errors.js';
import { msg, type Message } from '../i18n/index.js';

const SYNTAX: Record<Evaluation, RegExp> = {
  'command-prefix': /^\s*!/,
  'env-name': /^[A-Za-z_][A-Za-z0-9_]*$/,
  'brace-substitution': /\{\s*(?:env|file)\s*:/i,
  template: /\$\{\{/,
  'shell-expansion': /\$(?:[A-Za-z_{(]|$)|`/,
};

/** The reference syntaxes of some agent or other, each as it looks: text another agent takes as it is. */
const REFERENCES = { 'brace-substitution': '{env:NAME}', template: '${{ secrets.NAME }}', 'shell-expansion': '${NAME}' } as const;

/**
 * A reference syntax `value` holds that `agent` does not evaluate in its key: another agent's way to
 * name a variable, which this one sends as written (OpenCode's `{env:NAME}` in OpenClaw's file).
 */
export function foreignReference(agent: Pick<Agent, 'evaluates'>, value: string): { syntax: Evaluation; example: string } | undefined {
  const own = new Set((agent.evaluates ?? []).filter((e) => e.fields.includes('key')).map((e) => e.syntax));
  const found = (Object.keys(REFERENCES) as (keyof typeof REFERENCES)[]).find((syntax) => !own.has(syntax) && SYNTAX[syntax].test(value));
  return found && { syntax: found, example: REFERENCES[found] };
}

/** Why `agent` would evaluate `value` written as `field`, as a message; undefined when it takes it as it is. */
export function evaluatedAs(agent: Pick<Agent, 'name' | 'evaluates'>, field: WrittenField, value: string): Message | undefined {
  for (const e of agent.evaluates ?? []) {
    if (e.fields.includes(field) && SYNTAX[e.syntax].test(value)) return msg(`evaluated.${e.syntax}`, { agent: agent.name });
  }
  return undefined;
}

const FIELD: Record<WrittenField, Message> = {
  key: msg('evaluated.field.key'),
  baseUrl: msg('evaluated.field.base_url'),
  model: msg('evaluated.field.model'),
};

const HINT: Record<WrittenField, Message> = {
  key: msg('evaluated.hint.key'),
  baseUrl: msg('evaluated.hint.base_url'),
  model: msg('evaluated.hint.model'),
};

/** Every value `choice` puts into the agent's files, by field. The key only when the files hold it. */
export function writtenValues(choice: AgentChoice): [WrittenField, string][] {
  return [
    ...(choice.keyStorage === 'file' ? [['key', choice.key] as [WrittenField, string]] : []),
    ['baseUrl', choice.root],
    ['baseUrl', choice.v1],
    ['model', choice.model],
    ...(choice.smallModel !== undefined ? [['model', choice.smallModel] as [WrittenField, string]] : []),
    ...Object.values(choice.tiers ?? {}).map((m): [WrittenField, string] => ['model', m]),
    ...(choice.models ?? []).map((m): [WrittenField, string] => ['model', m.model]),
  ];
}

/**
 * Refuses (exit 2) a choice with a value the agent would evaluate, naming the agent, the field, the
 * file and why. The value itself is shown only for a model id (a key never, an address by its kind).
 */
export function refuseEvaluated(
  agent: Pick<Agent, 'name' | 'evaluates'>,
  values: readonly (readonly [WrittenField, string])[],
  file: string,
): void {
  for (const [field, value] of values) {
    const why = evaluatedAs(agent, field, value);
    if (!why) continue;
    throw new UsageError(
      msg('evaluated.refused', {
        agent: agent.name,
        field: FIELD[field],
        file,
        why,
        ...(field === 'model' ? { value: JSON.stringify(value) } : { value: '' }),
      }),
      HINT[field],
    );
  }
}
