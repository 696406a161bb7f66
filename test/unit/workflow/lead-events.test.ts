import { describe, expect, it } from 'vitest';
import type { Lead } from '../../../src/db/lead-store.js';
import { leadCreatedEvent } from '../../../src/workflow/lead-events.js';
import { leadOrigin, originPage } from '../../../src/workflow/lead-origin.js';

const lead: Lead = {
  id: 41,
  name: 'Dra. Conceição Araújo',
  email: 'conceicao@clinica.com.br',
  phone: '(11) 98765-4321',
  profile: 'clinica',
  professionals: 12,
  specialty: null,
  message: 'Quero ver a agenda.',
  origin: { page: '/noticias/7/2025/03/10/agenda', articleId: 7, utm: { source: 'google', campaign: 'outono' } },
  state: 'novo',
  consent: {
    requestText: 'aviso',
    marketingText: 'caixa',
    version: '2025-06-01',
    marketingAccepted: true,
    at: '2025-03-10T12:00:00.000Z',
    page: '/demonstracao',
    truncatedAddress: '203.0.113.0',
  },
  createdAt: '2025-03-10T12:00:00.000Z',
  updatedAt: '2025-03-10T12:00:00.000Z',
};

describe('the CRM event of a new lead', () => {
  it('has exactly the shape the webhook documents', () => {
    expect(JSON.parse(JSON.stringify(leadCreatedEvent(lead)))).toEqual({
      evento: 'contato.criado',
      criado_em: '2025-03-10T12:00:00.000Z',
      contato: {
        id: 41,
        nome: 'Dra. Conceição Araújo',
        email: 'conceicao@clinica.com.br',
        telefone: '(11) 98765-4321',
        perfil: 'clinica',
        profissionais: 12,
        especialidade: null,
        mensagem: 'Quero ver a agenda.',
        aceita_conteudo: true,
        origem: { pagina: '/noticias/7/2025/03/10/agenda', artigo: 7, utm: { source: 'google', campaign: 'outono' } },
        criado_em: '2025-03-10T12:00:00.000Z',
      },
    });
  });
});

describe('the origin of a lead', () => {
  const origins = ['https://www.prontivo.com.br', 'http://127.0.0.1:3000'];
  it('takes the link parameter, else our own Referer, never another site, a protocol-relative path or the form itself', () => {
    expect(originPage('/preco-prontuario-eletronico', 'https://www.prontivo.com.br/noticias', origins, '/demonstracao')).toBe('/preco-prontuario-eletronico');
    expect(originPage(undefined, 'https://www.prontivo.com.br/noticias/7/a?b=1#c', origins, '/demonstracao')).toBe('/noticias/7/a');
    expect(originPage(undefined, 'http://127.0.0.1:3000/prontivo', origins, '/demonstracao')).toBe('/prontivo');
    expect(originPage(undefined, 'https://outro.example/noticias', origins, '/demonstracao')).toBeNull();
    expect(originPage('//outro.example/x', undefined, origins, '/demonstracao')).toBeNull();
    expect(originPage('https://outro.example/x', undefined, origins, '/demonstracao')).toBeNull();
    expect(originPage(undefined, 'https://www.prontivo.com.br/demonstracao', origins, '/demonstracao')).toBeNull();
    expect(originPage(`/${'a'.repeat(400)}`, undefined, origins, '/demonstracao')).toBeNull();
  });

  it('names the article a path is, and keeps only the utm values that are printable and short', () => {
    expect(leadOrigin('/noticias/12', {})).toEqual({ page: '/noticias/12', articleId: 12, utm: {} });
    expect(leadOrigin('/noticias/temas/agenda', {})).toEqual({ page: '/noticias/temas/agenda', articleId: null, utm: {} });
    expect(leadOrigin('', { source: ' google ', medium: '', campaign: 'x'.repeat(101), term: 'a\u0000b', content: 'prontuário eletrônico' })).toEqual({
      page: null,
      articleId: null,
      utm: { source: 'google', content: 'prontuário eletrônico' },
    });
  });
});
