import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { QueryClient } from '@tanstack/react-query';
import { createTRPCOptionsProxy } from '@trpc/tanstack-react-query';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Language } from '../../shared/domain.js';
import type { DrawnPage, DrawPage } from '../../shared/page-render.js';
import { checkoutForSignUpBuy, learnerDashboardAddress } from '../../shared/page-paths.js';
import { appRouter } from '../root-router.js';
import type { Context, CreateContext } from '../trpc/context.js';

/**
 * The public pages drawn on the server by the app's own components (src/client/entry-server.tsx,
 * built by `vite build --ssr` into dist/server), then hydrated in the browser. They are drawn as a
 * visitor sees them, whoever asks: a page is the same for everyone in its language, so it can be
 * kept, and nothing personal is in a kept page (the service worker keeps the home page offline).
 * The exceptions, a signed-in learner's checkout opened on `/course/:id?buy=1`, their player
 * (`/course-content/:id`) and their dashboard (`/:id/dashboard`) (learnerReads, learnerDrawnPage),
 * are drawn for each request and never kept.
 * Their reads go through tRPC's public server-side API (createTRPCOptionsProxy over the root
 * router), with the same middlewares as over HTTP.
 */
export type ReadsFor = (request: FastifyRequest, reply: FastifyReply, lang: Language) => (queryClient: QueryClient) => unknown;

export function visitorReads(createContext: CreateContext): ReadsFor {
  return (request, reply, lang) => (queryClient) => {
    const asked = createContext({ req: request, res: reply });
    const visitor: Context = { ...asked, req: { ...asked.req, lang, token: null }, sessionUser: () => null };
    return createTRPCOptionsProxy({ router: appRouter, ctx: visitor, queryClient });
  };
}

/**
 * A signed-in learner's reads, for the personal pages the server draws (learnerDrawnPage): the
 * request's own session, or null when it carries none that is valid (that request gets the
 * visitor's page). Such a page is never kept (serve-client.ts).
 */
export type LearnerReads = (request: FastifyRequest, reply: FastifyReply, lang: Language) => ((queryClient: QueryClient) => unknown) | null;

export function learnerReads(createContext: CreateContext): LearnerReads {
  return (request, reply, lang) => {
    const asked = createContext({ req: request, res: reply });
    if (!asked.sessionUser()) return null;
    const learner: Context = { ...asked, req: { ...asked.req, lang } };
    return (queryClient) => createTRPCOptionsProxy({ router: appRouter, ctx: learner, queryClient });
  };
}

/** A package's page asked with its checkout open (`/course/:id?buy=1`): for a signed-in learner, drawn with the popup open. */
export function learnerBuyPage(url: URL): boolean {
  return url.searchParams.get('buy') === '1' && /^\/course\/[^/]+\/?$/.test(url.pathname);
}

/**
 * The lecture player (`/course-content/:id`, not its quiz or certificate pages): for a signed-in
 * learner the procedures let watch it (a buyer whose access stands, an admin), drawn with its
 * lecture list; anyone else gets the visitor's page (entry-server.tsx answers null for them).
 */
export function learnerPlayerPage(url: URL): boolean {
  return /^\/course-content\/[^/]+\/?$/.test(url.pathname);
}

/**
 * A learner's dashboard (`/:id/dashboard`, a numeric id): for a signed-in learner the procedures let
 * read it (their own; an admin, anyone's), drawn with its cards; anyone else gets the visitor's
 * page, which the app fills in the browser as before (entry-server.tsx answers null for them).
 */
export function learnerDashboardPage(url: URL): boolean {
  return learnerDashboardAddress.test(url.pathname);
}

/** A page the server draws for the signed-in learner who asks for it: their checkout, their player, their dashboard. */
export function learnerDrawnPage(url: URL): boolean {
  return learnerBuyPage(url) || learnerPlayerPage(url) || learnerDashboardPage(url);
}

