// The gateway client's types: how to reach the gateway with a key, and the key's model list.
import type { ClassifiedModel, Markers } from '../core/types.js';
import type { HttpOptions } from './http.js';
import type { Message } from '../i18n/index.js';

export interface ClientOptions extends HttpOptions {
  /** Normalized gateway root, e.g. http://127.0.0.1:4000 (no /v1). */
  root: string;
  /** The API key (never printed). */
  key: string;
  /** Default DEFAULT_MARKERS. */
  markers?: Markers;
  /** The key's group when known (the gateway does not tell it): prices use its ratio. */
  group?: string;
}

export interface ModelList {
  models: ClassifiedModel[];
  /** false when no model carried marks. */
  marked: boolean;
  requestId?: string;
  /** Models dropped from the list and why. */
  warnings: Message[];
  /** The gateway's own version, when it says (`X-New-Api-Version`). */
  gatewayVersion?: string;
  /**
   * The body carries new-api's own `"success": true` beside the list: new-api's answer, even where a
   * proxy in front of it dropped its request ID header.
   */
  newApiBody?: true;
}
