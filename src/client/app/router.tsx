import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useSession } from '../features/auth/use-session';
import { StudyRedirect } from '../features/catalog/study-redirect';
import { NotFoundPage } from '../features/pages/not-found-page';
import { LoggedOutOnly, RequireAdmin, RequireAuth } from './guards';
import { Layout } from './layout';
import { lazyPage } from './lazy-page';
import { learnerDashboardAddress, pagePaths, pathTo } from '../../shared/page-paths';

// Every page loads when first visited. The pages the server draws (drawnPages below) are loaded
// before the first render, on the server and in the browser, so hydration finds them at once.
const HomePage = lazyPage(() => import('../features/pages/home-page'));
const PackagesPage = lazyPage(() => import('../features/catalog/packages-page'));
const AboutPage = lazyPage(() => import('../features/pages/about-page'));
const PrivacyPage = lazyPage(() => import('../features/pages/privacy-page'));
const TermsPage = lazy(() => import('../features/pages/terms-page'));
const ContactPage = lazy(() => import('../features/pages/contact-page'));
const RefundPage = lazy(() => import('../features/pages/refund-page'));
const CoursesPage = lazy(() => import('../features/catalog/courses-page'));
const LoginPage = lazyPage(() => import('../features/auth/login-page'));
/** Sign-up's code: fetched ahead when the page is idle or a Buy is pressed (prefetch-next-step.ts). */
export const loadRegisterPage = () => import('../features/auth/register-page');
const RegisterPage = lazyPage(loadRegisterPage);
const VerifyPage = lazy(() => import('../features/auth/verify-page'));
const ForgotPage = lazy(() => import('../features/auth/forgot-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'));
const AccountPage = lazy(() => import('./account-page'));
const UpdateProfilePage = lazy(() => import('../features/auth/update-profile-page'));
const SetupPage = lazy(() => import('../features/auth/setup-page'));
const SuccessPage = lazy(() => import('../features/orders/success-page'));
const FailurePage = lazy(() => import('../features/orders/failure-page'));
const PaymentSuccessPage = lazy(() => import('../features/orders/payment-success-page'));
const GatewayPayPage = lazy(() => import('../features/payments/gateway-pay-page'));
const DashboardPage = lazyPage(() => import('../features/affiliate/dashboard-page'));
const LeaderboardPage = lazy(() => import('../features/affiliate/leaderboard-page'));
const MyAffiliatesPage = lazy(() => import('../features/affiliate/my-affiliates-page'));
const UsersPage = lazy(() => import('../features/admin/users-page'));
const LearnerPage = lazy(() => import('../features/admin/learner-page'));
const PendingOrdersPage = lazy(() => import('../features/orders/pending-orders-page'));
const StatementsPage = lazy(() => import('../features/statements/statements-page'));
const ReceiptPage = lazy(() => import('../features/receipts/receipt-page'));
const AdminReceiptsPage = lazy(() => import('../features/receipts/admin-receipts-page'));
const PayoutsPage = lazy(() => import('../features/payouts/payouts-page'));
const AdminPayoutsPage = lazy(() => import('../features/payouts/admin-payouts-page'));
const AdminCodesPage = lazy(() => import('../features/discounts/admin-codes-page'));
const MyDataPage = lazy(() => import('../features/privacy/my-data-page'));
const EraseAccountPage = lazy(() => import('../features/privacy/erase-account-page'));
const AdminPrivacyPage = lazy(() => import('../features/privacy/admin-privacy-page'));
const AdminWhatsAppPage = lazy(() => import('../features/whatsapp/admin-whatsapp-page'));
const FailedMessagesPage = lazy(() => import('../features/notifications/admin-failed-messages-page'));
// Learning: quizzes, certificates (the public verify page too), the admin's setup and report.
const QuizPage = lazy(() => import('../features/quizzes/quiz-page'));
const CourseCertificatePage = lazy(() => import('../features/certificates/course-certificate-page'));
const CertificatePage = lazyPage(() => import('../features/certificates/certificate-page'));
const AdminLearningPage = lazy(() => import('../features/learning-report/admin-learning-page'));
const AdminProgressPage = lazy(() => import('../features/learning-report/admin-progress-page'));

