import { z } from 'zod';
import { editorKeyField } from './openapi-schemas.js';
import { IMPORT_UPLOAD_BYTES } from './import-upload.js';

export const importFormSchema = z.object({
  file: z.file().max(IMPORT_UPLOAD_BYTES).meta({ description: 'Exportação do WordPress (XML), zip com ela e a pasta wp-content/uploads, ou zip de arquivos Markdown com front matter e imagens; até 500 MB.' }),
  key: editorKeyField,
});

export const importJobSchema = z.object({
  id: z.int(),
  origem: z.enum(['wordpress', 'markdown']),
  arquivo: z.string(),
  sha256: z.string(),
  estado: z.enum(['em-andamento', 'concluida']),
  total: z.int(),
  feitos: z.int(),
  criados: z.int(),
  recusados: z.int(),
  autor: z.string(),
  criada_em: z.string(),
  atualizada_em: z.string(),
});

export const importItemSchema = z.object({
  id_origem: z.string(),
  tipo: z.string(),
  titulo: z.string(),
  acao: z.enum(['criar', 'existente', 'recusar']),
  motivo: z.string().optional(),
  status: z.enum(['publicado', 'rascunho', 'agendado']).optional(),
  titulo_url: z.string().optional(),
  id_artigo: z.int().optional(),
  avisos: z.array(z.string()),
  imagens: z.int(),
  imagens_remotas: z.array(z.string()),
});

export const importReportSchema = z.object({
  origem: z.enum(['wordpress', 'markdown']),
  fonte: z.string(),
  total: z.int(),
  criar: z.int(),
  existentes: z.int(),
  recusados: z.int(),
  ignorados: z.record(z.string(), z.int()),
  itens: z.array(importItemSchema),
});
