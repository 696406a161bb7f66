import type { RevisionSnapshot } from '../db/repository.js';
import { STATE_LABELS } from './article-states.js';
import { slugify } from '../lib/slug.js';
import { formatDateTimePtBr } from './format-date-time.js';

/** A field other than the compared texts, as an editor reads it, in two versions. */
export interface FieldChange {
  label: string;
  before: string;
  after: string;
}

const NONE = '(nenhuma)';

function state(snapshot: RevisionSnapshot): string {
  const label = STATE_LABELS[snapshot.status];
  return snapshot.status === 'agendado' && snapshot.publicar_em ? `${label} para ${formatDateTimePtBr(snapshot.publicar_em)}` : label;
}

function mainImage(snapshot: RevisionSnapshot): string {
  if (!snapshot.imagem_nome) return NONE;
  const size = snapshot.imagem_width && snapshot.imagem_height ? ` (${snapshot.imagem_width} × ${snapshot.imagem_height} px)` : '';
  return `${snapshot.imagem_nome}${size}`;
}

/** Every field an editor would check before restoring, in the order of the form. */
const FIELDS: Array<{ label: string; read: (snapshot: RevisionSnapshot) => string }> = [
  { label: 'Estado', read: state },
  { label: 'Título na URL', read: (snapshot) => snapshot.titulo_url },
  { label: 'Palavras-chave', read: (snapshot) => snapshot.keywords || NONE },
  { label: 'Imagem principal', read: mainImage },
  { label: 'Legenda da imagem', read: (snapshot) => snapshot.imagem_caption || NONE },
  { label: 'Texto alternativo da imagem', read: (snapshot) => snapshot.imagem_alt || '(a legenda)' },
];

/** The fields that differ between two versions (title, description and text are compared word by word elsewhere). */
export function fieldChanges(before: RevisionSnapshot, after: RevisionSnapshot): FieldChange[] {
  return FIELDS.map(({ label, read }) => ({ label, before: read(before), after: read(after) })).filter((field) => field.before !== field.after);
}

/** The topics one version has and the other has not, each in its version's order. */
export interface TopicChanges {
  added: string[];
  removed: string[];
}

/**
 * Topics compared by slug, as the site tells them apart ("LGPD" and "lgpd" are one). null when either
 * version was saved before revisions recorded topics: nothing is known to compare.
 */
export function topicChanges(before: RevisionSnapshot, after: RevisionSnapshot): TopicChanges | null {
  if (before.temas === null || after.temas === null) return null;
  const slugs = (names: string[]) => new Set(names.map(slugify));
  const [had, has] = [slugs(before.temas), slugs(after.temas)];
  return { added: after.temas.filter((name) => !had.has(slugify(name))), removed: before.temas.filter((name) => !has.has(slugify(name))) };
}
