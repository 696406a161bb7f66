import { defineConfig } from 'vite';
import { AREA_CSS_ENTRY, CALENDAR_ENTRY, EDITOR_ENTRY, IMPORT_ENTRY, LEAD_FORM_ENTRY, PASSKEYS_ENTRY, SITE_CSS_ENTRY } from './src/ssr/assets.js';

/**
 * Two builds from one file:
 * - client (`vite build`): the site stylesheet, the editor area's stylesheet, the editor bundle, the passkeys script, the demonstration form's script and the import page's script, hashed, with a manifest;
 * - server (`vite build --ssr`): server.ts and prerender.ts, dependencies left external.
 */
export default defineConfig(({ isSsrBuild }) =>
  isSsrBuild
    ? {
        publicDir: false,
        // The archive import runs the editor's paste normaliser on the server; draft-js and immutable are CommonJS without
        // named exports Node can see, so it is bundled (converted) rather than left external.
        ssr: { noExternal: ['draft-js', 'immutable'] },
        build: {
          ssr: true,
          outDir: 'dist/server',
          emptyOutDir: true,
          target: 'node20',
          sourcemap: true,
          rollupOptions: { input: { server: 'server.ts', prerender: 'prerender.ts', ops: 'ops.ts' } },
        },
      }
    : {
        build: {
          outDir: 'dist/client',
          emptyOutDir: true,
          manifest: true,
          cssCodeSplit: true,
          rollupOptions: { input: [SITE_CSS_ENTRY, AREA_CSS_ENTRY, EDITOR_ENTRY, PASSKEYS_ENTRY, LEAD_FORM_ENTRY, CALENDAR_ENTRY, IMPORT_ENTRY] },
        },
      },
);
