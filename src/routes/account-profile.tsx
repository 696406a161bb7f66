import type { Request, Response } from 'express';
import type { Repository } from '../db/storage.js';
import { SlugTakenError, type StoredProfile } from '../db/profile-store.js';
import { recordAudit, type Actor } from '../workflow/audit-trail.js';
import { reframeProfilePhoto, removeProfilePhoto, saveProfilePhoto, type PhotoFocus } from '../workflow/profile-photo.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import { COUNCILS, CREDENTIAL_MESSAGES, credentialLine, displayName, profileSchema, TITLES, UFS, type Profile } from '../people/credentials.js';
import { slugify } from '../lib/slug.js';
import { ResponsivePicture } from '../components/responsive-picture.js';
import { ErrorFor } from './account-credentials.js';
import { formText } from './form-fields.js';
import { FocusPicker, postedFocus } from './layout/focus-picker.js';
import { PATHS } from './paths.js';
import { PHOTO_FIELD, withPostedPhoto } from './photo-form.js';

/** Rows offered for specialties: CFM's rules allow a doctor to announce at most two, and three covers other councils' cases. */
const SPECIALTY_ROWS = 3;

/** Professions offered as suggestions; any other may be typed. */
const PROFESSIONS = ['MÉDICO', 'MÉDICA', 'ENFERMEIRO', 'ENFERMEIRA', 'NUTRICIONISTA', 'FARMACÊUTICO', 'FARMACÊUTICA', 'FISIOTERAPEUTA', 'PSICÓLOGO', 'PSICÓLOGA', 'DENTISTA'];

/** What the form holds: the stored profile, or what was typed before a refusal. */
export type ProfileForm = Record<string, string>;

/** Longer than any field may be (the bio's 600): bounds what a refusal shows again. */
const fieldOf = (body: unknown, name: string) => formText(body, name).slice(0, 700);

const FIELDS = ['nome_publico', 'slug', 'tratamento', 'profissao', 'bio', 'conselho', 'registro', 'uf'] as const;

/** The posted fields, bounded: shown again as typed when they are refused. */
export function typedProfile(body: unknown): ProfileForm {
  const typed: ProfileForm = {};
  for (const name of FIELDS) typed[name] = fieldOf(body, name);
  for (let row = 0; row < SPECIALTY_ROWS; row += 1) {
    typed[`especialidade_${row}`] = fieldOf(body, `especialidade_${row}`);
    typed[`rqe_${row}`] = fieldOf(body, `rqe_${row}`);
  }
  return typed;
}

/** The form's strings as a profile: blanks are "none", and a slug left blank is made from the public name. */
export function parseProfile(typed: ProfileForm): { profile: Profile } | { message: string } {
  const blankIsNull = (text: string | undefined) => (text?.trim() ? text.trim() : null);
  const especialidades = Array.from({ length: SPECIALTY_ROWS }, (_, row) => ({ nome: typed[`especialidade_${row}`] ?? '', rqe: typed[`rqe_${row}`] ?? '' })).filter(
    (specialty) => specialty.nome.trim() || specialty.rqe.trim(),
  );
  const parsed = profileSchema.safeParse({
    nome_publico: typed.nome_publico,
    slug: typed.slug?.trim() || slugify(typed.nome_publico ?? ''),
    tratamento: blankIsNull(typed.tratamento),
    profissao: typed.profissao ?? '',
    bio: typed.bio ?? '',
    conselho: blankIsNull(typed.conselho),
    registro: blankIsNull(typed.registro),
    uf: blankIsNull(typed.uf),
    especialidades,
  });
  return parsed.success ? { profile: parsed.data } : { message: parsed.error.issues[0]!.message };
}

/** The stored profile as the form's strings; a person without one starts from their account's name. */
export function profileForm(profile: StoredProfile | null, accountName: string): ProfileForm {
  if (!profile) return { nome_publico: accountName, slug: slugify(accountName) };
  const form: ProfileForm = {
    nome_publico: profile.nome_publico,
    slug: profile.slug,
    tratamento: profile.tratamento ?? '',
    profissao: profile.profissao,
    bio: profile.bio,
    conselho: profile.conselho ?? '',
    registro: profile.registro ?? '',
    uf: profile.uf ?? '',
  };
  profile.especialidades.forEach((specialty, row) => {
    form[`especialidade_${row}`] = specialty.nome;
    form[`rqe_${row}`] = specialty.rqe;
  });
  return form;
}

