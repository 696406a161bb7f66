/**
 * Which PostgreSQL the tests use. Only TEST_DATABASE_URL: the tests create and drop databases, and
 * DATABASE_URL on a developer's machine names their own data, which a test run must never touch.
 */
export type PostgresChoice = { given: string; notice?: undefined } | { given?: undefined; notice: string };

export function choosePostgres(env: Record<string, string | undefined>): PostgresChoice {
  const given = env.TEST_DATABASE_URL?.trim();
  if (given) return { given };
  const ignored = env.DATABASE_URL ? ' DATABASE_URL está definida e é ignorada de propósito: os testes criam e apagam bancos.' : '';
  return { notice: `TEST_DATABASE_URL não definida: os testes do PostgreSQL usam um servidor descartável (initdb), apagado no fim.${ignored}` };
}
