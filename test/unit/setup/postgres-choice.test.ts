import { describe, expect, it } from 'vitest';
import { choosePostgres } from '../../setup/postgres-choice.js';

describe('the PostgreSQL the tests use', () => {
  it('is TEST_DATABASE_URL when set', () => {
    expect(choosePostgres({ TEST_DATABASE_URL: 'postgres://teste@127.0.0.1/x', DATABASE_URL: 'postgres://prod/site' })).toEqual({ given: 'postgres://teste@127.0.0.1/x' });
  });

  it('is never DATABASE_URL, and says so when it is set and ignored', () => {
    const choice = choosePostgres({ DATABASE_URL: 'postgres://eu@localhost/meu-banco' });
    expect(choice.given).toBeUndefined();
    expect(choice.notice).toMatch(/TEST_DATABASE_URL não definida/);
    expect(choice.notice).toMatch(/DATABASE_URL está definida e é ignorada/);
    expect(choosePostgres({}).notice).not.toMatch(/DATABASE_URL está definida/);
    expect(choosePostgres({ TEST_DATABASE_URL: '  ' }).given).toBeUndefined();
  });
});
