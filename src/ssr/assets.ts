import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** URLs of the built, hashed client files that documents link to. */
export interface Assets {
  /** The site stylesheet, on every page. */
  siteCss: string;
  /** The editor's module script and its own stylesheets: only /novo-artigo loads them. */
  editorJs: string;
  editorCss: string[];
  /** The editor area's stylesheet (/editor/...): those pages need no script of their own. */
  areaCss: string;
  /** Passkeys on the sign-in and account pages: the one thing those pages cannot do in plain HTML. */
  passkeysJs: string;
  /** The demonstration form's checks and proof of work: only /demonstracao loads it. */
  leadFormJs: string;
  /** The editorial calendar's dragging and schedule dialog: only /editor/calendario loads it. */
  calendarJs: string;
  /** The archive's import page: sends the file, shows the dry run, follows the import (issue 34). */
  importJs: string;
}

interface ManifestChunk {
  file: string;
  css?: string[];
}

export const SITE_CSS_ENTRY = 'src/styles/site.css';
export const EDITOR_ENTRY = 'src/entry-client.tsx';
export const AREA_CSS_ENTRY = 'src/styles/editor-area.css';
export const PASSKEYS_ENTRY = 'src/client/passkeys-entry.ts';
export const LEAD_FORM_ENTRY = 'src/client/lead-form-entry.ts';
export const CALENDAR_ENTRY = 'src/client/calendar-entry.ts';
export const IMPORT_ENTRY = 'src/client/import-entry.ts';

/** Vite's dev server serves the sources themselves. */
export const DEV_ASSETS: Assets = {
  siteCss: `/${SITE_CSS_ENTRY}`,
  editorJs: `/${EDITOR_ENTRY}`,
  editorCss: [],
  areaCss: `/${AREA_CSS_ENTRY}`,
  passkeysJs: `/${PASSKEYS_ENTRY}`,
  leadFormJs: `/${LEAD_FORM_ENTRY}`,
  calendarJs: `/${CALENDAR_ENTRY}`,
  importJs: `/${IMPORT_ENTRY}`,
};

export function manifestPath(clientDir: string): string {
  return join(clientDir, '.vite', 'manifest.json');
}

export function readBuiltAssets(clientDir: string): Assets {
  const path = manifestPath(clientDir);
  if (!existsSync(path)) {
    throw new Error(`Build não encontrado em ${clientDir}: rode "npm run build".`);
  }
  const manifest = JSON.parse(readFileSync(path, 'utf8')) as Record<string, ManifestChunk>;
  const site = manifest[SITE_CSS_ENTRY];
  const editor = manifest[EDITOR_ENTRY];
  const area = manifest[AREA_CSS_ENTRY];
  const passkeys = manifest[PASSKEYS_ENTRY];
  const leadForm = manifest[LEAD_FORM_ENTRY];
  const calendar = manifest[CALENDAR_ENTRY];
  const importPage = manifest[IMPORT_ENTRY];
  if (!site || !editor || !area || !passkeys || !leadForm || !calendar || !importPage) throw new Error(`Manifesto incompleto em ${path}`);
  return {
    siteCss: `/${site.file}`,
    editorJs: `/${editor.file}`,
    editorCss: (editor.css ?? []).map((file) => `/${file}`),
    areaCss: `/${area.file}`,
    passkeysJs: `/${passkeys.file}`,
    leadFormJs: `/${leadForm.file}`,
    calendarJs: `/${calendar.file}`,
    importJs: `/${importPage.file}`,
  };
}