/** The built server entry's drawPage, imported once. */
export function builtDrawPage(file: string): () => Promise<DrawPage> {
  let loaded: Promise<DrawPage> | undefined;
  return () => {
    loaded ??= import(pathToFileURL(file).href).then((module: { drawPage: DrawPage }) => module.drawPage);
    return loaded;
  };
}

type ManifestEntry = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; isEntry?: boolean };
type Manifest = Record<string, ManifestEntry>;

/** The build's manifest (dist/client/.vite/manifest.json); empty before a build. */
function readManifest(dist: string): Manifest {
  const file = path.join(dist, '.vite', 'manifest.json');
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
}

/** A chunk's file, its stylesheets and those of every chunk it imports, leaving out the files in `skip`. */
function chunksOf(manifest: Manifest, key: string, into: Set<string>, skip: Set<string>): void {
  const entry = manifest[key];
  if (!entry || into.has(entry.file) || skip.has(entry.file)) return;
  into.add(entry.file);
  for (const css of entry.css ?? []) if (!skip.has(css)) into.add(css);
  for (const imported of entry.imports ?? []) chunksOf(manifest, imported, into, skip);
}

/** What every page loads: the entry's chunks (the page's own script tag) and the app's start (boot.tsx), which the entry imports. */
function everyPagesChunks(manifest: Manifest): { entry: Set<string>; start: Set<string> } {
  const entry = new Set<string>();
  for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry) chunksOf(manifest, key, entry, new Set());
  // The start is what the entry imports (once the page has painted): its one dynamic import.
  const start = new Set<string>();
  for (const chunk of Object.values(manifest)) if (chunk.isEntry) for (const key of chunk.dynamicImports ?? []) chunksOf(manifest, key, start, entry);
  return { entry, start };
}

/** What every page loads first, entry and start (stylesheets and chunks), as paths under dist: what the bundle's budget counts. */
export function firstLoadFiles(dist: string): string[] {
  const { entry, start } = everyPagesChunks(readManifest(dist));
  return [...entry, ...start];
}

/**
 * Links to files under dist: stylesheets in the head, as the page paints styled with them; chunks
 * (modulepreload) in an inert `<template data-after-paint>`, which the entry moves into the head once
 * the page has painted (main.tsx). Fetched as the page is parsed, the app's code took the
 * bandwidth of a slow phone from the page's own image and fonts (decision 200).
 */
