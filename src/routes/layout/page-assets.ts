import type { Assets } from '../../ssr/assets.js';
import type { DocumentAssets } from '../page-route.js';

/** The editor area's pages: its stylesheet, no script (they work as plain HTML). */
export const areaAssets = (assets: Assets): DocumentAssets => ({ scripts: [], stylesheets: [assets.areaCss] });

/** The editorial calendar: the area's stylesheet and its script (dragging a planned draft, the schedule dialog). */
export const calendarAssets = (assets: Assets): DocumentAssets => ({ scripts: [assets.calendarJs], stylesheets: [assets.areaCss] });

/** The sign-in and account pages: the area's stylesheet and the passkeys script, their one script. */
export const passkeyPageAssets = (assets: Assets): DocumentAssets => ({ scripts: [assets.passkeysJs], stylesheets: [assets.areaCss] });

/** The archive's import page: the area's stylesheet and its script (sends the file, shows the dry run, follows the import). */
export const importPageAssets = (assets: Assets): DocumentAssets => ({ scripts: [assets.importJs], stylesheets: [assets.areaCss] });

/** The demonstration form: its one script (live checks, proof of work); every other public page has none. */
export const leadFormAssets = (assets: Assets): DocumentAssets => ({ scripts: [assets.leadFormJs], stylesheets: [] });

/** The article form's pages: the editor's script and styles, and the area's stylesheet when its bar is shown. */
export const articleFormAssets = (assets: Assets, withAreaBar: boolean): DocumentAssets => ({
  scripts: [assets.editorJs],
  stylesheets: withAreaBar ? [...assets.editorCss, assets.areaCss] : assets.editorCss,
});
