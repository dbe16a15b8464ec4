import type { LectureView, PackageView } from '../features/catalog/catalog.views.js';
import { paiseToRupees } from '../../shared/money.js';

/** REST.md's `course`: money in rupees, `_id` for the id. */
export function restCourse(view: PackageView) {
  return {
    _id: view.id,
    name: view.name,
    price: paiseToRupees(view.pricePaise),
    description: view.description,
    image: view.image,
    tier: view.tier,
    lectureCount: view.lectureCount,
  };
}

/** REST.md's `lecture`: `video` is the embed URL. Only ever built for a buyer or an admin. */
export function restLecture(view: LectureView) {
  return { _id: view.id, title: view.title, video: view.video };
}
