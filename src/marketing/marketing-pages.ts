import type { ComponentType } from 'react';
import type { SiteConfig } from '../config.js';
import { AboutPage, aboutMeta } from '../pages/about-page.js';
import { HomePage, homeMeta } from '../pages/home-page.js';
import { NotFoundPage, notFoundMeta } from '../pages/not-found-page.js';
import { PlansPage, plansMeta } from '../pages/plans-page.js';
import type { StaticPageName } from '../routes.js';
import type { PageMeta } from '../seo/page-meta.js';

export interface MarketingPage {
  Component: ComponentType;
  meta: (site: SiteConfig) => PageMeta;
}

/** Which component and metadata build each static page of the route table. */
export const MARKETING_PAGES: Record<StaticPageName, MarketingPage> = {
  home: { Component: HomePage, meta: homeMeta },
  about: { Component: AboutPage, meta: aboutMeta },
  plans: { Component: PlansPage, meta: plansMeta },
  notFound: { Component: NotFoundPage, meta: notFoundMeta },
};
