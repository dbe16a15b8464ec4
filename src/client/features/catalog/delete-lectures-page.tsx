import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AdminLectureList } from './admin-lecture-list';
import { useCatalogAdminMessages } from './catalog-admin-messages';
import { PackageSelect } from './package-select';
import { usePackageLectures } from './use-package-lectures';

/** /admin/lecturedelete: choose a package, see its lectures, delete one. */
export default function DeleteLecturesPage() {
  const { t } = useCatalogAdminMessages();
  useDocumentTitle(t('deleteLectures.title'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [packageId, setPackageId] = useState('');
  const lectures = usePackageLectures(packageId);
  const remove = useMutation(trpc.lectures.remove.mutationOptions());

  function deleteLecture(id: string, number: number) {
    if (!window.confirm(t('deleteLectures.confirm', { number }))) return;
    remove.mutate(
      { id },
      {
        onSuccess: () => toast.success(t('deleteLectures.deleted')),
        onError: (error) => toast.error(errorMessage(error, t('deleteLectures.failed'))),
        onSettled: () =>
          Promise.all([
            queryClient.invalidateQueries({ queryKey: trpc.lectures.pathKey() }),
            queryClient.invalidateQueries({ queryKey: trpc.catalog.pathKey() }),
          ]),
      },
    );
  }

  return (
    <div className="page">
      <h1>{t('deleteLectures.title')}</h1>
      <div className="admin-form">
        <PackageSelect value={packageId} onChange={setPackageId} />
      </div>
      {packageId && (
        <AdminLectureList
          lectures={lectures}
          actions={(lecture, index) => (
            <button
              type="button"
              className="button button--danger"
              disabled={remove.isPending}
              aria-label={t('deleteLectures.deleteLabel', { number: index + 1 })}
              onClick={() => deleteLecture(lecture.id, index + 1)}
            >
              {t('deleteLectures.delete')}
            </button>
          )}
        />
      )}
    </div>
  );
}
