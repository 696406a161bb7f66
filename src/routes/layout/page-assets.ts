import type { Assets } from '../../ssr/assets.js';
import type { DocumentAssets } from '../page-route.js';

/** The editor area's pages: its stylesheet, no script (they work as plain HTML). */
export const areaAssets = (assets: Assets): DocumentAssets => ({ scripts: [], stylesheets: [assets.areaCss] });

/** The article form's pages: the editor's script and styles, and the area's stylesheet when its bar is shown. */
export const articleFormAssets = (assets: Assets, withAreaBar: boolean): DocumentAssets => ({
  scripts: [assets.editorJs],
  stylesheets: withAreaBar ? [...assets.editorCss, assets.areaCss] : assets.editorCss,
});
