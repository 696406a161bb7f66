import { z } from 'zod';
import { savedImageSchema } from './openapi-schemas.js';

const fraction = z.number({ error: 'O ponto focal é um número de 0 a 1.' }).min(0, { error: 'O ponto focal vai de 0 a 1.' }).max(1, { error: 'O ponto focal vai de 0 a 1.' });

export const focalPointSchema = z.object({ x: fraction, y: fraction }).meta({ description: 'Frações da largura (x) e da altura (y), de 0 a 1 a partir do canto superior esquerdo.' });

export const imageIdSchema = z
  .string({ error: 'Imagem não encontrada.' })
  .regex(/^[1-9]\d{0,9}$/, { error: 'Imagem não encontrada.' })
  .transform(Number)
  .refine((id) => id <= 2_147_483_647, { error: 'Imagem não encontrada.' });

const defaultText = z.string().trim().max(500, { error: 'Use até 500 caracteres.' }).transform((text) => text || null).nullable();

export const imageChangeSchema = z
  .object({
    foco: focalPointSchema.optional(),
    alt_padrao: defaultText.optional().meta({ description: 'Texto alternativo padrão dos novos usos; "" ou null apaga.' }),
    legenda_padrao: defaultText.optional().meta({ description: 'Legenda padrão dos novos usos; "" ou null apaga.' }),
  })
  .refine((change) => change.foco !== undefined || change.alt_padrao !== undefined || change.legenda_padrao !== undefined, { error: 'Mande foco, alt_padrao ou legenda_padrao.' });

export const libraryQuerySchema = z.object({
  q: z.string().max(200).optional().meta({ description: 'Palavras do nome, do texto alternativo ou do título do artigo.' }),
  pagina: z.coerce.number().int().min(1).max(100_000).default(1).meta({ description: 'A página, de 24 imagens.' }),
});

export const libraryImageSchema = z
  .object({
    id: z.int(),
    id_artigo: z.int().meta({ description: 'O artigo para o qual foi enviada: suas URLs ficam sob ele.' }),
    titulo_artigo: z.string(),
    nome: z.string(),
    width: z.int(),
    height: z.int(),
    foco: focalPointSchema.nullable().meta({ description: 'null: ninguém escolheu; os recortes usam o centro.' }),
    alt_padrao: z.string().nullable(),
    legenda_padrao: z.string().nullable(),
    updated_at: z.string(),
    miniatura: z.string(),
    usos: z.array(z.object({ id_artigo: z.int(), titulo: z.string(), nome: z.string() })).meta({ description: 'Artigos que mostram a imagem (no texto ou como imagem principal), com o nome dela em cada um.' }),
  })
  .meta({ title: 'ImagemDaBiblioteca' });

export const insertImageRequestSchema = z.object({ id_imagem: z.int({ error: 'Escolha uma imagem.' }).min(1, { error: 'Escolha uma imagem.' }) });

export const insertedImageSchema = savedImageSchema
  .extend({ alt: z.string().meta({ description: 'Texto alternativo padrão da imagem (pode ser mudado neste uso).' }), legenda: z.string() })
  .meta({ title: 'ImagemInserida' });
