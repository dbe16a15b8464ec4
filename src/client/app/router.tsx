import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { useSession } from '../features/auth/use-session';
import { StudyRedirect } from '../features/catalog/study-redirect';
import PackagesPage from '../features/catalog/packages-page';
import HomePage from '../features/pages/home-page';
import { NotFoundPage } from '../features/pages/not-found-page';
import { LoggedOutOnly, RequireAdmin, RequireAuth } from './guards';
import { Layout } from './layout';

// The two landing pages (home, and the catalogue that referral links open) ship in the first
// bundle; every other page loads when first visited.
const AboutPage = lazy(() => import('../features/pages/about-page'));
const PrivacyPage = lazy(() => import('../features/pages/privacy-page'));
const TermsPage = lazy(() => import('../features/pages/terms-page'));
const ContactPage = lazy(() => import('../features/pages/contact-page'));
const RefundPage = lazy(() => import('../features/pages/refund-page'));
const CoursesPage = lazy(() => import('../features/catalog/courses-page'));
const LoginPage = lazy(() => import('../features/auth/login-page'));
const RegisterPage = lazy(() => import('../features/auth/register-page'));
const VerifyPage = lazy(() => import('../features/auth/verify-page'));
const ForgotPage = lazy(() => import('../features/auth/forgot-page'));
const ResetPasswordPage = lazy(() => import('../features/auth/reset-password-page'));
const AccountPage = lazy(() => import('../features/auth/account-page'));
const UpdateProfilePage = lazy(() => import('../features/auth/update-profile-page'));
const SetupPage = lazy(() => import('../features/auth/setup-page'));
const SuccessPage = lazy(() => import('../features/orders/success-page'));
const FailurePage = lazy(() => import('../features/orders/failure-page'));
const PaymentSuccessPage = lazy(() => import('../features/orders/payment-success-page'));
const DashboardPage = lazy(() => import('../features/affiliate/dashboard-page'));
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

function OwnDashboard() {
  const { user } = useSession();
  return <Navigate to={user ? `/${user.id}/dashboard` : '/login'} replace />;
}

// Catalogue and learning.
const PackagePage = lazy(() => import('../features/catalog/package-page'));
const MyCoursesPage = lazy(() => import('../features/catalog/my-courses-page'));
const PlayerPage = lazy(() => import('../features/catalog/player-page'));
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
        <Route path="about" element={<AboutPage />} />
        <Route path="privacy-policy" element={<PrivacyPage />} />
        <Route path="terms-and-conditions" element={<TermsPage />} />
        <Route path="ContactUs" element={<ContactPage />} />
        <Route path="CancellationRefund" element={<RefundPage />} />
        <Route path="packages" element={<PackagesPage />} />
        <Route path="courses" element={<CoursesPage />} />
        <Route path="course/:id" element={<PackagePage />} />
        <Route path="course/study/:id" element={<StudyRedirect />} />
        <Route path="lectures/:id" element={<StudyRedirect />} />
        <Route element={<RequireAuth />}>
          <Route path="myCourses" element={<MyCoursesPage />} />
          <Route path="course-content/:courseId" element={<PlayerPage />} />
        </Route>

        <Route element={<LoggedOutOnly />}>
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="verify" element={<VerifyPage />} />
          <Route path="forgot" element={<ForgotPage />} />
          <Route path="reset-password/:token" element={<ResetPasswordPage />} />
        </Route>

        <Route element={<RequireAuth />}>
          <Route path="dashboard" element={<OwnDashboard />} />
          <Route path="account" element={<AccountPage />} />
          <Route path="update-profile" element={<UpdateProfilePage />} />
          <Route path=":id/dashboard" element={<DashboardPage />} />
          <Route path="leaderboard" element={<LeaderboardPage />} />
          <Route path="my-affiliates" element={<MyAffiliatesPage />} />
          <Route path="success" element={<SuccessPage />} />
          <Route path="failure" element={<FailurePage />} />
          <Route path="payment-success/:id" element={<PaymentSuccessPage />} />
          <Route path="receipt/:orderId" element={<ReceiptPage />} />
          <Route path="payouts" element={<PayoutsPage />} />
        </Route>

        <Route path="setup" element={<SetupPage />} />
        <Route path="admin" element={<RequireAdmin />}>
          <Route element={<AdminLayout />}>
            <Route path="pending-orders" element={<PendingOrdersPage />} />
            <Route path="users" element={<UsersPage />} />
            <Route path="learners/:userId" element={<LearnerPage />} />
            <Route path="statements" element={<StatementsPage />} />
            <Route path="receipts" element={<AdminReceiptsPage />} />
            <Route path="payouts" element={<AdminPayoutsPage />} />
            <Route index element={<Navigate to="dashboard" replace />} />
            <Route path="dashboard" element={<AdminDashboardPage />} />
            <Route path="course" element={<AddPackagePage />} />
            <Route path="delete" element={<DeletePackagesPage />} />
            <Route path="lecture" element={<AddLecturePage />} />
            <Route path="lecturedelete" element={<DeleteLecturesPage />} />
          </Route>
        </Route>

        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
