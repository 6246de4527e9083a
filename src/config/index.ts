// The file layer: agents describe key edits (FileEdit), this layer plans and applies them without
// ever regenerating a user's file.
export type * from './types.js';
export { parseConfig } from './parse.js';
export { readConfig } from './read-config.js';
export { editText } from './edit.js';
export { planFiles } from './plan.js';
export { renderDiff } from './diff.js';
export { stateDir } from './state-dir.js';
export { applyPlan } from './apply.js';
export { giveBack } from './give-back.js';
export { keepBackups, listBackups, restoreBackup } from './backup.js';
export { writeFileAtomic } from './atomic.js';
export { withLock } from './lock.js';
