/** The readers' and editors' clock: dates in article URLs, bylines and the editor area follow it, not UTC. */
export const SITE_TIME_ZONE = 'America/Sao_Paulo';
