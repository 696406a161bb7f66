import type { Migration } from '../../sql-dialect.js';

export const migration: Migration = {
  version: 4,
  name: 'índices de cobertura dos conjuntos de imagens',
  // Every page render reads its image sets. width and height were added after the image bytes, so
  // without these indexes each read walks the overflow pages of the stored image to reach them.
  sql: `
      CREATE INDEX artigo_imagens_conjuntos ON artigo_imagens (id_artigo, id, nome, width, height, has_alpha, animated);
      CREATE INDEX artigo_imagem_variantes_conjuntos
        ON artigo_imagem_variantes (id_artigo, id_imagem, arquivo, papel, formato, width, height, tamanho);
    `,
};
