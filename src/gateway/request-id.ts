// The gateway's request ID is what support asks for; every response carries one. It is opaque:
// we never parse its format, only find it.

const HEADER = 'x-oneapi-request-id';
const IN_MESSAGE = /\(request id: ([^)\s]+)\)\s*$/;

/** The ID at the end of a gateway error message: `... (request id: 2026...)`. */
export function requestIdInMessage(message: string): string | undefined {
  return IN_MESSAGE.exec(message)?.[1];
}

/** The message without its trailing request-id suffix, for readable diagnoses. */
export function stripRequestId(message: string): string {
  return message.replace(/\s*\(request id: [^)]*\)\s*$/, '');
}

/** The header wins; otherwise the ID quoted inside the body (404s and passed-through errors have none). */
export function requestIdFrom(headers: Readonly<Record<string, string | string[] | undefined>>, body?: string): string | undefined {
  const raw = headers[HEADER];
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value && value.trim()) return value.trim();
  if (!body) return undefined;
  // The suffix sits at the end of the message, not of the body: search inside the JSON text.
  const m = /\(request id: ([^)\s"\\]+)\)/.exec(body);
  return m?.[1];
}
