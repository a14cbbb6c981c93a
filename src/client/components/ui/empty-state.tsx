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
    <div className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center">
      <p className="font-semibold text-slate-900">{title}</p>
      {children && <div className="mt-1 text-sm text-slate-700">{children}</div>}
      {action && <div className="mt-4 flex justify-center">{action}</div>}
    </div>
  );
}

/** A load failure with the SPEC message and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="rounded-xl border border-red-200 bg-red-50 p-6 text-center">
      <p className="font-medium text-red-900">{message}</p>
      <Button variant="secondary" className="mt-4" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
