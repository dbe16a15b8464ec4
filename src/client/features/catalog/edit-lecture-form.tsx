import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import toast from 'react-hot-toast';
import { formatVideoLength } from '../../../shared/learning';
import { SubmitButton } from '../../components/submit-button';
import { TextField } from '../../components/text-field';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useCatalogAdminMessages } from './catalog-admin-messages';
import { LectureTitleAndLength } from './lecture-title-and-length';

type Lecture = { id: string; title: string | null; video: string; lengthSeconds: number | null };

/** Edits one lecture in place (title, link, length): its id, place, progress, quizzes and drip day stay. */
export function EditLectureForm({ lecture, number, onDone }: { lecture: Lecture; number: number; onDone: () => void }) {
  const { t } = useCatalogAdminMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [video, setVideo] = useState(lecture.video);
  const [title, setTitle] = useState(lecture.title ?? '');
  const [length, setLength] = useState(lecture.lengthSeconds === null ? '' : formatVideoLength(lecture.lengthSeconds));
  const [problem, setProblem] = useState<string | null>(null);
  const update = useMutation(trpc.lectures.update.mutationOptions());

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { id: lecture.id, video, title, lengthSeconds: length },
      {
        onSuccess: () => {
          toast.success(t('editLecture.saved'));
          void queryClient.invalidateQueries({ queryKey: trpc.lectures.pathKey() });
          onDone();
        },
        onError: (error) => setProblem(errorMessage(error, t('editLecture.failed'))),
      },
    );
  }

  return (
    <form className="form admin-form admin-form--inline" noValidate onSubmit={submit} aria-label={t('editLecture.title', { number })}>
      <TextField label={t('fields.video')} name="video" type="url" inputMode="url" autoComplete="off" required value={video} onChange={setVideo} autoFocus />
      <LectureTitleAndLength title={title} onTitle={setTitle} length={length} onLength={setLength} />
      {problem && (
        <p className="admin-form__error" role="alert">
          {problem}
        </p>
      )}
      <div className="admin-list__actions">
        <SubmitButton className="button button--primary" busy={update.isPending} busyLabel={t('editPackage.busy')}>
          {t('editLecture.submit')}
        </SubmitButton>
        <button type="button" className="button" onClick={onDone}>
          {t('editLecture.cancel')}
        </button>
      </div>
    </form>
  );
}
