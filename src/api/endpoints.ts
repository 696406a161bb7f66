import { z } from 'zod';
import { createKey, endSession, listKeys, listSessions, revokeKey } from './account-handlers.js';
import { newPersonalKeySchema, openSessionSchema, personalKeyIdSchema, personalKeyRequestSchema, personalKeySchema, sessionIdSchema } from './account-schemas.js';
import type { ApiServices } from './api-context.js';
import { changeStatus, deleteArticle, restoreRevision, updateArticle } from './article-edits.js';
import { getArticle, latestArticles, nextId, search } from './article-queries.js';
import { articleIdSchema, newArticleSchema, pageRequestSchema, searchRequestSchema } from './article-schemas.js';
import { createArticle } from './create-article.js';
import { clientErrorReportSchema, reportClientError } from './client-error-report.js';
import { approvalRequestSchema, creditsSchema, dueDateRequestSchema, relevanceSchema } from './credit-schemas.js';
import { editorList, listRevisions, readRevision } from './editor-reads.js';
import { eraseSubjectHandler, exportSubjectHandler } from './data-subject-handlers.js';
import { subjectDataSchema, subjectErasedSchema, subjectQuerySchema } from './data-subject-schemas.js';
import { endpointsFor, type Endpoint } from './endpoint.js';
import { statsCsvHandler, statsHandler } from './stats-handlers.js';
import { statsCsvQuerySchema, statsQuerySchema, statsReportSchema } from './stats-schemas.js';
import { imageUpload } from './image-upload.js';
import { getImport, listImports, previewImport, startImport } from './import-handlers.js';
import { importUpload } from './import-upload.js';
import { importFormSchema, importJobSchema, importReportSchema } from './import-schemas.js';
import { addLeadNoteHandler, changeLeadStateHandler, getLeadHandler, leadsCsvHandler, listLeadsHandler, resendDeliveryHandler } from './lead-handlers.js';
import {
  deliveryIdSchema,
  leadDeliverySchema,
  leadFiltersSchema,
  leadIdSchema,
  leadListQuerySchema,
  leadNoteRequestSchema,
  leadNoteSchema,
  leadPageSchema,
  leadRecordSchema,
  leadSchema,
  leadStateRequestSchema,
} from './lead-schemas.js';
import { approveReview, setNextReview } from './medical-review.js';
import { requestReview } from './review-request.js';
import { addCorrection, listCorrections } from './corrections.js';
import { addNoteHandler, listNotesHandler, replyToNoteHandler, resolveNoteHandler } from './notes.js';
import { noteIdSchema, noteReplySchema, noteSchema, resolveRequestSchema } from './note-schemas.js';
import { noteRequestSchema, replyRequestSchema } from '../workflow/note-input.js';
import { calendarFeedUrlHandler, planHandler, readPlanHandler, revokeCalendarFeedHandler } from './calendar-handlers.js';
import { calendarFeedSchema, planRequestSchema, planSchema } from './calendar-schemas.js';
import { createShareLinkHandler, listShareLinksHandler, revokeShareLinkHandler } from './share-links.js';
import { newShareLinkSchema, shareLinkIdSchema, shareLinkRequestSchema, shareLinkSchema } from './share-link-schemas.js';
import { reviewQueue, sendReminderNow } from './review-queue.js';
import { correctionRequestSchema, correctionSchema, reminderSchema, reviewQueueQuerySchema, reviewQueueSchema } from './review-schemas.js';
import {
  approvedReviewSchema,
  articleSchema,
  editableArticleSchema,
  editorKeyField,
  editorListSchema,
  personSignedInSchema,
  publicArticleSchema,
  revisionListSchema,
  revisionSchema,
  savedImageSchema,
  savedVersionSchema,
  searchResultsSchema,
  sessionSchema,
  statusChangedSchema,
  uploadFormSchema,
} from './openapi-schemas.js';
import { sendOpenApiDocument } from './openapi.js';
import { insertImage, listLibrary, patchImage, removeImage } from './media-library-handlers.js';
import { imageChangeSchema, imageIdSchema, insertedImageSchema, insertImageRequestSchema, libraryImageSchema, libraryQuerySchema } from './media-library-schemas.js';
import {
  listPasskeys,
  passkeyRegistrationOptions,
  passkeyRequiredRoles,
  passkeySignInOptions,
  registerPasskey,
  removePasskey,
  requirePasskeyForRoles,
  signInWithPasskey,
} from './passkey-handlers.js';
import { passkeyConfirmationSchema, passkeyIdSchema, passkeyRegistrationSchema, passkeyRequirementSchema, passkeySignInSchema, passkeySummarySchema } from './passkey-schemas.js';
import {
  acceptInvitationHandler,
  auditHandler,
  endEverySessionHandler,
  endPersonSessionsHandler,
  forgotPasswordHandler,
  invitePersonHandler,
  issuePasswordResetHandler,
  listPeopleHandler,
  resendInvitationHandler,
  resetPasswordHandler,
  updatePersonHandler,
} from './people-handlers.js';
import {
  auditPageSchema,
  auditQuerySchema,
  invitationRequestSchema,
  invitationSchema,
  resentInvitationSchema,
  newPasswordSchema,
  passwordResetLinkSchema,
  passwordResetRequestedSchema,
  passwordResetRequestSchema,
  passwordSignInSchema,
  personIdSchema,
  personSchema,
  personUpdateSchema,
} from './people-schemas.js';
import { closeSession, openSession, readSession } from './session-handlers.js';
import { listSigners } from './signers-handler.js';
import { listTopics, renameTopic } from './topic-handlers.js';
import { topicCountSchema, topicRenameSchema, topicSlugSchema } from './topic-schemas.js';
import { uploadImage } from './upload-image.js';
import { editorListRequestSchema, restoreRequestSchema, saveWorkflowSchema, statusRequestSchema, versaoParamSchema, versaoSchema } from './workflow-schemas.js';
import { leadChallenge, leadChallengeSchema } from './lead-challenge.js';
import { beatEditingHandler, listSuggestionsHandler, releaseEditingHandler, takeOverEditingHandler } from './edit-locks.js';
import { editClaimRequestSchema, editLockSchema, editTokenFieldSchema, suggestionSchema } from './edit-lock-schemas.js';
import { createEditionHandler, getEditionHandler, previewEditionHandler, sendEditionHandler, testEditionHandler } from './newsletter-handlers.js';
import { editionIdSchema, editionSchema, manualEditionSchema } from './newsletter-schemas.js';

