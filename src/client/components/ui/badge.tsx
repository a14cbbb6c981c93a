import type { ReactNode } from 'react';

export type BadgeTone = 'green' | 'gray' | 'red' | 'blue' | 'amber';

// Dark text on a light tint keeps every tone above WCAG AA at this small size.
const TONES: Record<BadgeTone, string> = {
  green: 'bg-success-100 text-success-800 ring-success-600/20',
  gray: 'bg-sunken text-body ring-subtle/20',
  red: 'bg-danger-100 text-danger-800 ring-danger-600/20',
  blue: 'bg-brand-100 text-brand-800 ring-brand-600/20',
  amber: 'bg-warning-100 text-warning-900 ring-warning-600/20',
};

export function Badge({ tone = 'gray', children }: { tone?: BadgeTone; children: ReactNode }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[tone]}`}
    >
      {children}
    </span>
  );
}
