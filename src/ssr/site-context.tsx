import { createContext, useContext, type ReactNode } from 'react';
import type { SiteConfig } from '../config.js';
import type { Assets } from './assets.js';
import type { RenderMemo } from './render-memo.js';

export interface SiteContextValue {
  site: SiteConfig;
  assets: Assets;
  /** Path of the page being rendered, for aria-current in the navigation. */
  path: string;
  memo: RenderMemo;
}

const SiteContext = createContext<SiteContextValue | null>(null);

export function SiteProvider({ value, children }: { value: SiteContextValue; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error('useSite() fora de <SiteProvider>');
  return value;
}
