/** The signed-in editor, as GET {api}/sessao answers and the editor pages render it (issue 11). */
export interface EditorSession {
  autor: string;
}
