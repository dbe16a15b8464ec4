import { body, fromLegacyNames, params, query, restRow, type RestRow } from './rest-adapter.js';
import { paiseToRupees } from '../../shared/money.js';
import { readMultipart } from './multipart.js';
import { absoluteUrl, restCourse, restLecture, restOrder, restUser } from './rest-shapes.js';
import { statementErrors } from '../features/statements/statements.errors.js';
import { authText } from '../features/auth/auth.messages.js';
import { catalogText } from '../features/catalog/catalog.messages.js';
import { orderText } from '../features/orders/orders.messages.js';
import { adminText } from '../features/admin/admin.messages.js';
import { affiliateText } from '../features/affiliate/affiliate.messages.js';

/** The procedures' input names as REST.md's clients spell them. */
const registerNames = { phone: 'contact' } as const;
const purchaseNames = { packageId: 'courseId', utr: 'transactionId', code: 'referralId' } as const;

/** A JSON form field, or the text as it is when it is not JSON (the procedure's schema refuses it). */
function jsonField(value: string | undefined): unknown {
  if (value === undefined || value === '') return undefined;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return value;
  }
}

/** A 6-digit code sent as a number loses its leading zeros; put them back. */
function otpText(value: unknown): unknown {
  return typeof value === 'number' ? String(value).padStart(6, '0') : value;
}

