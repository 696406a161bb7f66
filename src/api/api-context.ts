import type { NewsletterLinks } from '../workflow/newsletter-links.js';
import type { Config } from '../config.js';
import type { Repository } from '../db/storage.js';
import type { Person } from '../db/people-store.js';
import type { DecodeQueue } from '../images/decode-queue.js';
import type { Logger } from '../logger.js';
import type { Editor } from '../workflow/editor-auth.js';
import type { EditorWorkflow } from '../workflow/editor-workflow.js';
import type { PasskeyCeremonies } from '../workflow/passkey-ceremonies.js';
import type { PublicForms } from '../workflow/public-forms.js';
import type { RequestContext } from './endpoint.js';

/** What the API's handlers work with, made once per app. */
export interface ApiServices {
  config: Config;
  repo: Repository;
  logger: Logger;
  workflow: EditorWorkflow;
  ceremonies: PasskeyCeremonies;
  forms: PublicForms;
  newsletterLinks: NewsletterLinks;
  /** The image pipeline's queue (uploads decoded one at a time). */
  decodes: DecodeQueue;
}

/** A handler's second argument, by who the table lets call it. */
export type PublicContext = ApiServices & RequestContext;
export type ReaderContext = PublicContext & { editor: Editor | null };
export type EditorContext = PublicContext & { editor: Editor };
export type PersonContext = EditorContext & { person: Person };
