// Where the tool keeps its own state (backups): the user's config directory, never the agents' own.
import path from 'node:path';

const NAME = 'gateway-agent-setup';

/**
 * `$XDG_CONFIG_HOME/gateway-agent-setup`, else `<home>/.config/gateway-agent-setup`; on Windows
 * `%APPDATA%\gateway-agent-setup`, else `<home>\AppData\Roaming\gateway-agent-setup`.
 */
export function stateDir(home: string, env: Readonly<Record<string, string | undefined>>, platform: NodeJS.Platform): string {
  if (platform === 'win32') {
    const appData = env['APPDATA'];
    return appData ? path.win32.join(appData, NAME) : path.win32.join(home, 'AppData', 'Roaming', NAME);
  }
  const xdg = env['XDG_CONFIG_HOME'];
  // The XDG spec says to ignore a relative value.
  if (xdg && path.posix.isAbsolute(xdg)) return path.posix.join(xdg, NAME);
  return path.posix.join(home, '.config', NAME);
}
