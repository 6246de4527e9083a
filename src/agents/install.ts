// How a person installs an agent that is not on PATH: the command differs per kind of source.
import { msg, type Message } from '../i18n/index.js';
import type { AgentInstall } from './types.js';

/** The package or module name an agent is installed by. */
export function installName(install: AgentInstall): string {
  return install.from === 'go' ? install.module : install.package;
}

/** The advice "install it: …" with the command for the agent's kind of source. */
export function installAdvice(install: AgentInstall): Message {
  switch (install.from) {
    case 'npm':
      return msg('run.install_it', { package: install.package });
    case 'go':
      return msg('run.install_it_go', { module: install.module });
    case 'pip':
      return msg('run.install_it_pip', { package: install.package });
  }
}
