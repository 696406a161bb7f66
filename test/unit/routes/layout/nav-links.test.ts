import { describe, expect, it } from 'vitest';
import { desktopLinks, isCurrent, mobileLinks } from '../../../../src/routes/layout/nav-links.js';

const site = { productSlug: 'prontivo' };

describe('navigation links', () => {
  it('shows Planos, Notícias, Sobre and Contatos on desktop', () => {
    expect(desktopLinks(site)).toEqual([
      { label: 'Planos', href: '/preco-prontuario-eletronico' },
      { label: 'Notícias', href: '/noticias' },
      { label: 'Sobre', href: '/prontivo' },
      { label: 'Contatos', href: '#contatos' },
    ]);
  });

  it('leaves Notícias out of the mobile menu', () => {
    expect(mobileLinks(site).map((link) => link.label)).toEqual(['Planos', 'Sobre', 'Contatos']);
  });

  it('marks the current section, articles included under Notícias', () => {
    const [plans, news, about, contacts] = desktopLinks(site);
    expect(isCurrent(plans!, '/preco-prontuario-eletronico')).toBe(true);
    expect(isCurrent(news!, '/noticias/3/2025/01/02/titulo')).toBe(true);
    expect(isCurrent(news!, '/noticias-antigas')).toBe(false);
    expect(isCurrent(about!, '/')).toBe(false);
    expect(isCurrent(contacts!, '#contatos')).toBe(false);
  });
});
