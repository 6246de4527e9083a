// `remove` as the undo users expect: a file only our runs changed since its oldest backup is given
// back byte for byte as it was before our first write (the user's own values we replaced come back,
// settings and containers we added go, a file we created goes). A file someone else changed since
// keeps its changes: what our runs changed is taken out of it value by value, from the states their
// backups kept (take-ours.ts), or, for runs of older versions that kept none, the agent's own plan
// takes our settings out; either way it is named.
import { stat } from 'node:fs/promises';
import { listBackups, originalOf, PRIVATE_FILE, readBytes, runsOf } from './backup.js';
import { decodeUtf8 } from './parse.js';
import { takeOursOut } from './take-ours.js';
import type { FileFormat, PlannedFile } from './types.js';

export interface GiveBack {
  plan: PlannedFile[];
  /** Files given back whole, as they were before our first write. */
  givenBack: string[];
  /** Files changed by someone else since our first write: only our settings taken out; the backup holding the first state. */
  kept: { path: string; id: string }[];
  /** Of those, the files whose every state our runs left is in the backups: exactly what they changed was taken out. */
  merged: string[];
}

/**
 * A file changed since our runs, with what they changed taken out (their values back where the user
 * left them as we wrote them); undefined when the backups lack a state of one of the runs.
 */
async function mergedPlan(
  stateDir: string,
  backups: Awaited<ReturnType<typeof listBackups>>,
  f: { path: string; format: FileFormat; sourced?: boolean },
  current: Buffer,
): Promise<PlannedFile | undefined> {
  const runs = await runsOf(stateDir, backups, f.path);
  if (runs === undefined) return undefined;
  const text = (b: Buffer | undefined): string | undefined => (b === undefined ? undefined : decodeUtf8(b, f.path));
  const before = decodeUtf8(current, f.path);
  const out = takeOursOut(
    f,
    before,
    runs.map((r) => ({ before: text(r.before), after: text(r.after), chain: r.chain })),
  );
  if (out === undefined) return undefined;
  const beforeMode = (await stat(f.path)).mode & 0o777;
  // A file that was not there before us and holds nothing now goes (one the user's shell sources stays).
  const remove = out.empty && runs[0]!.before === undefined && f.sourced !== true;
  // The key made it the owner's only: with no key of ours left it gets its first mode back.
  const first = runs[0]!.mode;
  const mode = beforeMode === PRIVATE_FILE && first !== undefined && !out.keyLeft ? first : beforeMode;
  return {
    path: f.path,
    format: f.format,
    before,
    after: remove ? '' : out.after,
    action: remove || out.after !== before || mode !== beforeMode ? 'updated' : 'unchanged',
    mode,
    beforeMode,
    secret: false,
    ...(remove && { remove: true as const }),
  };
}

/**
 * The plan with each of `files` given back where the backups allow it. `plan` is the surgical one
 * (the agents' own `unplan`); a file of `files` it does not name is given back too when only our
 * runs wrote it. A file not in `files` keeps its surgical plan.
 */
export async function giveBack(
  stateDir: string,
  plan: readonly PlannedFile[],
  files: readonly { path: string; format: FileFormat; owner?: string; sourced?: boolean }[],
): Promise<GiveBack> {
  const out: GiveBack = { plan: [...plan], givenBack: [], kept: [], merged: [] };
  const seen = new Set<string>();
  // Every manifest read once, for all the files.
  const backups = await listBackups(stateDir);
  for (const f of files) {
    if (seen.has(f.path)) continue;
    seen.add(f.path);
    const current = await readBytes(f.path);
    const original = await originalOf(stateDir, backups, f.path, current);
    if (original === undefined) continue;
    const planned = out.plan.findIndex((p) => p.path === f.path);
    if ('changed' in original) {
      const merged = current === undefined ? undefined : await mergedPlan(stateDir, backups, f, current);
      if (merged !== undefined) {
        const owner = f.owner ?? (planned >= 0 ? out.plan[planned]!.owner : undefined);
        if (owner !== undefined) merged.owner = owner;
        if (planned >= 0) out.plan[planned] = merged;
        else out.plan.push(merged);
        if (merged.action === 'unchanged') continue;
        out.merged.push(f.path);
      } else if (planned < 0 || out.plan[planned]!.action === 'unchanged') continue;
      out.kept.push({ path: f.path, id: original.id });
      continue;
    }
    const mode = current === undefined ? undefined : (await stat(f.path)).mode & 0o777;
    const before = current === undefined ? undefined : decodeUtf8(current, f.path);
    let next: PlannedFile | undefined;
    if (original.bytes === undefined) {
      // The file was not there before our first write; one the user's shell sources stays (emptied of ours).
      if (f.sourced) continue;
      if (before !== undefined)
        next = { path: f.path, format: f.format, before, after: '', action: 'updated', mode: mode ?? 0o600, secret: false, remove: true };
    } else {
      const after = decodeUtf8(original.bytes, f.path);
      const target = original.mode ?? mode ?? 0o644;
      const action = before === undefined ? 'created' : before === after && mode === target ? 'unchanged' : 'updated';
      next = {
        path: f.path,
        format: f.format,
        ...(before !== undefined && { before }),
        after,
        action,
        mode: target,
        ...(mode !== undefined && { beforeMode: mode }),
        secret: false,
      };
    }
    if (next === undefined) continue;
    const owner = f.owner ?? (planned >= 0 ? out.plan[planned]!.owner : undefined);
    if (owner !== undefined) next.owner = owner;
    if (next.action !== 'unchanged') out.givenBack.push(f.path);
    if (planned >= 0) out.plan[planned] = next;
    else out.plan.push(next);
  }
  return out;
}
