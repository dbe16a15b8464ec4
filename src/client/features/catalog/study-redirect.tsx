import { Navigate, useParams } from 'react-router';

/** /course/study/{id} and /lectures/{id} (old addresses people may have saved) lead to the player. */
export function StudyRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/course-content/${encodeURIComponent(id)}`} replace />;
}
