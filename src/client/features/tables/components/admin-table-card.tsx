import { useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import { appTableLabel, appText } from '@shared/i18n/app';
import type { I18n } from '@shared/i18n/i18n';
import type { StaffRef, Table } from '@shared/schemas';
import { inputClass } from '../../../components/ui/form-field';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { useI18n } from '../../../lib/i18n';
import { QR_SCREEN_PX, qrFileName, qrPngWithCaption, saveBlob } from '../lib/qr-code';
import { QrImage } from './qr-image';
import { StrokeIcon } from '../../../components/ui/request-type-icon';

/** Table statuses other than 'available' are not specified (SPEC §3); any other value is shown as it is. */
function statusBadge(i18n: I18n, status: string): { tone: BadgeTone; label: string } {
  if (status === 'available')
    return { tone: 'green', label: appText(i18n, 'app.admin.tables.available') };
  return { tone: 'gray', label: status.charAt(0).toUpperCase() + status.slice(1) };
}

export interface AdminTableCardProps {
  table: Table;
  onDelete: (table: Table) => void;
  onRename: (table: Table) => void;
  /** In selection mode (delete several at once): whether this card is selected, and how to toggle it. */
  selection?: { selected: boolean; onToggle: () => void };
  /** Decision 077: the restaurant's active servers the owner can give this table to. */
  servers?: readonly StaffRef[];
  onServerChange?: (table: Table, serverId: string | null) => void;
  serverBusy?: boolean;
}

/**
 * SPEC §2 /admin/tables card: number, status and assigned server, a QR view toggle and a delete button. The card is
 * an <article> named 'Table {number}'; its buttons keep their visible text as their names.
 */
export function AdminTableCard({
  table,
  onDelete,
  onRename,
  selection,
  servers,
  onServerChange,
  serverBusy = false,
}: AdminTableCardProps) {
  const i18n = useI18n();
  const titleId = useId();
  const qrPanelId = useId();
  const serverSelectId = useId();
  const [showQr, setShowQr] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const badge = statusBadge(i18n, table.status);
  const caption = appTableLabel(i18n, table.number);

  async function download() {
    setDownloading(true);
    try {
      saveBlob(await qrPngWithCaption(table.qrCode, caption), qrFileName(table.number));
    } catch {
      toast.error(appText(i18n, 'app.admin.tables.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <article
      aria-labelledby={titleId}
      className={`flex h-full flex-col gap-4 rounded-card border bg-white p-4 shadow-sm ${
        selection ? 'cursor-pointer select-none' : ''
      } ${selection?.selected ? 'border-brand-600 ring-2 ring-brand-600' : 'border-line'}`}
      // While selecting, the whole card is the target (the checkbox stays the keyboard's and reader's control).
      onClick={(event) => {
        if (selection && !(event.target instanceof HTMLInputElement)) selection.onToggle();
      }}
    >
      <div className="flex items-start justify-between gap-3">
        {selection && (
          <input
            type="checkbox"
            checked={selection.selected}
            onChange={selection.onToggle}
            aria-label={appText(i18n, 'app.admin.tables.selectTable', { table: caption })}
            className="mt-1 size-5 shrink-0 cursor-pointer accent-brand-600"
          />
        )}
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-1">
            <h3 id={titleId} className="truncate text-lg font-semibold text-ink" title={caption}>
              {caption}
            </h3>
            {!selection && (
              <button
                type="button"
                aria-label={appText(i18n, 'app.admin.tables.rename')}
                aria-describedby={titleId}
                title={appText(i18n, 'app.admin.tables.rename')}
                onClick={() => onRename(table)}
                className="-my-2 inline-flex size-11 shrink-0 items-center justify-center rounded-control text-muted hover:bg-sunken hover:text-ink focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
              >
                <StrokeIcon
                  d="M4 20h4L19 9l-4-4L4 16v4ZM13.5 6.5l4 4"
                  className="size-4"
                  strokeWidth="2"
                />
              </button>
            )}
          </div>
          <p className="mt-1 flex items-center gap-1.5 text-sm text-body">
            <svg
              aria-hidden="true"
              viewBox="0 0 20 20"
              className="size-4 shrink-0"
              fill="currentColor"
            >
              <path d="M10 10a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-7 8a7 7 0 0 1 14 0H3Z" />
            </svg>
            <span className="truncate">
              <span className="sr-only">{appText(i18n, 'app.admin.tables.serverPrefix')}</span>
              {table.serverName ?? appText(i18n, 'app.admin.tables.unassigned')}
            </span>
          </p>
          {table.sectionName !== null && (
            <p className="mt-1 text-sm text-body">
              <span className="sr-only">{appText(i18n, 'app.admin.sections.sectionPrefix')}</span>
              <span className="inline-flex max-w-full items-center rounded-full bg-sunken px-2 py-0.5 text-xs font-medium text-ink-soft">
                <span className="truncate">{table.sectionName}</span>
              </span>
            </p>
          )}
        </div>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </div>

      {showQr && !selection && (
        <div id={qrPanelId} className="flex flex-col items-center gap-3">
          <QrImage
            text={table.qrCode}
            alt={appText(i18n, 'app.admin.tables.qrAlt', { table: caption })}
            size={QR_SCREEN_PX}
          />
          <Button
            variant="secondary"
            fullWidth
            aria-describedby={titleId}
            isLoading={downloading}
            onClick={() => void download()}
          >
            <StrokeIcon d="M12 4v11m0 0-4-4m4 4 4-4M5 20h14" className="size-4" strokeWidth="2" />
            {appText(i18n, 'app.admin.tables.downloadQr')}
          </Button>
        </div>
      )}

      {!selection && servers && onServerChange && (
        <div className="flex flex-col gap-1">
          <label htmlFor={serverSelectId} className="text-sm font-medium text-ink-soft">
            {appText(i18n, 'app.admin.sections.serverSelect', { table: caption })}
          </label>
          <select
            id={serverSelectId}
            value={table.serverId ?? ''}
            disabled={serverBusy}
            aria-busy={serverBusy}
            onChange={(event) => onServerChange(table, event.target.value || null)}
            className={inputClass(false)}
          >
            <option value="">
              {table.sectionServerIds.length > 0
                ? appText(i18n, 'app.admin.sections.noServerSection')
                : appText(i18n, 'app.admin.sections.noServer')}
            </option>
            {/* A server deactivated since keeps the table until the owner changes it. */}
            {table.serverId !== null && !servers.some((s) => s.id === table.serverId) && (
              <option value={table.serverId}>{table.serverName ?? ''}</option>
            )}
            {servers.map((server) => (
              <option key={server.id} value={server.id}>
                {server.name}
              </option>
            ))}
          </select>
        </div>
      )}

      {!selection && (
        <div className="mt-auto grid grid-cols-2 gap-2">
          <Button
            variant="secondary"
            aria-expanded={showQr}
            aria-controls={showQr ? qrPanelId : undefined}
            aria-describedby={titleId}
            onClick={() => setShowQr((shown) => !shown)}
          >
            {appText(i18n, showQr ? 'app.admin.tables.hideQr' : 'app.admin.tables.showQr')}
          </Button>
          <Button
            variant="danger-outline"
            aria-describedby={titleId}
            onClick={() => onDelete(table)}
          >
            {appText(i18n, 'app.admin.tables.delete')}
          </Button>
        </div>
      )}
    </article>
  );
}
