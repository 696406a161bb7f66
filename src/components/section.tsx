import type { ReactNode } from 'react';

interface SectionProps {
  id: string;
  eyebrow?: string;
  title: string;
  intro?: ReactNode;
  tone?: 'plain' | 'tint';
  children?: ReactNode;
}

/** A titled band of the page; the heading labels the region for assistive technology. */
export function Section({ id, eyebrow, title, intro, tone = 'plain', children }: SectionProps) {
  const headingId = `${id}-titulo`;
  return (
    <section id={id} className={`section section-${tone}`} aria-labelledby={headingId}>
      <div className="container">
        <header className="section-header">
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h2 id={headingId}>{title}</h2>
          {intro && <p className="section-intro">{intro}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}
