// The user's home, found the way the agents themselves find it (Node's os.homedir(), which Claude
// Code, Codex's npm wrapper, OpenCode and Qwen Code all use) without trusting that HOME is set:
// Windows has no HOME as a rule (claude-code-router #82: "HOME undefined"), and a service or a
// CI runner may clear it. Pure: the environment and the account's directory are inputs.

/**
 * Windows: USERPROFILE, else HOMEDRIVE + HOMEPATH; elsewhere: HOME. When none is usable, the
 * account's own directory (os.userInfo().homedir: the passwd entry, or the profile on Windows).
 * A relative value is not a home (an agent would resolve it against wherever it was started).
 */
export function findHome(
  platform: NodeJS.Platform,
  env: Readonly<Record<string, string | undefined>>,
  accountHome: () => string | undefined,
): string | undefined {
  const absolute = (p: string | undefined): string | undefined => {
    const v = p?.trim();
    if (!v) return undefined;
    return platform === 'win32' ? (/^([a-z]:[\\/]|[\\/]{2})/i.test(v) ? v : undefined) : v.startsWith('/') ? v : undefined;
  };
  if (platform === 'win32') {
    const drive = env['HOMEDRIVE']?.trim();
    const homePath = env['HOMEPATH']?.trim();
    return absolute(env['USERPROFILE']) ?? absolute(drive && homePath ? `${drive}${homePath}` : undefined) ?? absolute(accountHome());
  }
  return absolute(env['HOME']) ?? absolute(accountHome());
}
