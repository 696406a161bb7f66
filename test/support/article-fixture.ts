import type { Article, StoredArticle } from '../../src/db/repository.js';

/** 2026-03-01T01:30Z is still 28 February in São Paulo: the URL and the page must say the 28th. */
export function makeArticle(overrides: Partial<Article> = {}): Article {
  return {
    id: 7,
    titulo: 'Prontuário eletrônico & LGPD: o que muda',
    titulo_url: 'prontuario-eletronico-e-lgpd',
    conteudo: '<p>Primeiro parágrafo com <strong>ênfase</strong> &amp; detalhes.</p>',
    descricao: 'Como proteger os dados dos pacientes.',
    keywords: 'lgpd, prontuário,  segurança ',
    data_publicacao: '2026-03-01T01:30:00.000Z',
    data_atualizacao: '2026-03-02T12:00:00.000Z',
    autor: 'Maria Souza',
    imagem_nome: 'capa lgpd.png',
    imagem_caption: 'Médica consultando o prontuário',
    imagem_alt: null,
    imagem_width: 600,
    imagem_height: 545,
    ...overrides,
  };
}

/** A published article as storage keeps it, with its workflow and credits: by default public, not clinical, never reviewed. */
export function makeStoredArticle(overrides: Partial<StoredArticle> = {}): StoredArticle {
  return {
    id: 1,
    titulo: 'Pressão alta no consultório',
    titulo_url: 'pressao-alta-no-consultorio',
    conteudo: '<p>Meça duas vezes.</p>',
    descricao: 'O que medir e quando.',
    keywords: 'hipertensão',
    data_publicacao: '2026-11-01T10:00:00.000Z',
    data_atualizacao: '2026-11-01T10:00:00.000Z',
    autor: 'Carla Dias',
    imagem_nome: null,
    imagem_caption: null,
    imagem_alt: null,
    imagem_width: null,
    imagem_height: null,
    status: 'publicado',
    publicar_em: null,
    versao: 4,
    ja_publicado: true,
    id_criador: 2,
    id_ultimo_editor: 2,
    id_publicador: 3,
    autores: [2],
    clinico: false,
    referencias: [],
    revisao_medica: null,
    proxima_revisao: null,
    ...overrides,
  };
}
