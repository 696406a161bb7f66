import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 39,
  name: 'visitantes do dia',
  // Unique visitors as Plausible counts them: the day's salt, shared by every instance and deleted once
  // its day is over; each visitor's salted hash for the day ('' = the whole site, else a page), folded
  // into a count per day and page once the day is over, when the hashes are deleted too.
  sql: `
      CREATE TABLE estatisticas_sal (
        dia TEXT PRIMARY KEY,
        sal TEXT NOT NULL
      );
      CREATE TABLE estatisticas_hashes (
        dia TEXT NOT NULL,
        caminho TEXT NOT NULL,
        hash TEXT NOT NULL,
        PRIMARY KEY (dia, caminho, hash)
      );
      CREATE TABLE estatisticas_visitantes (
        dia TEXT NOT NULL,
        caminho TEXT NOT NULL,
        visitantes INTEGER NOT NULL,
        PRIMARY KEY (dia, caminho)
      );
    `,
};
