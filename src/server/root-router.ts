import { adminRouter } from './features/admin/admin.router.js';
import { affiliateRouter } from './features/affiliate/affiliate.router.js';
import { createAuthRouter } from './features/auth/auth.router.js';
import { signedInProfile } from './features/profile/profile.service.js';
import { sendParentCode } from './features/privacy/parental-consent.service.js';
import { catalogRouter } from './features/catalog/catalog.router.js';
import { ordersRouter } from './features/orders/orders.router.js';
import { payoutsRouter } from './features/payouts/payouts.router.js';
import { lecturesRouter } from './features/catalog/lectures.router.js';
import { receiptsRouter } from './features/receipts/receipts.router.js';
import { statementsRouter } from './features/statements/statements.router.js';
import { devicesRouter } from './features/auth/devices.router.js';
import { accessRouter } from './features/catalog/access.router.js';
import { paymentsRouter } from './features/payments/payments.router.js';
import { discountsRouter } from './features/discounts/discounts.router.js';
import { auditRouter } from './features/audit/audit.router.js';
import { privacyRouter } from './features/privacy/privacy.router.js';
import { progressRouter } from './features/progress/progress.router.js';
import { dripRouter } from './features/drip/drip.router.js';
import { quizzesRouter } from './features/quizzes/quizzes.router.js';
import { certificatesRouter } from './features/certificates/certificates.router.js';
import { learningReportRouter } from './features/learning-report/learning-report.router.js';
import { mergeRouters, router } from './trpc/trpc.js';
import { directPayoutsRouter } from './features/payouts/direct-payouts.router.js';
import { orderReversalRouter } from './features/orders/order-reversal.router.js';
import { whatsappRouter } from './features/whatsapp/whatsapp.router.js';
import { notificationsRouter } from './features/notifications/notifications.router.js';

/**
 * The app's root router (create-t3-app's root.ts): every feature's router under its name. It sits
 * above the features and trpc/ (which never import it); the HTTP shell serves it, the REST rows
 * call its procedures, and the client imports its type alone (`type AppRouter`). It is also where
 * features meet without importing each other: a procedure served under another feature's name
 * (`affiliate.pay` from payouts, `payouts.reverseOrder` from orders), and functions handed to a
 * router (auth's profile and a parent's consent).
 */
export const appRouter = router({
  admin: adminRouter,
  affiliate: mergeRouters(affiliateRouter, directPayoutsRouter),
  auth: createAuthRouter({ profileOf: signedInProfile, askParentConsent: sendParentCode }),
  catalog: catalogRouter,
  orders: ordersRouter,
  notifications: notificationsRouter,
  lectures: lecturesRouter,
  statements: statementsRouter,
  devices: devicesRouter,
  access: accessRouter,
  receipts: receiptsRouter,
  payouts: mergeRouters(payoutsRouter, orderReversalRouter),
  payments: paymentsRouter,
  discounts: discountsRouter,
  audit: auditRouter,
  privacy: privacyRouter,
  progress: progressRouter,
  drip: dripRouter,
  quizzes: quizzesRouter,
  certificates: certificatesRouter,
  learningReport: learningReportRouter,
  whatsapp: whatsappRouter,
});

export type AppRouter = typeof appRouter;
