import type { TypedField } from './article-form-state.js';
import { FIELD_IDS, type ArticleFields } from './fields.js';
import { TextField } from './text-field.js';
import type { FieldErrors } from './validation.js';

interface FieldsProps {
  fields: ArticleFields;
  errors: FieldErrors;
  onChange: (name: TypedField) => (value: string) => void;
}

type FieldOptions = Partial<Omit<Parameters<typeof TextField>[0], 'id' | 'value' | 'onChange' | 'error'>>;

/** One of the form's own text fields, with its error beside it. */
function Field({ name, label, fields, errors, onChange, ...extra }: FieldsProps & FieldOptions & { name: TypedField; label: string }) {
  return <TextField id={FIELD_IDS[name]} label={label} value={fields[name]} onChange={onChange(name)} error={errors[name]} {...extra} />;
}

interface HeadFieldsProps extends FieldsProps {
  /** Signed in (the page's bar says who): the session cookie authorises, no key to type. */
  signedIn: boolean;
  /** The article's id on the server, null before its first save. */
  id: number | null;
  nextId: string;
}

/** The key (when nobody is signed in), the id and the fields a search result shows. */
export function HeadFields({ signedIn, id, nextId, ...fields }: HeadFieldsProps) {
  return (
    <>
      {!signedIn && <Field {...fields} name="chave" label="Chave" type="password" required autoComplete="current-password" />}
      <TextField
        id="artigo-novo-id"
        label={id === null ? 'Novo ID' : 'ID do artigo'}
        value={id === null ? nextId : String(id)}
        onChange={() => undefined}
        readOnly
        hint={id === null ? 'Prévia: o servidor confirma o ID ao salvar.' : undefined}
      />
      <Field {...fields} name="titulo" label="Título" required />
      <Field {...fields} name="tituloUrl" label="Título na URL" required hint="Sugerido a partir do título; pode ser editado." />
      <Field {...fields} name="descricao" label="Descrição" required multiline />
      <Field {...fields} name="keywords" label="Palavras-chave" hint="Separadas por vírgula." />
    </>
  );
}

export function MainImageFields(fields: FieldsProps) {
  return (
    <fieldset>
      <legend>Imagem principal</legend>
      <Field
        {...fields}
        name="imagemNome"
        label="Nome"
        hint='Use "Usar como imagem principal" numa imagem escolhida (antes ou depois de enviada) para preencher nome, largura e altura.'
      />
      <Field {...fields} name="imagemCaption" label="Legenda" />
      <Field {...fields} name="imagemAlt" label="Texto alternativo" hint="O que a imagem mostra, para quem não a vê. Vazio: a legenda é usada." />
      <div className="field-row">
        <Field {...fields} name="imagemWidth" label="Largura (px)" inputMode="numeric" />
        <Field {...fields} name="imagemHeight" label="Altura (px)" inputMode="numeric" />
      </div>
    </fieldset>
  );
}
