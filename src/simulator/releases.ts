// The new-api releases the simulator speaks, and what differs between them for a key holder, as
// read from each release's source and seen from a running build of it (the real-gateway tier runs
// both). `simulate --new-api 0.10` picks one; the newest is the default.
import type { IncomingHttpHeaders } from 'node:http';

export const NEW_API_RELEASES = ['v0.10.2', 'v0.13.2'] as const;
export type NewApiRelease = (typeof NEW_API_RELEASES)[number];
export const NEWEST_RELEASE: NewApiRelease = 'v0.13.2';

/** `0.13`, `v0.13`, `0.13.2`, `v0.13.2` → the release; undefined for anything else. */
export function parseRelease(text: string): NewApiRelease | undefined {
  const m = /^v?(\d+)\.(\d+)(?:\.(\d+))?$/.exec(text.trim());
  if (!m) return undefined;
  return NEW_API_RELEASES.find((r) => {
    const [major, minor, patch] = r.slice(1).split('.');
    return major === m[1] && minor === m[2] && (m[3] === undefined || patch === m[3]);
  });
}

export interface ReleaseTraits {
  /**
   * Up to v0.10 the auth middleware named a refused key's reason (expired, used up, disabled), in
   * Chinese; from v0.13 every refused key gets "Invalid token" in the caller's language.
   */
  keyReasons: boolean;
  /** From v0.13 `/api/usage/token/` answers for every key it knows, whatever its state (read-only token auth). */
  usageReadOnly: boolean;
  /** From v0.13 every answer carries `X-New-Api-Version`. */
  versionHeader: boolean;
  /** From v0.13 the i18n'd texts follow `Accept-Language` (English by default); v0.10 wrote them in Chinese. */
  localized: boolean;
  /** xAI channels: marked by the model's name and chat only (v0.10); marked openai and openai-response, both served (v0.13). */
  xaiResponses: boolean;
  /** From v0.13 `/api/pricing` lists only models sold to a usable group, with billing fields and a `pricing_version`. */
  pricingV13: boolean;
  /** A model's own endpoint setting: added to its channel's marks (v0.10), or in their place (v0.13). */
  endpointsReplace: boolean;
}

const TRAITS: Record<NewApiRelease, ReleaseTraits> = {
  'v0.10.2': {
    keyReasons: true,
    usageReadOnly: false,
    versionHeader: false,
    localized: false,
    xaiResponses: false,
    pricingV13: false,
    endpointsReplace: false,
  },
  'v0.13.2': {
    keyReasons: false,
    usageReadOnly: true,
    versionHeader: true,
    localized: true,
    xaiResponses: true,
    pricingV13: true,
    endpointsReplace: true,
  },
};

export function traitsOf(release: NewApiRelease): ReleaseTraits {
  return TRAITS[release];
}

/** The languages new-api v0.13 answers in. */
export type GatewayLang = 'en' | 'zh-CN' | 'zh-TW';

/** Accept-Language as new-api reads it: the first tag; zh-TW/zh-HK/Hant → zh-TW, other zh → zh-CN. */
export function gatewayLangOf(headers: IncomingHttpHeaders): GatewayLang {
  const raw = headers['accept-language'];
  const first = (Array.isArray(raw) ? raw[0] : raw)?.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  if (/^zh-(tw|hk|mo)|^zh-hant/.test(first)) return 'zh-TW';
  if (first.startsWith('zh')) return 'zh-CN';
  return 'en';
}

/** The i18n'd texts a key holder meets, per language (new-api v0.13's i18n/locales). */
export const TEXTS: Record<
  GatewayLang,
  { invalidToken: string; noChannel: (model: string, group: string) => string; modelForbidden: (model: string) => string }
> = {
  en: {
    invalidToken: 'Invalid token',
    noChannel: (model, group) => `No available channel for model ${model} under group ${group} (distributor)`,
    modelForbidden: (model) => `This token has no access to model ${model}`,
  },
  'zh-CN': {
    invalidToken: '无效的令牌',
    noChannel: (model, group) => `分组 ${group} 下模型 ${model} 无可用渠道（distributor）`,
    modelForbidden: (model) => `该令牌无权访问模型 ${model}`,
  },
  'zh-TW': {
    invalidToken: '無效的令牌',
    noChannel: (model, group) => `分組 ${group} 下模型 ${model} 無可用管道（distributor）`,
    modelForbidden: (model) => `該令牌無權存取模型 ${model}`,
  },
};
