/** One item of an export, as every parser gives it, before any rule decides what becomes of it. */
export interface SourceItem {
  /** The item within its export: WordPress's post id, or the Markdown file's path in the zip. */
  id_origem: string;
  /** WordPress's post id (/?p=…); null for Markdown. */
  wp_id: number | null;
  /** The old path, without the trailing slash (/2024/05/slug); null when unknown. */
  caminho_antigo: string | null;
  /** post, page, attachment, nav_menu_item…; markdown for a Markdown file. */
  tipo: string;
  titulo: string;
  /** As the source had it (may be empty or not a valid slug: the rules decide). */
  slug: string;
  /** The body as HTML (Markdown already rendered). */
  html: string;
  /** The source's own summary, when it has one. */
  resumo: string;
  /** ISO 8601 UTC, or null when the source has none. */
  data_publicacao: string | null;
  /** publish, draft, pending, private, future, trash… as the source says; Markdown: publish or draft. */
  estado: string;
  autor_email: string | null;
  /** The author as the source names them (login or name), for the report. */
  autor_nome: string;
  /** Category and tag names. */
  temas: string[];
  /**
   * The featured image: WordPress's attachment id (_thumbnail_id), or the Markdown front matter's image,
   * imagem or cover (a path in the zip or an address).
   */
  imagem_destacada: string | null;
  /** What the image shows: an attachment's own alternative text, or the Markdown cover's; '' when unknown. */
  imagem_alt: string;
  /** The image's caption: an attachment's own, or the Markdown cover's; '' when unknown. */
  imagem_legenda: string;
  /** An attachment's file address (attachments only). */
  anexo_url: string | null;
  /** The folder the item's relative image paths start from, inside the zip ('' at its root). */
  pasta: string;
}

/** What a parser read from one export. */
export interface ParsedExport {
  origem: 'wordpress' | 'markdown';
  /** Names the export across imports: the site's address, or 'markdown'. */
  fonte: string;
  items: SourceItem[];
}
