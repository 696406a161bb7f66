import { z } from 'zod';
import { ARTICLE_STATUSES, REVISION_ACTIONS } from '../db/repository.js';
import { CHECK_RULES } from '../content/pre-publish-checks.js';
import { articleIdSchema } from './article-schemas.js';
import { LIMITS } from '../lib/messages.js';
import { ROLES } from '../people/roles.js';

/**
 * Shapes that only the API reference needs: what the handlers answer, and the fields checked outside
 * zod (the editor key, by a constant-time comparison). Requests are described by the very schemas
 * that validate them (article-schemas.ts); nothing here validates anything.
 */

export const editorKeyField = z.string().min(1).meta({ description: 'Chave de editor (EDITOR_KEYS); conferida no servidor.' });

export const articleSchema = z
  .object({
    id: z.int().min(1),
    titulo: z.string(),
    titulo_url: z.string(),
    conteudo: z.string().meta({ description: 'HTML já limpo pela lista de permissões do editor.' }),
    descricao: z.string(),
    keywords: z.string(),
    data_publicacao: z.iso.datetime(),
    data_atualizacao: z.iso.datetime(),
    autor: z.string(),
    imagem_nome: z.string().nullable(),
    imagem_caption: z.string().nullable(),
    imagem_alt: z.string().nullable().meta({ description: 'Texto alternativo da imagem principal; null: a legenda serve.' }),
    imagem_width: z.int().nullable(),
    imagem_height: z.int().nullable(),
    temas: z.array(z.string()).optional().meta({ description: 'Os nomes dos temas do artigo, na ordem dada (na leitura de um artigo).' }),
  })
  .meta({ title: 'Artigo' });

const statusSchema = z.enum(ARTICLE_STATUSES);
const referenceOut = z.object({ texto: z.string(), url: z.string().optional() });

/** A public article read by id: the spec's fields plus who signs it, who reviewed it and its sources (issue 18). */
export const publicArticleSchema = articleSchema
  .extend({
    autores: z.array(
      z.object({
        nome: z.string(),
        url: z.string().nullable().meta({ description: 'Página do autor; null sem perfil público.' }),
        credencial: z.string().nullable().meta({ description: 'Linha de credencial: nome — profissão — conselho/UF número — especialidade — RQE nº.' }),
      }),
    ),
    revisao_medica: z
      .object({ revisor: z.string(), credencial: z.string().nullable(), data: z.iso.datetime() })
      .nullable()
      .meta({ description: 'A revisão médica que vale para o texto publicado (artigos clínicos); null sem revisão.' }),
    referencias: z.array(referenceOut).meta({ description: 'Referências de um artigo clínico, na ordem numerada da página.' }),
    proxima_revisao: z.string().nullable().optional().meta({ description: 'Dia AAAA-MM-DD até o qual a revisão médica mostrada vale (null sem data); ausente num artigo sem revisão médica.' }),
  })
  .meta({ title: 'ArtigoPublico' });

/** What an editor reads: any state, with the version to send back on save and the processed images. */
export const editableArticleSchema = articleSchema
  .extend({
    status: statusSchema,
    versao: z.int().min(1),
    publicar_em: z.iso.datetime().nullable(),
    imagens: z.array(z.looseObject({ nome: z.string() })).meta({ description: 'ImageSet[] das imagens processadas do artigo.' }),
    autores: z.array(z.int()).meta({ description: 'Ids das pessoas que assinam, na ordem da assinatura.' }),
    clinico: z.boolean(),
    referencias: z.array(referenceOut),
    revisao_medica: z
      .object({ id_pessoa: z.int(), revisor: z.string(), data: z.iso.datetime(), versao: z.int(), digest: z.string() })
      .nullable()
      .meta({ description: 'A última aprovação; vale enquanto título, descrição e conteúdo forem os aprovados.' }),
    aguardando_revisao_medica: z.boolean().meta({ description: 'Artigo clínico cujo texto atual ainda não foi aprovado.' }),
    proxima_revisao: z.string().nullable().meta({ description: 'Dia AAAA-MM-DD até o qual a revisão médica vale; null sem data.' }),
  })
  .meta({ title: 'ArtigoEditavel' });

const publishWarningsSchema = z
  .array(z.object({ regra: z.enum(CHECK_RULES), mensagem: z.string() }))
  .optional()
  .meta({ description: 'Artigo público (publicado ou agendado): os avisos de "Antes de publicar", que não impedem a publicação.' });

export const savedVersionSchema = z.object({
  id: z.int(),
  versao: z.int(),
  aguardando_revisao_medica: z
    .literal(true)
    .optional()
    .meta({ description: 'Artigo clínico publicado: a nova versão espera a revisão médica, e o site continua mostrando a aprovada.' }),
  avisos: publishWarningsSchema,
});
export const approvedReviewSchema = z.object({ revisor: z.string(), data: z.iso.datetime(), versao: z.int(), proxima_revisao: z.string().nullable().meta({ description: 'Dia AAAA-MM-DD até o qual a revisão vale.' }) });
export const statusChangedSchema = z.object({ id: z.int(), status: statusSchema, versao: z.int(), avisos: publishWarningsSchema });

