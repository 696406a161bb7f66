import { ArticleForm } from '../editor/form/article-form.js';
import { EDITOR_ROOT_ID } from '../editor/root-id.js';
import { formRootAttributes, type FormRootProps } from './form-root.js';
import { AREA_PATHS } from './paths.js';
import type { ArticleHeading } from './ports.js';

export interface EditArticlePageProps {
  article: ArticleHeading;
  form: FormRootProps;
}

/** /editor/artigos/{id}: the /novo-artigo form in edit mode; the form loads the article itself after hydration. */
export function EditArticlePage({ article, form }: EditArticlePageProps) {
  return (
    <section className="section editor-page" aria-labelledby="editar-artigo-titulo">
      <div className="container narrow">
        <p className="area-back">
          <a href={AREA_PATHS.home}>← Todos os artigos</a>
        </p>
        <h1 id="editar-artigo-titulo">Editar artigo</h1>
        {/* The state is shown by the form, which keeps it current after each action. */}
        <p className="lead">{article.titulo}</p>
        <div id={EDITOR_ROOT_ID} {...formRootAttributes(form)}>
          <ArticleForm {...form} />
        </div>
      </div>
    </section>
  );
}
