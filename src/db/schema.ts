import type { ColumnType, Generated } from 'kysely';
import type { VariantFormat } from '../images/image-set.js';
import type { Role } from '../people/roles.js';
import type { LeadProfile, LeadState } from './lead-store.js';
import type { ArticleCredits, RevisionAction, StoredArticle } from './repository.js';
import type { KeyRevocation } from './personal-key.js';
import type { SignInMethod } from './session-store.js';

/**
 * The tables as both databases hold them, for the typed SQL builder. Dates are ISO 8601 UTC strings
 * (PostgreSQL's timestamptz is read back as that string, see postgres-dialect.ts), booleans are written
 * as 1/0 and read as either, JSON is text.
 */
type Flag = number | boolean;

/** The stored article: its id and version are made by the database. */
export type ArticleTable = Omit<StoredArticle, 'id' | 'versao' | 'ja_publicado' | keyof ArticleCredits | 'pendente'> & {
  id: Generated<number>;
  versao: Generated<number>;
  ja_publicado: Flag;
  /** JSON array of person ids (migration 16). */
  autores: string;
  clinico: Flag;
  /** JSON array of { texto, url? }. */
  referencias: string;
  /** JSON MedicalReview, or null before any approval. */
  revisao_medica: string | null;
  /** JSON PendingVersion: what editors see beyond what readers see. */
  pendente: string | null;
  /** Clinical, and its current text not approved (migration 17): kept in step by every write. */
  aguardando_revisao: Flag;
  /** The São Paulo day (AAAA-MM-DD) a draft is planned for (migration 39); read only by the calendar. */
  previsto_para: ColumnType<string | null, string | null | undefined, string | null>;
  /** The person a planned draft falls to (migration 39); null: its creator. */
  id_responsavel: ColumnType<number | null, number | null | undefined, number | null>;
};

export interface ImageTable {
  id: Generated<number>;
  id_artigo: number;
  nome: string;
  content_type: string;
  bytes: Buffer;
  etag: string;
  updated_at: string;
  width: number | null;
  height: number | null;
  has_alpha: Flag | null;
  animated: Flag | null;
  /** Focal point as fractions of the width and height (migration 42); null is the centre. */
  foco_x: number | null;
  foco_y: number | null;
  alt_padrao: string | null;
  legenda_padrao: string | null;
}

/** An image of the library used by another article under a name of that article (migration 43). */
export interface ImageLinkTable {
  id_artigo: number;
  nome: string;
  id_imagem: number;
  created_at: string;
}

export interface VariantTable {
  id: Generated<number>;
  id_imagem: number;
  id_artigo: number;
  arquivo: string;
  papel: 'responsiva' | 'social';
  formato: VariantFormat;
  content_type: string;
  width: number;
  height: number;
  tamanho: number;
  bytes: Buffer;
  etag: string;
  created_at: string;
}

export interface ShareImageTable {
  id: Generated<number>;
  id_artigo: number;
  arquivo: string;
  content_type: string;
  bytes: Buffer;
  etag: string;
  created_at: string;
}

export interface RevisionTable {
  id_artigo: number;
  versao: number;
  autor: string;
  data: string;
  acao: RevisionAction;
  /** The person who saved it; null for an editor key and for revisions older than migration 12. */
  id_pessoa: number | null;
  /** The RevisionSnapshot as JSON; without its body since schema version 5 (revision-snapshots.ts). */
  instantaneo: string;
  conteudo_gz: Buffer | null;
}

export interface TombstoneTable {
  id: number;
  removido_em: string;
}

export interface SessionTable {
  id: string;
  autor: string;
  /** The person signed in; null for a session opened with an editor key. */
  id_pessoa: number | null;
  criada_em: string;
  expira_em: string;
  /** How it was opened. */
  metodo: Generated<SignInMethod>;
  endereco: string | null;
  /** The browser's User-Agent, cut short: how its owner recognises it. */
  navegador: string | null;
}


/** A personal API key: usable as the spec's `key` or `Bearer`, with its person's role. */
export interface PersonalKeyTable {
  id: Generated<number>;
  id_pessoa: number;
  nome: string;
  /** sha-256 of the key: shown once, never stored. */
  chave_hash: string;
  criada_em: string;
  usada_em: string | null;
  revogada_em: string | null;
  revogada_por: KeyRevocation | null;
}

