import type { RequestHandler } from 'express';
import { z } from 'zod';
import type { Config } from '../config.js';
import { MESSAGES } from '../lib/messages.js';
import { envelopeSchema } from './openapi-schemas.js';
import { ENDPOINTS, type Endpoint } from './openapi-table.js';

type JsonSchema = Record<string, unknown>;

/** Requests are described as clients send them (before transforms and defaults), answers as sent. */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, target: 'draft-2020-12', unrepresentable: 'any' });
  return rest;
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Requisição inválida (mensagens dizem o quê).',
  401: 'Sessão de editor ausente ou expirada.',
  403: MESSAGES.keyInvalid,
  404: MESSAGES.articleNotFound,
  405: 'Método não permitido neste endereço (ver Allow).',
  409: 'O artigo foi salvo em outra versão antes desta; nada foi alterado.',
  410: 'O artigo foi retirado do ar.',
  413: 'Corpo ou arquivo grande demais.',
  415: 'Tipo de conteúdo não aceito.',
  429: MESSAGES.tooManyKeyFailures,
  503: MESSAGES.storageUnavailable,
};

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

function operation(endpoint: Endpoint) {
  const failure = jsonSchema(envelopeSchema(z.null()), 'output');
  const responses: Record<string, unknown> = {
    200: {
      description: 'Sucesso.',
      content: json(endpoint.raw ? { type: 'object' } : jsonSchema(envelopeSchema(endpoint.value ?? z.null()), 'output')),
    },
  };
  for (const status of [...endpoint.errors, 503]) {
    if (endpoint.raw) break;
    responses[status] = { description: STATUS_TEXT[status] ?? 'Falha.', content: json(failure) };
  }
  return {
    operationId: `${endpoint.method}${endpoint.path.replace(/[^a-z0-9]+(.)?/gi, (_m, next: string | undefined) => (next ?? '').toUpperCase())}`,
    summary: endpoint.summary,
    ...(endpoint.params && {
      parameters: Object.entries(endpoint.params).map(([name, schema]) => ({ name, in: 'path', required: true, schema: jsonSchema(schema, 'input') })),
    }),
    ...(endpoint.json && { requestBody: { required: true, content: json(jsonSchema(endpoint.json, 'input')) } }),
    ...(endpoint.multipart && {
      requestBody: { required: true, content: { 'multipart/form-data': { schema: jsonSchema(endpoint.multipart, 'input') } } },
    }),
    responses,
  };
}

/** '/artigos/:id' → '/artigos/{id}' */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z_]\w*)/g, '{$1}');
}

export function openApiDocument(config: Pick<Config, 'apiBasePath' | 'site'>, endpoints: Endpoint[] = ENDPOINTS) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const endpoint of endpoints) {
    const path = openApiPath(endpoint.path);
    paths[path] = { ...paths[path], [endpoint.method]: operation(endpoint) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: `API de artigos do site ${config.site.productName}`,
      version: '1.0.0',
      description:
        'Toda resposta é o envelope {status, messages, command, value, fcrj}; o status HTTP diz qual falha. Escritas pedem a chave de editor.',
    },
    servers: [{ url: `${config.site.siteUrl}${config.apiBasePath}` }],
    paths,
  };
}

/** GET {API_BASE_PATH}/openapi.json: built once per app, from the same zod schemas that validate requests. */
export function openApiHandler(config: Pick<Config, 'apiBasePath' | 'site'>): RequestHandler {
  const body = JSON.stringify(openApiDocument(config));
  return (_req, res) => {
    res.setHeader('Cache-Control', 'public, max-age=300');
    res.type('application/json').send(body);
  };
}
