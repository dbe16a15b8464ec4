import toast from 'react-hot-toast';
import { copyText } from '../lib/clipboard';

type Props = { text: string; label: string; copiedMessage: string; failedMessage: string; className?: string };

/** Copies `text` and says so in a toast. */
export function CopyButton({ text, label, copiedMessage, failedMessage, className }: Props) {
  return (
    <button
      type="button"
      className={className ?? 'button'}
      onClick={async () => {
        if (await copyText(text)) toast.success(copiedMessage);
        else toast.error(failedMessage);
      }}
    >
      {label}
    </button>
  );
}
