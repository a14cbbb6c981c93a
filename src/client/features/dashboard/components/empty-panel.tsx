import { useId } from 'react';

export interface EmptyPanelProps {
  title: string;
  emptyTitle: string;
  emptyText: string;
}

/** SPEC §2: the placeholder panels Recent Activity and Server Status, each showing an empty state. */
export function EmptyPanel({ title, emptyTitle, emptyText }: EmptyPanelProps) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="mt-4 flex flex-1 flex-col items-center justify-center rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center">
        <p className="font-semibold text-slate-900">{emptyTitle}</p>
        <p className="mt-1 text-sm text-slate-700">{emptyText}</p>
      </div>
    </section>
  );
}
