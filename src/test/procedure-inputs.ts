import { accessInputs } from '../server/features/catalog/access.router.js';
import { adminInputs } from '../server/features/admin/admin.router.js';
import { affiliateInputs } from '../server/features/affiliate/affiliate.router.js';
import { auditInputs } from '../server/features/audit/audit.router.js';
import { authInputs } from '../server/features/auth/auth.router.js';
import { catalogInputs } from '../server/features/catalog/catalog.router.js';
import { certificatesInputs } from '../server/features/certificates/certificates.router.js';
import { devicesInputs } from '../server/features/auth/devices.router.js';
import { directPayoutsInputs } from '../server/features/payouts/direct-payouts.router.js';
import { discountsInputs } from '../server/features/discounts/discounts.router.js';
import { dripInputs } from '../server/features/drip/drip.router.js';
import { learningReportInputs } from '../server/features/learning-report/learning-report.router.js';
import { lecturesInputs } from '../server/features/catalog/lectures.router.js';
import { notificationsInputs } from '../server/features/notifications/notifications.router.js';
import { orderReversalInputs } from '../server/features/orders/order-reversal.router.js';
import { ordersInputs } from '../server/features/orders/orders.router.js';
import { paymentsInputs } from '../server/features/payments/payments.router.js';
import { payoutsInputs } from '../server/features/payouts/payouts.router.js';
import { privacyInputs } from '../server/features/privacy/privacy.router.js';
import { progressInputs } from '../server/features/progress/progress.router.js';
import { quizzesInputs } from '../server/features/quizzes/quizzes.router.js';
import { receiptsInputs } from '../server/features/receipts/receipts.router.js';
import { statementsInputs } from '../server/features/statements/statements.router.js';
import { whatsappInputs } from '../server/features/whatsapp/whatsapp.router.js';
import type { inferRouterInputs } from '@trpc/server';
import type { z } from 'zod';
import type { AppRouter } from '../server/root-router.js';
import type { ProcedurePath } from './procedures.js';

/**
 * The input schema of every procedure that takes input, by path: each feature's own (its
 * router's `…Inputs`, what its `.input()` parses), gathered for the bad-input property test,
 * which judges a procedure's answer by whether its schema refuses the input. Held to the router
 * by the compiler through public types (`inferRouterInputs<AppRouter>`): a procedure with input
 * missing here, a path here that is not one, or a schema whose input differs from the
 * procedure's does not compile.
 */

type Inputs = inferRouterInputs<AppRouter>;

/** The type at a dotted path of nested records (`auth.login`). */
type At<T, Path extends string> = Path extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? At<T[Head], Rest>
    : never
  : Path extends keyof T
    ? T[Path]
    : never;

type InputOf<P extends ProcedurePath> = At<Inputs, P>;

/** The paths of the procedures that take input (one without has `void`). */
// biome-ignore lint/suspicious/noConfusingVoidType: `void` is tRPC's own type for a procedure without input
type InputPath = { [P in ProcedurePath]: [InputOf<P>] extends [void] ? never : P }[ProcedurePath];

/** Each type assignable to the other (`void`, which tRPC adds to an optional input, set aside). */
type SameInput<A, B> = [Exclude<A, void>] extends [Exclude<B, void>] ? ([Exclude<B, void>] extends [Exclude<A, void>] ? true : false) : false;

/** What the record must be: a schema for every path with input, each taking what its procedure takes. */
type Expected<R> = {
  [P in InputPath]: P extends keyof R
    ? R[P] extends z.ZodType
      ? SameInput<z.input<R[P]>, InputOf<P>> extends true
        ? R[P]
        : { 'the schema does not take what the procedure takes': InputOf<P> }
      : z.ZodType
    : z.ZodType;
};

/** The record as given, once the compiler has held it to the router; a key that is not a path with input is `never`. */
function heldToRouter<const R>(record: R & Expected<R> & Record<Exclude<keyof R, InputPath>, never>): Readonly<Record<string, z.ZodType>> {
  return record as Record<string, z.ZodType>;
}