function OwnDashboard() {
  const { user } = useSession();
  return <Navigate to={user ? pathTo(pagePaths.dashboard, { id: user.id }) : pagePaths.login} replace />;
}

// Catalogue and learning.
const PackagePage = lazyPage(() => import('../features/catalog/package-page'));
const MyCoursesPage = lazyPage(() => import('../features/catalog/my-courses-page'));
const PlayerPage = lazyPage(() => import('../features/catalog/player-page'));

/**
 * The pages the server draws (then hydrated in the browser), by address: the landing pages of
 * shared links, sign-up and log-in, the privacy notice and a certificate's public page.
 */
const drawnPages: [RegExp, { load: () => Promise<unknown> }, string][] = [
  [/^\/$/, HomePage, 'features/pages/home-page.tsx'],
  [/^\/packages\/?$/, PackagesPage, 'features/catalog/packages-page.tsx'],
  [/^\/course\/[^/]+\/?$/, PackagePage, 'features/catalog/package-page.tsx'],
  [/^\/about\/?$/, AboutPage, 'features/pages/about-page.tsx'],
  [/^\/privacy-policy\/?$/, PrivacyPage, 'features/pages/privacy-page.tsx'],
  [/^\/login\/?$/, LoginPage, 'features/auth/login-page.tsx'],
  [/^\/register\/?$/, RegisterPage, 'features/auth/register-page.tsx'],
  [/^\/certificates\/[^/]+\/?$/, CertificatePage, 'features/certificates/certificate-page.tsx'],
  [/^\/course-content\/[^/]+\/?$/, PlayerPage, 'features/catalog/player-page.tsx'],
  [/^\/myCourses\/?$/, MyCoursesPage, 'features/catalog/my-courses-page.tsx'],
];

/**
 * The pages the server draws only for the signed-in learner whose own they are (entry-server.tsx,
 * `learner`; server-pages.ts, learnerDrawnPage), never for a visitor: a visitor gets the app's page
 * as before (an empty root the app fills). A learner's dashboard, by a numeric id (not the admin's
 * `/admin/dashboard`).
 */
const learnerDrawnPages: typeof drawnPages = [[learnerDashboardAddress, DashboardPage, 'features/affiliate/dashboard-page.tsx']];

/** The pages drawn at an address: for a signed-in learner's own page (`learner`), the learner-only ones too. */
const drawnAt = (pathname: string, learner: boolean) =>
  (learner ? [...drawnPages, ...learnerDrawnPages] : drawnPages).find(([pattern]) => pattern.test(pathname));

/**
 * The source of the page the server draws at this address (its module under src/client, as the
 * build's manifest names it: the server links its chunks and stylesheet into the page), or null
 * when the app draws it in the browser.
 */
export function drawnPageSource(pathname: string, learner = false): string | null {
  return drawnAt(pathname, learner)?.[2] ?? null;
}

/**
 * The page at this address, loaded before the first render (or hydration) so that it renders at
 * once, without suspending; a learner-only page when it was drawn (`learner`).
 */
export function loadLandingPage(pathname: string, learner = false): Promise<unknown> {
  const page = drawnAt(pathname, learner)?.[1];
  return page ? page.load().catch(() => undefined) : Promise.resolve();
}
// The admin area: its code loads only when an admin opens it.
const AdminLayout = lazy(() => import('../features/admin/admin-layout'));
const AdminDashboardPage = lazy(() => import('../features/admin/dashboard-page'));
const AddPackagePage = lazy(() => import('../features/catalog/add-package-page'));
const DeletePackagesPage = lazy(() => import('../features/catalog/delete-packages-page'));
const AddLecturePage = lazy(() => import('../features/catalog/add-lecture-page'));
const DeleteLecturesPage = lazy(() => import('../features/catalog/delete-lectures-page'));

