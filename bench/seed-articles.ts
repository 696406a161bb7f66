import { fileURLToPath } from 'node:url';
import type { Article } from '../src/db/repository.js';
import type { Repository } from '../src/db/storage.js';
import { toNewImageSet } from '../src/images/image-set-files.js';
import { processImage } from '../src/images/process-image.js';

/** 600 x 545, the main-image size of spec section 9. */
const IMAGE = fileURLToPath(new URL('../public/imagem-principal.png', import.meta.url));

const TOPICS = [
  {
    titulo: 'Prontuário eletrônico e LGPD: cuidados com os dados dos pacientes',
    descricao: 'O que a Lei Geral de Proteção de Dados exige do consultório e como o prontuário eletrônico ajuda a cumprir.',
    keywords: 'LGPD, prontuário eletrônico, segurança de dados',
  },
  {
    titulo: 'Receitas e atestados com assinatura digital',
    descricao: 'Como emitir receitas e atestados válidos em todo o Brasil, assinados digitalmente e enviados ao paciente.',
    keywords: 'receita digital, atestado, assinatura digital',
  },
  {
    titulo: 'Agenda on-line: menos faltas e mais tempo para o paciente',
    descricao: 'Lembretes por WhatsApp, SMS e e-mail reduzem faltas e reorganizam o dia do consultório.',
    keywords: 'agenda médica, lembretes, WhatsApp',
  },
  {
    titulo: 'Secretárias e médicos na mesma plataforma',
    descricao: 'Permissões claras para a equipe do consultório trabalhar junta sem expor o que é sigiloso.',
    keywords: 'secretária, consultório, permissões',
  },
];

const BODY = `<h2>Por que isso importa</h2>
<p>O consultório que organiza o histórico de cada paciente em um só lugar ganha tempo em cada consulta e
reduz erros de transcrição. Com o <strong>prontuário eletrônico</strong>, anamnese, exames e prescrições
ficam disponíveis em qualquer dispositivo.</p>
<ul>
<li>Acesso seguro, com criptografia e cópias de segurança diárias;</li>
<li>Registro de quem consultou ou alterou cada informação;</li>
<li>Envio de documentos ao paciente por e-mail ou WhatsApp.</li>
</ul>
<blockquote><p>“Passei a atender com mais calma: tudo o que preciso está na tela.”</p></blockquote>
<h3>Como começar</h3>
<p>O plano Residente é gratuito para até 10 prontuários por mês, sem cartão de crédito. Quando o
consultório crescer, o plano Profissional libera prontuários ilimitados.</p>`;

/**
 * Articles one day apart, newest last, each with the main image through the pipeline: a site with real pages to
 * measure and to look at.
 */
export async function seedArticles(repo: Repository, count: number, start = Date.UTC(2026, 0, 5, 14)): Promise<Article[]> {
  const articles: Article[] = [];
  const image = await processImage(IMAGE);
  for (let index = 0; index < count; index += 1) {
    const topic = TOPICS[index % TOPICS.length]!;
    const edition = Math.floor(index / TOPICS.length) + 1;
    const suffix = edition > 1 ? ` (parte ${edition})` : '';
    const id = await repo.articles.create({
      titulo: `${topic.titulo}${suffix}`,
      titulo_url: `${topic.titulo
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '')}${edition > 1 ? `-parte-${edition}` : ''}`,
      descricao: topic.descricao,
      keywords: topic.keywords,
      conteudo: BODY,
      autor: 'Equipe editorial',
      data_publicacao: new Date(start + index * 86_400_000).toISOString(),
      imagem: { nome: 'capa.png', caption: 'Médica consultando o prontuário eletrônico no computador', width: 600, height: 545 },
    });
    await repo.images.saveImageSet(toNewImageSet(id, 'capa.png', image));
    const article = await repo.articles.get(id);
    if (article) articles.push(article);
  }
  return articles;
}

/** Each article of seedTopicArticles() takes two of these, in turn: topic pages of about a quarter of them each. */
const TOPIC_NAMES = ['LGPD', 'Receita digital', 'Agenda médica', 'Equipe do consultório', 'Prontuário eletrônico'];

/**
 * `count` published articles with topics, stored in bulk as an import stores them (no images), dated
 * one hour apart before `end` so that the articles of seedArticles() stay the newest: the topic pages and
 * the search of a site with years of news.
 */
export async function seedTopicArticles(repo: Repository, count: number, end = Date.UTC(2026, 0, 1)): Promise<void> {
  const BATCH = 1_000;
  for (let first = 0; first < count; first += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - first) }, (_, offset) => {
      const index = first + offset;
      const topic = TOPICS[index % TOPICS.length]!;
      return {
        titulo: `${topic.titulo} (${index + 1})`,
        titulo_url: `artigo-com-temas-${index + 1}`,
        descricao: topic.descricao,
        keywords: topic.keywords,
        conteudo: BODY,
        autor: 'Equipe editorial',
        data_publicacao: new Date(end - (count - index) * 3_600_000).toISOString(),
        temas: [TOPIC_NAMES[index % TOPIC_NAMES.length]!, TOPIC_NAMES[(index + 2) % TOPIC_NAMES.length]!],
      };
    });
    await repo.articles.importArticles(batch);
  }
}
