import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const outDir = path.resolve(import.meta.dirname, 'dist/client');

/** Writes .br and .gz next to each text asset so the server sends them without compressing per request. */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const full = path.join(dir, name);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  return {
    name: 'precompress',
    apply: 'build',
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!compressible.test(file)) continue;
        const content = readFileSync(file);
        if (content.length < 512) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
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
        return html
          .replace(preload, '')
          .replace(entry, `<script type="module" crossorigin src="/${boot.fileName}" data-app="${app}" data-chunks="${chunks.join(' ')}"></script>`);
      },
    },
  };
}

export default defineConfig({
  root: path.resolve(import.meta.dirname, 'src/client'),
  publicDir: path.resolve(import.meta.dirname, 'public'),
  plugins: [react(), paintFirst(), precompress()],
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
    },
  },
});
