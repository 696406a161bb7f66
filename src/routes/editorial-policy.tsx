import type { ReactNode } from 'react';
import type { SiteConfig } from '../config.js';
import { marketingMeta } from '../seo/marketing-meta.js';
import { webPage } from '../seo/json-ld.js';
import type { PageMeta } from '../seo/page-meta.js';
import { useSite } from '../ssr/site-context.js';
import { REMINDER_DAYS, REVIEW_MONTHS } from '../workflow/review-schedule.js';
import type { PrerenderedRoute } from './page-route.js';
import { PATHS } from './paths.js';

/** The day this policy last changed in substance (yyyy-mm-dd): change it with the text. */
export const EDITORIAL_POLICY_UPDATED = '2026-11-27';

/** A calendar day, not an instant: formatted in UTC so that no time zone moves it to the day before. */
const policyDate = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' });

const months = (count: number) => (count === 1 ? '1 mês' : `${count} meses`);

export function editorialPolicyMeta(site: SiteConfig): PageMeta {
  const page = {
    path: PATHS.editorialPolicy,
    title: 'Política editorial',
    description: `Quem escreve o conteúdo do ${site.productName}, como a revisão médica funciona e de quanto em quanto tempo é refeita, fontes, correções, conflitos de interesse, uso de IA e como avisar de um erro.`,
    keywords: ['política editorial', 'revisão médica', 'correções', 'fontes', site.productName],
  };
  return { ...marketingMeta(site, page), jsonLd: [{ ...webPage(site, page), dateModified: EDITORIAL_POLICY_UPDATED }] };
}

function Topic({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="policy-topic" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** How content is written, reviewed and corrected, stated from the same settings the review queue obeys (issue 33). */
export function EditorialPolicyPage() {
  const { site } = useSite();
  const { reviewIntervalMonths, email } = site.editorial;
  return (
    <>
      <section className="page-hero" aria-labelledby="politica-editorial-titulo">
        <div className="container narrow">
          <p className="eyebrow">Conteúdo de saúde</p>
          <h1 id="politica-editorial-titulo">Política editorial</h1>
          <p className="lead">
            Como escrevemos, revisamos e corrigimos o que publicamos sobre saúde e sobre a rotina de consultórios e clínicas, e como você
            nos avisa de um erro.
          </p>
        </div>
      </section>
      <div className="section">
        <div className="container narrow prose policy">
          <Topic id="quem-escreve" title="Quem escreve">
            <p>
              Cada artigo diz quem o escreveu, com o registro profissional de quem o tem (conselho, UF e número), como pede a Resolução CFM nº
              2.336/2023. Os nomes levam à página de cada autor, com a sua formação e os outros artigos que assina.
            </p>
          </Topic>
          <Topic id="revisao-medica" title="Revisão médica e a sua periodicidade">
            <p>
              Todo artigo com conteúdo clínico é revisado antes de ir ao ar por um médico com registro no CRM que não participou da escrita. A
              revisão vale para o texto aprovado: uma mudança no título, no resumo, no corpo, nas referências ou na imagem precisa de nova
              aprovação, e até lá os leitores continuam vendo a versão aprovada.
            </p>
            <p>
              Cada revisão vale por <strong>{months(reviewIntervalMonths)}</strong> (o revisor pode marcar um prazo menor ou maior, de{' '}
              {REVIEW_MONTHS.min} a {REVIEW_MONTHS.max} meses, conforme o assunto muda mais ou menos depressa). O quadro de revisão de cada
              artigo mostra quem o revisou, quando e até quando a revisão vale. Os revisores recebem todo dia a lista do que está vencido ou
              vence em {REMINDER_DAYS} dias; passada a data, o artigo avisa que a revisão médica venceu e que o conteúdo está em reavaliação,
              até uma nova aprovação.
            </p>
          </Topic>
          <Topic id="fontes" title="Fontes e referências">
            <p>
              Os artigos clínicos se apoiam em diretrizes de sociedades médicas, documentos de órgãos públicos de saúde e estudos publicados em
              revistas científicas, listados e numerados em “Referências” no fim de cada artigo, com link quando a fonte está disponível na
              internet.
            </p>
          </Topic>
          <Topic id="correcoes-politica" title="Correções">
            <p>
              Quando um erro é encontrado num artigo publicado, corrigimos o texto e registramos a correção, datada, na seção “Correções” no
              fim do artigo, da mais nova para a mais antiga. Uma correção não é apagada nem reescrita: se for preciso, outra a segue. A data de
              atualização do artigo passa a ser a da correção. Ajustes que não mudam o sentido (um erro de digitação) não viram correção.
            </p>
          </Topic>
          <Topic id="conflitos" title="Conflitos de interesse">
            <p>
              O site é mantido pela {site.companyName}, que desenvolve o {site.productName}. Os artigos sobre saúde não recomendam produtos,
              medicamentos nem marcas, e não aceitamos pagamento para publicar conteúdo. Quem escreve ou revisa declara qualquer vínculo com
              o assunto do artigo, e quem tem um vínculo não revisa aquele artigo.
            </p>
          </Topic>
          <Topic id="ia" title="Uso de ferramentas de inteligência artificial">
            <p>
              Ferramentas de IA podem ajudar em tarefas de apoio, como sugerir títulos ou revisar a ortografia. Nenhum artigo é publicado sem
              que uma pessoa o escreva e assuma a autoria, e nenhum conteúdo clínico vai ao ar sem a aprovação de um médico.
            </p>
          </Topic>
          <Topic id="avisar-erro" title="Como avisar de um erro">
            <p>
              Encontrou um erro ou uma informação desatualizada? Escreva para <a href={`mailto:${email}`}>{email}</a> com o endereço do
              artigo e o trecho. Toda mensagem é lida pela equipe editorial e, quando o erro se confirma, a correção aparece no artigo.
            </p>
            <p>
              Este conteúdo é informativo e não substitui a consulta com um profissional de saúde. Sobre os seus dados pessoais, veja a{' '}
              <a href={PATHS.privacy}>política de privacidade</a>.
            </p>
          </Topic>
          <Topic id="mudancas-politica" title="Mudanças nesta política">
            <p>
              Última alteração: <time dateTime={EDITORIAL_POLICY_UPDATED}>{policyDate.format(new Date(`${EDITORIAL_POLICY_UPDATED}T00:00:00Z`))}</time>.
            </p>
          </Topic>
        </div>
      </div>
    </>
  );
}

export const editorialPolicyPage: PrerenderedRoute = {
  id: 'editorial-policy',
  path: PATHS.editorialPolicy,
  kind: 'prerendered',
  indexable: true,
  meta: editorialPolicyMeta,
  Component: EditorialPolicyPage,
};
