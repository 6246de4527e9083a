// Renders a JSON value the many ways people's files look: any indentation, CRLF or LF, one line or
// pretty, a BOM, no final newline, and for JSONC line and block comments and trailing commas.
// Every comment is unique (`c<n>`), so a test can look for each one afterwards.

export interface Layout {
  unit: string;
  eol: '\n' | '\r\n';
  /** Objects and arrays on one line. */
  compact: boolean;
  /** JSONC: comments and trailing commas. */
  jsonc: boolean;
  /** Which members get a comment (every n-th; 0 = none). */
  commentEvery: number;
  trailingCommas: boolean;
  bom: boolean;
  finalEol: boolean;
}

export function renderJson(value: unknown, layout: Layout): { text: string; comments: string[] } {
  const comments: string[] = [];
  let member = 0;
  const comment = (block: boolean): string => {
    const c = `c${comments.length}`;
    comments.push(c);
    return block ? `/* ${c} */` : `// ${c}`;
  };
  const wants = (): boolean => layout.jsonc && layout.commentEvery > 0 && member++ % layout.commentEvery === 0;
  const walk = (v: unknown, depth: number): string => {
    if (v === null || typeof v !== 'object') return JSON.stringify(v);
    const entries: [string | undefined, unknown][] = Array.isArray(v) ? v.map((x) => [undefined, x]) : Object.entries(v);
    const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
    if (entries.length === 0) return `${open}${close}`;
    const inner = layout.unit.repeat(depth + 1);
    const parts = entries.map(([k, x], i) => {
      const body = `${k === undefined ? '' : `${JSON.stringify(k)}: `}${walk(x, depth + 1)}`;
      const last = i === entries.length - 1;
      const comma = last ? (layout.jsonc && layout.trailingCommas ? ',' : '') : ',';
      if (layout.compact) return `${wants() ? `${comment(true)} ` : ''}${body}${comma}`;
      const before = wants() ? `${inner}${comment(false)}${layout.eol}` : '';
      const after = wants() ? ` ${comment(true)}` : '';
      return `${before}${inner}${body}${comma}${after}`;
    });
    if (layout.compact) return `${open}${parts.join(' ')}${close}`;
    return `${open}${layout.eol}${parts.join(layout.eol)}${layout.eol}${layout.unit.repeat(depth)}${close}`;
  };
  const head = layout.jsonc && layout.commentEvery > 0 ? `${comment(false)}${layout.eol}` : '';
  const text = `${layout.bom ? '\uFEFF' : ''}${head}${walk(value, 0)}${layout.finalEol ? layout.eol : ''}`;
  return { text, comments };
}