/** A WebAuthn credential (passkey) of a person. */
export interface PasskeyTable {
  /** The credential id, base64url. */
  id: string;
  id_pessoa: number;
  nome: string;
  /** COSE public key, base64url. */
  chave_publica: string;
  contador: number;
  /** JSON array of the authenticator's transports, when it said. */
  transportes: string | null;
  criada_em: string;
  usada_em: string | null;
}

/** Roles whose people must have a passkey before anything else. */
export interface PasskeyRequirementTable {
  papel: Role;
}

/** A WebAuthn challenge waiting for its answer: for registering (a person) or signing in (anyone). */
export interface PasskeyChallengeTable {
  desafio: string;
  id_pessoa: number | null;
  expira_em: string;
}

/** Sign-in attempts counted in a fixed window per name (a client address, an account, the two together). */
export interface SignInAttemptTable {
  nome: string;
  tentativas: number;
  termina_em: string;
}

/** One-time links to choose a new password; like invitations, only their digest is kept. */
export interface PasswordResetTable {
  token_hash: string;
  id_pessoa: number;
  expira_em: string;
  usado_em: string | null;
}

export interface PersonTable {
  id: Generated<number>;
  nome: string;
  /** Lower case: one account per address however it is typed. */
  email: string;
  papel: Role;
  ativo: Flag;
  /** argon2id; null until the invitation is accepted. */
  senha_hash: string | null;
  criada_em: string;
  /** The rights granted beside the role (roles.ts GRANTS), a JSON array. */
  permissoes: ColumnType<string, string | undefined, string>;
}

export interface InvitationTable {
  /** sha-256 of the link's secret: the database never holds a usable link. */
  token_hash: string;
  id_pessoa: number;
  expira_em: string;
  usado_em: string | null;
}

/** Append only: triggers in both databases refuse UPDATE and DELETE. */
export interface AuditTable {
  id: Generated<number>;
  quando: string;
  /** The person's name, or the label of the editor key. */
  quem: string;
  id_pessoa: number | null;
  acao: string;
  id_artigo: number | null;
  endereco: string | null;
  detalhes: string | null;
}

/** Counts kept as their rows change, in the same transaction. */
export interface CounterTable {
  nome: 'artigos_publicados';
  valor: number;
}

/** A person's public profile: the byline's name, registration and specialties. */
export interface ProfileTable {
  id_pessoa: number;
  nome_publico: string;
  slug: string;
  tratamento: 'Dr.' | 'Dra.' | null;
  profissao: string;
  bio: string;
  conselho: string | null;
  registro: string | null;
  uf: string | null;
  /** JSON: [{ nome, rqe }]. */
  especialidades: string;
  atualizado_em: string;
}

/** One square variant of a person's photo (migration 20), under a content-hashed name. */
/** The profile photo as sent (upright, bounded) and its focal point, to re-make the squares from (migration 47). */
export interface ProfilePhotoOriginalTable {
  id_pessoa: number;
  bytes: Buffer;
  largura: number;
  altura: number;
  foco_x: number | null;
  foco_y: number | null;
}

export interface ProfilePhotoTable {
  id_pessoa: number;
  arquivo: string;
  formato: VariantFormat;
  content_type: string;
  largura: number;
  altura: number;
  tamanho: number;
  bytes: Buffer;
  etag: string;
  criado_em: string;
}

/** A topic of articles; `publicados` counts its published articles, kept by triggers (migration 18). */
export interface TopicTable {
  id: Generated<number>;
  nome: string;
  slug: string;
  publicados: Generated<number>;
}

/** A slug a topic had before a rename: its old address redirects to the new one. */
export interface OldTopicSlugTable {
  slug: string;
  id_tema: number;
}

/** An article's topic, with the article's state and dates copied by a trigger for the topic's index. */
export interface ArticleTopicTable {
  id_artigo: number;
  id_tema: number;
  /** The topic's place in the article's own order, from 0. */
  posicao: number;
  status: StoredArticle['status'];
  publicar_em: string | null;
  data_publicacao: string;
}

/** Who signs each article (migration 23): articles.autores as rows, kept in step by triggers. */
export interface ArticleAuthorTable {
  id_pessoa: number;
  id_artigo: number;
}

