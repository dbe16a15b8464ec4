import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { TextField } from '../../components/text-field';
import { errorCode, errorMessage, useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AdminLectureList } from './admin-lecture-list';
import { useCatalogAdminMessages } from './catalog-admin-messages';
import { PackageSelect } from './package-select';
import { usePackageLectures } from './use-package-lectures';
import { SubmitButton } from '../../components/submit-button';
import { LectureTitleAndLength } from './lecture-title-and-length';
import { LecturesWithoutLength } from './lectures-without-length';
import { EditLectureForm } from './edit-lecture-form';
import { useSearchParams } from 'react-router';

/** /admin/lecture: add a lecture (a video link, an optional title, its length) to a package, edit one in place, and set the order of its lectures. */
export default function AddLecturePage() {
  const { t } = useCatalogAdminMessages();
  useDocumentTitle(t('addLecture.title'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [searchParams] = useSearchParams();
  // "Add lectures to it" after creating a package opens here with that package chosen.
  const [packageId, setPackageId] = useState(searchParams.get('package') ?? '');
  const [editingId, setEditingId] = useState<string | null>(null);
  const [video, setVideo] = useState('');
  const [title, setTitle] = useState('');
  const [length, setLength] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const lectures = usePackageLectures(packageId);
  const add = useMutation(trpc.lectures.add.mutationOptions());
  const reorder = useMutation(trpc.lectures.reorder.mutationOptions());

  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: trpc.lectures.pathKey() }), queryClient.invalidateQueries({ queryKey: trpc.catalog.pathKey() })]);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!packageId || !video.trim()) {
      setProblem(t('addLecture.required'));
      return;
    }
    setProblem(null);
    add.mutate(
      { packageId, video, title, lengthSeconds: length },
      {
        onSuccess: () => {
          toast.success(t('addLecture.added'));
          setVideo('');
          setTitle('');
          setLength('');
          void refresh();
        },
        onError: (error) => {
          const message = errorCode(error) === 'UNAUTHORIZED' ? t('addLecture.login') : errorMessage(error, t('addLecture.failed'));
          setProblem(message);
          toast.error(message);
        },
      },
    );
  }

  function move(from: number, to: number) {
    const list = lectures.data?.lectures ?? [];
    if (to < 0 || to >= list.length) return;
    const ids = list.map((lecture) => lecture.id);
    [ids[from], ids[to]] = [ids[to]!, ids[from]!];
    reorder.mutate(
      { packageId, lectureIds: ids },
      {
        onSuccess: (answer) => {
          queryClient.setQueryData(trpc.lectures.forPackage.queryKey({ packageId }), (old) => (old ? { ...old, lectures: answer.lectures } : old));
          void refresh();
        },
        onError: (error) => {
          toast.error(errorMessage(error, t('addLecture.orderFailed')));
          void refresh();
        },
      },
    );
  }

  return (
    <div className="page">
      <h1>{t('addLecture.title')}</h1>
      <LecturesWithoutLength />
      <form className="form admin-form" noValidate onSubmit={submit}>
        <PackageSelect value={packageId} onChange={setPackageId} required />
        <TextField
          label={t('fields.video')}
          name="video"
          type="url"
          inputMode="url"
          autoComplete="off"
          required
          hint={t('fields.videoHint')}
          value={video}
          onChange={setVideo}
        />
        <LectureTitleAndLength title={title} onTitle={setTitle} length={length} onLength={setLength} />
        {problem && (
          <p className="admin-form__error" role="alert">
            {problem}
          </p>
        )}
        <SubmitButton className="button button--primary" busy={add.isPending} busyLabel={t('addLecture.busy')}>
          {t('addLecture.submit')}
        </SubmitButton>
      </form>

      {packageId && (
        <section className="admin-section" aria-labelledby="lecture-order">
          <h2 id="lecture-order">{t('addLecture.order')}</h2>
          <p className="field__hint">{t('addLecture.orderHint')}</p>
          <AdminLectureList
            lectures={lectures}
            actions={(lecture, index, count) =>
              editingId === lecture.id ? (
                <EditLectureForm lecture={lecture} number={index + 1} onDone={() => setEditingId(null)} />
              ) : (
                <>
                  <button
                    type="button"
                    className="button"
                    aria-label={t('editLecture.editLabel', { number: index + 1 })}
                    onClick={() => setEditingId(lecture.id)}
                  >
                    {t('editLecture.edit')}
                  </button>
                  <button
                    type="button"
                    className="button"
                    disabled={index === 0 || reorder.isPending}
                    aria-label={t('addLecture.moveUpLabel', { number: index + 1 })}
                    onClick={() => move(index, index - 1)}
                  >
                    {t('addLecture.moveUp')}
                  </button>
                  <button
                    type="button"
                    className="button"
                    disabled={index === count - 1 || reorder.isPending}
                    aria-label={t('addLecture.moveDownLabel', { number: index + 1 })}
                    onClick={() => move(index, index + 1)}
                  >
                    {t('addLecture.moveDown')}
                  </button>
                </>
              )
            }
          />
        </section>
      )}
    </div>
  );
}