function linksTo(files: Iterable<string>): string {
  const assets = [...files];
  const styles = assets.filter((asset) => asset.endsWith('.css')).map((asset) => `<link rel="stylesheet" crossorigin href="/${asset}">`);
  const chunks = assets
    .filter((asset) => !asset.endsWith('.css'))
    .map((asset) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${asset}">`);
  return styles.join('') + (chunks.length ? `<template data-after-paint>${chunks.join('')}</template>` : '');
}

/**
 * The app's start (boot.tsx) and its chunks, which every page preloads once it has painted
 * (linksTo): the entry imports the start then, and its chunks come together.
 */
export function startLinks(dist: string): string {
  return linksTo(everyPagesChunks(readManifest(dist)).start);
}

/**
 * The links a drawn page needs beside the app's own: its chunks (preloaded with the app's after
 * the paint, instead of after the app has run) and their stylesheets (so the page paints styled
 * before any script has run), read from the build's manifest.
 */
export function pageLinks(dist: string): (source: string) => string {
  const manifest = readManifest(dist);
  const { entry, start } = everyPagesChunks(manifest);
  const loaded = new Set([...entry, ...start]);
  const made = new Map<string, string>();
  return (source) => {
    let links = made.get(source);
    if (links === undefined) {
      const files = new Set<string>();
      chunksOf(manifest, source, files, loaded);
      links = linksTo(files);
      made.set(source, links);
    }
    return links;
  };
}

/**
 * Writes the drawn page into the filled index.html: its markup in the root, its chunks' links in
 * the head, and the answers it was drawn with as a JSON data block (not executed, so the CSP needs
 * no exception; "<" escaped so it cannot end the block), which main.tsx hands to TanStack Query
 * before hydrating.
 */
export function withDrawnPage(html: string, drawn: DrawnPage | null, links: (source: string) => string = () => ''): string {
  const page = html.replace('<!--page-->', () => drawn?.html ?? '');
  if (!drawn) return page;
  const data = `<script id="query-data" type="application/json">${drawn.queryData.replace(/</g, '\\u003c')}</script>`;
  return page.replace('</head>', () => `${links(drawn.source)}</head>`).replace('</body>', () => `${data}</body>`);
}

/**
 * A Buy followed before the app had hydrated its page (`/course/:id?buy=1`, a sponsor's `ref`
 * kept), by a browser that carries no session: the sign-up page drawn at once with the package in
 * view (`/register?buy=ID`), whose form can be typed into before the app has run, instead of the
 * package page that would have to hydrate first and then go there itself. A signed-in learner's
 * Buy stays on the package page, which opens the checkout. Null when the address is not such a Buy.
 */
export function signUpToBuy(url: URL, signedIn: boolean): string | null {
  if (signedIn || url.searchParams.get('buy') !== '1') return null;
  const id = /^\/course\/([^/]+)\/?$/.exec(url.pathname)?.[1];
  if (!id) return null;
  // What else the address said (a sponsor's `ref`, a `lang`) goes along.
  const rest = [...url.searchParams].filter(([name]) => name !== 'buy');
  let pkg: string;
  try {
    pkg = decodeURIComponent(id);
  } catch {
    // A broken escape: the package page answers it (its own "not found").
    return null;
  }
  return `/register?${new URLSearchParams([['buy', pkg], ...rest])}`;
}

/**
 * Sign-up reached by a Buy (`/register?buy=ID`, the link the drawn pages carry) by a browser that
 * carries a session: that learner's checkout, on the package's page (`/course/:id?buy=1`), which
 * opens it as it hydrates. Null when the address is not such a Buy.
 */
export function checkoutToBuy(url: URL, signedIn: boolean): string | null {
  if (!signedIn || !/^\/register\/?$/.test(url.pathname)) return null;
  return checkoutForSignUpBuy(url.search);
}

/** What a package page is drawn with in place of a sponsor's code (sponsorBlank()). */
export const SPONSOR_MARK = 'zSponsorMark0';

/**
 * A package page's address with a sponsor's code (`/course/:id?ref=CODE`, a sponsor's shared link),
 * as the page is drawn for every code: the code shows only in the page's links (Buy keeps it), never
 * in what the page reads or its share preview, so the page is drawn once with SPONSOR_MARK in its
 * place, kept, and each request's code written over the mark (a new code no longer costs a drawing).
 * The catalogue (`/packages?ref=CODE`) likewise when no sponsor has the code (`greets`: the caller
 * checks; a sponsor's own is drawn for them, greeting them by name). Only for a code of letters,
 * digits, `-` and `_` (as codes are made), which every escaping (URL, HTML, JSON) leaves as it is:
 * the page is then byte for byte the one drawn for the code. Null for any other address (drawn as it
 * is asked for).
 */
export function sponsorBlank(address: string): { marked: string; code: string; greets: boolean } | null {
  const at = address.indexOf('?');
  const path = address.slice(0, at);
  if (at < 0 || !(/^\/course\/\d{1,15}$/.test(path) || path === '/packages') || address.includes(SPONSOR_MARK)) return null;
  const fields = address.slice(at + 1).split('&');
  const refs = fields.filter((field) => field.startsWith('ref='));
  const code = refs[0]?.slice('ref='.length) ?? '';
  // One `ref`, written plainly (no other spelling of it that the page would read instead).
  if (refs.length !== 1 || !/^[A-Za-z0-9_-]{1,36}$/.test(code) || new URLSearchParams(address.slice(at + 1)).getAll('ref').length !== 1) return null;
  const marked = fields.map((field) => (field === refs[0] ? `ref=${SPONSOR_MARK}` : field)).join('&');
  return { marked: `${path}?${marked}`, code, greets: path === '/packages' };
}
