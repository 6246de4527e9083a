// `remove` as the undo users expect: a file only our runs changed since its oldest backup is given
// back byte for byte as it was before our first write (the user's own values we replaced come back,
// settings and containers we added go, a file we created goes). A file someone else changed since
// keeps its changes: only our settings are taken out of it (the agent's own plan), and it is named.
import { stat } from 'node:fs/promises';
import { listBackups, originalOf, readBytes } from './backup.js';
import { decodeUtf8 } from './parse.js';
import type { FileFormat, PlannedFile } from './types.js';

export interface GiveBack {
  plan: PlannedFile[];
  /** Files given back whole, as they were before our first write. */
  givenBack: string[];
  /** Files changed by someone else since our first write: only our settings taken out; the backup holding the first state. */
  kept: { path: string; id: string }[];
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
  const out: GiveBack = { plan: [...plan], givenBack: [], kept: [] };
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
      if (planned >= 0 && out.plan[planned]!.action !== 'unchanged') out.kept.push({ path: f.path, id: original.id });
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