/** Every page of the site. Guards wrap the pages that need a session, no session, or an admin. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path={pagePaths.about} element={<AboutPage />} />
        <Route path={pagePaths.privacy} element={<PrivacyPage />} />
        <Route path={pagePaths.terms} element={<TermsPage />} />
        <Route path={pagePaths.contact} element={<ContactPage />} />
        <Route path={pagePaths.refund} element={<RefundPage />} />
        <Route path={pagePaths.packages} element={<PackagesPage />} />
        <Route path={pagePaths.courses} element={<CoursesPage />} />
        <Route path={pagePaths.packagePage} element={<PackagePage />} />
        <Route path={pagePaths.legacyStudy} element={<StudyRedirect />} />
        <Route path={pagePaths.legacyLectures} element={<StudyRedirect />} />
        <Route element={<RequireAuth />}>
          <Route path={pagePaths.myCourses} element={<MyCoursesPage />} />
          <Route path={pagePaths.player} element={<PlayerPage />} />
          <Route path={pagePaths.quiz} element={<QuizPage />} />
          <Route path={pagePaths.courseCertificate} element={<CourseCertificatePage />} />
        </Route>

        <Route element={<LoggedOutOnly />}>
          <Route path={pagePaths.login} element={<LoginPage />} />
          <Route path={pagePaths.register} element={<RegisterPage />} />
          <Route path={pagePaths.verify} element={<VerifyPage />} />
          <Route path={pagePaths.forgot} element={<ForgotPage />} />
          <Route path={pagePaths.resetPassword} element={<ResetPasswordPage />} />
        </Route>

        <Route element={<RequireAuth />}>
          <Route path={pagePaths.ownDashboard} element={<OwnDashboard />} />
          <Route path={pagePaths.account} element={<AccountPage />} />
          <Route path={pagePaths.updateProfile} element={<UpdateProfilePage />} />
          <Route path={pagePaths.dashboard} element={<DashboardPage />} />
          <Route path={pagePaths.leaderboard} element={<LeaderboardPage />} />
          <Route path={pagePaths.myAffiliates} element={<MyAffiliatesPage />} />
          <Route path={pagePaths.success} element={<SuccessPage />} />
          <Route path={pagePaths.failure} element={<FailurePage />} />
          <Route path={pagePaths.paymentSuccess} element={<PaymentSuccessPage />} />
          <Route path={pagePaths.gatewayPay} element={<GatewayPayPage />} />
          <Route path={pagePaths.receipt} element={<ReceiptPage />} />
          <Route path={pagePaths.payouts} element={<PayoutsPage />} />
          <Route path={pagePaths.myData} element={<MyDataPage />} />
        </Route>

        <Route path={pagePaths.setup} element={<SetupPage />} />
        <Route path={pagePaths.eraseAccount} element={<EraseAccountPage />} />
        <Route path={pagePaths.certificate} element={<CertificatePage />} />
        <Route path={pagePaths.admin} element={<RequireAdmin />}>
          <Route element={<AdminLayout />}>
            <Route path={pagePaths.adminPendingOrders} element={<PendingOrdersPage />} />
            <Route path={pagePaths.adminUsers} element={<UsersPage />} />
            <Route path={pagePaths.adminLearner} element={<LearnerPage />} />
            <Route path={pagePaths.adminStatements} element={<StatementsPage />} />
            <Route path={pagePaths.adminReceipts} element={<AdminReceiptsPage />} />
            <Route path={pagePaths.adminPayouts} element={<AdminPayoutsPage />} />
            <Route path={pagePaths.adminCodes} element={<AdminCodesPage />} />
            <Route path={pagePaths.adminPrivacy} element={<AdminPrivacyPage />} />
            <Route path={pagePaths.adminWhatsApp} element={<AdminWhatsAppPage />} />
            <Route path={pagePaths.adminMessages} element={<FailedMessagesPage />} />
            <Route path={pagePaths.adminLearning} element={<AdminLearningPage />} />
            <Route path={pagePaths.adminProgress} element={<AdminProgressPage />} />
            <Route index element={<Navigate to={pagePaths.adminDashboard} replace />} />
            <Route path={pagePaths.adminDashboard} element={<AdminDashboardPage />} />
            <Route path={pagePaths.adminAddPackage} element={<AddPackagePage />} />
            <Route path={pagePaths.adminDeletePackages} element={<DeletePackagesPage />} />
            <Route path={pagePaths.adminAddLecture} element={<AddLecturePage />} />
            <Route path={pagePaths.adminDeleteLectures} element={<DeleteLecturesPage />} />
          </Route>
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
