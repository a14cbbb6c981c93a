import { appText } from '@shared/i18n/app';
import { useI18n } from '../../../lib/i18n';
import { richText } from '../../../lib/rich-text';
import { isLoopbackHost, qrOriginProblem } from '../lib/qr-origin';

/**
 * Shown wherever QR codes or guest links are shown or printed (issue 13): tells the admin, before they print,
 * that guests' phones cannot open the codes, and names the setting that fixes it (decision 036). Never printed.
 */
export function QrOriginWarning({ guestUrl }: { guestUrl: string | undefined }) {
  const i18n = useI18n();
  if (guestUrl === undefined) return null;
  const problem = qrOriginProblem(guestUrl, window.location.origin);
  if (problem === null) return null;
  const loopback = problem.kind === 'loopback';
  // The address in use is worth suggesting only when a phone could open it too.
  const suggestCurrent = loopback && !isLoopbackHost(window.location.hostname);
  const code = (text: string) => <code className="font-mono">{text}</code>;
  return (
    <div
      role="status"
      data-testid="qr-origin-warning"
      className={`rounded-card border p-4 text-sm print:hidden ${
        loopback
          ? 'border-warning-400 bg-warning-50 text-warning-950'
          : 'border-info-300 bg-info-50 text-info-950'
      }`}
    >
      <p className="font-semibold">
        {appText(
          i18n,
          loopback ? 'app.admin.tables.originLoopbackTitle' : 'app.admin.tables.originOtherTitle',
        )}
      </p>
      <p className="mt-1">
        {problem.kind === 'loopback'
          ? richText((values) => appText(i18n, 'app.admin.tables.originLoopbackText', values), {
              qrOrigin: code(problem.qrOrigin),
            })
          : richText((values) => appText(i18n, 'app.admin.tables.originOtherText', values), {
              qrOrigin: code(problem.qrOrigin),
              currentOrigin: code(problem.currentOrigin),
            })}
      </p>
      <p className="mt-1">
        {richText(
          (values) =>
            appText(
              i18n,
              suggestCurrent ? 'app.admin.tables.originFixOrCurrent' : 'app.admin.tables.originFix',
              values,
            ),
          {
            setting: <code className="font-mono font-semibold">{'PUBLIC_URL'}</code>,
            example: code('https://tables.your-restaurant.com'),
            current: code(window.location.origin),
          },
        )}
      </p>
    </div>
  );
}
