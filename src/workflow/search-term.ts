/** A search as the statistics keep it: trimmed, spaces collapsed, lower-cased. */
export const normalisedTerm = (query: string): string => query.trim().replace(/\s+/g, ' ').toLowerCase();

const EMAIL = /\S+@\S+/;
/** A CPF, written with or without its dots and dash. */
const CPF = /\d{3}\.?\d{3}\.?\d{3}-?\d{2}/;
/** Eight or more digits, whatever separates them: a phone number (or a document) rather than a topic. */
const PHONE = /(?:\d[\s().+-]*){8,}/;

/** A term that looks like someone's e-mail, CPF or phone number is not stored (LGPD: not needed to know what is sought). */
export const looksPersonal = (term: string): boolean => EMAIL.test(term) || CPF.test(term) || PHONE.test(term);
