import { NEWSLETTER_CONSENT } from '../lib/newsletter-consent.js';

/** A campaign's utm parameters, carried by the form to the sign-up. */
export type FormCampaign = Partial<Record<'source' | 'medium' | 'campaign', string>>;

export interface NewsletterTopic {
  slug: string;
  nome: string;
}

/** Checkboxes past this many would crowd the form (and the form parser's field limit). */
const MAX_TOPICS = 12;

/**
 * "Receba os novos artigos por e-mail": a plain form (no script, nothing stored in the browser) that
 * posts to `action` (/boletim/inscricao). `page` is where it is shown (kept with the consent); `topics`, when
 * given, can be chosen (none chosen: every topic); `utm`, on a page rendered for each visitor, the campaign it was opened with.
 */
export function NewsletterForm({ id, action, page, topics = [], utm = {} }: { id: string; action: string; page: string; topics?: NewsletterTopic[]; utm?: FormCampaign }) {
  const shown = topics.slice(0, MAX_TOPICS);
  return (
    <section className="newsletter-signup" aria-labelledby={`${id}-titulo`}>
      <h2 id={`${id}-titulo`}>Receba os novos artigos por e-mail</h2>
      <form className="newsletter-form" method="post" action={action}>
        <input type="hidden" name="pagina" value={page} />
        {(['source', 'medium', 'campaign'] as const).map((key) => (utm[key] ? <input key={key} type="hidden" name={`utm_${key}`} value={utm[key]} /> : null))}
        <label htmlFor={`${id}-email`}>Seu e-mail</label>
        <div className="newsletter-row">
          <input id={`${id}-email`} name="email" type="email" autoComplete="email" required maxLength={254} />
          <button type="submit" className="button button-primary">
            Quero receber
          </button>
        </div>
        {shown.length > 0 && (
          <fieldset className="newsletter-topics">
            <legend>Só alguns temas? (opcional: sem escolha, você recebe todos)</legend>
            {shown.map((topic) => (
              <label key={topic.slug} className="newsletter-topic">
                <input type="checkbox" name="temas" value={topic.slug} /> {topic.nome}
              </label>
            ))}
          </fieldset>
        )}
        <p className="newsletter-consent">{NEWSLETTER_CONSENT.texto}</p>
      </form>
    </section>
  );
}
