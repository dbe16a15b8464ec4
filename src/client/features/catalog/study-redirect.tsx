import { Navigate, useParams } from 'react-router';
import { pagePaths, pathTo } from '../../../shared/page-paths';

/** /course/study/{id} and /lectures/{id} (old addresses people may have saved) lead to the player. */
export function StudyRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={pathTo(pagePaths.player, { courseId: id })} replace />;
}
