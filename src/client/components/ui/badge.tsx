import type { ReactNode } from 'react';

export type BadgeTone = 'green' | 'gray' | 'red' | 'blue' | 'amber';

// Dark text on a light tint keeps every tone above WCAG AA at this small size.
const TONES: Record<BadgeTone, string> = {
  green: 'bg-green-100 text-green-800 ring-green-600/20',
  gray: 'bg-slate-100 text-slate-700 ring-slate-500/20',
  red: 'bg-red-100 text-red-800 ring-red-600/20',
  blue: 'bg-blue-100 text-blue-800 ring-blue-600/20',
  amber: 'bg-amber-100 text-amber-900 ring-amber-600/20',
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
