// The flags of a setup run, declared once: `setup` and the wizard take them all, and settings
// (setupInputs) reads what they gave.
import { commas, msg } from '../i18n/index.js';
import { DEFAULT_AGENT_IDS, SUPPORTED_AGENT_IDS } from '../agents/registry.js';
import { GATEWAY_OPTIONS, type OptionTable } from './args.js';

/** The flags of a setup run: `setup` and the wizard take them all. */
export const SETUP_OPTIONS: OptionTable = {
  ...GATEWAY_OPTIONS,
  agent: {
    type: 'string',
    value: 'ID',
    multiple: true,
    description: msg('help.opt.agent_configure', { agents: commas(SUPPORTED_AGENT_IDS), defaults: DEFAULT_AGENT_IDS.join(',') }),
  },
  model: { type: 'string', value: 'ID', multiple: true, description: msg('help.opt.model_write') },
  'small-model': { type: 'string', value: 'ID', description: msg('help.opt.small-model') },
  scope: { type: 'string', value: 'user|project', choices: ['user', 'project'], description: msg('help.opt.scope_write') },
  'key-storage': { type: 'string', value: 'file|env', choices: ['file', 'env'], description: msg('help.opt.key-storage') },
  yes: { type: 'boolean', short: 'y', description: msg('help.opt.yes') },
  'dry-run': { type: 'boolean', description: msg('help.opt.dry-run') },
  force: { type: 'boolean', description: msg('help.opt.force_write') },
  'no-verify': { type: 'boolean', description: msg('help.opt.no-verify') },
  verify: { type: 'string', value: 'agent', choices: ['agent'], description: msg('help.opt.verify') },
  concurrency: { type: 'string', value: 'N', number: { min: 1, max: 16, integer: true }, description: msg('help.opt.concurrency') },
  json: { type: 'boolean', description: msg('help.opt.json_report') },
  import: { type: 'string', value: '-', description: msg('help.opt.import') },
  'import-env': { type: 'string', value: 'NAME', description: msg('help.opt.import-env') },
};
