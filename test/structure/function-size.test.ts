// The size of the pieces, read from the source with TypeScript's own parser. Kept out of the unit
// tier: loading the compiler costs that edit loop a second or two.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', '..', 'src');

describe('small pieces', () => {
  it('no function in src/ is over 80 lines (the catalogs hold sentences, not functions)', () => {
    const long: string[] = [];
    const files = readdirSync(SRC, { recursive: true, withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith('.ts'));
    for (const e of files) {
      const path = relative(SRC, join(e.parentPath, e.name)).split(sep).join('/');
      if (path.includes('/messages/')) continue;
      const file = ts.createSourceFile(path, readFileSync(join(SRC, path), 'utf8'), ts.ScriptTarget.Latest, true);
      const visit = (node: ts.Node): void => {
        if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
          const first = file.getLineAndCharacterOfPosition(node.getStart(file)).line;
          const last = file.getLineAndCharacterOfPosition(node.getEnd()).line;
          if (last - first + 1 > 80) long.push(`${path}:${first + 1} (${last - first + 1} lines)`);
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
    }
    expect(long).toEqual([]);
  });
});
