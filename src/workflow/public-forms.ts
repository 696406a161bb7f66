import type { LeadIntake } from './lead-intake.js';

/** The public site's forms: what their pages and the API's endpoints for them reach. */
export interface PublicForms {
  /** Demonstration requests (/demonstracao). */
  leads: LeadIntake;
}
