import { paths } from '@shared/paths';
import type { Table } from '@shared/schemas';
import type { TableWithServer } from './tables.repo';

/** SPEC §9: the guest URL is the app origin plus /table/{restaurantId}/{tableId} (the client's route, shared/paths). */
export const guestUrl = (publicUrl: string, restaurantId: string, tableId: string) =>
  `${publicUrl}${paths.table(restaurantId, tableId)}`;

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
    qrCode: guestUrl(publicUrl, row.restaurantId, row.id),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