/** Articles a migration left for the repository to index (SQLite's search index, migration 19). */
export interface PendingIndexTable {
  id: number;
}

/** A person who had no profile at migration 28 (PostgreSQL: 26): given one at the next start (createPendingProfiles). */
export interface PendingProfileTable {
  id_pessoa: number;
}

/** One delivery of the outbox (migration 27 on PostgreSQL, 29 on SQLite). */
export interface DeliveryTable {
  id: string;
  tipo: string;
  /** JSON: what the sender of `tipo` needs. */
  carga: string;
  estado: 'pendente' | 'enviando' | 'entregue' | 'falhou';
  tentativas: number;
  proxima_tentativa_em: string;
  reservada_ate: string | null;
  ultima_resposta: string | null;
  chave: string | null;
  criada_em: string;
  entregue_em: string | null;
  /** What the delivery is about, e.g. `contato:<id>` or `boletim:<id>`: listed on that thing's page. */
  referencia: string | null;
}

export interface SecretTable {
  nome: string;
  valor: string;
  criado_em: string;
}

/** A demonstration request (migration 32 on SQLite, 30 on PostgreSQL). */
export interface LeadTable {
  id: Generated<number>;
  nome: string;
  /** Trimmed, lower case. */
  email: string;
  telefone: string;
  perfil: LeadProfile;
  profissionais: number | null;
  especialidade: string | null;
  mensagem: string | null;
  origem_pagina: string | null;
  origem_artigo: number | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  utm_term: string | null;
  utm_content: string | null;
  estado: LeadState;
  /** Name, e-mail, phone, specialty and message with accents folded and in lower case: what the list's search reads. */
  busca: string;
  criado_em: string;
  atualizado_em: string;
}

export interface LeadNoteTable {
  id: Generated<number>;
  id_contato: number;
  id_autor: number | null;
  nome_autor: string;
  texto: string;
  criada_em: string;
}

/** A lead's consent proof; kept with id_contato null when the lead is erased. */
export interface ConsentProofTable {
  id: Generated<number>;
  id_contato: number | null;
  email_sha256: string;
  texto_pedido: string;
  texto_conteudo: string;
  versao: string;
  aceita_conteudo: Flag;
  em: string;
  pagina: string;
  endereco_truncado: string;
}

/** A form token (or ALTCHA challenge) already used, kept until it would have expired (migration 33 on SQLite, 31 on PostgreSQL). */
export interface SpentFormTokenTable {
  nonce: string;
  expira_em: string;
}

/** A newsletter subscriber (migration 35 on SQLite, 33 on PostgreSQL). */
/** The key of a statistics row (migration 40/38): '' stands for "none"; robo is 1 for a search engine's bot. */
interface StatsKeyColumns {
  caminho: string;
  origem: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  dispositivo: 'celular' | 'computador';
  robo: number;
  visualizacoes: number;
}

/** Views in one UTC hour, "2026-11-27T14". */
export interface StatsHourTable extends StatsKeyColumns {
  hora: string;
}

/** Views in one São Paulo day, "2026-11-27". */
export interface StatsDayTable extends StatsKeyColumns {
  dia: string;
}

export interface StatsSearchTable {
  dia: string;
  termo: string;
  resultados: number;
  vezes: number;
}

export interface StatsSaltTable {
  dia: string;
  sal: string;
}

export interface StatsHashTable {
  dia: string;
  caminho: string;
  hash: string;
}

export interface StatsVisitorTable {
  dia: string;
  caminho: string;
  visitantes: number;
}

/**
 * People's views per day by one thing (migration 50 on SQLite, 48 on PostgreSQL): tipo 'pagina' (chave
 * the path), 'origem' (the referrer), 'campanha' (chave the utm_source), 'dispositivo'; and 'robos'
 * (chave '') for bots' views. utm_medium and utm_campaign are '' but for campaigns.
 */
export interface StatsSummaryTable {
  tipo: 'pagina' | 'origem' | 'campanha' | 'dispositivo' | 'robos';
  dia: string;
  chave: string;
  utm_medium: string;
  utm_campaign: string;
  visualizacoes: number;
}

/** The days before yesterday of a standard period (migration 51 on SQLite, 49 on PostgreSQL): which days its totals cover. */
export interface StatsClosingTable {
  dias: number;
  de: string;
  ate: string;
}

