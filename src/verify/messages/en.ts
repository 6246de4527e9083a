// The English sentences of verify's plan, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../i18n/index.js';

export const en = {
  'verify.model_not_listed': '--model {model}: the key cannot see this model (GET /v1/models does not list it).',
  'verify.no_models': '(none: the key sees no models)',
  'verify.model_not_listed_hint': 'Models of this key: {models}. (--force probes it anyway.)',
  'verify.not_marked_for': '{model} is not marked for {protocol}; probing anyway.',
  'verify.may_serve': '{model} may serve {protocol} too; check with --protocol {p}.',
  'verify.marked_only': 'it is marked only for {marks}',
  'verify.nothing': 'nothing',
  'verify.no_agent_protocol': '{model} serves no protocol a coding agent speaks: {why}.',
  'verify.pick_model': 'Pick a model with `models`.',
  'verify.pick_model_images': 'Pick a model with `models`. Image generation is probed only with --protocol images (it costs money).',
  'verify.none_marked': 'No model of this key is marked for {protocol}: not probed.',
  'verify.none_serves': 'No model of this key serves {protocol}.',
  'verify.none_serves_any': 'No model of this key serves messages, Responses or chat.',
  'verify.none_serves_hint': "Models of this key: {models}. Ask the gateway admin to enable a model for your key's group.",
} as const;

declare module '../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
