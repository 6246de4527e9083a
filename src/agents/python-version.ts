// The version of a Python CLI installed with pip (a virtual environment, pipx, uv tool), read from
// the package metadata beside its interpreter: some take seconds to import everything before
// `--version` answers (OpenHands CLI: about 9 s of CPU), which setup would wait for.
// fs.promises, not node:fs/promises: Node loads it when first used, not at every start that imports this.
import { promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';

/** A console script's interpreter, from its `#!` line (an absolute python; `env` lookups are not followed). */
async function interpreterOf(script: string): Promise<string | undefined> {
  let file;
  try {
    file = await fs.open(script, 'r');
    const { buffer, bytesRead } = await file.read(Buffer.alloc(512), 0, 512, 0);
    const first = buffer.subarray(0, bytesRead).toString('utf8').split('\n')[0] ?? '';
    const m = /^#!\s*(\/\S*python[0-9.]*)\s*$/.exec(first);
    return m?.[1];
  } catch {
    return undefined;
  } finally {
    await file?.close();
  }
}

/**
 * The installed version of `distribution` for the console script at `script`: the `<name>-<version>
 * .dist-info` folder in its environment's site-packages (pip writes the name with `_` for `-`), or
 * undefined when the script is not such a one (a Windows .exe, a shim, another layout).
 */
export async function pythonPackageVersion(script: string, distribution: string): Promise<string | undefined> {
  const python = await interpreterOf(script);
  if (python === undefined) return undefined;
  const lib = join(dirname(dirname(python)), 'lib');
  const name = distribution.toLowerCase().replace(/[-_.]+/g, '_');
  try {
    for (const dir of (await fs.readdir(lib)).filter((d) => /^python\d/.test(d))) {
      const entries = await fs.readdir(join(lib, dir, 'site-packages')).catch(() => [] as string[]);
      for (const entry of entries) {
        const m = /^(.+)-(\d[^-]*)\.dist-info$/.exec(entry);
        if (m && m[1]!.toLowerCase().replace(/[-_.]+/g, '_') === name) return m[2];
      }
    }
  } catch {
    return undefined;
  }
  return undefined;
}
