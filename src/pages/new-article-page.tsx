import type { SiteConfig } from '../config.js';
import { formRootAttributes, type FormRootProps } from '../editor-area/form-root.js';
import { ArticleForm } from '../editor/form/article-form.js';
import { EDITOR_ROOT_ID } from '../editor/root-id.js';
import { PATHS } from '../routes.js';
import { webPage } from '../seo/json-ld.js';
import type { PageMeta } from '../seo/page-meta.js';


const TITLE = 'Novo artigo';
const DESCRIPTION = 'Área interna para escrever e publicar artigos na seção de notícias.';

export function newArticleMeta(site: SiteConfig): PageMeta {
  const page = { path: PATHS.newArticle, title: TITLE, description: DESCRIPTION };
  return { ...page, keywords: ['novo artigo', 'notícias', site.productName], noindex: true, jsonLd: [webPage(site, page)] };
}

export interface NewArticlePageProps {
  form: FormRootProps;
}

export function NewArticlePage({ form }: NewArticlePageProps) {
  return (
    <section className="section editor-page" aria-labelledby="novo-artigo-titulo">
      <div className="container narrow">
        <h1 id="novo-artigo-titulo">{TITLE}</h1>
        <p className="lead">
          Preencha os campos e escreva o conteúdo. O rascunho é salvo no servidor alguns segundos depois que você para de digitar (com um título e a chave ou uma sessão), e também neste navegador, caso a conexão caia.
        </p>
        <div id={EDITOR_ROOT_ID} {...formRootAttributes(form)}>
          <ArticleForm {...form} />
        </div>
      </div>
    </section>
  );
}
