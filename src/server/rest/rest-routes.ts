import { body, params, restRow, type RestRow } from './rest-adapter.js';
import { readMultipart } from './multipart.js';
import { restCourse, restLecture } from './rest-shapes.js';

/** Every call of REST.md, one row each. */
export const restRoutes: readonly RestRow[] = [
  restRow('GET', '/api/course/all', {
    call: (caller) => caller.catalog.list(),
    answer: (courses) => ({ courses: courses.map(restCourse) }),
  }),
  restRow('GET', '/api/course/:id', {
    input: (request) => ({ id: params(request).id }),
    call: (caller, input) => caller.catalog.byId(input),
    // `lectures` only for a buyer or an admin: for anyone else the key is absent.
    answer: (detail) => ({ course: { ...restCourse(detail), ...(detail.lectures && { lectures: detail.lectures.map(restLecture) }) } }),
  }),
  restRow('GET', '/api/getAllCourses', {
    call: (caller) => caller.catalog.list(),
    answer: (courses) => ({ course: courses.map(restCourse) }),
  }),
  restRow('GET', '/api/mycourse', {
    call: (caller) => caller.catalog.mine(),
    answer: (courses) => ({ courses: courses.map(restCourse), purchasedCourses: courses.map(restCourse) }),
  }),
  restRow('GET', '/api/getlecturesByCourseId/:courseId', {
    input: (request) => ({ packageId: params(request).courseId }),
    call: (caller, input) => caller.lectures.forPackage(input),
    answer: ({ lectures }) => ({ lectures: lectures.map(restLecture) }),
  }),
  restRow('POST', '/api/course/new', {
    input: async (request) => {
      const form = await readMultipart(request, 'image');
      return { ...form.fields, image: form.file };
    },
    call: (caller, input) => caller.catalog.create(input),
    answer: ({ message, package: course }) => ({ message, course: restCourse(course) }),
    status: 201,
  }),
  restRow('DELETE', '/api/course/:id', {
    input: (request) => ({ id: params(request).id }),
    call: (caller, input) => caller.catalog.remove(input),
    answer: ({ message }) => ({ message }),
  }),
  restRow('POST', '/api/course/:courseId/lecture', {
    input: (request) => ({ video: body(request).video, title: body(request).title, packageId: params(request).courseId }),
    call: (caller, input) => caller.lectures.add(input),
    answer: ({ message, lecture }) => ({ message, lecture: restLecture(lecture) }),
    status: 201,
  }),
  restRow('DELETE', '/api/lecture/:lectureId', {
    input: (request) => ({ id: params(request).lectureId }),
    call: (caller, input) => caller.lectures.remove(input),
    answer: ({ message }) => ({ message }),
  }),
  restRow('GET', '/api/stats', {
    call: (caller) => caller.catalog.stats(),
    answer: (stats) => ({ stats: { totalCoures: stats.packages, totalLectures: stats.lectures, totalUsers: stats.users } }),
  }),
];
