import type { Article, StoredArticle } from '../db/repository.js';

/** The spec's article (section 3) plus data_atualizacao: what anyone may read of a public article. */
export function publicArticle(article: Article | StoredArticle): Article {
  const {
    status: _s,
    versao: _v,
    publicar_em: _p,
    ja_publicado: _j,
    id_criador: _c,
    id_ultimo_editor: _e,
    id_publicador: _pb,
    autores: _a,
    clinico: _cl,
    referencias: _r,
    revisao_medica: _m,
    pendente: _pe,
    proxima_revisao: _pr,
    ...fields
  } = article as StoredArticle;
  return fields;
}