/** Each key's total over a standard period's closed days: tipo as in the summary, or 'busca' (chave the term, resultados its most). */
export interface StatsClosedTable {
  dias: number;
  tipo: 'pagina' | 'origem' | 'campanha' | 'busca';
  chave: string;
  utm_medium: string;
  utm_campaign: string;
  visualizacoes: number;
  resultados: number;
}

export interface SubscriberTable {
  id: string;
  /** Normalised: trimmed, lower-case. */
  email: string;
  estado: 'pendente' | 'confirmado' | 'cancelado' | 'invalido';
  /** JSON: the chosen topics' slugs; empty, every topic. */
  temas: string;
  /** The confirmation link's secret, as its sha-256. */
  token_hash: string | null;
  token_expira_em: string | null;
  falhas_permanentes: number;
  /** Confirmation e-mails sent in the day that began at envios_desde. */
  envios_confirmacao: number;
  envios_desde: string | null;
  criado_em: string;
  confirmado_em: string | null;
  cancelado_em: string | null;
  cancelado_como: 'cabecalho' | 'link' | 'preferencias' | null;
  consentimento_texto: string;
  consentimento_versao: string;
  consentimento_em: string;
  consentimento_pagina: string | null;
  /** The client address without its host part (src/lib/truncated-address.ts); never the full one. */
  consentimento_endereco: string | null;
  /** The campaign of the page that led to the form (migration 46 on SQLite, 44 on PostgreSQL); null: none. */
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
}

export interface SubscriberProofTable {
  id: Generated<number>;
  email_sha256: string;
  /** Null once the subscriber was erased: the proof stays, with the address's digest only. */
  id_inscrito: string | null;
  tipo: 'inscricao' | 'confirmacao' | 'cancelamento';
  em: string;
  texto: string | null;
  versao: string | null;
  pagina: string | null;
  endereco: string | null;
  modo: string | null;
}

export interface EditionTable {
  id: string;
  assunto: string;
  /** JSON: the articles as they were when the edition was made (src/db/edition-store.ts EditionArticle). */
  artigos: string;
  /** A scheduled edition's slot (ISO instant); null for a manual one. */
  vaga: string | null;
  estado: 'rascunho' | 'preparando' | 'enviada';
  /** While preparando: the last subscriber whose delivery was enqueued (subscribers are enqueued in id order). */
  cursor_inscrito: string | null;
  destinatarios: number;
  criada_em: string;
  criada_por: string | null;
  enviada_em: string | null;
  /** A scheduled edition covers articles published up to this instant; the next one starts there. */
  ate: string | null;
}

/** A correction of a published article (migration 36 on SQLite, 34 on PostgreSQL): rows are added, never changed. */
export interface CorrectionTable {
  id: Generated<number>;
  id_artigo: number;
  texto: string;
  data: string;
  id_pessoa: number | null;
  autor: string;
}

/** Who edits an article now (migration 44 on SQLite, 42 on PostgreSQL): one row per article, lapsing at expira_em. */
export interface EditLockTable {
  id_artigo: number;
  /** The editing tab's random token: two tabs of one person are two editors. */
  titular: string;
  nome: string;
  id_pessoa: number | null;
  desde: string;
  expira_em: string;
}

/** A save kept aside because another person had taken over the article's editing (same migration). */
export interface SuggestionTable {
  id: Generated<number>;
  id_artigo: number;
  titular: string;
  autor: string;
  id_pessoa: number | null;
  versao_base: number;
  data: string;
  /** JSON: the fields the save carried. */
  conteudo: string;
}

/** A note of the team on a draft or a pending change (migration 37 on SQLite, 35 on PostgreSQL): never shown to readers. */
export interface NoteTable {
  id: Generated<number>;
  id_artigo: number;
  texto: string;
  trecho: string | null;
  trecho_inicio: number | null;
  trecho_fim: number | null;
  id_pessoa: number | null;
  autor: string;
  criada_em: string;
  resolvida_em: string | null;
  resolvida_por: string | null;
  avisada_em: string | null;
}

export interface NoteReplyTable {
  id: Generated<number>;
  id_nota: number;
  texto: string;
  id_pessoa: number | null;
  autor: string;
  criada_em: string;
}

