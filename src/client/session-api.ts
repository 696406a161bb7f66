/** The signed-in editor, as GET {api}/sessao answers and the editor pages render it (issue 11). */
export interface EditorSession {
  autor: string;
  /**
   * false when the role may not publish, schedule or unpublish this article (a colaborador, or an autor
   * on someone else's): the form then offers only what it may do. The server refuses the rest anyway.
   */
  podePublicar?: boolean;
  /** true when the role may approve medical reviews (the server also asks for a CRM and refuses one's own articles). */
  podeRevisar?: boolean;
  /** true when the role may record corrections of a published article (editor, revisor, administrador). */
  podeCorrigir?: boolean;
  /** true for administrators, who may set the day the medical review falls due to any day. */
  podeDefinirRevisao?: boolean;
  /** The months an approval holds unless the revisor picks another span (REVIEW_INTERVAL_MONTHS). */
  mesesRevisao?: number;
}
