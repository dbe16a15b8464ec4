import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type PluginOption, type Rolldown } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const outDir = path.resolve(import.meta.dirname, 'dist/client');

/**
 * The app's entry script at low priority (`fetchpriority="low"`; Vite writes the tag itself, so it is
 * added here): a page the server drew paints without it, and its image and stylesheets come first
 * (docs/performance.md, Lighthouse on the public pages).
 */
function lowPriorityEntry(): Plugin {
  return {
    name: 'low-priority-entry',
    transformIndexHtml: {
      order: 'post',
      handler: (html) =>
        html.replace(
          /<script type="module" crossorigin src="(\/assets\/index-[\w-]+\.js)"><\/script>/,
          '<script type="module" crossorigin fetchpriority="low" src="$1"></script>',
        ),
    },
  };
}

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

/** Pages only admins open: their chunks are named `admin-…`, so that the service worker leaves them out (learners never need them). */
const adminOnly = /\/src\/client\/features\/(?:admin\/|statements\/|[^/]+\/admin-|orders\/pending-orders-page|catalog\/(?:add-|delete-))/;

/** The app's start (boot.tsx) and every module it imports statically, found once per build (forgotten at each: rebuilds in watch mode). */
let startModules: Set<string> | null = null;
const forgetStartModules = (): PluginOption => ({
  name: 'forget-start-modules',
  buildStart() {
    startModules = null;
  },
});
function startsApp(id: string, ctx: Rolldown.ChunkingContext): boolean {
  if (!startModules) {
    const start = path.resolve(import.meta.dirname, 'src/client/boot.tsx');
    startModules = new Set();
    const pending = [start];
    for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
      if (startModules.has(next)) continue;
      startModules.add(next);
      pending.push(...(ctx.getModuleInfo(next)?.importedIds ?? []));
    }
  }
  return startModules.has(id);
}

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
      // Admin pages' chunks are left out: a learner's phone never needs them (an admin's loads them from the network).
      globIgnores: ['**/*.html', '**/*.br', '**/*.gz', '.vite/**', 'assets/admin-*'],
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

export default defineConfig(({ isSsrBuild }) => ({
  root: path.resolve(import.meta.dirname, 'src/client'),
  publicDir: isSsrBuild ? false : path.resolve(import.meta.dirname, 'public'),
  // The server entry (`vite build --ssr`, dist/server) needs neither the service worker nor compressed copies.
  plugins: isSsrBuild ? [react()] : [react(), forgetStartModules(), lowPriorityEntry(), serviceWorker(), precompress()],
  build: isSsrBuild
    ? {
        outDir: path.resolve(import.meta.dirname, 'dist/server'),
        emptyOutDir: true,
        target: 'node22',
        rolldownOptions: { input: { 'entry-server': path.resolve(import.meta.dirname, 'src/client/entry-server.tsx') } },
      }
    : {
        outDir,
        emptyOutDir: true,
        // Lets the benchmark tell admin chunks from learner ones.
        manifest: true,
        target: 'es2022',
        assetsInlineLimit: 2048,
        reportCompressedSize: false,
        rolldownOptions: {
          // @trpc/client declares no side effects but has none: its unused links (websockets…) are left out.
          treeshake: { moduleSideEffects: (id: string) => !/node_modules\/@trpc\/client\//.test(id) },
          output: {
            // Everything the first page needs in one chunk: one request, and one gzip dictionary (the
            // app's start, boot.tsx, with its static imports was 117 KB in 17 chunks, 111.5 KB in one).
            // The entry (main.tsx) imports the start only once the page has painted (decision 200), so
            // the start's imports are gathered by their own group, not by `$initial`.
            codeSplitting: {
              groups: [{ name: 'app', tags: ['$initial'] }, { name: (id: string, ctx: Rolldown.ChunkingContext) => (startsApp(id, ctx) ? 'boot' : null) }],
            },
            chunkFileNames: (chunk: Rolldown.PreRenderedChunk) =>
              chunk.facadeModuleId && adminOnly.test(chunk.facadeModuleId) ? 'assets/admin-[name]-[hash].js' : 'assets/[name]-[hash].js',
          },
        },
      },
}));
