import type { ReactNode } from 'react';

export interface StatusLink {
  href: string;
  label: string;
}

export interface StatusMessage {
  id: number;
  kind: 'success' | 'error' | 'info';
  text: string;
  /** Links shown after the text (e.g. to the published article, to write the next one). */
  links: StatusLink[];
}

/**
 * The page's messages (what the old site showed in alert boxes), in a polite live region that is
 * always in the document so screen readers announce what is added to it.
 */
export function StatusMessages({ messages, children }: { messages: StatusMessage[]; children?: ReactNode }) {
  return (
    <div className="status-messages" role="status" aria-live="polite">
      {children}
      {messages.map((message) => (
        <p key={message.id} className={`status status-${message.kind}`}>
          {message.text.split('\n').map((line, index) => (
            <span key={index} className="status-line">
              {line}
            </span>
          ))}
          {message.links.map((link) => (
            <span key={link.href}>
              {' '}
              <a href={link.href}>{link.label}</a>
            </span>
          ))}
        </p>
      ))}
    </div>
  );
}
