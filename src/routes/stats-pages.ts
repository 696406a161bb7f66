import type { StatsPages } from '../workflow/stats-report.js';
import { articlePath, PATHS } from './paths.js';

/** The pages the statistics name: the site's own pages by what the team calls them, articles by their path. */
export const STATS_PAGES: StatsPages = {
  titles: {
    [PATHS.home]: 'Página inicial',
    [PATHS.news]: 'Notícias',
    [PATHS.search]: 'Busca nas notícias',
    [PATHS.demo]: 'Pedido de demonstração',
    [PATHS.demoThanks]: 'Demonstração: obrigado',
    [PATHS.privacy]: 'Política de privacidade',
    [PATHS.plans]: 'Planos e preços',
    [PATHS.editorialPolicy]: 'Política editorial',
  },
  articlePath,
};
