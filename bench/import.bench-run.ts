import { it } from 'vitest';

it('importa um WXR gerado de 1.000 posts', async () => {
  await import('./import.js');
});
