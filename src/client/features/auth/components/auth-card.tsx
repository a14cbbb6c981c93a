import { useEffect, useRef, type ReactNode } from 'react';
import { appText } from '@shared/i18n/app';
import { paths } from '@shared/paths';
import { useI18n } from '../../../lib/i18n';

/**
 * The card of the signed-out pages beside sign-in (forgot password, reset password): a heading that takes focus
 * when the card's state changes (so a screen reader announces the outcome), and a way back to sign in.
 */
export function AuthCard({
  title,
  stateKey,
  children,
}: {
  title: string;
  /** Changes when the card shows another outcome: the heading is focused then. */
  stateKey: string;
  children: ReactNode;
}) {
  const i18n = useI18n();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [stateKey]);
  return (
    <div className="mx-auto w-full max-w-md py-4 sm:py-10">
      <div className="rounded-panel border border-line bg-white p-6 shadow-sm sm:p-8">
        <h1
          ref={headingRef}
          tabIndex={-1}
          className="text-2xl font-bold text-ink focus:outline-none"
        >
          {title}
        </h1>
        {children}
        <p className="mt-6 text-center text-sm">
          <a
            href={paths.login}
            className="font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            {appText(i18n, 'app.auth.backToLogin')}
          </a>
        </p>
      </div>
    </div>
  );
}
