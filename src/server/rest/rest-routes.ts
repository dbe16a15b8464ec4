import { restRow, type RestRow } from './rest-adapter.js';
import { restCourse } from './rest-shapes.js';

/** Every call of REST.md, one row each. */
export const restRoutes: readonly RestRow[] = [
  restRow('GET', '/api/course/all', {
    call: (caller) => caller.catalog.list(),
    answer: (courses) => ({ courses: courses.map(restCourse) }),
  }),
];
