/** Push texts name a table as every screen does (decision 064): 'Table 7', 'Terrace 3' as written. */
import { describe, expect, it } from 'vitest';
import type { ServiceRequest } from '@shared/schemas';
import { serverI18n } from '../../i18n';
import { newRequestPayload, overduePayload } from './push-payloads';

const pressed = (tableNumber: string | null): ServiceRequest => ({
  id: 'r1',
  restaurantId: 'rest',
  tableId: 'tbl-abc',
  tableNumber,
  serverId: null,
  sectionServerIds: [],
  type: 'bill',
  status: 'pending',
  overdue: false,
  createdAt: 0,
  updatedAt: 0,
  acknowledgedAt: null,
  acknowledgedBy: null,
  resolvedAt: null,
  resolvedBy: null,
  note: null,
  urgent: false,
  billMethod: null,
  reopenedAt: null,
  reach: 'routed',
  reachServerIds: null,
});

describe('push payload texts', () => {
  it("keep SPEC's 'New Request from Table {number}' for a number", () => {
    expect(newRequestPayload(pressed('7')).title).toBe('New Request from Table 7');
    expect(overduePayload(pressed('7'), 5, 'server').title).toBe('Still waiting: Table 7');
  });

  it('name a table that is not a bare number as written', () => {
    expect(newRequestPayload(pressed('Terrace 3')).title).toBe('New Request from Terrace 3');
    expect(overduePayload(pressed('Bar 2'), 5, 'admin').title).toBe('Still waiting: Bar 2');
  });

  it('fall back to the table id when the number is unknown (SPEC §8)', () => {
    expect(newRequestPayload(pressed(null)).title).toBe('New Request from Table tbl-abc');
  });

  it("use the recipient's language for the word only", () => {
    const german = serverI18n('de');
    expect(newRequestPayload(pressed('7'), german).title).toBe('Neue Anfrage: Tisch 7');
    expect(newRequestPayload(pressed('Terrasse 1'), german).title).toBe('Neue Anfrage: Terrasse 1');
  });
});
