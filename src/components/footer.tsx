import { useSite } from '../ssr/site-context.js';

export function Footer() {
  const { site } = useSite();
  return (
    <footer id="contatos">
      <p>
        © {site.copyrightYear} {site.companyName} · CNPJ {site.cnpj}
      </p>
    </footer>
  );
}
