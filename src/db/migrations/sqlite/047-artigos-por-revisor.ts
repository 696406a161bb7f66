import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 47,
  name: 'artigos por revisor e original da foto do perfil',
  // Issue 34. An author page lists the articles its person approved as reviewer: the approval is JSON in
  // revisao_medica, so the index is on the reviewer's id inside it (the same expression the query uses).
  // The photo's original (turned upright, at most 1600 px) and its focal point: the square variants are
  // re-made from it when the person moves the point, at new hashed URLs.
  sql: `
      CREATE TABLE perfil_foto_originais (
        id_pessoa INTEGER PRIMARY KEY REFERENCES pessoas(id) ON DELETE CASCADE,
        bytes BLOB NOT NULL,
        largura INTEGER NOT NULL,
        altura INTEGER NOT NULL,
        foco_x REAL,
        foco_y REAL
      );
      CREATE INDEX artigos_por_revisor ON artigos (json_extract(revisao_medica, '$.id_pessoa'), data_publicacao DESC, id DESC) WHERE revisao_medica IS NOT NULL;
    `,
};
