/** The generated editor key's file name in DATA_DIR: a module of its own so pages can name it without node:fs. */
export const EDITOR_KEY_FILE = 'chave-do-editor.txt';
