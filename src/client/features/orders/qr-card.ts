/**
 * The payment QR as a picture for the phone's gallery: the code, large, with the payee, the amount
 * and the package written under it, so the learner recognises it among their photos. A UPI app's
 * "scan from gallery" reads the code; the text is for people.
 */

export type QrCardText = { payee: string; upiId: string; amount: string; packageName: string };

const WIDTH = 640;
const QR_SIZE = 560;
const PADDING = 40;
const FONT = "'App Devanagari', system-ui, 'Noto Sans', sans-serif";

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('QR image did not load'));
    image.src = src;
  });
}

/** Breaks text into lines that fit `width` at the context's current font. */
function wrap(context: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && context.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines.slice(0, 3);
}

export async function qrCardPng(qrDataUrl: string, text: QrCardText): Promise<Blob> {
  await document.fonts?.ready;
  const qr = await loadImage(qrDataUrl);
  const measure = document.createElement('canvas').getContext('2d')!;
  measure.font = `600 30px ${FONT}`;
  const packageLines = wrap(measure, text.packageName, WIDTH - 2 * PADDING);
  const height = PADDING + QR_SIZE + 24 + 56 + 44 + 40 + packageLines.length * 40 + PADDING;

  const canvas = document.createElement('canvas');
  canvas.width = WIDTH;
  canvas.height = height;
  const context = canvas.getContext('2d')!;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, WIDTH, height);
  // Sharp edges: a blurred code scans worse.
  context.imageSmoothingEnabled = false;
  context.drawImage(qr, (WIDTH - QR_SIZE) / 2, PADDING, QR_SIZE, QR_SIZE);

  context.fillStyle = '#1d1b19';
  context.textAlign = 'center';
  context.textBaseline = 'top';
  let y = PADDING + QR_SIZE + 24;
  context.font = `700 48px ${FONT}`;
  context.fillText(text.amount, WIDTH / 2, y, WIDTH - 2 * PADDING);
  y += 56;
  context.font = `600 34px ${FONT}`;
  context.fillText(text.payee, WIDTH / 2, y, WIDTH - 2 * PADDING);
  y += 44;
  context.font = `400 28px ${FONT}`;
  context.fillStyle = '#5a534c';
  context.fillText(text.upiId, WIDTH / 2, y, WIDTH - 2 * PADDING);
  y += 40;
  context.font = `600 30px ${FONT}`;
  context.fillStyle = '#1d1b19';
  for (const line of packageLines) {
    context.fillText(line, WIDTH / 2, y, WIDTH - 2 * PADDING);
    y += 40;
  }

  return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no PNG'))), 'image/png'));
}

/** A file name people can recognise: "upi-qr-share-market-basics-2499.png". */
export function qrFileName(packageName: string, amountPaise: number): string {
  const slug = packageName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  return `upi-qr-${slug || 'package'}-${Math.round(amountPaise / 100)}.png`;
}

/** Whether this browser can share a picture file with other apps (the Web Share API with files). */
export function canShareFiles(): boolean {
  try {
    const probe = new File([new Uint8Array(1)], 'probe.png', { type: 'image/png' });
    return typeof navigator.share === 'function' && typeof navigator.canShare === 'function' && navigator.canShare({ files: [probe] });
  } catch {
    return false;
  }
}