/** A share link of one version of an article (migration 38 on SQLite, 36 on PostgreSQL). */
export interface ShareLinkTable {
  id: Generated<number>;
  id_artigo: number;
  token_hash: string;
  versao: number;
  /** JSON of the version's reader-visible fields, frozen when the link was made. */
  conteudo: string;
  criado_em: string;
  expira_em: string;
  max_visualizacoes: number | null;
  visualizacoes: Generated<number>;
  revogado_em: string | null;
  id_pessoa: number | null;
  autor: string;
}

/** A person's calendar feed (migration 39 on SQLite, 37 on PostgreSQL). */
export interface CalendarFeedTable {
  id_pessoa: number;
  semente: string;
  token_hash: string;
  criado_em: string;
}

/** An import of the archive (migration 45 on SQLite, 43 on PostgreSQL): how far it went, to show and resume it. */
export interface ImportJobTable {
  id: Generated<number>;
  origem: 'wordpress' | 'markdown';
  arquivo: string;
  sha256: string;
  estado: 'em-andamento' | 'concluida';
  total: number;
  feitos: Generated<number>;
  criados: Generated<number>;
  recusados: Generated<number>;
  autor: string;
  id_pessoa: number | null;
  criada_em: string;
  atualizada_em: string;
}

/** Where an imported article came from: the same source is never imported twice, and old URLs find it. */
export interface ImportSourceTable {
  fonte: string;
  id_origem: string;
  id_artigo: number;
  id_importacao: number;
  wp_id: number | null;
  caminho_antigo: string | null;
}

export interface MigrationTable {
  version: number;
  name: string;
  applied_at: string;
}

export interface Schema {
  artigos: ArticleTable;
  artigo_imagens: ImageTable;
  artigo_imagem_variantes: VariantTable;
  artigo_imagem_ligacoes: ImageLinkTable;
  artigo_imagens_compartilhamento: ShareImageTable;
  artigo_revisoes: RevisionTable;
  artigos_removidos: TombstoneTable;
  sessoes_editor: SessionTable;
  contadores: CounterTable;
  pessoas: PersonTable;
  convites: InvitationTable;
  auditoria: AuditTable;
  chaves_pessoais: PersonalKeyTable;
  passkeys: PasskeyTable;
  passkey_exigida: PasskeyRequirementTable;
  desafios_passkey: PasskeyChallengeTable;
  redefinicoes_senha: PasswordResetTable;
  tentativas_entrada: SignInAttemptTable;
  entregas: DeliveryTable;
  segredos: SecretTable;
  contatos: LeadTable;
  notas_de_contato: LeadNoteTable;
  provas_de_consentimento: ConsentProofTable;
  fichas_gastas: SpentFormTokenTable;
  perfis: ProfileTable;
  perfil_fotos: ProfilePhotoTable;
  perfil_foto_originais: ProfilePhotoOriginalTable;
  temas: TopicTable;
  temas_slugs_antigos: OldTopicSlugTable;
  artigo_temas: ArticleTopicTable;
  artigo_autores: ArticleAuthorTable;
  indice_pendente: PendingIndexTable;
  perfis_pendentes: PendingProfileTable;
  boletim_inscritos: SubscriberTable;
  boletim_provas: SubscriberProofTable;
  boletim_edicoes: EditionTable;
  schema_migrations: MigrationTable;
  artigo_correcoes: CorrectionTable;
  edicoes_em_curso: EditLockTable;
  artigo_sugestoes: SuggestionTable;
  artigo_notas: NoteTable;
  artigo_nota_respostas: NoteReplyTable;
  estatisticas_horas: StatsHourTable;
  estatisticas_dias: StatsDayTable;
  estatisticas_buscas: StatsSearchTable;
  estatisticas_sal: StatsSaltTable;
  estatisticas_hashes: StatsHashTable;
  estatisticas_visitantes: StatsVisitorTable;
  estatisticas_resumo: StatsSummaryTable;
  estatisticas_fechamentos: StatsClosingTable;
  estatisticas_fechadas: StatsClosedTable;
  artigo_previas: ShareLinkTable;
  calendario_feeds: CalendarFeedTable;
  importacoes: ImportJobTable;
  importacao_origens: ImportSourceTable;
}
