/**
 * Build step (after both Vite builds): renders the marketing pages to dist/static and compresses them
 * and the client files ahead of time (.br and .gz). Runs as dist/server/prerender.js, so paths are
 * relative to that file.
 */
import { fileURLToPath } from 'node:url';
import { loadConfig } from './src/config.js';
import { precompressAssets } from './src/prerender/precompress-assets.js';
import { prerenderPages } from './src/prerender/prerender-pages.js';
import { readBuiltAssets } from './src/ssr/assets.js';

const root = fileURLToPath(new URL('../', import.meta.url));

// Only the public site configuration matters here; the editor-key rules of production belong to the
// server, so a build machine without EDITOR_KEYS can still prerender.
const config = loadConfig({ ...process.env, NODE_ENV: 'development' });
const files = await prerenderPages(config.site, readBuiltAssets(`${root}client`), `${root}static`);
console.log(`prerender: ${files.length} páginas em ${root}static (${files.join(', ')})`);
const assets = precompressAssets(`${root}client`);
console.log(`prerender: ${assets.length} arquivos do cliente comprimidos (.br, .gz)`);
