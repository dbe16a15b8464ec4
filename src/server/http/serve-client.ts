import { existsSync, readFileSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SiteConfig } from '../../shared/site-config.js';
import { LANGUAGE_COOKIE } from '../../shared/language.js';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { packagesOnSale } from '../features/catalog/catalog.service.js';
import { findActiveUserByReferralCode } from '../features/auth/accounts.service.js';
import { escapeHtml } from '../lib/html.js';
import { languageOf, pageExtras, withExtras } from './page-extras.js';
import { inLanguage } from './page-shell.js';
import {
  builtDrawPage,
  checkoutToBuy,
  type LearnerReads,
  learnerDrawnPage,
  pageLinks,
  startLinks,
  type ReadsFor,
  SPONSOR_MARK,
  signUpToBuy,
  sponsorBlank,
  withDrawnPage,
} from './server-pages.js';
import { readToken } from '../lib/request-info.js';
import type { DrawPage, PageToDraw } from '../../shared/page-render.js';
import type { QueryClient } from '@tanstack/react-query';
import { sendRequestError } from './error-reply.js';
import { requestErrors } from '../lib/request.errors.js';
import { UPLOADS_URL_PREFIX, uploadsDir } from '../lib/uploads.js';

export const projectRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const clientDist = path.join(projectRoot, 'dist', 'client');
/** The app's server entry (`vite build --ssr`): the public pages drawn by the app's components. */
export const serverEntry = path.join(projectRoot, 'dist', 'server', 'entry-server.js');
/** The server compiled ahead of time (vite.server.config.ts): what `npm start` and the service run. */
export const compiledServer = path.join(projectRoot, 'dist-server', 'server', 'main.js');
const clientSource = path.join(projectRoot, 'src', 'client');
/** The checkout popup's module (features/orders/use-checkout.tsx loads it), as the build's manifest names it. */
const CHECKOUT_SOURCE = 'features/orders/checkout-dialog.tsx';

const apiPrefixes = ['/api/', '/trpc/', UPLOADS_URL_PREFIX];

function isApiPath(url: string): boolean {
  return url === '/api' || url === '/trpc' || apiPrefixes.some((prefix) => url.startsWith(prefix));
}

/** An unknown API path, in the request's language and the shape its path speaks (error-reply.ts). */
function notFoundJson(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return sendRequestError(request, reply, requestErrors.NOT_FOUND());
}

export function siteConfig(config: Config): SiteConfig {
  return {
    siteName: config.siteName,
    publicUrl: config.publicUrl,
    contactEmail: config.contactEmail ?? null,
    contactPhone: config.contactPhone ?? null,
    approvalHoursHint: config.approvalHoursHint,
    defaultLanguage: config.defaultLanguage,
    taxInvoice: config.gst !== null,
    gateway: config.gateway ? { provider: config.gateway.provider } : null,
    upiQr: config.upiId !== undefined,
    grievance: config.grievance,
  };
}

/** Fills index.html's placeholders: the site name, and the public settings as a JSON data block. */
export function fillIndexHtml(html: string, config: Config): string {
  // A JSON data block is not executed, so the CSP needs no exception; "<" is escaped so it cannot end the block.
  const json = JSON.stringify(siteConfig(config)).replace(/</g, '\\u003c');
  // Replacer functions insert the text as it is: a string replacement would read `$'`, `$&` or `$$` in a site name as patterns.
  const name = escapeHtml(config.siteName);
  return html.replaceAll('__SITE_NAME__', () => name).replace('__SITE_CONFIG__', () => json);
}

/**
 * The built app's own stylesheet, written into the page instead of linked: a phone on slow
 * mobile data then paints the page without waiting for one more request (about 4 KB gzipped;
 * the CSP allows inline styles). Lazily loaded pages keep their own small stylesheets. The link
 * stays, disabled (never fetched), so that Vite's loader of lazy chunks, which looks for the
 * stylesheets a page has by their links, does not fetch it again before opening a chunk.
 */
