import { useEffect, useState } from 'react';
import { appText } from '@shared/i18n/app';
import { Skeleton } from '../../../components/ui/skeleton';
import { useI18n } from '../../../lib/i18n';
import { qrSvgDataUrl } from '../lib/qr-code';

type QrState = { text: string; src: string } | { text: string; failed: true } | null;

/** The QR code of `text` as an image URL, drawn on first use. */
function useQrSrc(text: string): { src: string | null; failed: boolean } {
  const [state, setState] = useState<QrState>(null);
  useEffect(() => {
    let cancelled = false;
    qrSvgDataUrl(text).then(
      (src) => !cancelled && setState({ text, src }),
      () => !cancelled && setState({ text, failed: true }),
    );
    return () => {
      cancelled = true;
    };
  }, [text]);
  // A state left over from another text is not this code's.
  const current = state?.text === text ? state : null;
  return {
    src: current && 'src' in current ? current.src : null,
    failed: current !== null && 'failed' in current,
  };
}

export interface QrImageProps {
  /** The encoded text: the table's guest URL. */
  text: string;
  /** e.g. 'QR code for Table 2'. */
  alt: string;
  /** CSS pixel size of the square image. */
  size: number;
  onReady?: () => void;
}

/** The code as an image (SVG, sharp at any density). */
export function QrImage({ text, alt, size, onReady }: QrImageProps) {
  const i18n = useI18n();
  const { src, failed } = useQrSrc(text);
  if (failed) {
    return (
      <p
        className="flex items-center justify-center rounded-control border border-danger-200 bg-danger-50 p-4 text-center text-sm text-danger-900"
        style={{ width: size, height: size }}
      >
        {appText(i18n, 'app.admin.tables.qrDrawFailed')}
      </p>
    );
  }
  if (src === null) {
    return (
      <div role="status" style={{ width: size, height: size }}>
        <span className="sr-only">{appText(i18n, 'app.admin.tables.qrDrawing')}</span>
        <Skeleton className="size-full" />
      </div>
    );
  }
  return (
    <img
      src={src}
      alt={alt}
      width={size}
      height={size}
      onLoad={onReady}
      className="block bg-white"
      style={{ width: size, height: size }}
    />
  );
}
