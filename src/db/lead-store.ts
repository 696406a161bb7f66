import type { NewDelivery } from './outbox-store.js';

/** Who asks for the demonstration (the form's "perfil"). */
export type LeadProfile = 'medico-consultorio' | 'clinica' | 'secretaria-gestor' | 'outro';

/** Where the sales team is with a lead. */
export type LeadState = 'novo' | 'em-contato' | 'cliente' | 'descartado';

/** The `utm_*` parameters of `/demonstracao`'s own URL, those present. */
export interface Utm {
  source?: string;
  medium?: string;
  campaign?: string;
  term?: string;
  content?: string;
}

/** What led the person to `/demonstracao`. */
export interface LeadOrigin {
  /** The site path whose link was followed (a link parameter, or the Referer's path when it is ours). */
  page: string | null;
  /** The article that path is, when it is one. */
  articleId: number | null;
  utm: Utm;
}

/**
 * The proof of what the person agreed to, kept with the lead and kept (reduced to the e-mail's sha-256)
 * when the lead is erased: the texts shown and their version, whether the separate marketing box was
 * ticked, when, on which page, from which address with its last octet removed (never the full address).
 */
export interface ConsentProof {
  /** The notice shown beside the request (the legal basis of the contact: LGPD art. 7 V). */
  requestText: string;
  /** The text of the separate, unticked box asking to receive content by e-mail (art. 7 I). */
  marketingText: string;
  version: string;
  marketingAccepted: boolean;
  at: string;
  page: string;
  truncatedAddress: string;
}

export interface NewLead {
  name: string;
  email: string;
  phone: string;
  profile: LeadProfile;
  /** How many professionals the clinic has (profile `clinica`). */
  professionals: number | null;
  specialty: string | null;
  message: string | null;
  origin: LeadOrigin;
}

export interface Lead extends NewLead {
  id: number;
  state: LeadState;
  consent: ConsentProof;
  createdAt: string;
  updatedAt: string;
}

export interface LeadNote {
  id: number;
  leadId: number;
  /** The person who wrote it (null: an editor key). */
  authorId: number | null;
  authorName: string;
  text: string;
  createdAt: string;
}

export interface LeadQuery {
  /** Words found in name, e-mail, phone, specialty or message (accents and case ignored). */
  text?: string;
  state?: LeadState;
  /** Origin: a page path, an article id, or a utm campaign. */
  page?: string;
  articleId?: number;
  campaign?: string;
  /** Keyset paging, newest first: the leads created before this one. */
  before?: { createdAt: string; id: number };
  limit: number;
}

/** What remains of an erased lead: the proof, with the e-mail reduced to its sha-256. */
export interface KeptConsentProof extends ConsentProof {
  emailSha256: string;
}

/**
 * Demonstration requests and their notes. A lead is written with its consent proof and with the
 * deliveries it causes (the sales e-mail, the CRM webhook) in one transaction: all or nothing.
 */
export interface LeadStore {
  create(lead: NewLead, consent: ConsentProof, deliveries: (lead: Lead) => NewDelivery[], now: string): Promise<Lead>;
  get(id: number): Promise<Lead | undefined>;
  /** Newest first; `total` counts every lead the query matches. */
  list(query: LeadQuery): Promise<{ leads: Lead[]; total: number }>;
  setState(id: number, state: LeadState, now: string): Promise<Lead | undefined>;
  addNote(note: Omit<LeadNote, 'id'>): Promise<LeadNote>;
  notes(leadId: number): Promise<LeadNote[]>;
  /** Every lead of `email` (normalised: trimmed, lower-case), with their notes. */
  findByEmail(email: string): Promise<{ lead: Lead; notes: LeadNote[] }[]>;
  /** Deletes the leads of `email` with their notes; their proofs stay with the e-mail's sha-256 only. Answers how many. */
  eraseByEmail(email: string): Promise<number>;
  /** The proofs kept of `email`'s erased leads. */
  keptProofs(emailSha256: string): Promise<KeptConsentProof[]>;
  /** Deletes the leads created before `before` that did not become `cliente` (retention), as eraseByEmail does. Answers how many. */
  deleteUnconvertedBefore(before: string): Promise<number>;
}
