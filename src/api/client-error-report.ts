import { z } from 'zod';
import type { Editor } from '../workflow/editor-auth.js';
import type { Logger } from '../logger.js';

/** What a page reports of an error nobody caught in it (the editor's error boundary); bounded, so the log stays readable. */
export const clientErrorReportSchema = z.object({
  /** Where the error happened: 'editor' for the article editor. */
  origem: z.enum(['editor']),
  mensagem: z.string().trim().min(1).max(500),
  pilha: z.string().max(4000).optional(),
  endereco: z.string().max(500).optional(),
});

/**
 * POST /erros-do-cliente: the server's client-error log gets one warn line per report, with who was
 * signed in when there is a credential; the page never learns more than that it was received.
 */
export function reportClientError(
  { body }: { body: z.output<typeof clientErrorReportSchema> },
  { logger, editor }: { logger: Logger; editor: Editor | null },
): { recebido: true } {
  logger.warn({ cliente: body, autor: editor?.author ?? null }, 'erro no navegador');
  return { recebido: true };
}
