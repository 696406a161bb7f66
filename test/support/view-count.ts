import type { ViewCount } from '../../src/db/stats-store.js';

/** One row of counted views as the tally hands it to the store: by default people's direct views of /noticias from a computer at 15h UTC. */
export function viewCount(dia: string, visualizacoes: number, extra: Partial<ViewCount> = {}): ViewCount {
  return {
    hora: `${dia}T15`,
    dia,
    caminho: '/noticias',
    origem: '',
    utm_source: '',
    utm_medium: '',
    utm_campaign: '',
    dispositivo: 'computador',
    robo: false,
    visualizacoes,
    ...extra,
  };
}
