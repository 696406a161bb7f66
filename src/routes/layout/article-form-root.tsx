import { ArticleForm } from '../../editor/form/article-form.js';
import { formRootAttributes, type FormRootProps } from '../../editor/form/form-root.js';
import { EDITOR_ROOT_ID } from '../../editor/root-id.js';
import { FORM_LINKS } from '../hydrated.js';

/** The article form as the server renders it, in the element the browser hydrates with the same props. */
export function ArticleFormRoot({ form }: { form: FormRootProps }) {
  return (
    <div id={EDITOR_ROOT_ID} {...formRootAttributes(form)}>
      <ArticleForm {...form} links={FORM_LINKS} />
    </div>
  );
}
