/**
 * A clinical article as issue 18 publishes one, created through the site's own doors: an author and a
 * reviewer invited and given profiles with CRM (the administrators' profile page), the article written
 * with references, approved by the reviewer and published. Returns the paths Lighthouse measures: the
 * article (with byline, review box, references) and its author's page.
 */

const PASSWORD = 'jabuticaba azul no telhado';

interface Envelope<T> {
  messages: string[];
  value: T;
}

async function call<T>(base: string, path: string, init: RequestInit): Promise<T> {
  const response = await fetch(`${base}${path}`, { redirect: 'manual', ...init });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${((await response.json()) as Envelope<T>).messages.join(' ')}`);
  return ((await response.json()) as Envelope<T>).value;
}

const json = (body: object, headers: Record<string, string> = {}): RequestInit => ({
  method: 'POST',
  headers: { 'Content-Type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

async function sessionCookie(base: string, body: object): Promise<string> {
  const response = await fetch(`${base}/api/sessao`, json(body));
  if (!response.ok) throw new Error(`/api/sessao: ${response.status}`);
  return response.headers.getSetCookie()[0]!.split(';')[0]!;
}

async function person(base: string, key: string, admin: string, nome: string, email: string, papel: string, profile: Record<string, string>): Promise<number> {
  const { id, convite_url } = await call<{ id: number; convite_url: string }>(base, '/api/pessoas/convites', json({ nome, email, papel }, { Authorization: `Bearer ${key}` }));
  await call(base, `/api/pessoas/convites/${new URL(convite_url).pathname.split('/').at(-1)}`, json({ senha: PASSWORD }));
  const saved = await fetch(`${base}/editor/pessoas/${id}/perfil`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: admin, Origin: base },
    body: new URLSearchParams(profile),
  });
  if (saved.status !== 303) throw new Error(`perfil de ${nome}: ${saved.status}`);
  return id;
}

export async function createCreditedArticle(base: string, key: string): Promise<{ article: string; author: string }> {
  const admin = await sessionCookie(base, { key });
  const author = await person(base, key, admin, 'Ana Souza', 'ana@clinica.com.br', 'autor', {
    nome_publico: 'Ana Souza',
    slug: 'ana-souza',
    tratamento: 'Dra.',
    profissao: 'MÉDICA',
    bio: 'Cardiologista, atende em São Paulo e escreve sobre hipertensão e prevenção cardiovascular.',
    conselho: 'CRM',
    registro: '123456',
    uf: 'SP',
    especialidade_0: 'Cardiologia',
    rqe_0: '7890',
  });
  await person(base, key, admin, 'João Lima', 'joao@clinica.com.br', 'revisor', {
    nome_publico: 'João Lima',
    slug: 'joao-lima',
    tratamento: 'Dr.',
    profissao: 'MÉDICO',
    conselho: 'CRM',
    registro: '654321',
    uf: 'SP',
    especialidade_0: 'Clínica Médica',
    rqe_0: '1111',
  });
  const draft = {
    status: 'rascunho',
    titulo: 'Como medir a pressão arterial em casa',
    titulo_url: 'como-medir-a-pressao-em-casa',
    descricao: 'Como orientar o paciente a medir a pressão arterial em casa, com o aparelho certo, nos horários certos e com registro.',
    keywords: 'hipertensão, pressão arterial',
    conteudo:
      '<p>Medir a pressão em casa ajuda a confirmar o diagnóstico e a ajustar o tratamento.</p><h2>O aparelho</h2><p>Prefira um aparelho automático de braço, validado.</p><h2>Os horários</h2><p>Duas medidas de manhã e duas à noite, depois de cinco minutos sentado.</p>',
    autores: [author],
    clinico: true,
    referencias: [
      { texto: 'Diretrizes Brasileiras de Hipertensão Arterial – 2020. Arq Bras Cardiol.', url: 'https://abc.cardiol.br/diretrizes-hipertensao-2020' },
      { texto: 'Ministério da Saúde. Caderno de Atenção Básica nº 37.' },
    ],
  };
  // Written by the author herself, as an author writes: she creates it, a colleague reviews it.
  const writer = await sessionCookie(base, { email: 'ana@clinica.com.br', senha: PASSWORD });
  const id = await call<number>(base, '/api/artigos/novo', json(draft, { Cookie: writer, Origin: base }));
  const reviewer = await sessionCookie(base, { email: 'joao@clinica.com.br', senha: PASSWORD });
  await call(base, `/api/artigos/${id}/revisao-medica`, json({}, { Cookie: reviewer, Origin: base }));
  await call(base, `/api/artigos/${id}/status`, json({ status: 'publicado' }, { Authorization: `Bearer ${key}` }));
  return { article: `/noticias/${id}`, author: '/autores/ana-souza' };
}