const endpoint = endpointsFor<ApiServices>();

/** A body whose only field is the credential's `key` (a write that names its target in the path). */
const KEY_ONLY = z.object({});

/**
 * Every endpoint of the API, in the order the router registers their paths (a fixed path before a
 * parameterised one that would also match it): who may call it, what it takes, what it answers, and the
 * handler. The router (endpoint.ts) and the OpenAPI document (openapi.ts) are both built from it.
 */
export const ENDPOINTS: Endpoint<ApiServices>[] = [
  endpoint({ method: 'post', path: '/sessao', summary: 'Entra com a chave de editor, ou com e-mail e senha: abre a sessão (cookie sessao_editor, HttpOnly, 12 h sem uso)', access: 'public', jsonReadByHandler: z.object({ key: editorKeyField }).or(passwordSignInSchema), value: sessionSchema.or(personSignedInSchema), errors: [400, 403, 415, 429], handle: openSession }),
  endpoint({ method: 'get', path: '/sessao', summary: 'Quem está com a sessão aberta', access: 'public', value: sessionSchema, errors: [401], handle: readSession }),
  endpoint({ method: 'post', path: '/sessao/sair', summary: 'Encerra a sessão e apaga o cookie', access: 'public', errors: [], handle: closeSession }),
  endpoint({ method: 'delete', path: '/sessao', summary: 'Encerra a sessão e apaga o cookie (o mesmo que POST /sessao/sair)', access: 'public', errors: [], handle: closeSession }),
  endpoint({ method: 'post', path: '/artigos/novo', summary: 'Cria um artigo e devolve o id (publicado; ou rascunho, ou agendado com publicar_em); um artigo clínico nasce rascunho (409 se pedido publicado)', access: { credential: 'write' }, jsonReadByHandler: newArticleSchema.extend({ key: editorKeyField.optional(), ...saveWorkflowSchema.shape, ...creditsSchema.shape, ...planRequestSchema.shape }), value: z.int(), errors: [400, 403, 409, 413, 415, 429], handle: createArticle }),
  endpoint({ method: 'get', path: '/artigos/next-id', summary: 'Prévia do próximo id (o real é dado na criação)', access: 'public', value: z.int(), errors: [], handle: nextId }),
  endpoint({ method: 'post', path: '/artigos/ultimas-noticias', summary: 'Página de artigos, do mais novo ao mais antigo (total em X-Total-Count)', access: 'public', json: pageRequestSchema, value: z.array(articleSchema), errors: [400, 415], handle: latestArticles }),
  endpoint({ method: 'post', path: '/artigos/busca', summary: 'Busca nos artigos públicos: o título pesa mais que a descrição, que pesa mais que o corpo; acentos, maiúsculas e plurais não importam', access: 'public', json: searchRequestSchema, value: searchResultsSchema, errors: [400, 415], handle: search }),
  endpoint({ method: 'post', path: '/artigos/upload-imagem', summary: 'Envia uma imagem de um artigo (multipart)', access: { credential: 'write' }, multipart: { parse: imageUpload, fields: z.object({ id_artigo: articleIdSchema }), form: uploadFormSchema }, value: savedImageSchema, errors: [400, 403, 404, 413, 415, 422, 429], handle: uploadImage }),
  endpoint({ method: 'post', path: '/artigos/lista', summary: 'Artigos em qualquer estado, do mais recentemente alterado (editor)', access: { credential: 'write' }, json: editorListRequestSchema, value: editorListSchema, errors: [400, 401, 403, 415, 429], handle: editorList }),
  endpoint({ method: 'get', path: '/artigos/:id', summary: 'Lê um artigo: público sem credencial (um cookie de sessão vencido é ignorado); qualquer estado, com versao, status e imagens, com chave, Bearer ou sessão', access: 'public-or-editor', params: { id: articleIdSchema }, value: publicArticleSchema.or(editableArticleSchema), errors: [400, 403, 404, 429], handle: getArticle }),
  endpoint({ method: 'put', path: '/artigos/:id', summary: 'Salva um artigo na versão lida (409 se outra versão foi salva antes, ou se publicaria texto clínico sem revisão médica); num artigo clínico publicado, a versão nova espera a revisão e o site mantém a aprovada', access: { credential: 'write' }, params: { id: articleIdSchema }, jsonReadByHandler: newArticleSchema.extend({ key: editorKeyField.optional(), versao: versaoSchema, ...saveWorkflowSchema.shape, ...creditsSchema.shape, ...relevanceSchema.shape, ...editTokenFieldSchema.shape, ...planRequestSchema.shape }), value: savedVersionSchema, errors: [400, 401, 403, 404, 409, 415, 423, 429], handle: updateArticle }),
  endpoint({ method: 'delete', path: '/artigos/:id', summary: 'Remove o artigo, suas imagens e seu histórico (a URL pública passa a responder 410)', access: { credential: 'write' }, params: { id: articleIdSchema }, json: KEY_ONLY, value: z.object({ id: z.int() }), errors: [400, 401, 403, 404, 429], handle: deleteArticle }),
  endpoint({ method: 'post', path: '/artigos/:id/status', summary: 'Muda o estado: rascunho, agendado (com publicar_em), publicado ou despublicado', access: { credential: 'write' }, params: { id: articleIdSchema }, json: statusRequestSchema, value: statusChangedSchema, errors: [400, 401, 403, 404, 409, 415, 429], handle: changeStatus }),
  endpoint({ method: 'post', path: '/artigos/:id/revisao-medica', summary: 'Aprova a revisão médica da versão atual de um artigo clínico (revisor com CRM no perfil, que não o escreveu; 409 enquanto houver notas não resolvidas); uma versão à espera vai ao ar', access: { credential: 'write' }, params: { id: articleIdSchema }, json: approvalRequestSchema, value: approvedReviewSchema, errors: [400, 401, 403, 404, 409, 415, 429], handle: approveReview }),
  endpoint({ method: 'patch', path: '/artigos/:id/revisao-medica', summary: 'Muda o dia até o qual a revisão médica vale (administradores): qualquer data AAAA-MM-DD, ou null para nenhuma; fica no registro de auditoria', access: { credential: 'write', may: 'gerir-revisoes' }, params: { id: articleIdSchema }, json: dueDateRequestSchema, value: z.object({ proxima_revisao: z.string().nullable() }), errors: [400, 401, 403, 404, 415, 429], handle: setNextReview }),
  endpoint({ method: 'post', path: '/artigos/:id/pedido-de-revisao', summary: 'Envia a versão atual de um artigo clínico para revisão médica: cada revisor recebe um e-mail (uma vez por versão); 409 se a versão não espera revisão', access: { credential: 'write' }, params: { id: articleIdSchema }, json: KEY_ONLY, value: z.object({ revisores: z.int() }), errors: [400, 401, 403, 404, 409, 415, 429], handle: requestReview }),
  endpoint({ method: 'post', path: '/artigos/:id/correcoes', summary: 'Registra uma correção datada de um artigo publicado (editor, revisor, administrador): aparece no fim do artigo e move a data de atualização; não se edita nem se apaga (409 se o artigo não está publicado)', access: { credential: 'write', may: 'corrigir' }, params: { id: articleIdSchema }, json: correctionRequestSchema, value: correctionSchema, errors: [400, 401, 403, 404, 409, 415, 429], handle: addCorrection }),
  endpoint({ method: 'get', path: '/artigos/:id/correcoes', summary: 'As correções de um artigo público, da mais nova à mais antiga', access: 'public', params: { id: articleIdSchema }, value: z.array(correctionSchema), errors: [400, 404], handle: listCorrections }),
  endpoint({ method: 'post', path: '/artigos/:id/notas', summary: 'Deixa uma nota da equipe num rascunho ou numa mudança à espera, sobre o artigo todo ou sobre um trecho citado (trecho), que o servidor localiza no texto atual (400 se não estiver lá; 409 num artigo publicado sem mudança pendente). Notas nunca aparecem para os leitores', access: { credential: 'write' }, params: { id: articleIdSchema }, json: noteRequestSchema, value: noteSchema, errors: [400, 401, 403, 404, 409, 415, 429], handle: addNoteHandler }),
  endpoint({ method: 'get', path: '/artigos/:id/notas', summary: 'As notas da equipe sobre o artigo, da mais antiga à mais nova, com as respostas; trecho_alterado diz que o trecho citado não está mais no texto atual', access: { credential: 'read' }, params: { id: articleIdSchema }, value: z.array(noteSchema), errors: [400, 401, 403, 404, 429], handle: listNotesHandler }),
  endpoint({ method: 'post', path: '/artigos/:id/notas/:nota/respostas', summary: 'Responde a uma nota', access: { credential: 'write' }, params: { id: articleIdSchema, nota: noteIdSchema }, json: replyRequestSchema, value: noteReplySchema, errors: [400, 401, 403, 404, 415, 429], handle: replyToNoteHandler }),
  endpoint({ method: 'patch', path: '/artigos/:id/notas/:nota', summary: 'Resolve (resolvida: true) ou reabre (false) uma nota; um artigo clínico só é aprovado sem notas abertas', access: { credential: 'write' }, params: { id: articleIdSchema, nota: noteIdSchema }, json: resolveRequestSchema, value: noteSchema, errors: [400, 401, 403, 404, 415, 429], handle: resolveNoteHandler }),
  endpoint({ method: 'post', path: '/artigos/:id/previas', summary: 'Cria um link de prévia, só de leitura, da versão atual de um rascunho ou de uma mudança à espera, para quem não tem conta (quem pode publicar o artigo): vale de 1 a 30 dias (padrão 7), com um limite opcional de visualizações; o endereço só aparece nesta resposta (409 se o artigo está publicado sem mudança à espera)', access: { credential: 'write' }, params: { id: articleIdSchema }, json: shareLinkRequestSchema, value: newShareLinkSchema, errors: [400, 401, 403, 404, 409, 415, 429], handle: createShareLinkHandler }),
  endpoint({ method: 'get', path: '/artigos/:id/previas', summary: 'Os links de prévia do artigo, do mais novo ao mais antigo, com as visualizações', access: { credential: 'read' }, params: { id: articleIdSchema }, value: z.array(shareLinkSchema), errors: [400, 401, 403, 404, 429], handle: listShareLinksHandler }),
  endpoint({ method: 'delete', path: '/artigos/:id/previas/:previa', summary: 'Revoga um link de prévia: passa a responder 410', access: { credential: 'write' }, params: { id: articleIdSchema, previa: shareLinkIdSchema }, value: z.object({ id: z.int(), revogado: z.boolean() }), errors: [400, 401, 403, 404, 429], handle: revokeShareLinkHandler }),
  endpoint({ method: 'patch', path: '/artigos/:id/previsao', summary: 'Muda o dia previsto (previsto_para, AAAA-MM-DD ou null) e a pessoa responsável (responsavel, id ou null para quem criou) de um artigo, para o calendário editorial (quem pode editar o artigo); fica no registro de auditoria', access: { credential: 'write' }, params: { id: articleIdSchema }, json: planRequestSchema, value: planSchema, errors: [400, 401, 403, 404, 415, 429], handle: planHandler }),
  endpoint({ method: 'get', path: '/artigos/:id/previsao', summary: 'O dia previsto e a pessoa responsável de um artigo', access: { credential: 'read' }, params: { id: articleIdSchema }, value: planSchema, errors: [400, 401, 403, 404, 429], handle: readPlanHandler }),
  endpoint({ method: 'get', path: '/artigos/:id/revisoes', summary: 'Histórico de versões, da mais nova à mais antiga', access: { credential: 'read' }, params: { id: articleIdSchema }, value: revisionListSchema, errors: [400, 401, 403, 404, 429], handle: listRevisions }),
  endpoint({ method: 'get', path: '/artigos/:id/revisoes/:versao', summary: 'O artigo como estava numa versão', access: { credential: 'read' }, params: { id: articleIdSchema, versao: versaoParamSchema }, value: revisionSchema, errors: [400, 401, 403, 404, 429], handle: readRevision }),
  endpoint({ method: 'post', path: '/artigos/:id/revisoes/:versao/restaurar', summary: 'Salva o conteúdo de uma versão como nova versão (o estado é mantido)', access: { credential: 'write' }, params: { id: articleIdSchema, versao: versaoParamSchema }, json: restoreRequestSchema, value: savedVersionSchema, errors: [400, 401, 403, 404, 409, 415, 429], handle: restoreRevision }),
  endpoint({ method: 'post', path: '/artigos/:id/edicao', summary: 'Batimento da aba que edita o artigo (a cada 15-30 s): fica com a edição se ninguém a tem (ou se o batimento de quem tinha parou há 90 s) e responde quem a tem desde quando', access: { credential: 'write' }, params: { id: articleIdSchema }, json: editClaimRequestSchema, value: editLockSchema, errors: [400, 401, 403, 404, 415, 429], handle: beatEditingHandler }),
  endpoint({ method: 'post', path: '/artigos/:id/edicao/assumir', summary: 'Assume a edição de quem a tem: o próximo batimento dessa pessoa avisa, e o que ela salvar depois vira sugestão (423), guardada', access: { credential: 'write' }, params: { id: articleIdSchema }, json: editClaimRequestSchema, value: editLockSchema, errors: [400, 401, 403, 404, 415, 429], handle: takeOverEditingHandler }),
  endpoint({ method: 'delete', path: '/artigos/:id/edicao', summary: 'A aba que editava fechou: libera a edição se ainda era dela', access: { credential: 'write' }, params: { id: articleIdSchema }, json: editClaimRequestSchema, value: z.object({ id: z.int() }), errors: [400, 401, 403, 415, 429], handle: releaseEditingHandler }),
  endpoint({ method: 'get', path: '/artigos/:id/sugestoes', summary: 'O que foi salvo depois que outra pessoa assumiu a edição, guardado como sugestão (uma por aba, a mais nova primeiro)', access: { credential: 'read' }, params: { id: articleIdSchema }, value: z.array(suggestionSchema), errors: [400, 401, 403, 404, 429], handle: listSuggestionsHandler }),
  endpoint({ method: 'post', path: '/pessoas/convites', summary: 'Convida uma pessoa (administradores): o link de uso único vale 7 dias e só aparece nesta resposta', access: { credential: 'write', may: 'gerir-pessoas' }, json: invitationRequestSchema, value: invitationSchema, errors: [400, 401, 403, 409, 415, 429], handle: invitePersonHandler }),
  endpoint({ method: 'post', path: '/pessoas/convites/:id/reenvio', summary: 'Reenvia um convite ainda não aceito (administradores): um link novo, que vale 7 dias, por e-mail com SMTP_URL; o anterior deixa de funcionar (404)', access: { credential: 'write', may: 'gerir-pessoas' }, params: { id: personIdSchema }, json: KEY_ONLY, value: resentInvitationSchema, errors: [400, 401, 403, 404, 409, 415, 429], handle: resendInvitationHandler }),
  endpoint({ method: 'post', path: '/pessoas/convites/:token', summary: 'A pessoa convidada escolhe a senha (uma vez; 410 se o convite foi usado ou venceu)', access: 'public', params: { token: z.string() }, json: newPasswordSchema, value: z.object({ nome: z.string(), papel: z.string() }), errors: [400, 404, 410, 415], handle: acceptInvitationHandler }),
  endpoint({ method: 'post', path: '/pessoas/senha/esqueci', summary: 'Esqueci a senha: com SMTP_URL, e-mail com um link de uso único que vale 1 hora, se o e-mail for de uma pessoa ativa; a mesma resposta para qualquer e-mail', access: 'public', json: passwordResetRequestSchema, value: passwordResetRequestedSchema, errors: [400, 415, 429], handle: forgotPasswordHandler }),
  endpoint({ method: 'post', path: '/pessoas/redefinicoes/:token', summary: 'Escolhe uma nova senha com o link de redefinição (uma vez; 410 se foi usado, venceu ou não existe); encerra as outras sessões da pessoa, revoga as suas chaves de API pessoais (listadas em chaves_revogadas) e abre uma sessão nova (o link prova quem é: os limites de entrada não se aplicam)', access: 'public', params: { token: z.string() }, json: newPasswordSchema, value: z.object({ nome: z.string(), papel: z.string(), chaves_revogadas: z.array(personalKeySchema) }), errors: [400, 410, 415], handle: resetPasswordHandler }),
  endpoint({ method: 'post', path: '/pessoas/:id/redefinicao', summary: 'Gera um link de redefinição de senha de uso único, que vale 24 horas, para entregar à pessoa (administradores)', access: { credential: 'write', may: 'gerir-pessoas' }, params: { id: personIdSchema }, json: KEY_ONLY, value: passwordResetLinkSchema, errors: [400, 401, 403, 404, 409, 415, 429], handle: issuePasswordResetHandler }),
  endpoint({ method: 'post', path: '/sessao/passkey/opcoes', summary: 'Opções para entrar com uma chave de acesso (passkey): navigator.credentials.get()', access: 'public', value: z.looseObject({ challenge: z.string() }), errors: [400], handle: passkeySignInOptions }),
  endpoint({ method: 'post', path: '/sessao/passkey', summary: 'Entra com uma chave de acesso (passkey): abre a sessão', access: 'public', json: passkeySignInSchema, value: personSignedInSchema, errors: [400, 403, 415], handle: signInWithPasskey }),
  endpoint({ method: 'post', path: '/pessoas/eu/passkeys/opcoes', summary: 'Opções para cadastrar uma chave de acesso (passkey) da pessoa conectada: navigator.credentials.create(); confirme que é você: senha_atual vai junto (403 se não conferir)', access: { credential: 'passkey-setup', person: 'any' }, json: passkeyConfirmationSchema, value: z.looseObject({ challenge: z.string() }), errors: [400, 401, 403, 415, 429], handle: passkeyRegistrationOptions }),
  endpoint({ method: 'get', path: '/pessoas/eu/calendario', summary: 'O endereço do calendário da pessoa conectada (iCalendar: o previsto, o agendado e as revisões que vencem, para o Google Agenda ou o Outlook); o mesmo até ser revogado', access: { credential: 'read', person: 'any' }, value: calendarFeedSchema, errors: [401, 403, 429], handle: calendarFeedUrlHandler }),
  endpoint({ method: 'delete', path: '/pessoas/eu/calendario', summary: 'Revoga o endereço do calendário da pessoa conectada: passa a responder 404, e o próximo GET dá um novo', access: { credential: 'write', person: 'any' }, value: z.object({ revogado: z.boolean() }), errors: [401, 403, 429], handle: revokeCalendarFeedHandler }),
  endpoint({ method: 'get', path: '/pessoas/eu/passkeys', summary: 'As chaves de acesso (passkeys) da pessoa conectada', access: { credential: 'read', person: 'any' }, value: z.array(passkeySummarySchema), errors: [401, 403, 429], handle: listPasskeys }),
  endpoint({ method: 'post', path: '/pessoas/eu/passkeys', summary: 'Cadastra uma chave de acesso (passkey) da pessoa conectada; confirme que é você: senha_atual vai junto (403 se não conferir, e nada é cadastrado)', access: { credential: 'passkey-setup', person: 'any' }, json: passkeyRegistrationSchema, value: passkeySummarySchema, errors: [400, 401, 403, 415, 429], handle: registerPasskey }),
  endpoint({ method: 'delete', path: '/pessoas/eu/passkeys/:id', summary: 'Remove uma chave de acesso (passkey) da pessoa conectada', access: { credential: 'write', person: 'any' }, params: { id: passkeyIdSchema }, errors: [401, 403, 404, 429], handle: removePasskey }),
  endpoint({ method: 'post', path: '/pessoas/eu/chaves', summary: 'Cria uma chave de API pessoal (só com a sessão aberta; confirme que é você: senha_atual vai junto, 403 se não conferir, e nada é criado): a chave aparece só nesta resposta e age com o papel da pessoa, no campo key ou como Bearer', access: { credential: 'write', person: 'session' }, json: personalKeyRequestSchema, value: newPersonalKeySchema, errors: [400, 401, 403, 415, 429], handle: createKey }),
  endpoint({ method: 'get', path: '/pessoas/eu/chaves', summary: 'As chaves de API pessoais da pessoa conectada (sem as chaves), com as revogadas por troca de senha, redefinição ou desativação marcadas', access: { credential: 'read', person: 'session' }, value: z.array(personalKeySchema), errors: [401, 403, 429], handle: listKeys }),
  endpoint({ method: 'delete', path: '/pessoas/eu/chaves/:id', summary: 'Revoga uma chave de API pessoal: a próxima requisição com ela é recusada (uma já revogada sai da lista)', access: { credential: 'write', person: 'session' }, params: { id: personalKeyIdSchema }, errors: [400, 401, 403, 404, 429], handle: revokeKey }),
  endpoint({ method: 'get', path: '/pessoas/eu/sessoes', summary: 'As sessões abertas da pessoa conectada, da mais nova à mais antiga, com a atual marcada', access: { credential: 'read', person: 'session' }, value: z.array(openSessionSchema), errors: [401, 403, 429], handle: listSessions }),
  endpoint({ method: 'delete', path: '/pessoas/eu/sessoes/:id', summary: 'Encerra uma sessão da pessoa conectada (em qualquer aparelho)', access: { credential: 'write', person: 'session' }, params: { id: sessionIdSchema }, errors: [400, 401, 403, 404, 429], handle: endSession }),
  endpoint({ method: 'get', path: '/pessoas/passkey-exigida', summary: 'Papéis que precisam de chave de acesso (administradores)', access: { credential: 'read', may: 'gerir-pessoas' }, value: passkeyRequirementSchema, errors: [401, 403, 429], handle: passkeyRequiredRoles }),
  endpoint({ method: 'put', path: '/pessoas/passkey-exigida', summary: 'Exige chave de acesso destes papéis (administradores): quem entrar com senha cadastra uma antes de qualquer outra coisa', access: { credential: 'write', may: 'gerir-pessoas' }, json: passkeyRequirementSchema, value: passkeyRequirementSchema, errors: [400, 401, 403, 415, 429], handle: requirePasskeyForRoles }),
  endpoint({ method: 'get', path: '/pessoas/assinaturas', summary: 'As pessoas ativas que podem assinar um artigo, pelo nome da assinatura (qualquer editor)', access: { credential: 'read' }, value: z.array(z.object({ id: z.int(), nome: z.string() })), errors: [401, 403, 429], handle: listSigners }),
  endpoint({ method: 'delete', path: '/pessoas/sessoes', summary: 'Encerra as sessões de todos, menos a de quem pede (administradores): cada navegador sai na próxima requisição, em todas as instâncias; chaves pessoais e passkeys continuam valendo', access: { credential: 'write', may: 'gerir-pessoas' }, json: KEY_ONLY, value: z.object({ encerradas: z.int() }), errors: [400, 401, 403, 429], handle: endEverySessionHandler }),
  endpoint({ method: 'delete', path: '/pessoas/:id/sessoes', summary: 'Encerra todas as sessões de uma pessoa (administradores), em todas as instâncias', access: { credential: 'write', may: 'gerir-pessoas' }, params: { id: personIdSchema }, json: KEY_ONLY, value: z.object({ encerradas: z.int() }), errors: [400, 401, 403, 404, 429], handle: endPersonSessionsHandler }),
  endpoint({ method: 'get', path: '/pessoas', summary: 'As pessoas da área dos editores (administradores)', access: { credential: 'read', may: 'gerir-pessoas' }, value: z.array(personSchema), errors: [401, 403, 429], handle: listPeopleHandler }),
  endpoint({ method: 'patch', path: '/pessoas/:id', summary: 'Muda o papel, as permissões (permissoes: ["ver-contatos"] concede ver os contatos, [] retira) ou desativa (administradores); desativar encerra as sessões da pessoa e revoga as suas chaves de API pessoais na hora, e reativar não as traz de volta', access: { credential: 'write', may: 'gerir-pessoas' }, params: { id: personIdSchema }, json: personUpdateSchema, value: personSchema, errors: [400, 401, 403, 404, 409, 415, 429], handle: updatePersonHandler }),
  endpoint({ method: 'get', path: '/temas', summary: 'Os temas por nome, com quantos artigos públicos cada um tem (sem credencial, só os que têm algum; com credencial de editor, todos)', access: 'public-or-editor', value: z.array(topicCountSchema), errors: [429], handle: listTopics }),
  endpoint({ method: 'patch', path: '/temas/:slug', summary: 'Renomeia um tema (quem pode publicar qualquer artigo): o endereço antigo passa a redirecionar (301) para o novo', access: { credential: 'write', may: 'publicar' }, params: { slug: topicSlugSchema }, json: topicRenameSchema, value: z.object({ nome: z.string(), slug: z.string() }), errors: [400, 401, 403, 404, 409, 415, 429], handle: renameTopic }),
  endpoint({ method: 'get', path: '/titulares', summary: 'Tudo o que o site guarda de um e-mail (LGPD art. 18): pedidos de demonstração com notas, entregas e provas, provas de pedidos já apagados e a inscrição no boletim; em JSON, registrado na auditoria pelo SHA-256 do e-mail (administradores)', access: { credential: 'read', may: 'gerir-pessoas' }, query: subjectQuerySchema, value: subjectDataSchema, errors: [400, 401, 403, 429], handle: exportSubjectHandler }),
  endpoint({ method: 'delete', path: '/titulares', summary: 'Apaga um e-mail dos pedidos de demonstração (com notas e entregas) e do boletim; as provas de consentimento e de cancelamento ficam, só com o SHA-256 do e-mail, para responder a uma reclamação futura; registrado na auditoria (administradores)', access: { credential: 'write', may: 'gerir-pessoas' }, query: subjectQuerySchema, json: KEY_ONLY, value: subjectErasedSchema, errors: [400, 401, 403, 429], handle: eraseSubjectHandler }),
  endpoint({ method: 'get', path: '/revisoes', summary: 'Fila de revisões médicas: vencidas, a vencer em 30 dias ou pendentes (texto clínico sem aprovação), com a contagem de cada uma (um colaborador vê só o que pode ler)', access: { credential: 'read' }, query: reviewQueueQuerySchema, value: reviewQueueSchema, errors: [400, 401, 403, 429], handle: reviewQueue }),
  endpoint({ method: 'post', path: '/revisoes/lembrete', summary: 'Envia agora o lembrete do dia aos revisores (administradores): uma mensagem por revisor com o que está vencido ou vence em 14 dias; uma vez por dia, por mais que se peça', access: { credential: 'write', may: 'gerir-revisoes' }, json: KEY_ONLY, value: reminderSchema, errors: [400, 401, 403, 415, 429], handle: sendReminderNow }),
  endpoint({ method: 'get', path: '/auditoria', summary: 'Registro de auditoria, do mais novo ao mais antigo (administradores)', access: { credential: 'read', may: 'ler-auditoria' }, query: auditQuerySchema, value: auditPageSchema, errors: [400, 401, 403, 429], handle: auditHandler }),
  endpoint({ method: 'get', path: '/contatos', summary: 'Pedidos de demonstração, do mais novo ao mais antigo, 50 por página, com o total; filtros: texto, estado e origem (pagina, artigo, campanha); a página seguinte com antes=proxima (quem tem a permissão ver-contatos)', access: { credential: 'read', may: 'ver-contatos' }, query: leadListQuerySchema, value: leadPageSchema, errors: [400, 401, 403, 429], handle: listLeadsHandler }),
  endpoint({ method: 'get', path: '/contatos.csv', summary: 'Exporta os contatos com os mesmos filtros da lista, em CSV como o Excel em português abre (UTF-8 com BOM, separador ;, datas dd/mm/aaaa hh:mm no horário de São Paulo); registrado na auditoria (ver-contatos)', access: { credential: 'read', may: 'ver-contatos' }, query: leadFiltersSchema, errors: [400, 401, 403, 429], raw: true, handle: leadsCsvHandler }),
  endpoint({ method: 'get', path: '/contatos/:id', summary: 'Um contato com a prova de consentimento, as notas e as entregas (a exportação em JSON, registrada na auditoria; ver-contatos)', access: { credential: 'read', may: 'ver-contatos' }, params: { id: leadIdSchema }, value: leadRecordSchema, errors: [400, 401, 403, 404, 429], handle: getLeadHandler }),
  endpoint({ method: 'get', path: '/estatisticas', summary: 'Estatísticas sem cookies do período (de e ate, dias de São Paulo, incluídos; padrão: os últimos 30 dias com hoje), opcionalmente de um só caminho: visitantes, visualizações, série diária, páginas, origens, campanhas, buscas, conversões, dispositivos e robôs (ver-estatisticas)', access: { credential: 'read', may: 'ver-estatisticas' }, query: statsQuerySchema, value: statsReportSchema, errors: [400, 401, 403, 429], handle: statsHandler }),
  endpoint({ method: 'get', path: '/estatisticas.csv', summary: 'Exporta uma tabela das estatísticas (tabela=serie, paginas, origens, campanhas, buscas, conversoes ou dispositivos) em CSV como o Excel em português abre (UTF-8 com BOM, separador ;); células que começam com = + - @ ficam inertes (ver-estatisticas)', access: { credential: 'read', may: 'ver-estatisticas' }, query: statsCsvQuerySchema, errors: [400, 401, 403, 429], raw: true, handle: statsCsvHandler }),
  endpoint({ method: 'patch', path: '/contatos/:id', summary: 'Muda o estado do contato: novo, em-contato, cliente ou descartado (ver-contatos)', access: { credential: 'write', may: 'ver-contatos' }, params: { id: leadIdSchema }, json: leadStateRequestSchema, value: leadSchema, errors: [400, 401, 403, 404, 415, 429], handle: changeLeadStateHandler }),
  endpoint({ method: 'post', path: '/contatos/:id/notas', summary: 'Acrescenta uma nota ao contato (ver-contatos)', access: { credential: 'write', may: 'ver-contatos' }, params: { id: leadIdSchema }, json: leadNoteRequestSchema, value: leadNoteSchema, errors: [400, 401, 403, 404, 415, 429], handle: addLeadNoteHandler }),
  endpoint({ method: 'post', path: '/contatos/:id/entregas/:entrega/reenviar', summary: 'Reenvia uma entrega do contato que falhou (e-mail ou webhook), com o mesmo id, para o destino deduplicar; 409 se ela não falhou (ver-contatos)', access: { credential: 'write', may: 'ver-contatos' }, params: { id: leadIdSchema, entrega: deliveryIdSchema }, json: KEY_ONLY, value: leadDeliverySchema, errors: [400, 401, 403, 404, 409, 415, 429], handle: resendDeliveryHandler }),
  endpoint({ method: 'get', path: '/demonstracao/desafio', summary: 'Um desafio de prova de trabalho (ALTCHA, sem terceiros) para o formulário de demonstração: assinado, vale 30 minutos e uma vez só', access: 'public', value: leadChallengeSchema, errors: [], handle: leadChallenge }),
  endpoint({ method: 'post', path: '/boletins', summary: 'Cria uma edição manual do boletim com artigos publicados e o assunto (quem pode publicar); fica como rascunho até ser enviada', access: { credential: 'write', may: 'publicar' }, json: manualEditionSchema, value: z.object({ id: z.string() }), errors: [400, 401, 403, 415, 422, 429], handle: createEditionHandler }),
  endpoint({ method: 'get', path: '/boletins/:id', summary: 'Uma edição do boletim com o progresso do envio (entregas por estado) e as falhas com a última resposta do servidor de e-mail; aberturas não são medidas', access: { credential: 'read', may: 'publicar' }, params: { id: editionIdSchema }, value: editionSchema, errors: [400, 401, 403, 404, 429], handle: getEditionHandler }),
  endpoint({ method: 'get', path: '/boletins/:id/previa', summary: 'Pré-visualização da edição (HTML, como um inscrito de todos os temas a recebe)', access: { credential: 'read', may: 'publicar' }, params: { id: editionIdSchema }, errors: [400, 401, 403, 404, 429], raw: true, handle: previewEditionHandler }),
  endpoint({ method: 'post', path: '/boletins/:id/teste', summary: 'Envia a edição como teste para o e-mail da pessoa conectada (409 com uma chave de editor, que não tem e-mail)', access: { credential: 'write', may: 'publicar' }, params: { id: editionIdSchema }, json: KEY_ONLY, value: z.object({ para: z.string() }), errors: [400, 401, 403, 404, 409, 415, 429], handle: testEditionHandler }),
  endpoint({ method: 'post', path: '/boletins/:id/enviar', summary: 'Envia um rascunho aos inscritos confirmados (cada um recebe os artigos dos seus temas), no ritmo de NEWSLETTER_RATE_PER_MINUTE; 409 se já foi enviada', access: { credential: 'write', may: 'publicar' }, params: { id: editionIdSchema }, json: KEY_ONLY, value: editionSchema, errors: [400, 401, 403, 404, 409, 415, 429], handle: sendEditionHandler }),
  endpoint({ method: 'get', path: '/imagens', summary: 'Biblioteca de imagens da equipe, da mais nova à mais antiga, 24 por página (pagina), com onde cada uma é usada; q procura no nome, no texto alternativo e no título dos artigos (todos os papéis menos colaborador)', access: { credential: 'read' }, query: libraryQuerySchema, value: z.array(libraryImageSchema), errors: [400, 401, 403, 429], handle: listLibrary }),
  endpoint({ method: 'patch', path: '/imagens/:id', summary: 'Muda o ponto focal ({ foco: { x, y } }, frações de 0 a 1) e os textos padrão de uma imagem; o novo foco refaz os recortes (imagem de compartilhamento 1200 × 630) em novas URLs', access: { credential: 'write' }, params: { id: imageIdSchema }, json: imageChangeSchema, value: libraryImageSchema, errors: [400, 401, 403, 404, 415, 422, 429], handle: patchImage }),
  endpoint({ method: 'delete', path: '/imagens/:id', summary: 'Apaga uma imagem da biblioteca; recusa (409) enquanto algum artigo a mostra, com a lista dos artigos', access: { credential: 'write' }, params: { id: imageIdSchema }, json: KEY_ONLY, value: z.object({ id: z.int() }), errors: [400, 401, 403, 404, 409, 415, 429], handle: removeImage }),
  endpoint({ method: 'post', path: '/artigos/:id/imagens', summary: 'Usa uma imagem da biblioteca no artigo sem novo envio nem cópia: responde com a imagem sob as URLs do artigo (pública só quando o artigo é) e os textos padrão', access: { credential: 'write' }, params: { id: articleIdSchema }, json: insertImageRequestSchema, value: insertedImageSchema, errors: [400, 401, 403, 404, 415, 429], handle: insertImage }),
  endpoint({ method: 'post', path: '/importacoes/previa', summary: 'Simula a importação de um arquivo do WordPress (XML, ou zip com a pasta uploads) ou de um zip de arquivos Markdown: o que seria criado, o que já existe e o que seria recusado, com o motivo; nada é gravado (administradores)', access: { credential: 'write', may: 'importar' }, multipart: { parse: importUpload, fields: z.object({}), form: importFormSchema }, value: importReportSchema, errors: [400, 401, 403, 413, 415, 422, 429], handle: previewImport }),
  endpoint({ method: 'post', path: '/importacoes', summary: 'Importa o arquivo (responde na hora com a importação, que segue em segundo plano): título, endereço, datas, autor pelo e-mail, temas, texto limpo como uma colagem no editor e as imagens do zip; o mesmo arquivo de novo não cria nada e retoma uma importação interrompida (administradores)', access: { credential: 'write', may: 'importar' }, multipart: { parse: importUpload, fields: z.object({}), form: importFormSchema }, value: importJobSchema, errors: [400, 401, 403, 409, 413, 415, 422, 429], handle: startImport }),
  endpoint({ method: 'get', path: '/importacoes', summary: 'As importações, da mais nova à mais antiga, com o andamento (administradores)', access: { credential: 'read', may: 'importar' }, value: z.array(importJobSchema), errors: [401, 403, 429], handle: listImports }),
  endpoint({ method: 'get', path: '/importacoes/:id', summary: 'O andamento de uma importação, e o relatório item a item quando ela rodou nesta instância (administradores)', access: { credential: 'read', may: 'importar' }, params: { id: z.coerce.number().int().positive() }, value: importJobSchema.extend({ relatorio: importReportSchema.nullable() }), errors: [400, 401, 403, 404, 429], handle: getImport }),
  endpoint({ method: 'get', path: '/openapi.json', summary: 'Este documento (OpenAPI 3.1)', access: 'public', errors: [], raw: true, handle: (_input, { config, res }) => sendOpenApiDocument(res, config, ENDPOINTS) }),
  endpoint({ method: 'post', path: '/erros-do-cliente', summary: 'Registra no log do servidor um erro que a página não esperava (o editor de artigos avisa a pessoa e guarda o texto)', access: 'public-or-editor', json: clientErrorReportSchema, value: z.object({ recebido: z.literal(true) }), errors: [400, 415], handle: reportClientError }),
];
