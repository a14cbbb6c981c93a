import type { ReactNode } from 'react';
import { appText } from '@shared/i18n/app';
import { useI18n } from '../../lib/i18n';
import { Button } from './button';

export interface EmptyStateProps {
  title: string;
  children?: ReactNode;
  /** A call to action under the text. */
  action?: ReactNode;
}

/** A dashed box for 'nothing here yet'. */
export function EmptyState({ title, children, action }: EmptyStateProps) {
  return (
    <div className="rounded-card border border-dashed border-line-strong bg-white p-6 text-center">
      <p className="font-semibold text-ink">{title}</p>
      {children && <div className="mt-1 text-sm text-body">{children}</div>}
      {action && <div className="mt-4 flex justify-center">{action}</div>}
    </div>
  );
}

/** A load failure with the SPEC message and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const i18n = useI18n();
  return (
    <div className="rounded-card border border-danger-200 bg-danger-50 p-6 text-center">
      <p className="font-medium text-danger-900">{message}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        {appText(i18n, 'app.console.tryAgain')}
      </Button>
    </div>
  );
}
