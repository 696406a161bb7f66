import { z } from 'zod';
import { articleIdSchema, newArticleSchema, pageRequestSchema, searchRequestSchema } from './article-schemas.js';
import { approvalRequestSchema, creditsSchema, relevanceSchema } from './credit-schemas.js';
import {
  auditPageSchema,
  newPasswordSchema,
  passwordResetLinkSchema,
  passwordResetRequestedSchema,
  passwordResetRequestSchema,
  invitationRequestSchema,
  invitationSchema,
  passwordSignInSchema,
  personIdSchema,
  personSchema,
  personUpdateSchema,
} from './people-schemas.js';
import {
  approvedReviewSchema,
  articleSchema,
  editableArticleSchema,
  publicArticleSchema,
  editorKeyField,
  editorListSchema,
  searchResultsSchema,
  revisionListSchema,
  revisionSchema,
  savedImageSchema,
  savedVersionSchema,
  personSignedInSchema,
  sessionSchema,
  statusChangedSchema,
  uploadFormSchema,
} from './openapi-schemas.js';
import { topicCountSchema, topicRenameSchema, topicSlugSchema } from './topic-schemas.js';
import { newPersonalKeySchema, openSessionSchema, personalKeyIdSchema, personalKeyRequestSchema, personalKeySchema, sessionIdSchema } from './account-schemas.js';
import { passkeyConfirmationSchema, passkeyIdSchema, passkeyRegistrationSchema, passkeyRequirementSchema, passkeySignInSchema, passkeySummarySchema } from './passkey-schemas.js';
import {
  editorListRequestSchema,
  restoreRequestSchema,
  saveWorkflowSchema,
  statusRequestSchema,
  versaoParamSchema,
  versaoSchema,
} from './workflow-schemas.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

export interface Endpoint {
  method: HttpMethod;
  /** Express-style, relative to API_BASE_PATH: '/artigos/:id'. */
  path: string;
  summary: string;
  /** Path parameters, by name: the schemas the handler validates them with. */
  params?: Record<string, z.ZodType>;
  json?: z.ZodType;
  multipart?: z.ZodObject;
  /** The envelope's `value` on success; the OpenAPI document itself has none. */
  value?: z.ZodType;
  /** Failure statuses the endpoint answers with an envelope. */
  errors: number[];
  /** The raw response is not an envelope (the OpenAPI document). */
  raw?: boolean;
}

/**
 * Every endpoint of the API router, one line each. test/api/openapi.test.ts walks the router and fails
 * when a registered route is missing here or a line here has no route: a new endpoint is one line.
 */
