// The English sentences of remove, by key (named by what they say): `{name}` marks a parameter.
// Its other languages load only when a reader needs one.
import { registerCatalog } from '../../i18n/index.js';

export const en = {
  'remove.kept_changed':
    '{file} changed after setup wrote it: your changes stay, and only the gateway settings were taken out (values of yours setup replaced are not put back). As it was before the first setup, it is in backup {id}: `{bin} restore --id {id}` puts that back, dropping the later changes.',
  'remove.merged':
    '{file} changed after setup wrote it: your changes stay, and only what setup wrote was taken out (values of yours it replaced are back, unless you changed them since). As it was before the first setup, it is in backup {id}: `{bin} restore --id {id}` puts that back, dropping the later changes.',
} as const;

declare module '../../i18n/text.js' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- the keys are the English catalog's
  interface MessageCatalog extends Record<keyof typeof en, string> {}
}

registerCatalog(en, async (lang) => (lang === 'zh-CN' ? (await import('./zh-CN.js')).zhCN : undefined));
