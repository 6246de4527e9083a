// Model ids go from the gateway into config files, shell snippets and command lines. An id that
// could break out of any of those (quotes, control characters, path traversal) is dropped rather
// than escaped: no real model needs them, and a hostile or broken gateway should not steer a write.
import { msg, type Message } from '../i18n/index.js';

/** Why an id is unsafe to write anywhere, or undefined when it is fine. */
export function unsafeIdReason(id: string): Message | undefined {
  if (id.length === 0) return msg('model_id.empty');
  if (id.length > 200) return msg('model_id.too_long');
  // An agent's command line would read it as a flag (`--yolo` turns on auto-approve).
  if (id.startsWith('-')) return msg('model_id.dash');
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(id)) return msg('model_id.control');
  if (/["'`]/.test(id)) return msg('model_id.quotes');
  if (id.includes('\\')) return msg('model_id.backslash');
  // `vendor/model` ids are common (e.g. Qwen/Qwen2.5-72B-Instruct) and harmless; what is not is a
  // path that climbs (`..` segments), starts at the root, or has empty segments.
  if (id.split('/').some((seg) => seg === '..' || seg === '.')) return msg('model_id.relative');
  if (id.startsWith('/') || id.endsWith('/') || id.includes('//')) return msg('model_id.path');
  return undefined;
}

/** An id fit for a warning message: control characters shown escaped, length bounded. */
export function showId(id: string): string {
  const escaped = JSON.stringify(id.length > 80 ? `${id.slice(0, 79)}…` : id);
  return escaped;
}
