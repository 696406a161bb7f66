import { EDITOR_KEY_FILE } from '../../editor-key-file.js';

/**
 * Where an editor key comes from, for someone at the sign-in form for the first time. Both cases are
 * told: the page cannot know whether the reader runs the server themselves.
 */
export function EditorKeyOrigin() {
  return (
    <p className="area-hint">
      Quem administra o servidor define as chaves (variável <code>EDITOR_KEYS</code>) e entrega a sua. Em desenvolvimento, sem{' '}
      <code>EDITOR_KEYS</code>, o servidor gera uma chave, mostra-a no log de partida e a guarda em <code>data/{EDITOR_KEY_FILE}</code>.
    </p>
  );
}
