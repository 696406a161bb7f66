import type { Request } from 'express';
import { leadReference, type KeptConsentProof } from '../db/lead-store.js';
import type { Repository } from '../db/storage.js';
import type { SubscriberRecord } from '../db/subscriber-store.js';
import { emailSha256, normalisedEmail } from '../lib/email-address.js';
import { recordAudit } from './audit-trail.js';
import type { Editor } from './editor-auth.js';
import type { LeadRecord } from './lead-desk.js';

/** Everything the site keeps about one e-mail address, as a data subject may ask for it (LGPD art. 18). */
export interface SubjectData {
  email: string;
  leads: LeadRecord[];
  /** Proofs of leads already erased: only the address's sha-256 links them to it. */
  keptLeadProofs: KeptConsentProof[];
  newsletter: SubscriberRecord;
}

type Actor = Pick<Editor, 'author' | 'personId'>;

/**
 * The audit names the person by the address's sha-256, never the address: the log outlives an erasure,
 * and must not keep what was erased.
 */
const auditedAs = (email: string) => ({ email_sha256: emailSha256(email) });

/** Finds an address across demonstration requests and newsletter subscriptions, and records that it was exported. */
export async function exportSubjectData(repo: Repository, req: Request, actor: Actor, email: string): Promise<SubjectData> {
  const address = normalisedEmail(email);
  const [found, keptLeadProofs, newsletter] = await Promise.all([repo.leads.findByEmail(address), repo.leads.keptProofs(emailSha256(address)), repo.subscribers.findByEmail(address)]);
  const leads = await Promise.all(found.map(async ({ lead, notes }) => ({ lead, notes, deliveries: await repo.outbox.listByReference(leadReference(lead.id)) })));
  await recordAudit(repo.audit, req, actor, 'exportou-dados-de-titular', { detalhes: auditedAs(address) });
  return { email: address, leads, keptLeadProofs, newsletter };
}

/**
 * Erases an address from leads (with their notes and deliveries) and from the newsletter (with its
 * deliveries). The proofs of consent and of unsubscribing stay, reduced to the address's sha-256, so
 * that a later complaint can still be answered; the erasure itself is audited the same way.
 */
export async function eraseSubjectData(repo: Repository, req: Request, actor: Actor, email: string): Promise<{ contatos: number; inscricao: boolean }> {
  const address = normalisedEmail(email);
  const contatos = await repo.leads.eraseByEmail(address);
  const inscricao = await repo.subscribers.eraseByEmail(address);
  await recordAudit(repo.audit, req, actor, 'apagou-dados-de-titular', { detalhes: { ...auditedAs(address), contatos, inscricao } });
  return { contatos, inscricao };
}
