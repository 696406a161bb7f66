import type { ReactNode } from 'react';

/** A one-time link that cannot be used (used, expired, unknown): why, in the page's heading and a message, and where to go instead. */
export function LinkRefused({ title, message, children }: { title: string; message: string; children: ReactNode }) {
  return (
    <section className="section area-page" aria-labelledby="link-recusado-titulo">
      <div className="container area-narrow">
        <h1 id="link-recusado-titulo">{title}</h1>
        <p className="area-error-box" role="alert">
          {message}
        </p>
        <p className="area-actions">{children}</p>
      </div>
    </section>
  );
}
