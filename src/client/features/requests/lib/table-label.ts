import type { ServiceRequest } from '../../../../shared/schemas';

/** SPEC §2 /server/requests: 'Table {number}', or 'Unknown' when the table is not found. */
export function tableLabel(request: Pick<ServiceRequest, 'tableNumber'>): string {
  return request.tableNumber === null ? 'Unknown' : `Table ${request.tableNumber}`;
}
