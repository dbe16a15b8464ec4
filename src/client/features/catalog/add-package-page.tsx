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
import { describedBy, Field } from '../../components/field';
import { SelectField } from '../../components/select-field';

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
  const imageNotes = { hint: t('fields.imageHint'), error: fields.image };

  return (
    <div className="page">
      <h1>{t('addPackage.title')}</h1>
      <form className="form admin-form" noValidate onSubmit={(event) => void submit(event)}>
        <TextField label={t('fields.name')} name="name" required maxLength={120} value={values.name} onChange={set('name')} error={errorFor('name')} />

        <Field htmlFor={`${id}-image`} label={t('fields.image')} {...imageNotes}>
          <input
            ref={fileRef}
            id={`${id}-image`}
            type="file"
            name="image"
            accept="image/*"
            required
            aria-invalid={fields.image ? true : undefined}
            aria-describedby={describedBy(`${id}-image`, imageNotes)}
          />
        </Field>

        <TextField label={t('fields.price')} name="price" inputMode="decimal" required value={values.price} onChange={set('price')} error={errorFor('price')} />

        <Field htmlFor={`${id}-description`} label={t('fields.description')} error={fields.description}>
          <textarea
            id={`${id}-description`}
            name="description"
            required
            maxLength={5000}
            value={values.description}
            onChange={(event) => set('description')(event.target.value)}
            aria-invalid={fields.description ? true : undefined}
            aria-describedby={describedBy(`${id}-description`, { error: fields.description })}
          />
        </Field>

        <SelectField
          label={t('fields.tier')}
          name="tier"
          placeholder={t('fields.noTier')}
          options={tiers.map((tier) => ({ value: tier, label: catalog.t(`tiers.${tier}`) }))}
          value={values.tier}
          onChange={set('tier')}
          error={errorFor('tier')}
        />

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
