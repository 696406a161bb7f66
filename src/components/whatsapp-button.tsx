import { useSite } from '../ssr/site-context.js';

export function WhatsAppButton() {
  const { site } = useSite();
  return (
    <a className="whatsapp-float" href={site.whatsappUrl} target="_blank" rel="noopener" aria-label="Fale conosco pelo WhatsApp">
      WhatsApp
    </a>
  );
}
