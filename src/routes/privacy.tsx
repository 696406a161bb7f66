import type { ReactNode } from 'react';
import { ExternalLink } from '../components/external-link.js';
import type { SiteConfig } from '../config.js';
import { marketingMeta } from '../seo/marketing-meta.js';
import { webPage } from '../seo/json-ld.js';
import type { PageMeta } from '../seo/page-meta.js';
import { useSite } from '../ssr/site-context.js';
import { UNCONFIRMED_RETENTION_DAYS } from '../workflow/newsletter-editions.js';
import { SESSION_COOKIE, SESSION_IDLE_MS } from '../workflow/session-cookie.js';
import type { PrerenderedRoute } from './page-route.js';
import { PATHS } from './paths.js';

/** The day this policy last changed in substance (yyyy-mm-dd): change it with the text. */
export const PRIVACY_POLICY_UPDATED = '2026-11-27';

/** A calendar day, not an instant: formatted in UTC so that no time zone moves it to the day before. */
const policyDate = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' });

const SESSION_IDLE_HOURS = SESSION_IDLE_MS / (60 * 60 * 1000);

const days = (count: number) => (count === 1 ? '1 dia' : `${count} dias`);

export function privacyMeta(site: SiteConfig): PageMeta {
  const page = {
    path: PATHS.privacy,
    title: 'Política de privacidade',
    description: `Como o site do ${site.productName} trata dados pessoais: nenhum cookie nem rastreamento de visitantes, logs com IP truncado, o encarregado de dados e os seus direitos pela LGPD.`,
    keywords: ['política de privacidade', 'LGPD', 'encarregado de dados', 'cookies', 'prontuário eletrônico', site.productName],
  };
  const meta = marketingMeta(site, page);
  return { ...meta, jsonLd: [{ ...webPage(site, page), dateModified: PRIVACY_POLICY_UPDATED }] };
}

