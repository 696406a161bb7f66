import type { Config } from '../config.js';
import type { Logger } from '../logger.js';
import type { ArticleRepository } from './repository.js';

export async function openRepository(_config: Config, _logger: Logger): Promise<ArticleRepository> {
  throw new Error('armazenamento ainda não implementado');
}
