// The gateway simulator: a faithful stand-in for a new-api gateway,
// used by the `demo` and `simulate` commands and by every test that needs a gateway.
export { startSimulator } from './server.js';
export {
  BROKE_KEY,
  DEFAULT_KEYS,
  DEFAULT_MODELS,
  DEMO_KEY,
  DISABLED_KEY,
  EXHAUSTED_KEY,
  EXPIRED_KEY,
  EXPIRING_KEY,
  LIMITED_KEY,
  VIP_KEY,
  defaultKeys,
} from './catalog.js';
export { QUOTA_PER_USD } from './console-api.js';
export { REPLY_TEXT } from './answers.js';
export type { Fault, Simulator } from './types.js';
