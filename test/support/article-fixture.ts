import type { Article } from '../../src/db/repository.js';

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
