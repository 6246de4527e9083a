// A file holding the key must be readable by its owner alone. We write such files at 0600, but an
// agent that rewrites its own settings (Qwen Code's first start migrates settings.json through a
// temp file and a rename) leaves a new file with the default mode, key inside. Windows ignores
// these modes (key-protection.ts says what protects a key there), so they are not judged there.
// fs.promises, not node:fs/promises: Node loads it when first used, not at every start that imports this.
import { promises as fs } from 'node:fs';

const KEY_FILE_MODE = 0o600;

export interface OpenKeyFile {
  path: string;
  /** The file's permission bits, e.g. 0o644. */
  mode: number;
}

/** The files among `paths` that hold one of `keys` and that others than their owner may read or write. */
export async function openKeyFiles(
  paths: readonly string[],
  keys: readonly (string | undefined)[],
  platform: NodeJS.Platform,
): Promise<OpenKeyFile[]> {
  if (platform === 'win32') return [];
  const secrets = keys.filter((k): k is string => k !== undefined && k.length >= 8);
  if (secrets.length === 0) return [];
  const open: OpenKeyFile[] = [];
  for (const path of new Set(paths)) {
    const info = await fs.stat(path).catch(() => undefined);
    if (!info?.isFile() || (info.mode & 0o077) === 0) continue;
    const text = await fs.readFile(path, 'utf8').catch(() => '');
    if (secrets.some((k) => text.includes(k))) open.push({ path, mode: info.mode & 0o777 });
  }
  return open;
}

/** Sets each file to 0600 (owner read and write). */
export async function tightenKeyFiles(paths: readonly string[]): Promise<void> {
  for (const path of paths) await fs.chmod(path, KEY_FILE_MODE);
}

/** 0o644 → "0644". */
export const octalMode = (mode: number): string => `0${(mode & 0o777).toString(8).padStart(3, '0')}`;
