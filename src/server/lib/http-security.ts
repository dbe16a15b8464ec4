import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import type { FastifyRequest } from 'fastify';
import { headerToken, SESSION_COOKIE } from './request-info.js';

/** The only hosts whose players may be framed: lecture links are normalised to these (PRODUCT.md). */
export const videoFrameHosts = ['https://www.youtube-nocookie.com', 'https://www.youtube.com', 'https://player.vimeo.com', 'https://drive.google.com'];

/** Light thumbnails shown before the learner taps play. */
export const videoThumbnailHosts = ['https://i.ytimg.com', 'https://i.vimeocdn.com'];

/** Where a payment gateway's checkout loads from; allowed on its own page only (pagePaths.gatewayPay). */
export type ExtraOrigins = { script: string[]; frame: string[]; connect: string[]; img: string[] };

export function helmetOptions({ https, dev, checkout }: { https: boolean; dev: boolean; checkout?: ExtraOrigins }): HelmetOptions {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // Vite's dev server injects an inline preamble and talks over a websocket; the build needs neither.
        scriptSrc: [...(dev ? ["'self'", "'unsafe-inline'"] : ["'self'"]), ...(checkout?.script ?? [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...videoThumbnailHosts, ...(checkout?.img ?? [])],
        fontSrc: ["'self'"],
        connectSrc: [...(dev ? ["'self'", 'ws:', 'wss:'] : ["'self'"]), ...(checkout?.connect ?? [])],
        frameSrc: [...videoFrameHosts, ...(checkout?.frame ?? [])],
        mediaSrc: ["'self'"],
        // The service worker (/sw.js) and the web app's manifest come from the site itself.
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        ...(https && { upgradeInsecureRequests: [] }),
      },
    },
    // YouTube embeds refuse to play without the origin in the Referer.
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // On plain http (a phone on the local network) HSTS would lock the site out.
    strictTransportSecurity: https ? { maxAge: 15552000, includeSubDomains: false } : false,
    crossOriginEmbedderPolicy: false,
  };
}

/**
 * helmet's headers for these options, worked out once. With no per-request nonce they are the
 * same for every response, so the server sets them from this table instead of running helmet on
 * each request.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: unknown;
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    failed = error;
  });
  if (failed) throw failed;
  return headers;
}

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * A state-changing request that rides on the session cookie must come from this site, the origin
 * of PUBLIC_URL (a proxy may rewrite Host, so Host proves nothing). SameSite=Lax already keeps the
 * cookie off cross-site posts; this refuses the rest (old browsers, same-site subdomains). Only a
 * request authenticated by its header (`token` or `Authorization: Bearer`) is let through
 * unchecked: then the cookie is never read (lib/request-info.ts readToken), and another site cannot
 * make a browser send that header.
 */
export function isCrossSiteCookieWrite(request: FastifyRequest, publicUrl: string): boolean {
  if (safeMethods.has(request.method)) return false;
  if (!request.cookies?.[SESSION_COOKIE]) return false;
  if (headerToken(request)) return false;
  const origin = request.headers.origin;
  if (origin) {
    try {
      return new URL(origin).origin !== new URL(publicUrl).origin;
    } catch {
      return true;
    }
  }
  return request.headers['sec-fetch-site'] === 'cross-site';
}
