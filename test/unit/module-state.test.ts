import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * State kept by a module outlives every app made in the process (tests make many) and is shared by all
 * of them: it belongs in the app's context (src/http/app-context.ts). What is truly process-wide says so
 * in its name (a cache, a memo, a registry such as SQLite's per-file turns); a constant table is
 * written in UPPER_SNAKE_CASE and never changed. ESLint's no-restricted-syntax catches the first two
 * cases while editing; only this test sees a constant table that is changed later.
 */
const STATE_NAME = /(Cache|Memo|Registry)$/i;
const CONSTANT_NAME = /^[A-Z][A-Z0-9_]*$/;
const COLLECTIONS = new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'Array']);
const MUTATORS = new Set(['set', 'add', 'delete', 'clear', 'push', 'pop', 'shift', 'unshift', 'splice', 'sort', 'reverse', 'fill', 'copyWithin']);

function unwrapped(node: ts.Expression): ts.Expression {
  let inner = node;
  while (ts.isAsExpression(inner) || ts.isSatisfiesExpression(inner) || ts.isParenthesizedExpression(inner)) inner = inner.expression;
  return inner;
}

function isCollection(init: ts.Expression | undefined): boolean {
  if (!init) return false;
  const value = unwrapped(init);
  if (ts.isArrayLiteralExpression(value)) return true;
  return ts.isNewExpression(value) && ts.isIdentifier(value.expression) && COLLECTIONS.has(value.expression.text);
}

/** Names changed in place somewhere in the file: `NAME.set(…)`, `NAME.push(…)`, `NAME[i] = …`. */
function mutatedNames(source: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && ts.isIdentifier(node.expression.expression) && MUTATORS.has(node.expression.name.text)) {
      names.add(node.expression.expression.text);
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isElementAccessExpression(node.left) && ts.isIdentifier(node.left.expression)) {
      names.add(node.left.expression.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

function moduleStateOffences(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const mutated = mutatedNames(source);
  const offences: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of statement.declarationList.declarations) {
      const name = declaration.name.getText(source);
      const line = source.getLineAndCharacterOfPosition(declaration.getStart(source)).line + 1;
      const where = `${fileName}:${line} ${name}`;
      if (!isConst) offences.push(`${where}: let/var no nível do módulo`);
      else if (!isCollection(declaration.initializer) || STATE_NAME.test(name)) continue;
      else if (!CONSTANT_NAME.test(name)) offences.push(`${where}: coleção sem nome de cache nem de constante`);
      else if (mutated.has(name)) offences.push(`${where}: tabela constante alterada depois`);
    }
  }
  return offences;
}

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name)) yield path;
  }
}

describe('module-level state', () => {
  it('is refused unless its name says it is a cache, a memo or a registry', () => {
    const offences = moduleStateOffences(
      'sample.ts',
      [
        'let started = false;',
        'export var count = 0;',
        'const seen = new Set<string>();',
        'const pending = [] as string[];',
        'const TERMS = new Map<string, string>();',
        'export function remember(word: string) { TERMS.set(word, word); }',
        'const ORDER = [3, 1, 2];',
        'ORDER[0] = 4;',
      ].join('\n'),
    );
    expect(offences).toEqual([
      'sample.ts:1 started: let/var no nível do módulo',
      'sample.ts:2 count: let/var no nível do módulo',
      'sample.ts:3 seen: coleção sem nome de cache nem de constante',
      'sample.ts:4 pending: coleção sem nome de cache nem de constante',
      'sample.ts:5 TERMS: tabela constante alterada depois',
      'sample.ts:7 ORDER: tabela constante alterada depois',
    ]);
  });

  it('accepts named caches, constant tables and state inside functions', () => {
    const offences = moduleStateOffences(
      'sample.tsx',
      [
        'const termCache = new Map<string, string>();',
        'const fileTurnRegistry = new Map<string, number>();',
        'const renderMemo = new WeakMap<object, string>();',
        "const STOP_WORDS = new Set(['a', 'o']);",
        "export const FORMATS = ['avif', 'webp'] as const;",
        'const format = new Intl.DateTimeFormat("pt-BR");',
        'export function counter() { let n = 0; const seen = new Set<number>(); return () => seen.add(++n); }',
        'termCache.set("a", "b");',
      ].join('\n'),
    );
    expect(offences).toEqual([]);
  });

  it('is found nowhere in src/', () => {
    const root = join(import.meta.dirname, '..', '..');
    const offences = [...sourceFiles(join(root, 'src'))].flatMap((path) => moduleStateOffences(relative(root, path), readFileSync(path, 'utf8')));
    expect(offences).toEqual([]);
  });
});