export const PROCEDURE_INPUTS = heldToRouter({
  'admin.users': adminInputs.users,
  'admin.setRole': adminInputs.setRole,
  'admin.deleteUser': adminInputs.deleteUser,
  'affiliate.dashboard': affiliateInputs.dashboard,
  'affiliate.leaderboard': affiliateInputs.leaderboard,
  'affiliate.pay': directPayoutsInputs.pay,
  'auth.login': authInputs.login,
  'auth.register': authInputs.register,
  'auth.verify': authInputs.verify,
  'auth.resendCode': authInputs.resendCode,
  'auth.forgot': authInputs.forgot,
  'auth.resetPassword': authInputs.resetPassword,
  'auth.referrer': authInputs.referrer,
  'auth.sponsorByCode': authInputs.sponsorByCode,
  'auth.updateProfile': authInputs.updateProfile,
  'auth.changePassword': authInputs.changePassword,
  'auth.setLanguage': authInputs.setLanguage,
  'auth.setProfileImage': authInputs.setProfileImage,
  'auth.setup': authInputs.setup,
  'catalog.byId': catalogInputs.byId,
  'catalog.create': catalogInputs.create,
  'catalog.update': catalogInputs.update,
  'catalog.remove': catalogInputs.remove,
  'orders.paymentDetails': ordersInputs.paymentDetails,
  'orders.purchase': ordersInputs.purchase,
  'orders.claimFree': ordersInputs.claimFree,
  'orders.pending': ordersInputs.pending,
  'orders.decided': ordersInputs.decided,
  'orders.decide': ordersInputs.decide,
  'orders.askDifference': ordersInputs.askDifference,
  'orders.differenceDetails': ordersInputs.differenceDetails,
  'orders.payDifference': ordersInputs.payDifference,
  'notifications.failed': notificationsInputs.failed,
  'notifications.retry': notificationsInputs.retry,
  'lectures.forPackage': lecturesInputs.forPackage,
  'lectures.add': lecturesInputs.add,
  'lectures.update': lecturesInputs.update,
  'lectures.remove': lecturesInputs.remove,
  'lectures.reorder': lecturesInputs.reorder,
  'lectures.saveProgress': lecturesInputs.saveProgress,
  'statements.upload': statementsInputs.upload,
  'statements.result': statementsInputs.result,
  'statements.approveExact': statementsInputs.approveExact,
  'devices.logOut': devicesInputs.logOut,
  'devices.ofUser': devicesInputs.ofUser,
  'devices.logOutAll': devicesInputs.logOutAll,
  'access.ofUser': accessInputs.ofUser,
  'access.revoke': accessInputs.revoke,
  'access.restore': accessInputs.restore,
  'receipts.byOrder': receiptsInputs.byOrder,
  'receipts.pdf': receiptsInputs.pdf,
  'receipts.creditNotePdf': receiptsInputs.creditNotePdf,
  'receipts.list': receiptsInputs.list,
  'receipts.csv': receiptsInputs.csv,
  'receipts.gstr1': receiptsInputs.gstr1,
  'payouts.saveDetails': payoutsInputs.saveDetails,
  'payouts.cancelRequest': payoutsInputs.cancelRequest,
  'payouts.statement': payoutsInputs.statement,
  'payouts.statementCsv': payoutsInputs.statementCsv,
  'payouts.clearHold': payoutsInputs.clearHold,
  'payouts.makeBatch': payoutsInputs.makeBatch,
  'payouts.batch': payoutsInputs.batch,
  'payouts.exportBatch': payoutsInputs.exportBatch,
  'payouts.markPaid': payoutsInputs.markPaid,
  'payouts.markFailed': payoutsInputs.markFailed,
  'payouts.tdsRegister': payoutsInputs.tdsRegister,
  'payouts.reverseOrder': orderReversalInputs.reverseOrder,
  'payments.start': paymentsInputs.start,
  'payments.checkout': paymentsInputs.checkout,
  'payments.confirm': paymentsInputs.confirm,
  'payments.alerts': paymentsInputs.alerts,
  'payments.resolveAlert': paymentsInputs.resolveAlert,
  'payments.refundOrder': paymentsInputs.refundOrder,
  'discounts.quote': discountsInputs.quote,
  'discounts.createCoupon': discountsInputs.createCoupon,
  'discounts.updateCoupon': discountsInputs.updateCoupon,
  'discounts.deleteCoupon': discountsInputs.deleteCoupon,
  'discounts.setAffiliateDiscount': discountsInputs.setAffiliateDiscount,
  'discounts.chooseCode': discountsInputs.chooseCode,
  'audit.entries': auditInputs.entries,
  'privacy.accept': privacyInputs.accept,
  'privacy.answerAge': privacyInputs.answerAge,
  'privacy.parentConsent': privacyInputs.parentConsent,
  'privacy.resendParentCode': privacyInputs.resendParentCode,
  'privacy.myData': privacyInputs.myData,
  'privacy.requestErasure': privacyInputs.requestErasure,
  'privacy.confirmErasure': privacyInputs.confirmErasure,
  'progress.start': progressInputs.start,
  'progress.watched': progressInputs.watched,
  'progress.markDone': progressInputs.markDone,
  'progress.ofPackage': progressInputs.ofPackage,
  'drip.schedule': dripInputs.schedule,
  'drip.set': dripInputs.set,
  'quizzes.ofPackageForAdmin': quizzesInputs.ofPackageForAdmin,
  'quizzes.create': quizzesInputs.create,
  'quizzes.setPassPercent': quizzesInputs.setPassPercent,
  'quizzes.remove': quizzesInputs.remove,
  'quizzes.saveQuestion': quizzesInputs.saveQuestion,
  'quizzes.moveQuestion': quizzesInputs.moveQuestion,
  'quizzes.removeQuestion': quizzesInputs.removeQuestion,
  'quizzes.ofPackage': quizzesInputs.ofPackage,
  'quizzes.take': quizzesInputs.take,
  'quizzes.submit': quizzesInputs.submit,
  'quizzes.attempts': quizzesInputs.attempts,
  'certificates.verify': certificatesInputs.verify,
  'certificates.status': certificatesInputs.status,
  'certificates.claim': certificatesInputs.claim,
  'certificates.pdf': certificatesInputs.pdf,
  'certificates.setEnabled': certificatesInputs.setEnabled,
  'certificates.list': certificatesInputs.list,
  'certificates.revoke': certificatesInputs.revoke,
  'certificates.restore': certificatesInputs.restore,
  'certificates.correctName': certificatesInputs.correctName,
  'learningReport.stuck': learningReportInputs.stuck,
  'whatsapp.setChoice': whatsappInputs.setChoice,
});
