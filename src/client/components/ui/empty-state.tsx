import type { ReactNode } from 'react';
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
  return (
    <div className="rounded-card border border-danger-200 bg-danger-50 p-6 text-center">
      <p className="font-medium text-danger-900">{message}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