export function inlineStylesheets(html: string, assetsDir: string): string {
  return html.replace(/<link rel="stylesheet"(?: crossorigin)? href="\/assets\/([\w.-]+\.css)">/g, (link, name: string) => {
    const file = path.join(assetsDir, name);
    if (!existsSync(file)) return link;
    return `<style>${readFileSync(file, 'utf8').replace(/<\/style/gi, '<\\/style')}</style><link rel="stylesheet" href="/assets/${name}" disabled>`;
  });
}

/** Files people upload (already re-encoded), under /uploads/, cached for good: every name is new. */
export async function serveUploads(app: FastifyInstance, dataDir: string): Promise<void> {
  const root = uploadsDir(dataDir);
  await mkdir(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: UPLOADS_URL_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    dotfiles: 'deny',
    immutable: true,
    maxAge: '365d',
  });
}

function wantsHtml(request: FastifyRequest): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && (request.headers.accept ?? '').includes('text/html');
}

/**
 * The React app. Built: static files from dist/client (hashed assets cached for a year, served
 * pre-compressed) and index.html, filled in once, for every other page path so client routes
 * survive a reload; the public pages drawn into it by the app's server entry (server-pages.ts) and
 * kept compressed in memory. Dev: Vite's middleware with hot reload on the same port, the pages
 * drawn by the entry as Vite loads it (ssrLoadModule). Unknown /api paths answer 404 JSON.
 */
