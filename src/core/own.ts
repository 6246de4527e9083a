// Lookups by a name the user typed.
/**
 * `obj[key]` for a key the user typed (a profile's name): only the object's own entries, so that
 * `constructor` or `toString` is a name like any other, never a property every object inherits.
 */
export function own<T>(obj: Readonly<Record<string, T>> | undefined, key: string): T | undefined {
  return obj !== undefined && Object.hasOwn(obj, key) ? obj[key] : undefined;
}
