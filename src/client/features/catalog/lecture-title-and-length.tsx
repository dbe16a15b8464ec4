import { TextField } from '../../components/text-field';
import { useCatalogAdminMessages } from './catalog-admin-messages';

type Props = { title: string; onTitle: (title: string) => void; length: string; onLength: (length: string) => void };

/** A lecture's optional title and its length (minutes:seconds), as both the add and the edit forms ask for them. */
export function LectureTitleAndLength({ title, onTitle, length, onLength }: Props) {
  const { t } = useCatalogAdminMessages();
  return (
    <>
      <TextField label={t('fields.title')} name="title" maxLength={200} value={title} onChange={onTitle} />
      <TextField
        label={t('fields.length')}
        name="length"
        inputMode="numeric"
        autoComplete="off"
        hint={t('fields.lengthHint')}
        value={length}
        onChange={onLength}
      />
    </>
  );
}
