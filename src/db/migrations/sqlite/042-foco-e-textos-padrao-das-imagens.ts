import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 42,
  name: 'foco e textos padrão das imagens',
  // Issue 34. The focal point is two fractions of the master's width and height (0 to 1); null means the
  // centre, which is what every crop used before. alt_padrao and legenda_padrao are what a new use of the
  // image starts with; each use may still say otherwise in its article. Pages read the focal point with
  // every image set, so it joins the covering index of migration 4 (a new index: that one stays).
  sql: `
      ALTER TABLE artigo_imagens ADD COLUMN foco_x REAL;
      ALTER TABLE artigo_imagens ADD COLUMN foco_y REAL;
      ALTER TABLE artigo_imagens ADD COLUMN alt_padrao TEXT;
      ALTER TABLE artigo_imagens ADD COLUMN legenda_padrao TEXT;
      CREATE INDEX artigo_imagens_conjuntos_com_foco ON artigo_imagens (id_artigo, id, nome, width, height, has_alpha, animated, foco_x, foco_y);
    `,
};
