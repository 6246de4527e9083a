// A pip-installed agent's version from its package metadata: the layouts pip, pipx and uv tool
// make, built here as real files (a console script whose `#!` names the environment's python).
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { pythonPackageVersion } from '../../src/agents/python-version.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A virtual environment with `dist` installed at `version` and its console script `bin/openhands`. */
function venv(opts: { dist: string; version: string; shebang?: string }): string {
  const root = mkdtempSync(join(tmpdir(), 'gas-venv-'));
  dirs.push(root);
  mkdirSync(join(root, 'bin'));
  const site = join(root, 'lib', 'python3.12', 'site-packages');
  mkdirSync(join(site, `${opts.dist}-${opts.version}.dist-info`), { recursive: true });
  mkdirSync(join(site, 'litellm-1.110.2.dist-info'));
  const script = join(root, 'bin', 'openhands');
  writeFileSync(
    script,
    `${opts.shebang ?? `#!${join(root, 'bin', 'python3.12')}`}\nimport sys\nfrom openhands_cli.entrypoint import main\n`,
  );
  chmodSync(script, 0o755);
  return script;
}

describe('pythonPackageVersion', () => {
  it('reads the version of the distribution beside the interpreter its script names', async () => {
    expect(await pythonPackageVersion(venv({ dist: 'openhands', version: '1.16.0' }), 'openhands')).toBe('1.16.0');
    // pip writes the name with underscores: mistral-vibe → mistral_vibe-3.0.2.dist-info.
    expect(await pythonPackageVersion(venv({ dist: 'mistral_vibe', version: '3.0.2' }), 'mistral-vibe')).toBe('3.0.2');
  });

  it('nothing for another distribution, a `/usr/bin/env python3` script or a binary: the caller runs --version', async () => {
    expect(await pythonPackageVersion(venv({ dist: 'openhands_ai', version: '0.9.0' }), 'openhands')).toBeUndefined();
    expect(
      await pythonPackageVersion(venv({ dist: 'openhands', version: '1.16.0', shebang: '#!/usr/bin/env python3' }), 'openhands'),
    ).toBeUndefined();
    expect(await pythonPackageVersion(process.execPath, 'openhands')).toBeUndefined();
    expect(await pythonPackageVersion('/nonexistent/bin/openhands', 'openhands')).toBeUndefined();
  });
});
