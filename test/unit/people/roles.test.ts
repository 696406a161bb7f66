import { describe, expect, it } from 'vitest';
import { may, mayWith, ROLES, type Action, type Role } from '../../../src/people/roles.js';

const ARTICLE_ACTIONS: Action[] = ['editar', 'enviar-imagem', 'publicar', 'agendar', 'despublicar', 'remover', 'restaurar'];

describe('the roles of the editors’ area', () => {
  it('lets a colaborador write own drafts only, never take anything public', () => {
    expect(may('colaborador', 'criar')).toBe(true);
    expect(ARTICLE_ACTIONS.filter((action) => may('colaborador', action, true))).toEqual(['editar', 'enviar-imagem', 'restaurar']);
    expect(ARTICLE_ACTIONS.filter((action) => may('colaborador', action, false))).toEqual([]);
  });

  it('lets an autor do everything on own articles and nothing on others’', () => {
    expect(ARTICLE_ACTIONS.every((action) => may('autor', action, true))).toBe(true);
    expect(ARTICLE_ACTIONS.some((action) => may('autor', action, false))).toBe(false);
  });

  it('lets editors and revisores act on every article; only revisores approve reviews; only administradores manage people and read the audit log', () => {
    for (const role of ['editor', 'revisor', 'administrador'] as Role[]) {
      expect(ARTICLE_ACTIONS.every((action) => may(role, action, false)), role).toBe(true);
    }
    expect(ROLES.filter((role) => may(role, 'aprovar-revisao', true))).toEqual(['revisor', 'administrador']);
    expect(ROLES.filter((role) => may(role, 'gerir-pessoas', true))).toEqual(['administrador']);
    expect(ROLES.filter((role) => may(role, 'ler-auditoria', true))).toEqual(['administrador']);
  });

  it('shows the leads to administradores always, and to any other role only when an administrator granted ver-contatos', () => {
    expect(ROLES.filter((role) => may(role, 'ver-contatos', true))).toEqual(['administrador']);
    expect(ROLES.filter((role) => mayWith(role, [], 'ver-contatos'))).toEqual(['administrador']);
    expect(ROLES.every((role) => mayWith(role, ['ver-contatos'], 'ver-contatos'))).toBe(true);
    // A granted right is that right only: it opens nothing else.
    expect(mayWith('colaborador', ['ver-contatos'], 'gerir-pessoas')).toBe(false);
    expect(mayWith('colaborador', ['ver-contatos'], 'publicar')).toBe(false);
  });

  it('lets editors, revisores and administradores record corrections (not on their own articles’ strength), and only administradores move review dates (issue 33)', () => {
    expect(ROLES.filter((role) => may(role, 'corrigir', true))).toEqual(['editor', 'revisor', 'administrador']);
    expect(ROLES.filter((role) => may(role, 'gerir-revisoes', true))).toEqual(['administrador']);
  });
});
