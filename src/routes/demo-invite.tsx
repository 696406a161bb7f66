import { ButtonLink } from '../components/button-link.js';
import { demoFromPath } from './paths.js';

/**
 * "Agende uma demonstração" where a reader is ready for the next step (the end of an article, the plans
 * page): a static link naming the page it was on, so the lead records where it came from.
 */
export function DemoInvite({ from, title = 'Quer ver o prontuário funcionando?' }: { from: string; title?: string }) {
  return (
    <aside className="demo-invite" aria-labelledby="demonstracao-convite">
      <h2 id="demonstracao-convite">{title}</h2>
      <p>Um especialista mostra a agenda, o prontuário e a receita digital na sua rotina, em 30 minutos e sem compromisso.</p>
      <ButtonLink href={demoFromPath(from)}>Agende uma demonstração</ButtonLink>
    </aside>
  );
}
