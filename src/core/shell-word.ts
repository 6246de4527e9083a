// A path or name in a command we print for the user to paste: quoted for a POSIX shell so that no
// character of it is evaluated (`$(…)`, backticks, `!`, spaces), whatever folder it names.

/** `text` as one word a POSIX shell takes literally: bare when it is plain, else single-quoted. */
export function shellWord(text: string): string {
  if (/^[A-Za-z0-9_/.,:@%+=~-]+$/.test(text) && !text.startsWith('~')) return text;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
