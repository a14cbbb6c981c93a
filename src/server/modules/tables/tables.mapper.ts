import { paths } from '@shared/paths';
import type { Table } from '@shared/schemas';
import type { TableWithServer } from './tables.repo';

/**
 * SPEC §9: the guest URL is the app origin plus /table/{restaurantId}/{tableId} (the client's route, shared/paths).
 * Decision 089: its last part is the table's QR code, the table's id until its restaurant regenerates its codes.
 */
export const guestUrl = (publicUrl: string, restaurantId: string, code: string) =>
  `${publicUrl}${paths.table(restaurantId, code)}`;

/** The code in a table's QR code (decision 089). */
export const guestCodeOf = (row: { id: string; guestCode: string | null }): string =>
  row.guestCode ?? row.id;

export function toApiTable(row: TableWithServer, publicUrl: string): Table {
  return {
    id: row.id,
    number: row.number,
    restaurantId: row.restaurantId,
    status: row.status,
    serverId: row.serverId,
    serverName: row.serverName,
    sectionId: row.sectionId,
    sectionName: row.sectionName,
    sectionServerIds: row.sectionServerIds,
    note: row.note,
    seatedAt: row.seatedAt,
    qrCode: guestUrl(publicUrl, row.restaurantId, guestCodeOf(row)),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
