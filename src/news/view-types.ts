import type { ReactElement } from 'react';

export type { SiteConfig } from '../config.js';
export type { Article } from '../db/repository.js';

/** A page ready to render: its canonical path and the whole document. */
export interface NewsView {
  path: string;
  element: ReactElement;
}
