import type { Logger } from '../logger.js';
import type { RepositoryEvent } from './repository.js';

/**
 * Fans repository events out to subscribers. A failing listener is logged and never breaks the
 * write that triggered it: the write is already committed by then.
 */
export class RepositoryEvents {
  private readonly listeners = new Set<(event: RepositoryEvent) => void>();

  constructor(private readonly logger: Logger) {}

  subscribe(listener: (event: RepositoryEvent) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(event: RepositoryEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error({ err: error, event }, 'ouvinte de eventos do repositório falhou');
      }
    }
  }

  clear(): void {
    this.listeners.clear();
  }
}
