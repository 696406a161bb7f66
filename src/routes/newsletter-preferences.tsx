import type { TopicCount } from '../db/topic-store.js';
import { formText } from './form-fields.js';
import { newsletterDeps, subscriberOfLink, unsubscribe } from '../workflow/newsletter-signup.js';
import { formList, maskedEmail, NewsletterPage, newsletterMeta, SubscribeAgain } from './newsletter-page.js';
import type { PrivateLoadContext, PrivateRoute } from './page-route.js';
import { newsletterPreferencesPath, PATHS } from './paths.js';

export interface NewsletterPreferencesData {
  state: 'inscrito' | 'fora' | 'link-invalido';
  token: string;
  email?: string;
  chosen?: string[];
  topics?: Pick<TopicCount, 'slug' | 'nome'>[];
  notice?: string;
}

export const PREFERENCES_MESSAGES = {
  saved: 'Temas salvos.',
  left: 'Inscrição cancelada. Você não vai mais receber os artigos por e-mail.',
  out: 'Esta inscrição não está ativa. Para voltar a receber os artigos, inscreva-se de novo.',
  invalid: 'Este link não é válido. Use o link do e-mail mais recente que você recebeu.',
} as const;

function NewsletterPreferencesPage({ data: { state, token, email, chosen = [], topics = [], notice } }: { data: NewsletterPreferencesData }) {
  return (
    <NewsletterPage title="Preferências do boletim">
      {notice && (
        <p className="lead" role="status">
          {notice}
        </p>
      )}
      {state === 'link-invalido' && (
        <p className="lead" role="alert">
          {PREFERENCES_MESSAGES.invalid}
        </p>
      )}
      {state === 'fora' && (
        <>
          {!notice && <p className="lead">{PREFERENCES_MESSAGES.out}</p>}
          <SubscribeAgain />
        </>
      )}
      {state === 'inscrito' && (
        <>
          <p>{`Endereço: ${email}`}</p>
          <form method="post" action={newsletterPreferencesPath(token)}>
            <input type="hidden" name="acao" value="temas" />
            <fieldset className="newsletter-topics">
              <legend>Temas que você quer receber (nenhum marcado: todos)</legend>
              {topics.map((topic) => (
                <label key={topic.slug} className="newsletter-topic">
                  <input type="checkbox" name="temas" value={topic.slug} defaultChecked={chosen.includes(topic.slug)} /> {topic.nome}
                </label>
              ))}
            </fieldset>
            <button type="submit" className="button button-primary">
              Salvar temas
            </button>
          </form>
          <form method="post" action={newsletterPreferencesPath(token)}>
            <input type="hidden" name="acao" value="cancelar" />
            <button type="submit" className="button button-secondary">
              Cancelar inscrição
            </button>
          </form>
        </>
      )}
    </NewsletterPage>
  );
}

async function pageFor(ctx: PrivateLoadContext, notice?: string) {
  const token = ctx.params.token ?? '';
  const subscriber = await subscriberOfLink(newsletterDeps(ctx.deps), token);
  if (!subscriber) return { status: 404 as const, data: { state: 'link-invalido' as const, token } };
  if (subscriber.estado !== 'confirmado') return { status: 200 as const, data: { state: 'fora' as const, token, notice } };
  const topics = (await ctx.deps.repo.topics.list(true)).map(({ slug, nome }) => ({ slug, nome }));
  return { status: 200 as const, data: { state: 'inscrito' as const, token, email: maskedEmail(subscriber.email), chosen: subscriber.temas, topics, notice } };
}

/** /boletim/preferencias/:token: the same signed link as the unsubscribe one; topics to choose, or leave. */
export const newsletterPreferencesPage: PrivateRoute<NewsletterPreferencesData> = {
  id: 'newsletter-preferences',
  path: PATHS.newsletterPreferences,
  kind: 'private',
  session: 'optional',
  beforePasskey: true,
  load: (ctx) => pageFor(ctx),
  async action(ctx) {
    const subscriber = await subscriberOfLink(newsletterDeps(ctx.deps), ctx.params.token ?? '');
    if (!subscriber) return pageFor(ctx);
    if (formText(ctx.req.body, 'acao') === 'cancelar') {
      await unsubscribe(ctx.deps, subscriber.id, 'preferencias');
      return pageFor(ctx, PREFERENCES_MESSAGES.left);
    }
    const known = new Set((await ctx.deps.repo.topics.list(false)).map((topic) => topic.slug));
    await ctx.deps.repo.subscribers.setTopics(subscriber.id, formList(ctx.req.body, 'temas').filter((slug) => known.has(slug)));
    return pageFor(ctx, PREFERENCES_MESSAGES.saved);
  },
  meta: () => newsletterMeta(PATHS.newsletterSignup, 'Preferências do boletim'),
  Component: NewsletterPreferencesPage,
};
