import type { ReactNode } from 'react';
import { appText } from '@shared/i18n/app';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';

export interface SelectionBarProps {
  count: number;
  total: number;
  onSelectAll: () => void;
  onClear: () => void;
  onDelete: () => void;
  onDone: () => void;
  /** Decision 077: the control that puts the selected tables in a section. */
  sectionPicker?: ReactNode;
}

/**
 * Delete several at once (decision 065): how many tables are selected, select all / clear, one delete for all of
 * them (confirmed by a dialog naming the count) and leaving selection mode. It stays in view while the grid scrolls.
 */
export function SelectionBar({
  count,
  total,
  onSelectAll,
  onClear,
  onDelete,
  onDone,
  sectionPicker,
}: SelectionBarProps) {
  const i18n = useI18n();
  return (
    // Fixed to the bottom of the screen, in thumb's reach on a phone, above the grid it acts on.
    <div className="pointer-events-none fixed inset-x-0 bottom-0 z-30 px-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
      <div
        role="toolbar"
        aria-label={appText(i18n, 'app.admin.tables.select')}
        className="pointer-events-auto mx-auto flex max-w-3xl flex-wrap items-center gap-2 rounded-card border border-brand-600 bg-white p-2 shadow-xl"
      >
        <p aria-live="polite" className="min-w-20 px-2 text-sm font-semibold text-ink">
          {appText(i18n, 'app.admin.tables.selected', { count })}
        </p>
        <div className="flex flex-1 flex-wrap items-center justify-end gap-2">
          {count < total ? (
            <Button variant="ghost" onClick={onSelectAll}>
              {appText(i18n, 'app.admin.tables.selectAll')}
            </Button>
          ) : (
            <Button variant="ghost" onClick={onClear}>
              {appText(i18n, 'app.admin.tables.selectNone')}
            </Button>
          )}
          {sectionPicker}
          <Button variant="danger" disabled={count === 0} onClick={onDelete}>
            {appText(i18n, 'app.admin.tables.deleteSelected')}
          </Button>
          <Button variant="secondary" onClick={onDone}>
            {appText(i18n, 'app.admin.tables.selectDone')}
          </Button>
        </div>
      </div>
    </div>
  );
}
