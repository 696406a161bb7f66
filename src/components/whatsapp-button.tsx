import { useSite } from '../ssr/site-context.js';
import { ExternalLink } from './external-link.js';
import { WhatsAppIcon } from './whatsapp-icon.js';

/** Always in reach, bottom right: a chat is the quickest way for a doctor to ask something. */
export function WhatsAppButton() {
  const { site } = useSite();
  return (
    <aside aria-label="Atendimento">
      <ExternalLink className="whatsapp-float" href={site.whatsappUrl} aria-label="Fale conosco pelo WhatsApp (abre em nova aba)">
        <WhatsAppIcon />
      </ExternalLink>
    </aside>
  );
}
