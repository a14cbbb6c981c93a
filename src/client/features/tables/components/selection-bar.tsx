import { appText } from '../../../../shared/i18n/app';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';

export interface SelectionBarProps {
  count: number;
  total: number;
  onSelectAll: () => void;
  onClear: () => void;
  onDelete: () => void;
  onDone: () => void;
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
}: SelectionBarProps) {
  const i18n = useI18n();
  return (
    <div
      role="toolbar"
      aria-label={appText(i18n, 'app.admin.tables.select')}
      className="sticky top-2 z-10 flex flex-wrap items-center gap-2 rounded-card border border-brand-600 bg-brand-50 p-2 shadow-sm"
    >
      <p aria-live="polite" className="min-w-24 px-2 text-sm font-semibold text-ink">
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
        <Button variant="danger" disabled={count === 0} onClick={onDelete}>
          {appText(i18n, 'app.admin.tables.deleteSelected')}
        </Button>
        <Button variant="secondary" onClick={onDone}>
          {appText(i18n, 'app.admin.tables.selectDone')}
        </Button>
      </div>
    </div>
  );
}
