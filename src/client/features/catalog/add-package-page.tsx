import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { tiers } from '../../../shared/domain';
import { TextField } from '../../components/text-field';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCatalogAdminMessages } from './catalog-admin-messages';
import { useCatalogMessages } from './catalog-messages';
import { postUpload } from '../../lib/upload';
import { SubmitButton } from '../../components/submit-button';
import { Field } from '../../components/field';

const empty = { name: '', price: '', description: '', tier: '', commission: '' };

/** /admin/course: create a package with its image. */
export default function AddPackagePage() {
  const { t } = useCatalogAdminMessages();
  const catalog = useCatalogMessages();
  useDocumentTitle(t('addPackage.title'));
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState(empty);
  const [busy, setBusy] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});
  const set = (key: keyof typeof empty) => (value: string) => setValues((old) => ({ ...old, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const form = new FormData();
    for (const [key, value] of Object.entries(values)) form.append(key, value.trim());
    const file = fileRef.current?.files?.[0];
    if (file) form.append('image', file);
    setBusy(true);
    // The JSON API cannot carry a file: the REST call `POST /api/course/new` takes the form with its image.
    const answer = await postUpload('/api/course/new', form);
    setBusy(false);
    if (answer.ok) {
      toast.success(answer.message ?? '');
      setValues(empty);
      setFields({});
      if (fileRef.current) fileRef.current.value = '';
      await queryClient.invalidateQueries({ queryKey: trpc.catalog.pathKey() });
      return;
    }
    setFields(answer.fields);
    toast.error(answer.message ?? t('addPackage.failed'));
  }

  const errorFor = (field: string) => fields[field] ?? null;
  const describedBy = (field: string, hint?: boolean) =>
    [hint ? `${id}-${field}-hint` : null, fields[field] ? `${id}-${field}-error` : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className="page">
      <h1>{t('addPackage.title')}</h1>
      <form className="form admin-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField label={t('fields.name')} name="name" required maxLength={120} value={values.name} onChange={set('name')} error={errorFor('name')} />

        <Field htmlFor={`${id}-image`} label={t('fields.image')}>
          <input
            ref={fileRef}
            id={`${id}-image`}
            type="file"
            name="image"
            accept="image/*"
            required
            aria-invalid={fields.image ? true : undefined}
            aria-describedby={describedBy('image', true)}
          />
          <p id={`${id}-image-hint`} className="field__hint">
            {t('fields.imageHint')}
          </p>
          {fields.image && (
            <p id={`${id}-image-error`} className="field__error" role="alert">
              {fields.image}
            </p>
          )}
        </Field>

        <TextField label={t('fields.price')} name="price" inputMode="decimal" required value={values.price} onChange={set('price')} error={errorFor('price')} />

        <Field htmlFor={`${id}-description`} label={t('fields.description')}>
          <textarea
            id={`${id}-description`}
            name="description"
            required
            maxLength={5000}
            value={values.description}
            onChange={(event) => set('description')(event.target.value)}
            aria-invalid={fields.description ? true : undefined}
            aria-describedby={describedBy('description')}
          />
          {fields.description && (
            <p id={`${id}-description-error`} className="field__error" role="alert">
              {fields.description}
            </p>
          )}
        </Field>

        <Field htmlFor={`${id}-tier`} label={t('fields.tier')}>
          <select
            id={`${id}-tier`}
            name="tier"
            value={values.tier}
            onChange={(event) => set('tier')(event.target.value)}
            aria-describedby={describedBy('tier')}
          >
            <option value="">{t('fields.noTier')}</option>
            {tiers.map((tier) => (
              <option key={tier} value={tier}>
                {catalog.t(`tiers.${tier}`)}
              </option>
            ))}
          </select>
          {fields.tier && (
            <p id={`${id}-tier-error`} className="field__error" role="alert">
              {fields.tier}
            </p>
          )}
        </Field>

        <TextField
          label={t('fields.commission')}
          name="commission"
          inputMode="decimal"
          hint={t('fields.commissionHint')}
          value={values.commission}
          onChange={set('commission')}
          error={errorFor('commission')}
        />

        <SubmitButton className="button button--primary" busy={busy} busyLabel={t('addPackage.busy')}>
          {t('addPackage.submit')}
        </SubmitButton>
      </form>
    </div>
  );
}