function Topic({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="policy-topic" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

/** What one kind of data is, why it is kept, on what legal basis and for how long. */
function Treatment({ what, why, basis, kept }: { what: ReactNode; why: ReactNode; basis: ReactNode; kept: ReactNode }) {
  return (
    <dl className="policy-treatment">
      <div>
        <dt>O que</dt>
        <dd>{what}</dd>
      </div>
      <div>
        <dt>Para quê</dt>
        <dd>{why}</dd>
      </div>
      <div>
        <dt>Base legal</dt>
        <dd>{basis}</dd>
      </div>
      <div>
        <dt>Por quanto tempo</dt>
        <dd>{kept}</dd>
      </div>
    </dl>
  );
}

function Controller() {
  const { site } = useSite();
  const { dpoName, dpoEmail } = site.privacy;
  return (
    <Topic id="controlador" title="Quem cuida dos seus dados">
      <p>
        O controlador dos dados tratados neste site é a <strong>{site.companyName}</strong>, CNPJ {site.cnpj}, com endereço em{' '}
        {site.companyAddress.text}.
      </p>
      <p>
        O encarregado de dados (LGPD, art. 41) é <strong>{dpoName}</strong>, que atende pelo e-mail{' '}
        <a href={`mailto:${dpoEmail}`}>{dpoEmail}</a>. É com essa pessoa que você fala sobre qualquer assunto desta política.
      </p>
      <p>
        Esta política vale para este site: as páginas públicas, as notícias e a área interna onde a nossa equipe escreve os artigos. Os
        dados que você cadastra no aplicativo {site.productName}, inclusive os dos seus pacientes, não passam por este site.
      </p>
    </Topic>
  );
}

function Visitors() {
  const { site } = useSite();
  const { logRetentionDays, logFullIp, statsHourlyDays, statsDailyMonths } = site.privacy;
  const address = logFullIp ? (
    <>o endereço IP de origem, completo</>
  ) : (
    <>
      parte do endereço IP de origem: de um IPv4 guardamos só os três primeiros números (203.0.113.45 vira 203.0.113.0), de um
      IPv6 só os primeiros 48 bits, o que não basta para apontar um aparelho
    </>
  );
  return (
    <Topic id="visitantes" title="Se você só visita o site">
      <p>Você lê tudo sem cadastro. Não sabemos quem você é e não tentamos descobrir.</p>
      <Treatment
        what={
          <>
            O registro de acesso que o servidor escreve a cada pedido: data e hora, o endereço da página pedida (sem o que vem depois
            do “?”, como termos de busca), o código da resposta, o tempo que ela levou e {address}. Não registramos o seu navegador, a
            página de onde você veio, nem cookies.
          </>
        }
        why="Manter o site no ar e seguro: descobrir erros, páginas lentas e ataques."
        basis="Legítimo interesse (LGPD, art. 7º, IX)."
        kept={`${days(logRetentionDays)}; depois os registros são apagados.`}
      />
      <p id="estatisticas">
        <strong>Estatísticas, sem cookies.</strong> Para saber quais artigos são lidos e quais buscas não acham nada, o próprio
        servidor conta as páginas que entrega. Nada roda no seu navegador e nada é gravado nele.
      </p>
      <Treatment
        what={
          <>
            Contagens por hora: a página vista, o site de onde você veio (só o nome, como “www.google.com”, sem o endereço completo), os
            parâmetros de campanha utm_source, utm_medium e utm_campaign do link, se era celular ou computador e se era um robô de
            busca. Para contar visitantes únicos de cada dia, um resumo (hash) do seu endereço IP truncado e do seu navegador, feito
            com um segredo que muda a cada dia e é apagado quando o dia acaba: depois disso ninguém, nem nós, consegue ligar o resumo
            a você ou a outro dia. O endereço IP e o navegador em si não são guardados. Das buscas, só o termo (sem nada de quem
            buscou), e nunca um que pareça e-mail, CPF ou telefone. Se o seu navegador envia “Do Not Track” (DNT) ou “Global Privacy
            Control” (Sec-GPC), a sua visita não é contada.
          </>
        }
        why="Saber o que os leitores procuram e leem, para escrever e atualizar os artigos que mais servem."
        basis="Legítimo interesse (LGPD, art. 7º, IX), com dados anonimizados."
        kept={`Contagens por hora, ${days(statsHourlyDays)}; por dia, ${statsDailyMonths} meses. Os resumos diários de visitantes, só até o fim do dia.`}
      />
      <p>
        Os botões de WhatsApp, e-mail e telefone abrem o aplicativo do seu aparelho, e os de cadastro e de acesso abrem o aplicativo{' '}
        {site.productName} em outra aba: este site não fica sabendo se você os usou. A partir dali vale a política de quem presta
        aquele serviço.
      </p>
    </Topic>
  );
}

function DemonstrationRequests() {
  const { site } = useSite();
  const { leadRetentionMonths } = site.privacy;
  return (
    <Topic id="demonstracao" title="Se você pede uma demonstração">
      <Treatment
        what={
          <>
            O que você escreve no formulário: nome, e-mail, WhatsApp ou telefone, perfil (e quantos profissionais a clínica tem),
            especialidade e mensagem. Também a página do site de onde você chegou e, se o link trouxer, a campanha (os parâmetros{' '}
            <code>utm_</code>). E a prova do que você aceitou: os textos que o formulário mostrava e a versão deles, a data e a hora,
            a página e o endereço IP sem o último número. O endereço completo não é guardado.
          </>
        }
        why="A nossa equipe comercial entrar em contato com você para a demonstração que você pediu, e só para isso."
        basis="Procedimentos preliminares de um contrato, a pedido seu (LGPD, art. 7º, V): o próprio pedido."
        kept={`Se o pedido não virar contrato, ${leadRetentionMonths} meses depois dele; o servidor apaga automaticamente. Se virar, enquanto durar a relação com o cliente.`}
      />
      <p>
        <strong>Conteúdos por e-mail são outra coisa.</strong> O formulário tem uma caixa separada, que vem desmarcada, para quem quiser
        receber os nossos conteúdos. Só se você marcá-la usamos o seu e-mail para isso (consentimento, LGPD, art. 7º, I), e você pode
        desistir a qualquer momento.
      </p>
      <p>
        O formulário funciona sem JavaScript. Com JavaScript, a página confere os campos enquanto você digita e o seu navegador resolve
        um pequeno cálculo que nos ajuda a barrar robôs sem CAPTCHA: tudo acontece no seu aparelho ou no nosso servidor, sem serviços
        de terceiros e sem gravar nada no navegador.
      </p>
    </Topic>
  );
}

function Newsletter() {
  return (
    <Topic id="boletim" title="Se você assina o boletim">
      <Treatment
        what={
          <>
            O seu e-mail e os temas que você escolheu; a prova da inscrição (o texto mostrado e a versão dele, data e hora, a página e
            o endereço IP sem o último número), a data da confirmação e, se você cancelar, quando e como cancelou. Guardamos também o
            resultado de cada envio (entregue, recusado), para parar de enviar a um endereço que não existe mais.
          </>
        }
        why="Enviar os novos artigos do site por e-mail."
        basis={
          <>
            Consentimento (LGPD, art. 7º, I), confirmado por você: a inscrição só vale depois que você abre o link do e-mail de
            confirmação e aperta o botão da página.
          </>
        }
        kept={
          <>
            Uma inscrição não confirmada é apagada em {UNCONFIRMED_RETENTION_DAYS} dias. Uma confirmada, até você cancelar: cada
            e-mail tem um link de cancelamento que funciona com um clique, sem senha, na hora. Da inscrição cancelada guardamos só a
            prova do consentimento e do cancelamento, para poder mostrar que respeitamos a sua escolha.
          </>
        }
      />
      <p>
        <strong>Sem rastreamento.</strong> Os e-mails não têm pixel de abertura nem links que passam por um rastreador: não sabemos se
        você abriu ou clicou. Os links para os artigos levam <code>utm_source=newsletter</code>, o que só diz que uma visita veio do
        boletim, sem dizer de quem.
      </p>
    </Topic>
  );
}

function Cookies() {
  return (
    <Topic id="cookies" title="Cookies e armazenamento no navegador">
      <p>
        <strong>Visitantes: nenhum.</strong> Nenhuma página pública grava cookies ou qualquer outra coisa no seu navegador
        (localStorage, sessionStorage, IndexedDB), e nenhuma faz pedidos a outros sites: textos, imagens, estilos e ícones vêm do
        nosso servidor. A única exceção possível é uma imagem que o autor de um artigo tenha inserido a partir do endereço de outro
        site: essa o seu navegador busca lá. Não usamos ferramentas de estatística de terceiros (as nossas contagens são feitas pelo servidor, veja acima), pixels de anúncio, vídeos ou mapas
        incorporados. Por isso não há aviso de cookies. Testes automáticos conferem isso a cada mudança no site.
      </p>
      <p>
        <strong>Equipe editorial:</strong> quem entra na área de edição recebe um único cookie, <code>{SESSION_COOKIE}</code>,
        estritamente necessário para manter a sessão aberta. Ele não pode ser lido por scripts, não é enviado por outros sites, vale
        até {SESSION_IDLE_HOURS} horas depois do último uso e é apagado quando a pessoa sai. No formulário de artigos, o navegador
        guarda uma cópia do rascunho no próprio aparelho (localStorage) para que nada se perca se a conexão cair; essa cópia nunca
        inclui a chave de editor e não é enviada a ninguém.
      </p>
    </Topic>
  );
}

function Editors() {
  const { site } = useSite();
  const { auditRetentionDays } = site.privacy;
  return (
    <Topic id="equipe" title="Se você escreve para o site">
      <p>Para quem faz parte da equipe editorial, tratamos:</p>
      <h3>Conta</h3>
      <Treatment
        what={
          <>
            Nome, e-mail e papel na equipe. A senha é guardada só como resumo (argon2id), nunca ela mesma; das chaves de acesso
            (passkeys) guardamos só a parte pública; de chaves pessoais, convites e links de nova senha, só um resumo.
          </>
        }
        why="Saber quem pode entrar e o que cada pessoa pode fazer."
        basis="Execução do contrato com quem escreve para o site (LGPD, art. 7º, V)."
        kept="Enquanto a pessoa fizer parte da equipe; depois a conta é desativada, e apagada se ela pedir."
      />
      <h3>Sessões</h3>
      <Treatment
        what={<>Quem entrou e até quando a sessão vale. Do cookie, o banco de dados guarda só um resumo (SHA-256).</>}
        why="Manter a pessoa conectada com segurança."
        basis="Execução do contrato (LGPD, art. 7º, V)."
        kept={`Até ${SESSION_IDLE_HOURS} horas sem uso ou até a pessoa sair.`}
      />
      <h3>Registro de auditoria</h3>
      <Treatment
        what={
          <>
            Quem fez o quê e quando: entradas e saídas (também as recusadas, com o e-mail digitado), artigos criados, editados,
            publicados ou removidos, imagens enviadas, mudanças de pessoas e papéis, cada um com o endereço IP completo de onde
            veio. O próprio banco de dados impede que um registro seja alterado.
          </>
        }
        why="Segurança e prestação de contas: saber quem mudou um conteúdo de saúde e investigar abusos."
        basis={
          <>
            Legítimo interesse (LGPD, art. 7º, IX) e obrigação legal (art. 7º, II): o Marco Civil da Internet (Lei 12.965/2014, art.
            15) exige guardar registros de acesso por seis meses.
          </>
        }
        kept={`${days(auditRetentionDays)}; depois o servidor apaga os registros automaticamente.`}
      />
      <h3>Artigos e imagens</h3>
      <p>
        O nome de quem assina um artigo é publicado com ele. As fotos enviadas são decodificadas e gravadas de novo pelo nosso
        servidor, sem nenhum metadado: localização (GPS), modelo da câmera, data e autor do arquivo original são descartados.
      </p>
    </Topic>
  );
}

function Sharing() {
  return (
    <Topic id="compartilhamento" title="Com quem compartilhamos">
      <p>
        Não vendemos nem alugamos dados pessoais, e não os compartilhamos para publicidade. Tratam dados em nosso nome, como
        operadores (LGPD, art. 39), que só podem usá-los para nos prestar o serviço contratado: o provedor de hospedagem onde ficam o
        servidor e o banco de dados deste site, o serviço que entrega os nossos e-mails (confirmações e boletins) e, para os pedidos
        de demonstração, o sistema de gestão de clientes (CRM) da nossa equipe comercial. Fora isso, só entregamos dados a uma
        autoridade quando a lei ou uma ordem judicial obrigar.
      </p>
    </Topic>
  );
}

function Rights() {
  const { site } = useSite();
  const { dpoName, dpoEmail } = site.privacy;
  return (
    <Topic id="direitos" title="Os seus direitos">
      <p>Pela LGPD (art. 18), você pode nos pedir, a qualquer momento e sem custo:</p>
      <ul>
        <li>a confirmação de que tratamos dados seus, e acesso a eles;</li>
        <li>a correção de dados incompletos, inexatos ou desatualizados;</li>
        <li>a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em desacordo com a lei;</li>
        <li>a portabilidade dos seus dados a outro fornecedor;</li>
        <li>a eliminação dos dados tratados com o seu consentimento, e a revogação desse consentimento;</li>
        <li>a informação sobre com quem compartilhamos os seus dados;</li>
        <li>a informação sobre a possibilidade de não consentir, e o que acontece se você não consentir;</li>
        <li>e pode se opor a um tratamento feito sem consentimento que não cumpra a lei (art. 18, § 2º).</li>
      </ul>
      <p>
        <strong>Como pedir:</strong> escreva para {dpoName}, nosso encarregado, em <a href={`mailto:${dpoEmail}`}>{dpoEmail}</a>,
        dizendo o que deseja. Podemos pedir algo que confirme a sua identidade, para não entregar os seus dados a outra pessoa.
        Respondemos em até 15 dias (art. 19, II). Se não ficar satisfeito, você pode reclamar à{' '}
        <ExternalLink href="https://www.gov.br/anpd">
          Autoridade Nacional de Proteção de Dados (ANPD)
          <span className="visually-hidden"> (abre em nova aba)</span>
        </ExternalLink>
        .
      </p>
    </Topic>
  );
}

export function PrivacyPage() {
  const updated = policyDate.format(new Date(PRIVACY_POLICY_UPDATED));
  return (
    <>
      <section className="page-hero" aria-labelledby="privacidade-titulo">
        <div className="container narrow">
          <p className="eyebrow">Privacidade e LGPD</p>
          <h1 id="privacidade-titulo">Política de privacidade</h1>
          <p className="lead">
            Este site não usa cookies de visitantes, não guarda nada no seu navegador e não chama serviços de terceiros. Aqui está, sem
            letras miúdas, o pouco que tratamos, por quê e por quanto tempo.
          </p>
        </div>
      </section>
      <div className="section">
        <div className="container narrow prose policy">
          <Controller />
          <Visitors />
          <DemonstrationRequests />
          <Newsletter />
          <Cookies />
          <Editors />
          <Sharing />
          <Rights />
          <Topic id="mudancas" title="Mudanças nesta política">
            <p>
              Quando esta política mudar, a nova versão aparece nesta página com a data da mudança. Última alteração:{' '}
              <time dateTime={PRIVACY_POLICY_UPDATED}>{updated}</time>.
            </p>
          </Topic>
        </div>
      </div>
    </>
  );
}

export const privacyPage: PrerenderedRoute = {
  id: 'privacy',
  path: PATHS.privacy,
  kind: 'prerendered',
  indexable: true,
  meta: privacyMeta,
  Component: PrivacyPage,
};
