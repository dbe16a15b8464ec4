import { body, params, query, restRow, type RestRow } from './rest-adapter.js';
import { readMultipart } from './multipart.js';
import { restCourse, restOrder, restUser } from './rest-shapes.js';
import { statementErrors } from '../features/statements/statements.errors.js';

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
    call: (caller) => caller.auth.profile(),
    answer: (profile) => ({ user: restUser(profile) }),
  }),
  restRow('POST', '/api/user/login', {
    input: body,
    call: (caller, input) => caller.auth.login(input),
    answer: ({ message, token, user }) => ({ message, token, user: restUser(user) }),
  }),
  restRow('POST', '/api/user/register', {
    input: body,
    call: (caller, input) => caller.auth.register(input),
    answer: ({ message, activationToken }) => ({ message, activationToken }),
  }),
  restRow('POST', '/api/user/verify', {
    input: (request) => ({ ...body(request), otp: otpText(body(request).otp) }),
    call: (caller, input) => caller.auth.verify(input),
    answer: ({ message }) => ({ message }),
  }),
  restRow('POST', '/api/user/forgot', {
    input: body,
    call: (caller, input) => caller.auth.forgot(input),
    answer: ({ message }) => ({ message }),
  }),
  restRow('POST', '/api/user/reset', {
    // The spec's call carries the reset token in the query string; the app's own page posts it in the body.
    input: (request) => ({ token: query(request).token, password: body(request).password }),
    call: (caller, input) => caller.auth.resetPassword(input),
    answer: ({ message }) => ({ message }),
  }),
  restRow('POST', '/api/user/logout', {
    call: (caller) => caller.auth.logout(),
    answer: ({ message }) => ({ message }),
  }),
  restRow('GET', '/api/user/referrer/:userId', {
    input: (request) => ({ userId: params(request).userId }),
    call: (caller, input) => caller.auth.referrer(input),
    answer: (referrer) => ({ referrer }),
  }),
  restRow('GET', '/api/profile-image', {
    call: (caller) => caller.auth.profileImage(),
    answer: ({ profileImage }) => ({ profileImage }),
  }),
  restRow('POST', '/api/image', {
    input: async (request) => ({ image: (await readMultipart(request, 'profileImage')).file }),
    call: (caller, input) => caller.auth.setProfileImage(input),
    answer: ({ message, imageUrl }) => ({ message, imageUrl }),
  }),

  // Catalogue
  restRow('GET', '/api/course/all', {
    call: (caller) => caller.catalog.list(),
    answer: (courses) => ({ courses: courses.map(restCourse) }),
  }),

  // Orders
  restRow('POST', '/api/course/purchase', {
    input: body,
    call: (caller, input) => caller.orders.purchase(input),
    answer: ({ message, order }) => ({ message, order: restOrder(order) }),
  }),
  restRow('GET', '/api/admin/pending-orders', {
    input: (request) => ({ search: query(request).search }),
    call: (caller, input) => caller.orders.pending(input),
    answer: (orders) => ({ orders: orders.map(restOrder) }),
  }),
  // The spec's client posts this one without the /api prefix.
  restRow('POST', '/approve', {
    input: body,
    call: (caller, input) => caller.orders.decide(input),
    answer: ({ message, order }) => ({ message, order: restOrder(order) }),
  }),

  // Not in REST.md: the admin screen posts bank statements here as multipart (the file stays in memory).
  restRow('POST', '/api/admin/statements', {
    input: async (request) => {
      const form = await readMultipart(request, 'statement', { tooLarge: statementErrors.FILE_TOO_LARGE });
      return { file: form.file, fileName: form.fileName, staleDays: form.fields.staleDays, mapping: jsonField(form.fields.mapping) };
    },
    call: (caller, input) => caller.statements.upload(input),
    answer: (outcome) => outcome,
  }),
];
