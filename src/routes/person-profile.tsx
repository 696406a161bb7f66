import type { Person } from '../db/people-store.js';
import type { StoredProfile } from '../db/profile-store.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { may, ROLE_LABELS } from '../people/roles.js';
import { privateMeta } from '../seo/private-meta.js';
import { photoFocusOf, type PhotoFocus } from '../workflow/profile-photo.js';
import { isSameOrigin } from '../workflow/same-origin.js';
import { isPhotoForm, postPhotoForm, ProfileSection, profileForm, saveProfileForm, type ProfileForm } from './account-profile.js';
import { AreaBar } from './layout/area-bar.js';
import { FOCUS_PICTURE_WIDTH } from './layout/focus-picker.js';
import { Forbidden } from './layout/forbidden.js';
import { areaAssets } from './layout/page-assets.js';
import type { EditorSession, PrivateLoadContext, PrivateRoute, Rendered } from './page-route.js';
import { PATHS, personProfilePath } from './paths.js';
import { SIGN_IN_MESSAGES } from './sign-in.js';

export interface PersonProfileData {
  session: EditorSession;
  person?: Person;
  saved?: StoredProfile | null;
  form?: ProfileForm;
  /** The photo's focal point control, when an original is kept to cut it from again. */
  photoFocus?: PhotoFocus | null;
  notice?: string;
  error?: { form: 'perfil' | 'foto'; message: string };
  forbidden?: boolean;
}

const SAVED_PARAM = 'salvo';
/** What the page says after a redirect, by the parameter it carries. */
const NOTICES = {
  [SAVED_PARAM]: 'Perfil público salvo.',
  foto: 'Foto do perfil salva.',
  'foto-removida': 'Foto do perfil removida.',
  'foto-foco': 'Ponto focal da foto salvo: a foto foi recortada de novo em volta dele.',
} as const;

function PersonProfilePage({ data }: { data: PersonProfileData }) {
  const { session, person, saved, form, photoFocus, notice, error, forbidden } = data;
  if (forbidden || !person || !form) return <Forbidden session={session} />;
  return (
    <>
      <AreaBar session={session} current="pessoas" />
      <section className="section area-page" aria-labelledby="perfil-titulo">
        <div className="container area-narrow">
          <p className="area-back">
            <a href={PATHS.people}>← Pessoas</a>
          </p>
          <h1 id="perfil-titulo">{`Perfil público de ${person.nome}`}</h1>
          <p className="lead">{`${person.email} · ${ROLE_LABELS[person.papel]}`}</p>
          {notice && (
            <p className="area-notice" role="status">
              {notice}
            </p>
          )}
          <ProfileSection form={form} saved={saved ?? null} error={error} action={personProfilePath(person.id)} photoFocus={photoFocus ?? null} />
        </div>
      </section>
    </>
  );
}

/** The person the address names, for an administrator; 403 for other roles, 404 for no one. */
async function target(ctx: PrivateLoadContext): Promise<{ person: Person } | Rendered<PersonProfileData> | { status: 404 }> {
  const session = ctx.session!;
  if (!may(session.papel, 'gerir-pessoas')) return { status: 403, data: { session, forbidden: true } };
  const id = Number(ctx.params.id);
  const person = Number.isSafeInteger(id) && id > 0 ? await ctx.deps.repo.people.get(id) : null;
  return person ? { person } : { status: 404 };
}

/** /editor/pessoas/{id}/perfil: an administrator edits anyone's public profile (the byline of their articles). */
export const personProfilePage: PrivateRoute<PersonProfileData> = {
  id: 'person-profile',
  path: PATHS.personProfile,
  kind: 'private',
  session: 'required',
  async load(ctx) {
    const found = await target(ctx);
    if (!('person' in found)) return found;
    const saved = await ctx.deps.repo.profiles.get(found.person.id);
    const photoFocus = saved?.foto ? await photoFocusOf(ctx.deps.repo, found.person.id, FOCUS_PICTURE_WIDTH) : null;
    const notice = Object.entries(NOTICES).find(([param]) => ctx.search.has(param))?.[1];
    return { status: 200, data: { session: ctx.session!, person: found.person, saved, form: profileForm(saved, found.person.nome), photoFocus, ...(notice ? { notice } : {}) } };
  },
  async action(ctx) {
    if (!isSameOrigin(ctx.req, ctx.deps.config.site.siteUrl)) return { status: 403, text: SIGN_IN_MESSAGES.foreignOrigin };
    const found = await target(ctx);
    if (!('person' in found)) return 'data' in found ? { status: 403, text: PEOPLE_MESSAGES.forbidden } : found;
    const session = ctx.session!;
    const actor = { author: session.autor, personId: session.id_pessoa };
    if (isPhotoForm(ctx.req)) {
      const answer = await postPhotoForm(ctx.deps.repo, ctx.req, ctx.res, actor, found.person.id);
      if ('done' in answer) return { status: 303, location: `${personProfilePath(found.person.id)}?${answer.done}` };
      const saved = await ctx.deps.repo.profiles.get(found.person.id);
      return { status: answer.status, data: { session, person: found.person, saved, form: profileForm(saved, found.person.nome), error: { form: 'foto', message: answer.message } } };
    }
    const refusal = await saveProfileForm(ctx.deps.repo, ctx.req, actor, found.person.id);
    if (!refusal) return { status: 303, location: `${personProfilePath(found.person.id)}?${SAVED_PARAM}` };
    const saved = await ctx.deps.repo.profiles.get(found.person.id);
    return { status: refusal.status, data: { session, person: found.person, saved, form: refusal.typed, error: { form: 'perfil', message: refusal.message } } };
  },
  meta: () => privateMeta(PATHS.people, 'Perfil público', 'O perfil público de uma pessoa: a assinatura dos artigos dela.'),
  Component: PersonProfilePage,
  documentAssets: areaAssets,
};
