import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { saveFile } from '../../lib/download';
import { errorMessage, useTRPC } from '../../lib/trpc';
import { useCertificatesMessages } from './certificates-messages';

/** Downloads a certificate's PDF (made by the server in the reader's language). */
export function DownloadCertificate({ number, primary = false }: { number: string; primary?: boolean }) {
  const { t } = useCertificatesMessages();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const { fileName, base64 } = await queryClient.fetchQuery(trpc.certificates.pdf.queryOptions({ number }, { staleTime: 0 }));
      const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
      saveFile(fileName, new Blob([bytes], { type: 'application/pdf' }));
    } catch (error) {
      toast.error(errorMessage(error, t('downloadFailed')));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className={primary ? 'button button--primary' : 'button'} disabled={busy} onClick={() => void download()}>
      {busy ? t('downloading') : t('download')}
    </button>
  );
}
