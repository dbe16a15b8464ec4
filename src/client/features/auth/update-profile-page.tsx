import { useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, type FormEvent, useEffect, useId, useState } from 'react';
import toast from 'react-hot-toast';
import { postUpload, shrinkImage } from '../../lib/upload';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useAuthMessages } from './auth-messages';
import { useSession } from './use-session';
import { checkForm } from '../../lib/form-check';
import { SubmitButton } from '../../components/submit-button';
import { Field } from '../../components/field';

export default function UpdateProfilePage() {
  const { t } = useAuthMessages();
  useDocumentTitle(t('picture.title'));
  const { user } = useSession();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setPreview(chosen ? URL.createObjectURL(chosen) : null);
  }

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (!checkForm(event.currentTarget as HTMLFormElement)) return;
    if (!file) {
      toast.error(t('picture.selectFirst'));
      return;
    }
    setBusy(true);
    const form = new FormData();
    form.append('profileImage', await shrinkImage(file), file.name);
    const answer = await postUpload('/api/image', form);
    setBusy(false);
    if (answer.ok) {
      toast.success(answer.message ?? t('picture.uploaded'));
      setFile(null);
      setPreview(null);
      await queryClient.invalidateQueries();
    } else {
      toast.error(answer.message ?? t('picture.failed'));
    }
  }

  const shown = preview ?? user?.profileImage ?? null;
  return (
    <div className="page page--narrow">
      <h1>{t('picture.title')}</h1>
      <div className="picture-preview">
        {shown ? (
          <img className="avatar avatar--xl" src={shown} alt={preview ? t('picture.preview') : t('picture.current')} width="160" height="160" />
        ) : (
          <p className="muted">{t('picture.none')}</p>
        )}
      </div>
      <form className="form" onSubmit={upload} noValidate>
        <Field htmlFor={inputId} label={t('picture.choose')}>
          {/* The browser's own file button speaks the browser's language: this one speaks the page's. */}
          <span className="file-pick">
            <input id={inputId} className="file-pick__input" type="file" accept="image/*" aria-describedby={`${inputId}-name`} onChange={choose} />
            <span className="button file-pick__button" aria-hidden="true">
              {t('picture.pick')}
            </span>
            <span id={`${inputId}-name`} className="file-pick__name">
              {file ? file.name : t('picture.noFile')}
            </span>
          </span>
        </Field>
        <SubmitButton className="button button--primary button--block" busy={busy} busyLabel={t('picture.busy')}>
          {t('picture.upload')}
        </SubmitButton>
      </form>
    </div>
  );
}