/** Every call of REST.md, one row each. */
export const restRoutes: readonly RestRow[] = [
  // Accounts
  restRow('GET', '/api/user/me', {
    procedure: 'auth.profile',
    answer: (profile, site) => ({ user: restUser(profile, site) }),
  }),
  restRow('POST', '/api/user/login', {
    input: body,
    procedure: 'auth.login',
    answer: ({ token, user }, site, lang) => ({ message: authText('LOGGED_IN', lang), token, user: restUser(user, site) }),
  }),
  restRow('POST', '/api/user/register', {
    input: (request) => fromLegacyNames(body(request), registerNames),
    procedure: 'auth.register',
    answer: ({ activationToken }, _site, lang) => ({ message: authText('CODE_SENT', lang), activationToken }),
    legacyNames: registerNames,
  }),
  restRow('POST', '/api/user/verify', {
    input: (request) => ({ ...body(request), otp: otpText(body(request).otp) }),
    procedure: 'auth.verify',
    answer: ({ user }, _site, lang) => ({ message: authText(user ? 'VERIFIED_SIGNED_IN' : 'VERIFIED', lang) }),
  }),
  restRow('POST', '/api/user/forgot', {
    input: body,
    procedure: 'auth.forgot',
    answer: (_done, _site, lang) => ({ message: authText('RESET_SENT', lang) }),
  }),
  restRow('POST', '/api/user/reset', {
    // The spec's call carries the reset token in the query string; the app's own page posts it in the body.
    input: (request) => ({ token: query(request).token, password: body(request).password }),
    procedure: 'auth.resetPassword',
    answer: (_done, _site, lang) => ({ message: authText('PASSWORD_CHANGED', lang) }),
  }),
  restRow('POST', '/api/user/logout', {
    procedure: 'auth.logout',
    answer: (_done, _site, lang) => ({ message: authText('LOGGED_OUT', lang) }),
  }),
  restRow('GET', '/api/user/referrer/:userId', {
    input: (request) => ({ userId: params(request).userId }),
    procedure: 'auth.referrer',
    answer: (referrer) => ({ referrer: referrer && { name: referrer.name, email: null, contact: referrer.whatsapp } }),
  }),
  restRow('GET', '/api/profile-image', {
    procedure: 'auth.profileImage',
    answer: ({ profileImage }, site) => ({ profileImage: absoluteUrl(profileImage, site) }),
  }),
  restRow('POST', '/api/image', {
    input: async (request) => ({ image: (await readMultipart(request, 'profileImage')).file }),
    procedure: 'auth.setProfileImage',
    answer: ({ imageUrl }, site, lang) => ({ message: authText('IMAGE_UPLOADED', lang), imageUrl: absoluteUrl(imageUrl, site) }),
    uploadBy: 'user',
  }),

  // Catalogue
  restRow('GET', '/api/course/all', {
    procedure: 'catalog.list',
    answer: (courses) => ({ courses: courses.map(restCourse) }),
  }),
  restRow('GET', '/api/course/:id', {
    input: (request) => ({ id: params(request).id }),
    procedure: 'catalog.byId',
    // `lectures` only for a buyer or an admin: for anyone else the key is absent.
    answer: (detail) => ({ course: { ...restCourse(detail), ...(detail.lectures && { lectures: detail.lectures.map(restLecture) }) } }),
  }),
  restRow('GET', '/api/getAllCourses', {
    procedure: 'catalog.list',
    answer: (courses) => ({ course: courses.map(restCourse) }),
  }),
  restRow('GET', '/api/mycourse', {
    procedure: 'catalog.mine',
    answer: (courses) => ({ courses: courses.map(restCourse), purchasedCourses: courses.map(restCourse) }),
  }),
  restRow('GET', '/api/getlecturesByCourseId/:courseId', {
    input: (request) => ({ packageId: params(request).courseId }),
    procedure: 'lectures.forPackage',
    answer: ({ lectures }) => ({ lectures: lectures.map(restLecture) }),
  }),
  restRow('POST', '/api/course/new', {
    input: async (request) => {
      const form = await readMultipart(request, 'image');
      return { ...form.fields, image: form.file };
    },
    procedure: 'catalog.create',
    answer: ({ package: course }, _site, lang) => ({ message: catalogText('PACKAGE_CREATED', lang), course: restCourse(course) }),
    status: 201,
    uploadBy: 'admin',
  }),
  restRow('POST', '/api/course/:id/edit', {
    input: async (request) => {
      const form = await readMultipart(request, 'image');
      return { ...form.fields, id: params(request).id, image: form.file };
    },
    procedure: 'catalog.update',
    answer: ({ package: course }, _site, lang) => ({ message: catalogText('PACKAGE_UPDATED', lang), course: restCourse(course) }),
    uploadBy: 'admin',
  }),
  restRow('DELETE', '/api/course/:id', {
    input: (request) => ({ id: params(request).id }),
    procedure: 'catalog.remove',
    answer: ({ outcome }, _site, lang) => ({ message: catalogText(outcome === 'archived' ? 'PACKAGE_ARCHIVED' : 'PACKAGE_REMOVED', lang) }),
  }),
  restRow('POST', '/api/course/:courseId/lecture', {
    input: (request) => ({ video: body(request).video, title: body(request).title, packageId: params(request).courseId }),
    procedure: 'lectures.add',
    answer: ({ lecture }, _site, lang) => ({ message: catalogText('LECTURE_ADDED', lang), lecture: restLecture(lecture) }),
    status: 201,
  }),
  restRow('DELETE', '/api/lecture/:lectureId', {
    input: (request) => ({ id: params(request).lectureId }),
    procedure: 'lectures.remove',
    answer: (_done, _site, lang) => ({ message: catalogText('LECTURE_REMOVED', lang) }),
  }),
  restRow('GET', '/api/stats', {
    procedure: 'catalog.stats',
    answer: (stats) => ({ stats: { totalCoures: stats.packages, totalLectures: stats.lectures, totalUsers: stats.users } }),
  }),

  // Orders
  restRow('POST', '/api/course/purchase', {
    input: (request) => fromLegacyNames(body(request), purchaseNames),
    procedure: 'orders.purchase',
    answer: ({ order }, _site, lang) => ({ message: orderText('ORDER_TAKEN', lang), order: restOrder(order) }),
    legacyNames: purchaseNames,
  }),
  restRow('GET', '/api/admin/pending-orders', {
    input: (request) => ({ search: query(request).search, page: query(request).page }),
    procedure: 'orders.pending',
    answer: ({ orders, total, pageSize }) => ({ orders: orders.map(restOrder), total, pageSize }),
  }),
  // The spec's client posts this one without the /api prefix.
  restRow('POST', '/approve', {
    input: body,
    procedure: 'orders.decide',
    answer: ({ order }, _site, lang) => ({ message: orderText(order.status === 'approved' ? 'APPROVED' : 'REJECTED', lang), order: restOrder(order) }),
  }),

  // Referrals, earnings and people
  restRow('GET', '/api/leaderboard', {
    input: (request) => ({ period: query(request).period ?? 'all' }),
    procedure: 'affiliate.leaderboard',
    answer: ({ entries }, site) => ({
      success: true,
      leaderboard: entries.map((entry) => ({
        _id: entry.userId,
        name: entry.name,
        profileImage: absoluteUrl(entry.profileImage, site),
        totalEarnings: paiseToRupees(entry.totalPaise),
      })),
    }),
  }),
  restRow('GET', '/api/affiliates', {
    procedure: 'affiliate.affiliates',
    answer: (affiliates) => ({
      success: true,
      affiliates: affiliates.map((person) => ({ _id: person.id, name: person.name, contact: person.phone, purchasedCourses: person.packageIds })),
    }),
  }),
  restRow('GET', '/api/admin/users', {
    input: (request) => ({ search: query(request).search, page: query(request).page }),
    procedure: 'admin.users',
    answer: ({ users, total, pageSize }) => ({
      users: users.map((user) => ({
        _id: user.id,
        name: user.name,
        email: user.email,
        contact: user.phone,
        role: user.role === 'user' ? 'user' : 'admin',
        earnings: paiseToRupees(user.earnedPaise),
        owed: paiseToRupees(user.owedPaise),
      })),
      total,
      pageSize,
    }),
  }),
  restRow('DELETE', '/api/users/delete', {
    input: body,
    procedure: 'admin.deleteUser',
    answer: (_done, _site, lang) => ({ message: adminText('USER_DELETED', lang) }),
  }),
  restRow('POST', '/api/admin/sendMail', {
    input: body,
    procedure: 'affiliate.pay',
    answer: ({ payout }, _site, lang) => ({
      message: affiliateText('PAYOUT_SENT', lang),
      payout: { _id: payout.id, amount: paiseToRupees(payout.amountPaise) },
    }),
  }),

  // Not in REST.md: the admin screen posts bank statements here as multipart (the file stays in memory).
  restRow('POST', '/api/admin/statements', {
    input: async (request) => {
      const form = await readMultipart(request, 'statement', { tooLarge: statementErrors.FILE_TOO_LARGE });
      return { file: form.file, fileName: form.fileName, staleDays: form.fields.staleDays, mapping: jsonField(form.fields.mapping) };
    },
    procedure: 'statements.upload',
    answer: (outcome) => outcome,
    uploadBy: 'admin',
  }),
];
