import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { appTableLabel, appText } from '@shared/i18n/app';
import { paths } from '@shared/paths';
import { Button } from '../../../components/ui/button';
import { RestaurantMark } from '../../../components/ui/restaurant-mark';
import { EmptyState, LoadError } from '../../../components/ui/empty-state';
import { LoadingScreen } from '../../../components/ui/spinner';
import { useI18n } from '../../../lib/i18n';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useRestaurant } from '../../../lib/restaurants-api';
import {
  ActiveRestaurantProvider,
  useActiveRestaurant,
} from '../../../lib/active-restaurant-provider';
import { useTables } from '../api/tables-api';
import { sortTables } from '@shared/table-label';
import { QrImage } from '../components/qr-image';
import { QrOriginWarning } from '../components/qr-origin-warning';

/** Printed size of each code: large enough to scan from a seat, six to a page of A4 or Letter. */
const PRINT_QR_PX = 220;

/**
 * "Print all QR codes" (issue 3): one printable page with a labelled code per table, outside the staff shell so
 * nothing but the codes reaches the paper. The print dialog opens by itself once every code is drawn.
 */
export function AdminTablesPrintPage() {
  return (
    <ActiveRestaurantProvider>
      <PrintSheet />
    </ActiveRestaurantProvider>
  );
}

function PrintSheet() {
  const i18n = useI18n();
  const { restaurantId } = useActiveRestaurant();
  const restaurant = useRestaurant(restaurantId).data;
  const tables = useTables(restaurantId);
  const sorted = sortTables(tables.data ?? []);
  const [loaded, setLoaded] = useState<ReadonlySet<string>>(new Set());
  const printedRef = useRef(false);
  const title = restaurant
    ? appText(i18n, 'app.admin.tables.printTitleNamed', { name: restaurant.name })
    : appText(i18n, 'app.admin.tables.printTitle');
  useDocumentTitle(title);

  const allDrawn = sorted.length > 0 && sorted.every((table) => loaded.has(table.id));
  useEffect(() => {
    if (!allDrawn || printedRef.current) return;
    printedRef.current = true;
    window.print();
  }, [allDrawn]);

  if (restaurantId !== null && tables.isPending) return <LoadingScreen />;

  return (
    <main className="min-h-dvh bg-white text-ink">
      <style>{'@page { margin: 12mm; }'}</style>
      <div className="mx-auto max-w-5xl px-4 py-6 print:max-w-none print:p-0">
        <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
          <Link
            to={paths.adminTables}
            className="inline-flex min-h-11 items-center rounded-control px-3 text-sm font-semibold text-brand-800 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
          >
            {appText(i18n, 'app.admin.tables.backToManagement')}
          </Link>
          <Button onClick={() => window.print()} disabled={sorted.length === 0}>
            {appText(i18n, 'app.admin.tables.print')}
          </Button>
        </div>

        <h1 className="mt-4 text-2xl font-bold print:mt-0">{title}</h1>
        <p className="mt-1 text-sm text-body print:hidden">
          {appText(i18n, 'app.admin.tables.printHint')}
        </p>
        <div className="mt-4 empty:hidden">
          <QrOriginWarning guestUrl={sorted[0]?.qrCode} />
        </div>

        {restaurantId === null ? (
          <div className="mt-6">
            <EmptyState title={appText(i18n, 'app.admin.tables.noRestaurant')} />
          </div>
        ) : tables.data === undefined ? (
          <div className="mt-6">
            <LoadError
              message={appText(i18n, 'app.admin.tables.loadFailed')}
              onRetry={() => void tables.refetch()}
            />
          </div>
        ) : sorted.length === 0 ? (
          <div className="mt-6">
            <EmptyState title={appText(i18n, 'app.admin.tables.noTables')}>
              {appText(i18n, 'app.admin.tables.printEmpty')}
            </EmptyState>
          </div>
        ) : (
          <ul
            role="list"
            className="mt-6 grid grid-cols-1 gap-4 min-[560px]:grid-cols-2 lg:grid-cols-3 print:grid-cols-3 print:gap-3"
          >
            {sorted.map((table) => (
              <li
                key={table.id}
                className="flex break-inside-avoid flex-col items-center gap-2 rounded-card border border-dashed border-faint p-4"
              >
                {restaurant && (
                  <div className="flex items-center gap-2">
                    <RestaurantMark
                      name={restaurant.name}
                      logoUrl={restaurant.logoUrl}
                      color={restaurant.primaryColor}
                      className="size-8"
                    />
                    <p className="text-base font-semibold">{restaurant.name}</p>
                  </div>
                )}
                <p className="text-lg font-bold">{appText(i18n, 'app.admin.tables.scanToCall')}</p>
                <QrImage
                  text={table.qrCode}
                  alt={appText(i18n, 'app.admin.tables.qrAlt', {
                    table: appTableLabel(i18n, table.number),
                  })}
                  size={PRINT_QR_PX}
                  onReady={() => setLoaded((current) => new Set(current).add(table.id))}
                />
                <p className="text-2xl font-bold">{appTableLabel(i18n, table.number)}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </main>
  );
}