function Choice({ id, label, name, value, options, blank }: { id: string; label: string; name: string; value: string; options: readonly string[]; blank: string }) {
  return (
    <div className="area-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={name} defaultValue={value}>
        <option value="">{blank}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * Saves the profile form posted for person `id_pessoa` (their own, or anyone's for an administrator):
 * null when saved, or the refusal with what was typed, to show beside the form again.
 */
export async function saveProfileForm(
  repo: Repository,
  req: Request,
  actor: Actor,
  id_pessoa: number,
): Promise<null | { status: 400 | 409; message: string; typed: ProfileForm }> {
  const typed = typedProfile(req.body);
  const parsed = parseProfile(typed);
  if ('message' in parsed) return { status: 400, message: parsed.message, typed };
  try {
    await repo.profiles.save(id_pessoa, parsed.profile, new Date().toISOString());
  } catch (error) {
    if (error instanceof SlugTakenError) return { status: 409, message: CREDENTIAL_MESSAGES.slugTaken, typed };
    throw error;
  }
  await recordAudit(repo.audit, req, actor, 'alterou-perfil', { detalhes: { id_pessoa } });
  return null;
}

/** Whether a post is one of the photo forms: the upload is the profile pages' only multipart form. */
export const isPhotoForm = (req: Request) => Boolean(req.is('multipart/form-data')) || ['remover-foto', 'foco-foto', 'foco-foto-clique'].includes(formText(req.body, 'acao'));

export type PhotoAnswer = { done: 'foto' | 'foto-removida' | 'foto-foco' } | { status: 400 | 413 | 415 | 422; message: string };

/** A new focal point for the photo, from a click on its picture or the two fields: the squares are cut again around it. */
async function postFocus(repo: Repository, req: Request, actor: Actor, id_pessoa: number): Promise<PhotoAnswer> {
  const clicked = formText(req.body, 'acao') === 'foco-foto-clique';
  const kept = await repo.profiles.photoOriginal(id_pessoa);
  if (!kept) return { status: 400, message: PEOPLE_MESSAGES.photoNotFound };
  const focus = postedFocus(req.body, clicked, kept.photo);
  if (!focus) return { status: 400, message: PEOPLE_MESSAGES.photoFocusInvalid };
  return (await reframeProfilePhoto(repo, req, actor, id_pessoa, focus)) ? { done: 'foto-foco' } : { status: 400, message: PEOPLE_MESSAGES.photoNotFound };
}

/** A photo form posted for person `id_pessoa` (their own, or anyone's for an administrator), after the origin check. */
export async function postPhotoForm(repo: Repository, req: Request, res: Response, actor: Actor, id_pessoa: number): Promise<PhotoAnswer> {
  if (req.is('multipart/form-data')) {
    const refusal = await withPostedPhoto(req, res, (path) => saveProfilePhoto(repo, req, actor, id_pessoa, path));
    return refusal ?? { done: 'foto' };
  }
  if (formText(req.body, 'acao') !== 'remover-foto') return postFocus(repo, req, actor, id_pessoa);
  return (await removeProfilePhoto(repo, req, actor, id_pessoa)) ? { done: 'foto-removida' } : { status: 400, message: PEOPLE_MESSAGES.photoNotFound };
}

/** Types the photo form offers to choose; the server sniffs the bytes whatever the name says. */
const PHOTO_TYPES = 'image/jpeg,image/png,image/webp,image/avif,image/gif,image/tiff';

/** The photo of the author page: the current one, a form to send another (multipart, no script needed) and one to remove it. */
function PhotoForms({ saved, error, action, focus }: { saved: StoredProfile | null; error: { form: string; message: string } | undefined; action: string; focus: PhotoFocus | null }) {
  return (
    <div className="area-photo">
      <h3 id="conta-foto">Foto</h3>
      {!saved ? (
        <p className="area-hint">Salve o perfil público para poder enviar uma foto.</p>
      ) : (
        <>
          {saved.foto ? (
            <ResponsivePicture set={saved.foto} sizes="96px" alt={`Foto atual de ${displayName(saved)}`} className="area-photo-current" displayWidth={96} />
          ) : (
            <p className="area-hint">Sem foto: a página de autor mostra só o nome.</p>
          )}
          <ErrorFor form="foto" error={error} />
          <form className="area-form" method="post" action={action} encType="multipart/form-data">
            <div className="area-field">
              <label htmlFor="perfil-foto">{saved.foto ? 'Trocar a foto' : 'Enviar uma foto'}</label>
              <input id="perfil-foto" name={PHOTO_FIELD} type="file" accept={PHOTO_TYPES} required aria-describedby="perfil-foto-dica" />
              <p id="perfil-foto-dica" className="area-hint">
                JPEG, PNG, WebP, AVIF, GIF ou TIFF, até 10 MB. A foto é recortada em quadrado, no ponto de mais detalhe.
              </p>
            </div>
            <button type="submit" className="button button-primary">
              Enviar foto
            </button>
          </form>
          {saved.foto && focus && (
            <section className="area-photo-focus" aria-labelledby="conta-foto-foco">
              <h4 id="conta-foto-foco">Ponto focal</h4>
              <p className="area-hint">O quadrado da página de autor e das assinaturas mantém este ponto (o rosto, por exemplo) dentro do recorte.</p>
              <FocusPicker action={action} acao="foco-foto" src={focus.src} width={focus.width} height={focus.height} foco={focus.foco} label={action === PATHS.account ? 'Ponto focal da sua foto' : 'Ponto focal da foto'} idPrefix="foto-foco" />
            </section>
          )}
          {saved.foto && (
            <form className="area-form" method="post" action={action}>
              <input type="hidden" name="acao" value="remover-foto" />
              <button type="submit" className="button button-secondary">
                Remover foto
              </button>
            </form>
          )}
        </>
      )}
    </div>
  );
}

/** "Perfil público": the byline of the person's articles, with their council registration and specialties. */
export function ProfileSection({
  form,
  saved,
  error,
  action = PATHS.account,
  photoFocus = null,
}: {
  form: ProfileForm;
  saved: StoredProfile | null;
  error: { form: string; message: string } | undefined;
  /** Where the form posts: the account page, or an administrator's page for someone else's profile. */
  action?: string;
  /** The photo's focal point control, when an original is kept to cut it from again. */
  photoFocus?: PhotoFocus | null;
}) {
  const value = (name: string) => form[name] ?? '';
  return (
    <section className="area-section" aria-labelledby="conta-perfil">
      <h2 id="conta-perfil">Perfil público</h2>
      <p>
        É como os seus artigos assinam. Conteúdo de saúde assinado por médico mostra o nome, a palavra MÉDICO ou MÉDICA, o CRM com a UF e, para
        especialidade, o RQE (Resolução CFM 2.336/2023).
      </p>
      {saved && (
        <p className="area-list-detail">
          Assinatura: <strong>{credentialLine(saved)}</strong>
        </p>
      )}
      <ErrorFor form="perfil" error={error} />
      <form className="area-form" method="post" action={action}>
        <input type="hidden" name="acao" value="perfil" />
        <Choice id="perfil-tratamento" label="Tratamento" name="tratamento" value={value('tratamento')} options={TITLES} blank="Nenhum" />
        <div className="area-field">
          <label htmlFor="perfil-nome">Nome público</label>
          <input id="perfil-nome" name="nome_publico" type="text" maxLength={120} required defaultValue={value('nome_publico')} />
        </div>
        <div className="area-field">
          <label htmlFor="perfil-slug">Endereço do perfil</label>
          <input id="perfil-slug" name="slug" type="text" maxLength={80} pattern="[a-z0-9]+(-[a-z0-9]+)*" defaultValue={value('slug')} aria-describedby="perfil-slug-dica" />
          <p id="perfil-slug-dica" className="area-hint">
            Letras minúsculas sem acento, números e hífens. Em branco, é feito do nome público.
          </p>
        </div>
        <div className="area-field">
          <label htmlFor="perfil-profissao">Profissão</label>
          <input id="perfil-profissao" name="profissao" type="text" maxLength={60} list="perfil-profissoes" defaultValue={value('profissao')} />
          <datalist id="perfil-profissoes">
            {PROFESSIONS.map((profession) => (
              <option key={profession} value={profession} />
            ))}
          </datalist>
        </div>
        <fieldset className="area-checks">
          <legend>Registro no conselho</legend>
          <Choice id="perfil-conselho" label="Conselho" name="conselho" value={value('conselho')} options={COUNCILS} blank="Nenhum" />
          <div className="area-field">
            <label htmlFor="perfil-registro">Número</label>
            <input id="perfil-registro" name="registro" type="text" inputMode="numeric" maxLength={7} pattern="[0-9]{1,7}" defaultValue={value('registro')} />
          </div>
          <Choice id="perfil-uf" label="UF" name="uf" value={value('uf')} options={UFS} blank="Nenhuma" />
        </fieldset>
        <fieldset className="area-checks">
          <legend>Especialidades com RQE</legend>
          {Array.from({ length: SPECIALTY_ROWS }, (_, row) => (
            <div key={row} className="area-field-pair">
              <div className="area-field">
                <label htmlFor={`perfil-especialidade-${row}`}>{`Especialidade ${row + 1}`}</label>
                <input id={`perfil-especialidade-${row}`} name={`especialidade_${row}`} type="text" maxLength={80} defaultValue={value(`especialidade_${row}`)} />
              </div>
              <div className="area-field">
                <label htmlFor={`perfil-rqe-${row}`}>{`RQE ${row + 1}`}</label>
                <input id={`perfil-rqe-${row}`} name={`rqe_${row}`} type="text" inputMode="numeric" maxLength={7} pattern="[0-9]{1,7}" defaultValue={value(`rqe_${row}`)} />
              </div>
            </div>
          ))}
        </fieldset>
        <div className="area-field">
          <label htmlFor="perfil-bio">Apresentação</label>
          <textarea id="perfil-bio" name="bio" rows={4} maxLength={600} defaultValue={value('bio')} />
        </div>
        <button type="submit" className="button button-primary">
          Salvar perfil
        </button>
      </form>
      <PhotoForms saved={saved} error={error} action={action} focus={photoFocus} />
    </section>
  );
}
