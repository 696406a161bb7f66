import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 4,
  name: 'índices de cobertura dos conjuntos de imagens',
  // Every page render reads its image sets: index-only scans, without touching the rows of the bytes.
  sql: `
      CREATE INDEX artigo_imagens_conjuntos ON artigo_imagens (id_artigo, id) INCLUDE (nome, width, height, has_alpha, animated);
      CREATE INDEX artigo_imagem_variantes_conjuntos
        ON artigo_imagem_variantes (id_artigo, id_imagem) INCLUDE (arquivo, papel, formato, width, height, tamanho);
    `,
};