export const editorListSchema = z.object({
  items: z.array(
    z.object({
      id: z.int(),
      titulo: z.string(),
      titulo_url: z.string(),
      status: statusSchema,
      autor: z.string(),
      data_atualizacao: z.iso.datetime(),
      publicar_em: z.iso.datetime().nullable(),
      versao: z.int(),
      clinico: z.boolean(),
      aguardando_revisao: z.boolean().meta({ description: 'Clínico, e o texto atual ainda não foi aprovado por um médico.' }),
    }),
  ),
  total: z.int(),
});

const revisionFields = { versao: z.int(), autor: z.string(), id_pessoa: z.int().nullable(), data: z.iso.datetime(), acao: z.enum(REVISION_ACTIONS), titulo: z.string() };
export const revisionListSchema = z.array(z.object(revisionFields));
export const revisionSchema = z
  .object({
    id: z.int(),
    ...revisionFields,
    titulo_url: z.string(),
    conteudo: z.string(),
    descricao: z.string(),
    keywords: z.string(),
    imagem_nome: z.string().nullable(),
    imagem_caption: z.string().nullable(),
    imagem_alt: z.string().nullable().meta({ description: 'Texto alternativo da imagem principal; null: a legenda serve.' }),
    imagem_width: z.int().nullable(),
    imagem_height: z.int().nullable(),
    status: statusSchema,
    publicar_em: z.iso.datetime().nullable(),
    temas: z
      .array(z.string())
      .nullable()
      .meta({ description: 'Os nomes dos temas nesta versão, na ordem dada; null em versões salvas antes de o histórico registrar os temas (restaurá-las mantém os temas atuais).' }),
  })
  .meta({ title: 'Revisao' });

export const sessionSchema = z.object({ autor: z.string() }).meta({ title: 'Sessao' });

export const personSignedInSchema = z
  .object({
    nome: z.string().meta({ description: 'Nome da pessoa que entrou.' }),
    papel: z.enum(ROLES),
    autor: z.string().meta({ description: 'O mesmo nome; mantido para clientes antigos.', deprecated: true }),
  })
  .meta({ title: 'PessoaEntrou' });

const variantSchema = z.object({
  format: z.enum(['avif', 'webp', 'jpeg', 'png', 'gif']),
  width: z.int(),
  height: z.int(),
  url: z.string().meta({ description: 'URL com hash do conteúdo, em cache por um ano (immutable).' }),
  bytes: z.int(),
});

export const savedImageSchema = z
  .looseObject({
    id: z.int(),
    id_artigo: z.int(),
    nome: z.string().meta({ description: 'Nome salvo (nunca substitui outra imagem do artigo); /assets/artigos/{id}/{nome} serve a imagem: ao público só enquanto o artigo é público, antes disso só a editores.' }),
    width: z.int().meta({ description: 'Largura real, já na orientação correta (lado maior até 2560 px).' }),
    height: z.int(),
    hasAlpha: z.boolean(),
    animated: z.boolean(),
    masterUrl: z.string(),
    variants: z.array(variantSchema).meta({ description: 'Larguras 320 a 1920 em AVIF, WebP e JPEG (PNG com transparência).' }),
    social: variantSchema.meta({ description: 'JPEG de 1200 × 630 para og:image, recortado em volta do ponto focal.' }),
    focus: z.object({ x: z.number(), y: z.number() }).meta({ description: 'Ponto focal (frações de 0 a 1 da largura e da altura); o centro quando ninguém escolheu.' }),
  })
  .meta({ title: 'ImagemSalva' });

export const uploadFormSchema = z.object({
  file: z.file().max(LIMITS.uploadBytes).meta({ description: 'JPEG, PNG, WebP, AVIF, GIF ou TIFF, até 10 MB e 50 megapixels.' }),
  filename: z.string().optional().meta({ description: 'Nome desejado; normalizado pelo servidor.' }),
  id_artigo: articleIdSchema,
  key: editorKeyField,
});

/** The answer of every endpoint (spec section 7); `value` depends on the endpoint. */
export function envelopeSchema(value: z.ZodType) {
  return z.object({
    status: z.union([z.literal(0), z.literal(1)]).meta({ description: '1 sucesso, 0 falha.' }),
    messages: z.array(z.string()).meta({ description: 'Mensagens em português, para mostrar ao editor.' }),
    command: z.string(),
    value: value.nullable(),
    fcrj: z.literal(true),
  });
}

export const searchResultsSchema = z
  .object({
    total: z.int(),
    itens: z.array(
      z.object({
        id: z.int(),
        titulo: z.string(),
        titulo_url: z.string(),
        descricao: z.string(),
        autor: z.string(),
        data_publicacao: z.iso.datetime(),
        trecho: z.string().meta({ description: 'Trecho do artigo em HTML: o texto escapado, as palavras encontradas em <mark>.' }),
      }),
    ),
  })
  .meta({ title: 'ResultadosDaBusca' });
