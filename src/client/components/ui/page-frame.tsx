import type { ReactNode } from 'react';
import { appText } from '@shared/i18n/app';
import { useI18n } from '../../lib/i18n';

/**
 * Every staff screen's frame: a skip link, the sticky header, the page in <main>, and what follows it (toasts). The
 * staff app's shell and the sign-in page (decision 103) both draw it.
 */
export function PageFrame({
  header,
  after,
  children,
}: {
  header: ReactNode;
  after?: ReactNode;
  children: ReactNode;
}) {
  const i18n = useI18n();
  return (
    <div className="min-h-dvh bg-canvas text-ink">
      <a
        href="#main"
        className="sr-only rounded-control bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-50 focus:ring-2 focus:ring-brand-600"
      >
        {appText(i18n, 'app.console.skipToContent')}
      </a>
      <div className="sticky top-0 z-20">{header}</div>
      <main
        id="main"
        className="mx-auto max-w-5xl px-4 pb-[max(2rem,env(safe-area-inset-bottom))] pt-6"
      >
        {children}
      </main>
      {after}
    </div>
  );
}
