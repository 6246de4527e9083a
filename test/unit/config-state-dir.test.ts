// Where our own state lives: XDG on Unix, APPDATA on Windows.
import { describe, expect, it } from 'vitest';
import { stateDir } from '../../src/config/index.js';

describe('stateDir', () => {
  it('follows XDG on Unix and APPDATA on Windows', () => {
    expect(stateDir('/home/dev', {}, 'linux')).toBe('/home/dev/.config/gateway-agent-setup');
    expect(stateDir('/home/dev', { XDG_CONFIG_HOME: '/x/cfg' }, 'linux')).toBe('/x/cfg/gateway-agent-setup');
    expect(stateDir('/home/dev', { XDG_CONFIG_HOME: 'relative' }, 'darwin')).toBe('/home/dev/.config/gateway-agent-setup');
    expect(stateDir('C:\\Users\\dev', { APPDATA: 'C:\\Users\\dev\\AppData\\Roaming' }, 'win32')).toBe(
      'C:\\Users\\dev\\AppData\\Roaming\\gateway-agent-setup',
    );
    expect(stateDir('C:\\Users\\dev', {}, 'win32')).toBe('C:\\Users\\dev\\AppData\\Roaming\\gateway-agent-setup');
  });
});
