import { renderedOnce } from '../../ssr/rendered-once.js';
import { useSite } from '../../ssr/site-context.js';
import { ExternalLink } from '../../components/external-link.js';
import { WhatsAppIcon } from '../../components/whatsapp-icon.js';

function ChatLink() {
  const { site } = useSite();
  return (
    <ExternalLink className="whatsapp-float" href={site.whatsappUrl} aria-label="Fale conosco pelo WhatsApp (abre em nova aba)">
      <WhatsAppIcon />
    </ExternalLink>
  );
}

/** Always in reach, bottom right: a chat is the quickest way for a doctor to ask something. The same on every page: rendered once. */
export function WhatsAppButton() {
  return <aside aria-label="Atendimento" dangerouslySetInnerHTML={renderedOnce(useSite(), 'whatsapp', <ChatLink />)} />;
}
