// Small facts about a text file's layout that every editor must keep: BOM, line ending, indentation,
// final newline, and how to turn an offset into the 1-based line/column a person can look up.

const BOM = '\uFEFF';

/** Splits a leading UTF-8 BOM off so parsers and offsets see the text the user sees. */
export function splitBom(text: string): { bom: string; body: string } {
  return text.startsWith(BOM) ? { bom: BOM, body: text.slice(1) } : { bom: '', body: text };
}

/** CRLF when the file already uses it anywhere (Windows editors write it throughout); else LF. */
export function detectEol(text: string): '\n' | '\r\n' {
  return text.includes('\r\n') ? '\r\n' : '\n';
}

function endsWithNewline(text: string): boolean {
  return text.endsWith('\n');
}

/** The file's indentation unit: a tab, or the width of the first indented line; 2 spaces when flat. */
export function detectIndent(text: string): { insertSpaces: boolean; tabSize: number; unit: string } {
  for (const line of text.split('\n')) {
    const match = /^([ \t]+)\S/.exec(line);
    if (!match?.[1]) continue;
    const lead = match[1];
    if (lead.startsWith('\t')) return { insertSpaces: false, tabSize: 1, unit: '\t' };
    return { insertSpaces: true, tabSize: lead.length, unit: ' '.repeat(lead.length) };
  }
  return { insertSpaces: true, tabSize: 2, unit: '  ' };
}

/** 1-based line and column of a 0-based offset. */
export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(Math.max(offset, 0), text.length);
  for (let i = 0; i < end; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: end - lineStart + 1 };
}

/** Offset of the first character of the line holding `offset`. */
export function lineStartOf(text: string, offset: number): number {
  let i = offset;
  while (i > 0 && text[i - 1] !== '\n') i--;
  return i;
}

/** Makes `after` end with a newline exactly when `before` did (an edit must not change that). */
export function keepFinalNewline(before: string, after: string, eol: string): string {
  if (endsWithNewline(before) && !endsWithNewline(after)) return after + eol;
  if (!endsWithNewline(before) && endsWithNewline(after)) return after.replace(/\r?\n$/, '');
  return after;
}
