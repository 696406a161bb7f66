import type { Response } from 'express';
import { z } from 'zod';
import type { Config } from '../config.js';
import { MESSAGES } from '../lib/messages.js';
import type { AnyEndpoint } from './endpoint.js';
import { editorKeyField, envelopeSchema } from './openapi-schemas.js';
import { leadCreatedEventSchema } from './webhook-schemas.js';

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
  423: 'Outra pessoa assumiu a edição deste artigo: o que foi enviado ficou guardado como sugestão e o artigo não mudou.',
  429: MESSAGES.tooManyKeyFailures,
  503: MESSAGES.storageUnavailable,
};

const json = (schema: JsonSchema) => ({ 'application/json': { schema } });

/** An endpoint that acts for an editor (not for a person's own account) takes the editor key in the body too. */
function takesKey(access: AnyEndpoint['access']): boolean {
  return typeof access === 'object' && !access.person;
}

function requestBody(endpoint: AnyEndpoint) {
  const body = endpoint.json ?? endpoint.jsonReadByHandler;
  if (body) {
    const schema = jsonSchema(body, 'input');
    const properties = schema.properties as Record<string, unknown> | undefined;
    if (properties && !properties.key && takesKey(endpoint.access)) schema.properties = { ...properties, key: jsonSchema(editorKeyField.optional(), 'input') };
    return { requestBody: { required: true, content: json(schema) } };
  }
  if (endpoint.multipart) return { requestBody: { required: true, content: { 'multipart/form-data': { schema: jsonSchema(endpoint.multipart.form, 'input') } } } };
  return {};
}

function parameters(endpoint: AnyEndpoint) {
  const inPath = Object.entries(endpoint.params ?? {}).map(([name, schema]) => ({ name, in: 'path', required: true, schema: jsonSchema(schema, 'input') }));
  const query = endpoint.query ? jsonSchema(endpoint.query, 'input') : {};
  const required = (query.required ?? []) as string[];
  const inQuery = Object.entries((query.properties ?? {}) as Record<string, JsonSchema>).map(([name, schema]) => ({ name, in: 'query', required: required.includes(name), schema }));
  const all = [...inPath, ...inQuery];
  return all.length > 0 ? { parameters: all } : {};
}

function operation(endpoint: AnyEndpoint) {
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
    ...parameters(endpoint),
    ...requestBody(endpoint),
    responses,
  };
}

/** What the site POSTs to LEADS_WEBHOOK_URL (src/outbox/webhook-sender.ts), and how a receiver checks it (docs/decisions/024). */
function webhooks() {
  const header = (name: string, description: string, schema: JsonSchema) => ({ name, in: 'header', required: true, description, schema });
  return {
    'contato.criado': {
      post: {
        operationId: 'webhookContatoCriado',
        summary: 'Um pedido de demonstração, enviado a LEADS_WEBHOOK_URL',
        description:
          'Assinado como o Stripe assina: confira a assinatura sobre o corpo cru, antes de interpretar o JSON. ' +
          'Qualquer resposta fora de 2xx (ou nenhuma em 10 s) é repetida, com o mesmo id e o mesmo corpo, a partir de ' +
          'LEADS_WEBHOOK_RETRY_BASE_SECONDS e dobrando, por 24 horas.',
        parameters: [
          header('X-Prontivo-Delivery', 'O id da entrega, igual ao id do corpo: o mesmo em toda nova tentativa.', { type: 'string', format: 'uuid' }),
          header(
            'X-Prontivo-Signature',
            't=<segundos unix da tentativa>,v1=<HMAC-SHA256 em hexadecimal, com LEADS_WEBHOOK_SECRET, de "<t>.<corpo cru>">. Recuse se não conferir ou se t estiver longe do seu relógio (5 minutos, por exemplo).',
            { type: 'string', pattern: '^t=\\d+,v1=[0-9a-f]{64}$' },
          ),
        ],
        requestBody: { required: true, content: json(jsonSchema(leadCreatedEventSchema, 'output')) },
        responses: {
          '2XX': { description: 'Recebido: não será enviado de novo.' },
          default: { description: 'Qualquer outra resposta: nova tentativa mais tarde, com o mesmo id.' },
        },
      },
    },
  };
}

/** '/artigos/:id' → '/artigos/{id}' */
export function openApiPath(expressPath: string): string {
  return expressPath.replace(/:([A-Za-z_]\w*)/g, '{$1}');
}

export function openApiDocument(config: Pick<Config, 'apiBasePath' | 'site'>, endpoints: readonly AnyEndpoint[]) {
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
    webhooks: webhooks(),
  };
}

const documentCache = new WeakMap<object, string>();

/** GET {API_BASE_PATH}/openapi.json: built once per app (per config), from the same zod schemas that validate requests. */
export function sendOpenApiDocument(res: Response, config: Pick<Config, 'apiBasePath' | 'site'>, endpoints: readonly AnyEndpoint[]): void {
  const body = documentCache.get(config) ?? JSON.stringify(openApiDocument(config, endpoints));
  documentCache.set(config, body);
  res.setHeader('Cache-Control', 'public, max-age=300');
  res.type('application/json').send(body);
}
