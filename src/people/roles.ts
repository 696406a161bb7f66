/**
 * Who may do what in the editors' area (issue 17). Each configured editor key acts as an administrator;
 * everyone else has a personal account with one of these roles. The server checks every write against
 * this table; the pages hide what a role cannot use.
 */
export const ROLES = ['colaborador', 'autor', 'editor', 'revisor', 'administrador'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  colaborador: 'Colaborador',
  autor: 'Autor',
  editor: 'Editor',
  revisor: 'Revisor',
  administrador: 'Administrador',
};

/** What a write does to an article, or to the site. */
export type Action =
  | 'criar'
  | 'editar'
  | 'enviar-imagem'
  | 'publicar'
  | 'agendar'
  | 'despublicar'
  | 'remover'
  | 'restaurar'
  | 'aprovar-revisao'
  | 'corrigir'
  | 'gerir-revisoes'
  | 'gerir-pessoas'
  | 'ler-auditoria'
  | 'ver-contatos'
  | 'ver-estatisticas'
  | 'importar';

/**
 * Rights an administrator grants to a person whatever their role (issue 31): the sales team reads and
 * works the demonstration requests without being editors. Administrators always have them.
 */
export const GRANTS = ['ver-contatos', 'ver-estatisticas'] as const satisfies readonly Action[];
export type Grant = (typeof GRANTS)[number];

export const GRANT_LABELS: Record<Grant, string> = {
  'ver-contatos': 'Ver contatos (pedidos de demonstração)',
  'ver-estatisticas': 'Ver estatísticas (visitas, buscas e conversões)',
};

export const isGrant = (action: Action): action is Grant => (GRANTS as readonly Action[]).includes(action);

/** What a colaborador may do to an own article: never publish, schedule, unpublish or delete. */
const DRAFTING: readonly Action[] = ['editar', 'enviar-imagem', 'restaurar'];
/** What only some roles may do, whoever owns the article. */
const STAFF_ONLY: readonly Action[] = ['gerir-pessoas', 'ler-auditoria', 'aprovar-revisao', 'ver-contatos', 'ver-estatisticas', 'corrigir', 'gerir-revisoes', 'importar'];
/** A right granted to others that editors (and revisores) hold by their role: knowing what readers read is their work. */
const EDITORS_HOLD: readonly Action[] = ['ver-estatisticas'];
/** What only administrators may do: manage people, read the audit log, move review dates and send the reminder, import the archive. */
const ADMIN_ONLY: readonly Action[] = ['gerir-pessoas', 'ler-auditoria', 'gerir-revisoes', 'importar'];

/**
 * Whether `role` may do `action`; `own` says whether the article is the person's own (created by them).
 * colaborador: own drafts only, never public; autor: everything on own articles; editor: everything on
 * every article, corrections included; revisor: an editor who also approves medical reviews;
 * administrador: everything.
 */
export function may(role: Role, action: Action, own = false): boolean {
  switch (role) {
    case 'administrador':
      return true;
    case 'revisor':
      return !ADMIN_ONLY.includes(action) && (!isGrant(action) || EDITORS_HOLD.includes(action));
    case 'editor':
      return !ADMIN_ONLY.includes(action) && action !== 'aprovar-revisao' && (!isGrant(action) || EDITORS_HOLD.includes(action));
    case 'autor':
      return action === 'criar' || (own && !STAFF_ONLY.includes(action));
    case 'colaborador':
      return action === 'criar' || (own && DRAFTING.includes(action));
  }
}

/**
 * Whether a person with `role` and the rights `grants` an administrator gave them may do `action` on the
 * whole site: the role's right, or a granted one. The one rule for the API's table and the pages.
 */
export function mayWith(role: Role, grants: readonly Grant[], action: Action): boolean {
  return may(role, action) || (isGrant(action) && grants.includes(action));
}