export async function serveClient(
  app: FastifyInstance,
  config: Config,
  {
    dev,
    db,
    reads,
    learner,
    checkoutCsp = null,
    dist = clientDist,
    entry = serverEntry,
  }: { dev: boolean; db?: Db; reads?: ReadsFor; learner?: LearnerReads; checkoutCsp?: string | null; dist?: string; entry?: string },
): Promise<void> {
  // The gateway's checkout page, and no other, may load the gateway's script and frames.
  const checkoutPage = /^\/pay\/[^/?#]+\/?(?:[?#]|$)/;
  const pageCsp = (request: FastifyRequest, reply: FastifyReply) => {
    if (checkoutCsp && checkoutPage.test(request.url)) reply.header('content-security-policy', checkoutCsp);
  };
  const addressOf = (request: FastifyRequest) => new URL(request.url, 'http://page.invalid');
  // A Buy followed before hydration, when the page it leads to is the other person's: a visitor to
  // sign-up, a signed-in learner to the checkout (server-pages.ts).
  const buyingAnswer = (request: FastifyRequest) => {
    const signedIn = readToken(request) !== null;
    return signUpToBuy(addressOf(request), signedIn) ?? checkoutToBuy(addressOf(request), signedIn);
  };
  // The language the app will start in (shared/language.ts): `?lang=`, else the one chosen on this browser, else the site's.
  const languageFor = (request: FastifyRequest) => languageOf(addressOf(request), request.cookies?.[LANGUAGE_COOKIE] ?? null, config.defaultLanguage);
  // A signed-in learner's package page asked with its checkout open (`?buy=1`): drawn for them, the
  // popup open on its code step, typeable before the app has run; their player, drawn with its
  // lecture list; their dashboard, drawn with its cards. Null for anyone else (no valid session):
  // the visitor's page. Such a page is personal: never kept, here or in any cache. One the learner
  // may not see (a player of a package they have not bought, another learner's dashboard) is not
  // drawn for them: they get the visitor's page too.
  const learnerPage = (request: FastifyRequest, reply: FastifyReply) =>
    learner && learnerDrawnPage(addressOf(request)) ? learner(request, reply, languageFor(request)) : null;
  /** The page for this address: its language, its share preview (pageExtras) and, for a public page, the page drawn by the app. */
  const makePage = async (
    shell: string,
    request: FastifyRequest,
    reply: FastifyReply,
    drawPage: DrawPage,
    links?: (source: string) => string,
    personal: ((queryClient: QueryClient) => unknown) | null = null,
    // The address drawn, when not the one asked for (a sponsor's code marked: sponsorBlank()).
    address = request.url,
  ): Promise<{ html: string; keep: boolean; drawn: boolean }> => {
    const url = new URL(address, 'http://page.invalid');
    const lang = languageFor(request);
    const extras = db ? pageExtras(db, config, url, lang) : null;
    let drawn = null;
    const readsFor = personal ?? reads?.(request, reply, lang);
    if (readsFor) {
      try {
        drawn = await drawPage({ url: address, lang, site: siteConfig(config), readsFor, ...(personal && { learner: true }) });
      } catch (error) {
        // The app draws the page in the browser instead; the fault is logged to be fixed.
        request.log.error({ err: error }, 'drawing the page on the server failed');
      }
    }
    // A signed-in learner's Buy followed before hydration: the package page opens the checkout as it
    // hydrates, so the checkout's code comes beside the page's instead of after it.
    const buying = url.searchParams.get('buy') === '1' && links ? (source: string) => links(source) + links(CHECKOUT_SOURCE) : links;
    const html = withDrawnPage(inLanguage(shell, lang, config.siteName), drawn, buying);
    return { html: extras ? withExtras(html, extras) : html, keep: extras?.keep !== false, drawn: drawn !== null };
  };
  if (dev) {
    const { createServer } = await import('vite');
    const vite = await createServer({
      configFile: path.join(projectRoot, 'vite.config.ts'),
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: 'custom',
    });
    app.addHook('onClose', async () => vite.close());
    // The entry as Vite loads it now: an edit shows at the next page load.
    const drawPage: DrawPage = async (page) => ((await vite.ssrLoadModule('/entry-server.tsx')) as { drawPage: DrawPage }).drawPage(page);
    app.setNotFoundHandler(async (request, reply) => {
      if (isApiPath(request.url)) return notFoundJson(request, reply);
      if (wantsHtml(request)) {
        const buying = buyingAnswer(request);
        if (buying) return reply.header('cache-control', 'no-store').redirect(buying, 303);
        const template = await readFile(path.join(clientSource, 'index.html'), 'utf8');
        const shell = fillIndexHtml(await vite.transformIndexHtml(request.url, template), config);
        pageCsp(request, reply);
        const personal = learnerPage(request, reply);
        const mine = personal ? await makePage(shell, request, reply, drawPage, undefined, personal) : null;
        if (mine?.drawn) reply.header('cache-control', 'private, no-store');
        return reply.type('text/html; charset=utf-8').send((mine?.drawn ? mine : await makePage(shell, request, reply, drawPage)).html);
      }
      reply.hijack();
      vite.middlewares(request.raw, reply.raw, () => {
        reply.raw.statusCode = 404;
        reply.raw.end('Not found');
      });
    });
    return;
  }

  const indexFile = path.join(dist, 'index.html');
  const built = existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: dist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      globIgnore: ['**/index.html', '**/index.html.*'],
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        // The service worker is asked for at each check for a new release: never from a cache.
        const worker = path.basename(filePath) === 'sw.js';
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : worker ? 'no-cache' : 'public, max-age=3600');
      },
    });
  }
  const drawPage = existsSync(entry) ? builtDrawPage(entry) : null;
  const linksOf = pageLinks(dist);

  // Filled in on the first page request (settings are final by then) and kept in memory; each
  // page writes its language and its drawn page into it (makePage()).
  let shell: string | null = null;
  const shellHtml = () => {
    shell ??= inlineStylesheets(fillIndexHtml(readFileSync(indexFile, 'utf8'), config), path.join(dist, 'assets')).replace(
      '</head>',
      () => `${startLinks(dist)}</head>`,
    );
    return shell;
  };
  // Pages, by address and language, while the catalogue is the same and for at most ten minutes (a
  // sponsor may change their name); never more than 200 of them. Every page is drawn for a visitor,
  // so a kept page is the same for everyone who asks for it.
  // A package page asked for with a sponsor's code is kept once for every code, the code marked
  // (sponsorBlank()), and the code written in for each request.
  const kept = new Map<string, { page: ReturnType<typeof compressedPage> | { marked: Buffer[] }; madeAt: number }>();
  let catalogueSeen: unknown;
  const draw = async (page: PageToDraw) => (drawPage ? (await drawPage())(page) : null);
  const pageFor = async (request: FastifyRequest, reply: FastifyReply) => {
    // The learner's own page: drawn for each request, never kept; one not drawn for them (not
    // theirs to see, or the drawing failed) is the visitor's page below.
    const personal = learnerPage(request, reply);
    const mine = personal ? await makePage(shellHtml(), request, reply, draw, linksOf, personal) : null;
    if (mine?.drawn) return { page: compressedPage(mine.html, 5), personal: true };
    const catalogue = db ? packagesOnSale(db) : null;
    if (catalogue !== catalogueSeen) {
      kept.clear();
      catalogueSeen = catalogue;
    }
    const asked = sponsorBlank(request.url);
    // The catalogue greets a sponsor by name: drawn for each sponsor's own code, marked for any other.
    const blank = asked?.greets && db && findActiveUserByReferralCode(db, asked.code) ? null : asked;
    const address = blank?.marked ?? request.url;
    // Apart from the same address asked for as it is (a `ref` that is the mark itself).
    const key = `${blank ? 'marked|' : ''}${address}|${languageFor(request)}`;
    // Per sponsor's code: the page's parts around the mark, kept as bytes, joined by the code (a page's
    // copy made outside V8's heap, which its collector then never scans), compressed for this request
    // only and a little faster (Brotli 4, about 10% larger).
    const withCode = (parts: Buffer[], code: string) => {
      const joint = Buffer.from(code);
      return compressedPage(Buffer.concat(parts.flatMap((part, i) => (i === 0 ? [part] : [joint, part]))), 4);
    };
    const markedParts = (html: string) => html.split(SPONSOR_MARK).map((part) => Buffer.from(part));
    const cached = kept.get(key);
    if (cached && Date.now() - cached.madeAt < 10 * 60_000) {
      if (!('marked' in cached.page)) return { page: cached.page, personal: false };
      if (blank) return { page: withCode(cached.page.marked, blank.code), personal: false };
    }
    const made = await makePage(shellHtml(), request, reply, draw, linksOf, null, address);
    const parts = blank ? markedParts(made.html) : null;
    const page = blank && parts ? withCode(parts, blank.code) : compressedPage(made.html, 5);
    if (!made.keep) return { page, personal: false };
    if (kept.size >= 200) kept.clear();
    kept.set(key, { page: parts ? { marked: parts } : page, madeAt: Date.now() });
    return { page, personal: false };
  };

  app.setNotFoundHandler(async (request: FastifyRequest, reply: FastifyReply) => {
    if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) return notFoundJson(request, reply);
    // A built file that is not there (another release's chunk): a 404, never the page in its place,
    // so that the app's loader fails and reloads (register-service-worker.ts) instead of running HTML.
    if (request.url.startsWith('/assets/')) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    if (!built) {
      return reply.code(503).type('text/plain').send('The web app is not built yet. Run `npm run build` (npm start does it for you).');
    }
    const buying = buyingAnswer(request);
    if (buying) return reply.header('cache-control', 'no-store').redirect(buying, 303);
    const { page: shown, personal } = await pageFor(request, reply);
    pageCsp(request, reply);
    reply
      .header('cache-control', personal ? 'private, no-store' : 'no-cache')
      .header('vary', 'accept-encoding, cookie')
      .type('text/html; charset=utf-8');
    // Chrome hides the phone model from its User-Agent; asked this way, it sends it with later
    // requests (login included, over https), so the device list can name the phone.
    reply.header('accept-ch', 'Sec-CH-UA-Model');
    const accepted = request.headers['accept-encoding'] ?? '';
    if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(shown.br());
    if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(shown.gzip());
    return reply.send(shown.plain);
  });
}

/**
 * The page, compressed once in each encoding a browser asks for, when one first does: a page drawn
 * for a new address is compressed once (Brotli, as every browser asks), not twice (a few
 * milliseconds of the draw's p95). Pages made per address use a faster Brotli quality than the
 * shell's best.
 */
function compressedPage(html: string | Buffer, brotliQuality = 11) {
  const plain = typeof html === 'string' ? Buffer.from(html) : html;
  let br: Buffer | undefined;
  let gzip: Buffer | undefined;
  return {
    plain,
    br: () => (br ??= brotliCompressSync(plain, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: brotliQuality } })),
    gzip: () => (gzip ??= gzipSync(plain)),
  };
}