export const ENDPOINTS: Endpoint[] = [
  { method: 'post', path: '/sessao', summary: 'Entra com a chave de editor, ou com e-mail e senha: abre a sessão (cookie sessao_editor, HttpOnly, 12 h sem uso)', json: z.object({ key: editorKeyField }).or(passwordSignInSchema), value: sessionSchema.or(personSignedInSchema), errors: [400, 403, 415, 429] },
  { method: 'get', path: '/sessao', summary: 'Quem está com a sessão aberta', value: sessionSchema, errors: [401] },
  { method: 'post', path: '/sessao/sair', summary: 'Encerra a sessão e apaga o cookie', errors: [] },
  { method: 'delete', path: '/sessao', summary: 'Encerra a sessão e apaga o cookie (o mesmo que POST /sessao/sair)', errors: [] },
  { method: 'post', path: '/artigos/novo', summary: 'Cria um artigo e devolve o id (publicado; ou rascunho, ou agendado com publicar_em); um artigo clínico nasce rascunho (409 se pedido publicado)', json: newArticleSchema.extend({ key: editorKeyField.optional(), ...saveWorkflowSchema.shape, ...creditsSchema.shape }), value: z.int(), errors: [400, 403, 409, 413, 415, 429] },
  { method: 'get', path: '/artigos/next-id', summary: 'Prévia do próximo id (o real é dado na criação)', value: z.int(), errors: [] },
  { method: 'post', path: '/artigos/ultimas-noticias', summary: 'Página de artigos, do mais novo ao mais antigo (total em X-Total-Count)', json: pageRequestSchema, value: z.array(articleSchema), errors: [400, 415] },
  { method: 'post', path: '/artigos/busca', summary: 'Busca nos artigos públicos: o título pesa mais que a descrição, que pesa mais que o corpo; acentos, maiúsculas e plurais não importam', json: searchRequestSchema, value: searchResultsSchema, errors: [400, 415] },
  { method: 'post', path: '/artigos/upload-imagem', summary: 'Envia uma imagem de um artigo (multipart)', multipart: uploadFormSchema, value: savedImageSchema, errors: [400, 403, 404, 413, 415, 422, 429] },
  { method: 'post', path: '/artigos/lista', summary: 'Artigos em qualquer estado, do mais recentemente alterado (editor)', json: editorListRequestSchema, value: editorListSchema, errors: [400, 401, 403, 415, 429] },
  { method: 'get', path: '/artigos/:id', summary: 'Lê um artigo: público sem credencial (um cookie de sessão vencido é ignorado); qualquer estado, com versao, status e imagens, com chave, Bearer ou sessão', params: { id: articleIdSchema }, value: publicArticleSchema.or(editableArticleSchema), errors: [400, 403, 404, 429] },
  { method: 'put', path: '/artigos/:id', summary: 'Salva um artigo na versão lida (409 se outra versão foi salva antes, ou se publicaria texto clínico sem revisão médica); num artigo clínico publicado, a versão nova espera a revisão e o site mantém a aprovada', params: { id: articleIdSchema }, json: newArticleSchema.extend({ key: editorKeyField.optional(), versao: versaoSchema, ...saveWorkflowSchema.shape, ...creditsSchema.shape, ...relevanceSchema.shape }), value: savedVersionSchema, errors: [400, 401, 403, 404, 409, 415, 429] },
  { method: 'delete', path: '/artigos/:id', summary: 'Remove o artigo, suas imagens e seu histórico (a URL pública passa a responder 410)', params: { id: articleIdSchema }, value: z.object({ id: z.int() }), errors: [400, 401, 403, 404, 429] },
  { method: 'post', path: '/artigos/:id/status', summary: 'Muda o estado: rascunho, agendado (com publicar_em), publicado ou despublicado', params: { id: articleIdSchema }, json: statusRequestSchema, value: statusChangedSchema, errors: [400, 401, 403, 404, 409, 415, 429] },
  { method: 'post', path: '/artigos/:id/revisao-medica', summary: 'Aprova a revisão médica da versão atual de um artigo clínico (revisor com CRM no perfil, que não o escreveu); uma versão à espera vai ao ar', params: { id: articleIdSchema }, json: approvalRequestSchema.extend({ key: editorKeyField.optional() }), value: approvedReviewSchema, errors: [400, 401, 403, 404, 409, 415, 429] },
  { method: 'get', path: '/artigos/:id/revisoes', summary: 'Histórico de versões, da mais nova à mais antiga', params: { id: articleIdSchema }, value: revisionListSchema, errors: [400, 401, 403, 404, 429] },
  { method: 'get', path: '/artigos/:id/revisoes/:versao', summary: 'O artigo como estava numa versão', params: { id: articleIdSchema, versao: versaoParamSchema }, value: revisionSchema, errors: [400, 401, 403, 404, 429] },
  { method: 'post', path: '/artigos/:id/revisoes/:versao/restaurar', summary: 'Salva o conteúdo de uma versão como nova versão (o estado é mantido)', params: { id: articleIdSchema, versao: versaoParamSchema }, json: restoreRequestSchema, value: savedVersionSchema, errors: [400, 401, 403, 404, 409, 415, 429] },
  { method: 'post', path: '/pessoas/convites', summary: 'Convida uma pessoa (administradores): o link de uso único vale 7 dias e só aparece nesta resposta', json: invitationRequestSchema.extend({ key: editorKeyField.optional() }), value: invitationSchema, errors: [400, 401, 403, 409, 415, 429] },
  { method: 'post', path: '/pessoas/convites/:token', summary: 'A pessoa convidada escolhe a senha (uma vez; 410 se o convite foi usado ou venceu)', params: { token: z.string() }, json: newPasswordSchema, value: z.object({ nome: z.string(), papel: z.string() }), errors: [400, 404, 410, 415] },
  { method: 'post', path: '/pessoas/senha/esqueci', summary: 'Esqueci a senha: com SMTP_URL, e-mail com um link de uso único que vale 1 hora, se o e-mail for de uma pessoa ativa; a mesma resposta para qualquer e-mail', json: passwordResetRequestSchema, value: passwordResetRequestedSchema, errors: [400, 415, 429] },
  { method: 'post', path: '/pessoas/redefinicoes/:token', summary: 'Escolhe uma nova senha com o link de redefinição (uma vez; 410 se foi usado, venceu ou não existe); encerra as outras sessões da pessoa, revoga as suas chaves de API pessoais (listadas em chaves_revogadas) e abre uma sessão nova (o link prova quem é: os limites de entrada não se aplicam)', params: { token: z.string() }, json: newPasswordSchema, value: z.object({ nome: z.string(), papel: z.string(), chaves_revogadas: z.array(personalKeySchema) }), errors: [400, 410, 415] },
  { method: 'post', path: '/pessoas/:id/redefinicao', summary: 'Gera um link de redefinição de senha de uso único, que vale 24 horas, para entregar à pessoa (administradores)', params: { id: personIdSchema }, json: z.object({ key: editorKeyField.optional() }), value: passwordResetLinkSchema, errors: [400, 401, 403, 404, 409, 415, 429] },
  { method: 'post', path: '/sessao/passkey/opcoes', summary: 'Opções para entrar com uma chave de acesso (passkey): navigator.credentials.get()', value: z.looseObject({ challenge: z.string() }), errors: [] },
  { method: 'post', path: '/sessao/passkey', summary: 'Entra com uma chave de acesso (passkey): abre a sessão', json: passkeySignInSchema, value: personSignedInSchema, errors: [400, 403, 415] },
  { method: 'post', path: '/pessoas/eu/passkeys/opcoes', summary: 'Opções para cadastrar uma chave de acesso (passkey) da pessoa conectada: navigator.credentials.create(); confirme que é você: senha_atual vai junto (403 se não conferir)', json: passkeyConfirmationSchema, value: z.looseObject({ challenge: z.string() }), errors: [400, 401, 403, 415, 429] },
  { method: 'get', path: '/pessoas/eu/passkeys', summary: 'As chaves de acesso (passkeys) da pessoa conectada', value: z.array(passkeySummarySchema), errors: [401, 403, 429] },
  { method: 'post', path: '/pessoas/eu/passkeys', summary: 'Cadastra uma chave de acesso (passkey) da pessoa conectada; confirme que é você: senha_atual vai junto (403 se não conferir, e nada é cadastrado)', json: passkeyRegistrationSchema, value: passkeySummarySchema, errors: [400, 401, 403, 415, 429] },
  { method: 'delete', path: '/pessoas/eu/passkeys/:id', summary: 'Remove uma chave de acesso (passkey) da pessoa conectada', params: { id: passkeyIdSchema }, errors: [401, 403, 404, 429] },
  { method: 'post', path: '/pessoas/eu/chaves', summary: 'Cria uma chave de API pessoal (só com a sessão aberta; confirme que é você: senha_atual vai junto, 403 se não conferir, e nada é criado): a chave aparece só nesta resposta e age com o papel da pessoa, no campo key ou como Bearer', json: personalKeyRequestSchema, value: newPersonalKeySchema, errors: [400, 401, 403, 415, 429] },
  { method: 'get', path: '/pessoas/eu/chaves', summary: 'As chaves de API pessoais da pessoa conectada (sem as chaves), com as revogadas por troca de senha, redefinição ou desativação marcadas', value: z.array(personalKeySchema), errors: [401, 403, 429] },
  { method: 'delete', path: '/pessoas/eu/chaves/:id', summary: 'Revoga uma chave de API pessoal: a próxima requisição com ela é recusada (uma já revogada sai da lista)', params: { id: personalKeyIdSchema }, errors: [400, 401, 403, 404, 429] },
  { method: 'get', path: '/pessoas/eu/sessoes', summary: 'As sessões abertas da pessoa conectada, da mais nova à mais antiga, com a atual marcada', value: z.array(openSessionSchema), errors: [401, 403, 429] },
  { method: 'delete', path: '/pessoas/eu/sessoes/:id', summary: 'Encerra uma sessão da pessoa conectada (em qualquer aparelho)', params: { id: sessionIdSchema }, errors: [400, 401, 403, 404, 429] },
  { method: 'get', path: '/pessoas/passkey-exigida', summary: 'Papéis que precisam de chave de acesso (administradores)', value: passkeyRequirementSchema, errors: [401, 403, 429] },
  { method: 'put', path: '/pessoas/passkey-exigida', summary: 'Exige chave de acesso destes papéis (administradores): quem entrar com senha cadastra uma antes de qualquer outra coisa', json: passkeyRequirementSchema, value: passkeyRequirementSchema, errors: [400, 401, 403, 415, 429] },
  { method: 'get', path: '/pessoas/assinaturas', summary: 'As pessoas ativas que podem assinar um artigo, pelo nome da assinatura (qualquer editor)', value: z.array(z.object({ id: z.int(), nome: z.string() })), errors: [401, 403, 429] },
  { method: 'get', path: '/pessoas', summary: 'As pessoas da área dos editores (administradores)', value: z.array(personSchema), errors: [401, 403, 429] },
  { method: 'patch', path: '/pessoas/:id', summary: 'Muda o papel ou desativa (administradores); desativar encerra as sessões da pessoa e revoga as suas chaves de API pessoais na hora, e reativar não as traz de volta', params: { id: personIdSchema }, json: personUpdateSchema, value: personSchema, errors: [400, 401, 403, 404, 409, 415, 429] },
  { method: 'get', path: '/temas', summary: 'Os temas por nome, com quantos artigos públicos cada um tem (sem credencial, só os que têm algum; com credencial de editor, todos)', value: z.array(topicCountSchema), errors: [429] },
  { method: 'patch', path: '/temas/:slug', summary: 'Renomeia um tema (quem pode publicar qualquer artigo): o endereço antigo passa a redirecionar (301) para o novo', params: { slug: topicSlugSchema }, json: topicRenameSchema.extend({ key: editorKeyField.optional() }), value: z.object({ nome: z.string(), slug: z.string() }), errors: [400, 401, 403, 404, 409, 415, 429] },
  { method: 'get', path: '/auditoria', summary: 'Registro de auditoria, do mais novo ao mais antigo (administradores)', value: auditPageSchema, errors: [400, 401, 403, 429] },
  { method: 'get', path: '/openapi.json', summary: 'Este documento (OpenAPI 3.1)', errors: [], raw: true },
];
