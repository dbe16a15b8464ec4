/**
 * The site's page paths, named once: the client's router serves them, and the server links to
 * them (emails, the setup link in the log, the catalogue drawn before the app arrives). A path
 * with `:name` parts is filled by `pathTo`.
 */
export const pagePaths = {
  home: '/',
  about: '/about',
  privacy: '/privacy-policy',
  terms: '/terms-and-conditions',
  contact: '/ContactUs',
  refund: '/CancellationRefund',
  packages: '/packages',
  courses: '/courses',
  packagePage: '/course/:id',
  legacyStudy: '/course/study/:id',
  legacyLectures: '/lectures/:id',
  myCourses: '/myCourses',
  player: '/course-content/:courseId',
  quiz: '/course-content/:courseId/quiz/:quizId',
  courseCertificate: '/course-content/:courseId/certificate',
  /** A certificate's public page: whether it is valid, and nothing else about its learner. */
  certificate: '/certificates/:number',
  login: '/login',
  register: '/register',
  verify: '/verify',
  forgot: '/forgot',
  resetPassword: '/reset-password/:token',
  ownDashboard: '/dashboard',
  account: '/account',
  updateProfile: '/update-profile',
  dashboard: '/:id/dashboard',
  leaderboard: '/leaderboard',
  myAffiliates: '/my-affiliates',
  success: '/success',
  failure: '/failure',
  paymentSuccess: '/payment-success/:id',
  /** The payment gateway's checkout for one order: the only page whose Content Security Policy lets the gateway in. */
  gatewayPay: '/pay/:orderId',
  receipt: '/receipt/:orderId',
  payouts: '/payouts',
  myData: '/account/my-data',
  eraseAccount: '/account/erase',
  setup: '/setup',
  admin: '/admin',
  adminPendingOrders: '/admin/pending-orders',
  adminUsers: '/admin/users',
  adminLearner: '/admin/learners/:userId',
  adminStatements: '/admin/statements',
  adminReceipts: '/admin/receipts',
  adminPayouts: '/admin/payouts',
  adminCodes: '/admin/codes',
  adminAudit: '/admin/audit',
  adminPrivacy: '/admin/privacy',
  adminWhatsApp: '/admin/whatsapp',
  adminMessages: '/admin/messages',
  adminLearning: '/admin/learning',
  adminProgress: '/admin/progress',
  adminDashboard: '/admin/dashboard',
  adminAddPackage: '/admin/course',
  adminDeletePackages: '/admin/delete',
  adminAddLecture: '/admin/lecture',
  adminDeleteLectures: '/admin/lecturedelete',
} as const;

type ParamsOf<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamsOf<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : never;

/** A page path with its `:name` parts filled in (each value URL-encoded): `pathTo(pagePaths.receipt, { orderId: 7 })`. */
export function pathTo<Path extends string>(path: Path, params: Record<ParamsOf<Path>, string | number>): string {
  return path.replace(/:([A-Za-z]+)/g, (_part, name: string) => encodeURIComponent(String((params as Record<string, string | number>)[name])));
}

/**
 * A learner's dashboard by its numeric id (`pagePaths.dashboard`; not `/admin/dashboard`): the
 * address the server draws for the learner whose own it is (http/server-pages.ts, app/router.tsx).
 */
export const learnerDashboardAddress = /^\/\d{1,15}\/dashboard\/?$/;

/**
 * Sign-up reached by a Buy (`/register?buy=ID`, the link every Buy Now carries) by someone who is
 * signed in after all: that package's checkout, on its page (`/course/:id?buy=1`, which opens it),
 * with whatever else the address said (a sponsor's `ref`, a `lang`). The server sends a signed-in
 * browser there at once; the app does when it learns of the session on sign-up. Null when `search`
 * names no package.
 */
export function checkoutForSignUpBuy(search: string): string | null {
  const params = new URLSearchParams(search);
  const id = params.get('buy');
  if (!id) return null;
  const rest = [...params].filter(([name]) => name !== 'buy');
  return `${pathTo(pagePaths.packagePage, { id })}?${new URLSearchParams([...rest, ['buy', '1']])}`;
}
