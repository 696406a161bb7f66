import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { POSTGRES_MIGRATIONS } from '../../../src/db/migrations/postgres/index.js';
import { SQLITE_MIGRATIONS } from '../../../src/db/migrations/sqlite/index.js';
import type { Migration } from '../../../src/db/sql-dialect.js';

/** The last migrations from before decision 025: the rule holds for every one after them. */
const RULE_ADOPTED_AFTER = { sqlite: 31, postgres: 29 } as const;

/** SQL without comments, on one line, upper case: what the patterns below read. */
const normalised = (sql: string) =>
  sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/\s+/g, ' ')
    .toUpperCase();

/** What the previous release could no longer run against (decision 025). */
const CONTRACTING: [string, RegExp][] = [
  ['DROP TABLE', /\bDROP TABLE\b/],
  ['DROP COLUMN', /\bDROP COLUMN\b/],
  ['RENAME', /\bRENAME\b/],
  ['ALTER COLUMN ... TYPE', /\bALTER COLUMN\b[^;]*?\bTYPE\b/],
  ['SET NOT NULL', /\bSET NOT NULL\b/],
  ['ADD COLUMN NOT NULL without DEFAULT', /\bADD COLUMN\b(?:(?!\bDEFAULT\b)[^;,])*?\bNOT NULL\b(?:(?!\bDEFAULT\b)[^;,])*(?:[;,]|$)/],
];

function contractions(sql: string): string[] {
  const text = normalised(sql);
  return CONTRACTING.filter(([, pattern]) => pattern.test(text)).map(([name]) => name);
}

/** src/db/schema.ts as the release before `file` was added had it (the parent of the commit that added it). */
function schemaBefore(file: string): string {
  const added = execFileSync('git', ['log', '--diff-filter=A', '--format=%H', '--', file], { encoding: 'utf8' }).trim().split('\n').at(-1);
  if (!added) throw new Error(`${file} não está no histórico do git: faça o commit da migração antes de rodar este teste`);
  return execFileSync('git', ['show', `${added}^:src/db/schema.ts`], { encoding: 'utf8' });
}

function fileOf(dialect: 'sqlite' | 'postgres', migration: Migration): string {
  const prefix = String(migration.version).padStart(3, '0');
  const name = readdirSync(`src/db/migrations/${dialect}`).find((entry) => entry.startsWith(`${prefix}-`));
  if (!name) throw new Error(`arquivo da migração ${prefix} não encontrado`);
  return `src/db/migrations/${dialect}/${name}`;
}

describe('migrations expand, then contract (decision 025)', () => {
  it('recognises what a previous release could not run against, and lets expansions through', () => {
    expect(contractions('ALTER TABLE artigos DROP COLUMN resumo;')).toEqual(['DROP COLUMN']);
    expect(contractions('DROP TABLE IF EXISTS antigos;')).toEqual(['DROP TABLE']);
    expect(contractions('ALTER TABLE artigos RENAME COLUMN titulo TO nome;')).toEqual(['RENAME']);
    expect(contractions('ALTER TABLE a ALTER COLUMN n TYPE bigint;')).toEqual(['ALTER COLUMN ... TYPE']);
    expect(contractions('ALTER TABLE a ALTER COLUMN n SET NOT NULL;')).toEqual(['SET NOT NULL']);
    expect(contractions('ALTER TABLE a ADD COLUMN n INTEGER NOT NULL;')).toEqual(['ADD COLUMN NOT NULL without DEFAULT']);
    expect(contractions('ALTER TABLE a ADD COLUMN n INTEGER NOT NULL DEFAULT 0;')).toEqual([]);
    expect(contractions('ALTER TABLE a ADD COLUMN n TEXT; CREATE INDEX i ON a (n); CREATE TABLE b (id INTEGER NOT NULL);')).toEqual([]);
    expect(contractions('-- DROP TABLE x (only a comment)\nALTER TABLE a ADD COLUMN n TEXT;')).toEqual([]);
  });

  for (const [dialect, migrations] of [
    ['sqlite', SQLITE_MIGRATIONS],
    ['postgres', POSTGRES_MIGRATIONS],
  ] as const) {
    it(`every ${dialect} migration after the rule contracts only what it declares, and only what the previous release no longer read`, () => {
      const checked = migrations.filter((migration) => migration.version > RULE_ADOPTED_AFTER[dialect]);
      for (const migration of checked) {
        const found = contractions(migration.sql);
        const declared = migration.contracts ?? [];
        expect(found.length === 0 || declared.length > 0, `${dialect} ${migration.version} (${migration.name}) faz ${found.join(', ')} sem declarar contracts`).toBe(true);
        if (declared.length === 0) continue;
        const previous = schemaBefore(fileOf(dialect, migration));
        for (const { table, column } of declared) {
          const name = column ?? table;
          expect(new RegExp(`\\b${name}\\b`).test(previous), `${dialect} ${migration.version}: a versão anterior ainda lê ${table}${column ? `.${column}` : ''}`).toBe(false);
        }
      }
    });
  }
});
