import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type PluginOption, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const outDir = path.resolve(import.meta.dirname, 'dist/client');

/** Writes .br and .gz next to each text asset so the server sends them without compressing per request. */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  // The folder built into: dist/client, or what `vite build --outDir` says (the service worker's test).
  let builtInto = outDir;
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      builtInto = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      for (const file of walk(builtInto)) {
        if (!compressible.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 512) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

/** What a Buy tapped before the app ran leads to: sign-up (a browser new to the site) or the checkout popup. */
const afterBuy: Record<string, string> = {
  signup: 'features/auth/register-page.tsx',
  checkout: 'features/orders/checkout-dialog.tsx',
};

/**
 * The chunks a module needs beyond those the app loads anyway: its own chunk and the chunks that
 * one imports, as `key chunk chunk;key chunk…` for boot.ts, for each key of `modules`.
 */
function chunksFor(modules: Record<string, string>, bundle: Rolldown.OutputBundle, loaded: Set<string>): string {
  const chunks = Object.values(bundle).filter((item): item is Rolldown.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  return Object.entries(modules)
    .map(([key, source]) => {
      const page = chunks.find((chunk) => chunk.moduleIds.some((id) => id.endsWith(`/src/client/${source}`)));
      if (!page) throw new Error(`paint-first: no chunk for ${source}`);
      const needed = new Set<string>();
      const visit = (file: string) => {
        if (needed.has(`/${file}`) || loaded.has(`/${file}`)) return;
        needed.add(`/${file}`);
        const chunk = byFile.get(file);
        // Its stylesheets too: Vite's loader waits for them before it opens the chunk.
        for (const css of chunk?.viteMetadata?.importedCss ?? []) if (!loaded.has(`/${css}`)) needed.add(`/${css}`);
        for (const imported of chunk?.imports ?? []) visit(imported);
      };
      visit(page.fileName);
      return [key, ...needed].join(' ');
    })
    .join(';');
}

/**
 * The page the server drew is painted before the app's code is fetched or run: on a slow phone,
 * fetching and running it first holds that paint back. The built page's module script becomes
 * boot.ts, which after the first paint preloads the app's chunks together (no waterfall) and
 * imports the app.
 */
function paintFirst(): Plugin {
  return {
    name: 'paint-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const boot = Object.values(context.bundle ?? {}).find((chunk) => chunk.type === 'chunk' && chunk.name === 'boot');
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
        const app = entry.exec(html)?.[1];
        if (!boot || !app) throw new Error('paint-first: the built page has no app script, or the build has no boot chunk');
        const preload = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
        const chunks = [...html.matchAll(preload)].map((match) => match[1]!);
        // What every page has already: the app's chunks and its own stylesheet (written into the page).
        const loaded = new Set([app, ...chunks, ...[...html.matchAll(/<link rel="stylesheet"(?: crossorigin)? href="([^"]+)">/g)].map((match) => match[1]!)]);
        const routes = chunksFor(landingPages, context.bundle ?? {}, loaded);
        const next = chunksFor(afterBuy, context.bundle ?? {}, loaded);
        return html
          .replace(preload, '')
          .replace(
            entry,
            `<script type="module" crossorigin src="/${boot.fileName}" data-app="${app}" data-chunks="${chunks.join(' ')}" data-routes="${routes}" data-after-buy="${next}"></script>`,
          );
      },
    },
  };
}

/** The modules each landing page needs beyond the app's own chunk; boot.ts preloads them with the app. */
const landingPages: Record<string, string> = {
  '^/$': 'features/pages/home-page.tsx',
  '^/packages/?$': 'features/catalog/packages-page.tsx',
  '^/course/[^/]+/?$': 'features/catalog/package-page.tsx',
  '^/course-content/[^/]+/?$': 'features/catalog/player-page.tsx',
  '^/myCourses/?$': 'features/catalog/my-courses-page.tsx',
};

function serviceWorker(): PluginOption {
  return VitePWA({
    injectRegister: false,
    // A new release's worker waits until the page lets it take over (register-service-worker.ts).
    registerType: 'prompt',
    // public/manifest.webmanifest, as it is.
    manifest: false,
    includeManifestIcons: false,
    workbox: {
      globPatterns: ['**/*.{js,css,woff2,svg,png,webmanifest}'],
      // The page template is no page: the server fills it in (site name, settings, language).
      globIgnores: ['**/*.html', '**/*.br', '**/*.gz', '.vite/**'],
      navigateFallback: null,
      inlineWorkboxRuntime: true,
      cleanupOutdatedCaches: true,
      clientsClaim: true,
      skipWaiting: false,
      // Hashed names change with their content: no cache-busting query needed.
      dontCacheBustURLsMatching: /^assets\//,
      runtimeCaching: [
        { urlPattern: ({ request }) => request.mode === 'navigate', handler: 'NetworkOnly', options: { precacheFallback: { fallbackURL: '/' } } },
      ],
      // The home page as the offline fallback, fetched again with each release (its revision is the release's files').
      manifestTransforms: [
        (entries) => {
          const release = createHash('sha256')
            .update(entries.map((entry) => `${entry.url} ${entry.revision ?? ''}`).join('\n'))
            .digest('hex')
            .slice(0, 16);
          return { manifest: [...entries, { url: '/', revision: release, size: 0 }], warnings: [] };
        },
      ],
    },
  });
}

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/client'),
  publicDir: path.resolve(import.meta.dirname, 'public'),
  plugins: [react(), paintFirst(), serviceWorker(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    // Lets the benchmark tell admin chunks from learner ones.
    manifest: true,
    target: 'es2022',
    assetsInlineLimit: 2048,
    reportCompressedSize: false,
    rolldownOptions: {
      input: { index: path.resolve(import.meta.dirname, 'src/client/index.html'), boot: path.resolve(import.meta.dirname, 'src/client/boot.ts') },
      // @trpc/client declares no side effects but has none: its unused links (websockets…) are left out.
      treeshake: { moduleSideEffects: (id: string) => !/node_modules\/@trpc\/client\//.test(id) },
      output: {
        // Everything the first page needs in one chunk: one request, and one gzip dictionary (2 KB
        // smaller than the same code in seven chunks). boot.ts stays its own tiny entry.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'], test: (id: string) => !id.endsWith('/src/client/boot.ts') }] },
      },
    },
  },
});
