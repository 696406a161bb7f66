import type { Person, ProfilePage } from 'schema-dts';
import type { SiteConfig } from '../config.js';
import type { StoredProfile } from '../db/profile-store.js';
import { absoluteUrl } from '../lib/absolute-url.js';
import { displayName, registrationLine, type Council } from '../people/credentials.js';
import { organizationId, websiteId } from './json-ld.js';

const COUNCIL_NAMES: Record<Council, string> = {
  CRM: 'Conselho Regional de Medicina',
  COREN: 'Conselho Regional de Enfermagem',
  CRN: 'Conselho Regional de Nutricionistas',
  CRF: 'Conselho Regional de Farmácia',
  CREFITO: 'Conselho Regional de Fisioterapia e Terapia Ocupacional',
  CRP: 'Conselho Regional de Psicologia',
  CRO: 'Conselho Regional de Odontologia',
  CRFa: 'Conselho Regional de Fonoaudiologia',
};

/**
 * The person behind a byline, with what the page shows of them: name, profession, council registration
 * (recognised by its council) and specialties. `path`: their author page, null where the page does not
 * link one (a reviewer). `withBio` where the page shows the bio (the author page).
 */
export function personJsonLd(site: SiteConfig, profile: StoredProfile, path: string | null, withBio = false): Exclude<Person, string> {
  const url = path === null ? null : absoluteUrl(site, path);
  const registration = registrationLine(profile);
  return {
    '@type': 'Person',
    ...(url ? { '@id': `${url}#pessoa`, url } : {}),
    name: displayName(profile),
    ...(profile.profissao ? { jobTitle: profile.profissao } : {}),
    ...(registration && profile.conselho && profile.uf
      ? {
          hasCredential: {
            '@type': 'EducationalOccupationalCredential',
            credentialCategory: 'Registro profissional',
            name: registration,
            recognizedBy: { '@type': 'Organization', name: `${COUNCIL_NAMES[profile.conselho]} (${profile.conselho}/${profile.uf})` },
          },
        }
      : {}),
    ...(profile.especialidades.length > 0 ? { knowsAbout: profile.especialidades.map((specialty) => specialty.nome) } : {}),
    ...(withBio && profile.bio ? { description: profile.bio } : {}),
  };
}

/** The author page: a ProfilePage whose main entity is the person. */
export function profilePage(site: SiteConfig, profile: StoredProfile, path: string, canonicalPath: string): Exclude<ProfilePage, string> {
  const url = absoluteUrl(site, canonicalPath);
  return {
    '@type': 'ProfilePage',
    '@id': `${url}#pagina`,
    url,
    name: displayName(profile),
    inLanguage: 'pt-BR',
    isPartOf: { '@id': websiteId(site) },
    publisher: { '@id': organizationId(site) },
    dateModified: profile.atualizado_em,
    // The photo is shown on this page only, so only here is it the person's image.
    mainEntity: { ...personJsonLd(site, profile, path, true), ...(profile.foto ? { image: absoluteUrl(site, profile.foto.masterUrl) } : {}) },
  };
}
