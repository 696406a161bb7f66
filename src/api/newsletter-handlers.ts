import type { z } from 'zod';
import type { Edition } from '../db/edition-store.js';
import { createManualEdition, editionOrThrow, editionSample, sendEditionTest, startManualEdition } from '../workflow/newsletter-manual.js';
import { newsletterDeps } from '../workflow/newsletter-signup.js';
import type { EditorContext } from './api-context.js';
import type { Input } from './endpoint.js';
import type { editionIdSchema, editionSchema, manualEditionSchema } from './newsletter-schemas.js';

type ById = Pick<Input<{ id: typeof editionIdSchema }, undefined, undefined>, 'params'>;

/** Failures listed with an edition. */
const FAILURES_LISTED = 50;

const depsOf = (context: EditorContext) => newsletterDeps(context);

async function editionView(context: EditorContext, edition: Edition): Promise<z.output<typeof editionSchema>> {
  const progress = await context.repo.editions.progress(edition.id, FAILURES_LISTED);
  return {
    id: edition.id,
    assunto: edition.assunto,
    estado: edition.estado,
    tipo: edition.vaga ? 'agendada' : 'manual',
    artigos: edition.artigos.map(({ id, titulo, url }) => ({ id, titulo, url })),
    criada_em: edition.criadaEm,
    enviada_em: edition.enviadaEm,
    destinatarios: edition.destinatarios,
    progresso: progress.porEstado,
    falhas: progress.falhas.map((failure) => ({ entrega: failure.entrega, tentativas: failure.tentativas, ultima_resposta: failure.ultimaResposta })),
    aberturas: 'não medidas: sem pixel de rastreamento',
  };
}

export async function createEditionHandler({ body }: Input<Record<string, never>, typeof manualEditionSchema, undefined>, context: EditorContext) {
  const edition = await createManualEdition(depsOf(context), body, context.editor.author);
  return { id: edition.id };
}

export async function getEditionHandler({ params }: ById, context: EditorContext) {
  return editionView(context, await editionOrThrow(context, params.id));
}

/** The edition's HTML as a subscriber of every topic gets it; sandboxed, so nothing in it runs here. */
export async function previewEditionHandler({ params }: ById, context: EditorContext) {
  const edition = await editionOrThrow(context, params.id);
  const mail = await editionSample(depsOf(context), edition, 'exemplo@exemplo.com.br');
  context.res.set('Cache-Control', 'no-store').set('Content-Security-Policy', 'sandbox; default-src https: data:; style-src \'unsafe-inline\'').type('html').send(mail.html);
}

export async function testEditionHandler({ params }: ById, context: EditorContext) {
  const edition = await editionOrThrow(context, params.id);
  const person = context.editor.personId === null ? undefined : await context.repo.people.get(context.editor.personId);
  await sendEditionTest(depsOf(context), edition, person?.email ?? null);
  return { para: person!.email };
}

export async function sendEditionHandler({ params }: ById, context: EditorContext) {
  await startManualEdition(context, params.id);
  return editionView(context, await editionOrThrow(context, params.id));
}
