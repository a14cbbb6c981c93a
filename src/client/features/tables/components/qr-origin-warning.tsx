import { isLoopbackHost, qrOriginProblem } from '../lib/qr-origin';

/**
 * Shown wherever QR codes or guest links are shown or printed (issue 13): tells the admin, before they print,
 * that guests' phones cannot open the codes, and names the setting that fixes it (decision 036). Never printed.
 */
export function QrOriginWarning({ guestUrl }: { guestUrl: string | undefined }) {
  if (guestUrl === undefined) return null;
  const problem = qrOriginProblem(guestUrl, window.location.origin);
  if (problem === null) return null;
  const loopback = problem.kind === 'loopback';
  // The address in use is worth suggesting only when a phone could open it too.
  const suggestCurrent = loopback && !isLoopbackHost(window.location.hostname);
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
        {loopback
          ? 'Guests’ phones cannot open these QR codes yet'
          : 'These QR codes point to another address'}
      </p>
      <p className="mt-1">
        {loopback ? (
          <>
            They lead to <code className="font-mono">{problem.qrOrigin}</code>, which only works on
            the computer running Table Service.
          </>
        ) : (
          <>
            They lead to <code className="font-mono">{problem.qrOrigin}</code>, but you are using{' '}
            <code className="font-mono">{problem.currentOrigin}</code>. Make sure guests&apos;
            phones can open <code className="font-mono">{problem.qrOrigin}</code> before you print.
          </>
        )}
      </p>
      <p className="mt-1">
        Set <code className="font-mono font-semibold">PUBLIC_URL</code> to the address guests can
        reach (for example <code className="font-mono">https://tables.your-restaurant.com</code>
        {suggestCurrent && (
          <>
            {' '}
            or <code className="font-mono">{window.location.origin}</code>
          </>
        )}
        ) and restart Table Service.
      </p>
    </div>
  );
}
