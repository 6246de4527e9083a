// Temp files a killed run leaves beside a config (SIGKILL between write and rename) may hold the
// key: the next write removes them, but only ours and only old ones (never a write in flight).
import { existsSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../src/config/index.js';

let dir: string;
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('leftover temp files', () => {
  it('are removed by the next write of the same file when old; fresh ones and others stay', async () => {
    dir = mkdtempSync(join(tmpdir(), 'gas-atomic-'));
    const stale = join(dir, '.settings.json.0123456789ab.tmp');
    const fresh = join(dir, '.settings.json.ba9876543210.tmp');
    const otherFile = join(dir, '.config.toml.0123456789ab.tmp');
    const notOurs = join(dir, '.settings.json.backup.tmp');
    for (const f of [stale, fresh, otherFile, notOurs]) writeFileSync(f, 'GATEWAY_API_KEY=sk-leftover', { mode: 0o600 });
    const old = new Date(Date.now() - 10 * 60_000);
    for (const f of [stale, otherFile, notOurs]) utimesSync(f, old, old);

    await writeFileAtomic(join(dir, 'settings.json'), '{}\n', 0o600);

    expect(existsSync(stale)).toBe(false);
    expect(existsSync(fresh)).toBe(true);
    expect(existsSync(otherFile)).toBe(true);
    expect(existsSync(notOurs)).toBe(true);
    expect(readdirSync(dir).sort()).toEqual(['.config.toml.0123456789ab.tmp', '.settings.json.ba9876543210.tmp', '.settings.json.backup.tmp', 'settings.json']);
  });
});
