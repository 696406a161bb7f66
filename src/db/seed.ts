import type { Logger } from '../logger.js';
import type { ArticleRepository } from './repository.js';

export async function seedIfEmpty(_repo: ArticleRepository, _logger: Logger): Promise<void> {}
