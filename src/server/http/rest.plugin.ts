import type { FastifyInstance } from 'fastify';
import { registerRestRows } from '../rest/rest-adapter.js';
import { restRoutes } from '../rest/rest-routes.js';
import { registerPaymentWebhook } from '../features/payments/payments.webhook.js';
import { registerWhatsAppWebhook } from '../features/whatsapp/whatsapp.webhook.js';
import type { AppDeps, CreateContext } from '../trpc/context.js';

/** REST.md's calls for existing clients, and the payment gateway's and WhatsApp's events (each answering 404 when not set up). */
export function registerRest(app: FastifyInstance, deps: AppDeps, createContext: CreateContext): void {
  registerRestRows(app, restRoutes, deps, createContext);
  registerPaymentWebhook(app, deps);
  registerWhatsAppWebhook(app, deps);
}
