// The Chinese sentences of remove: every key of ./en.ts, the same {parameters}.
import type { CatalogOf } from '../../i18n/index.js';
import type { en } from './en.js';

export const zhCN: CatalogOf<typeof en> = {
  'remove.kept_changed':
    '{file} 在设置写入之后被修改过：你的修改保留，只移除了网关设置（设置替换掉的你的值不会放回）。首次设置之前的版本在备份 {id} 中：`{bin} restore --id {id}` 会放回它，并丢弃之后的修改。',
  'remove.merged':
    '{file} 在设置写入之后被修改过：你的修改保留，只移除了设置写入的内容（被设置替换掉的你的值已放回，除非你之后又改过它）。首次设置之前的版本在备份 {id} 中：`{bin} restore --id {id}` 会放回它，并丢弃之后的修改。',
};
