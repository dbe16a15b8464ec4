import type { QueryClient } from '@tanstack/react-query';
import type { Language } from './domain.js';
import type { SiteConfig } from './site-config.js';

/**
 * What the server asks of the app's server entry (src/client/entry-server.tsx, built by
 * `vite build --ssr`): one page drawn by the app's own components, for a visitor, in the language
 * the server decided, and the reads it was drawn with, for the browser's hydration.
 */
export type PageToDraw = {
  /** The page's address: path and query (`/packages?ref=CODE`). */
  url: string;
  lang: Language;
  site: SiteConfig;
  /** tRPC's query options bound to the server's router and a visitor's context, for this page's query client (createTRPCOptionsProxy). */
  readsFor: (queryClient: QueryClient) => unknown;
  /**
   * Drawn for the signed-in learner whose session `readsFor` carries (their checkout open, their
   * player): a personal page, never kept. Not drawn (null) when the page's reads refuse them.
   */
  learner?: boolean;
};

export type DrawnPage = {
  /** The page's markup, for index.html's `<div id="root">`. */
  html: string;
  /** The answers the page was drawn with (TanStack Query's dehydrate), as JSON. */
  queryData: string;
  /** The page's module under src/client, as the build's manifest names it: its chunks and stylesheets are linked into the page. */
  source: string;
};

/** Null for a page the server does not draw (the app draws it in the browser), or a learner's page they may not see. */
export type DrawPage = (page: PageToDraw) => Promise<DrawnPage | null>;
