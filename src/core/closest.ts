// "Did you mean …?" for a word typed wrong: a command, a flag, an agent, a value of a fixed set.
// Suggested only when one candidate stands out, so a guess never names the wrong thing.
import leven from 'leven';
import { msg, type Message } from '../i18n/index.js';

/**
 * The one candidate `word` was most likely meant as: within a small edit distance (a letter or
 * two: `dcotor`, `--modle`), or begun by the word or holding it as a whole part (`claude` →
 * `claude-code`, `droid` → `factory-droid`). Undefined when none fits, or when more than one does
 * (`code` could be any of four agents, or `codex`).
 */
export function closest(word: string, candidates: readonly string[]): string | undefined {
  if (word === '' || candidates.includes(word)) return undefined;
  const lower = word.toLowerCase();
  const limit = Math.min(2, Math.max(1, Math.floor(lower.length / 3)));
  const near = new Set<string>();
  let nearest = limit;
  for (const candidate of candidates) {
    const distance = leven(lower, candidate.toLowerCase(), { maxDistance: limit + 1 });
    if (distance > nearest) continue;
    if (distance < nearest) near.clear();
    nearest = distance;
    near.add(candidate);
  }
  const bare = lower.replace(/^-+/, '');
  if (bare.length >= 3) {
    for (const candidate of candidates) {
      const name = candidate.toLowerCase().replace(/^-+/, '');
      if (name.startsWith(bare) || name.split('-').includes(bare)) near.add(candidate);
    }
  }
  return near.size === 1 ? [...near][0] : undefined;
}

/** `hint`, led by "Did you mean …?" when one candidate stands out for `word`. */
export function suggesting(word: string, candidates: readonly string[], hint: Message): Message {
  const suggestion = closest(word, candidates);
  return suggestion === undefined ? hint : msg('core.did_you_mean', { suggestion, hint });
}
