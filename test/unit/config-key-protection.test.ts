// Windows key files: the note must be true where the file is. Inside the profile its ACL
// protects the key; outside it (CODEX_HOME on another drive, a project on D:\) the folder decides.
import { describe, expect, it } from 'vitest';
import { insideWin32, windowsKeyNotes } from '../../src/config/key-protection.js';
import { inEnglish } from '../helpers/english.js';

const HOME = 'C:\\Users\\李雷';

describe('insideWin32', () => {
  it.each([
    ['C:\\Users\\李雷\\.codex\\.env', true],
    ['c:/users/李雷/.cline/data/settings/providers.json', true],
    ['C:\\Users\\李雷', false],
    ['C:\\Users\\李雷2\\.env', false],
    ['C:\\Users\\Public\\.env', false],
    ['E:\\codex\\.env', false],
    ['\\\\server\\share\\.env', false],
  ])('%s → %s', (file, inside) => {
    expect(insideWin32(HOME, file)).toBe(inside);
  });
});

describe('windowsKeyNotes', () => {
  it('inside the profile: the profile protects it; no mode is claimed', () => {
    const notes = inEnglish(windowsKeyNotes(HOME, ['C:\\Users\\李雷\\.codex\\.env']));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('protected by your user profile');
    expect(notes[0]).toContain('C:\\Users\\李雷\\.codex\\.env');
    expect(notes[0]).not.toContain('0600');
  });

  it("outside it: the folder's permissions decide, and the file is named", () => {
    const notes = inEnglish(windowsKeyNotes(HOME, ['E:\\codex\\.env']));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toContain('outside your user profile');
    expect(notes[0]).toContain('E:\\codex\\.env');
    expect(notes[0]).not.toContain('protected by your user profile');
  });

  it('both kinds: one note each, each naming only its own files; none for no file', () => {
    const notes = inEnglish(
      windowsKeyNotes(HOME, ['C:\\Users\\李雷\\.claude\\settings.json', 'D:\\work\\app\\.claude\\settings.local.json']),
    );
    expect(notes).toHaveLength(2);
    expect(notes[0]).toContain('C:\\Users\\李雷\\.claude\\settings.json');
    expect(notes[0]).not.toContain('D:\\work');
    expect(notes[1]).toContain('D:\\work\\app\\.claude\\settings.local.json');
    expect(inEnglish(windowsKeyNotes(HOME, []))).toEqual([]);
  });
});
