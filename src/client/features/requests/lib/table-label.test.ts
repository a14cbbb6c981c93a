import { describe, expect, it } from 'vitest';
import { tableLabel } from './table-label';

describe('tableLabel (SPEC §2 /server/requests)', () => {
  it("reads 'Table {number}' when the table is known", () => {
    expect(tableLabel({ tableNumber: '12' })).toBe('Table 12');
  });

  it("reads 'Unknown' (not 'Table Unknown') when the table is not found", () => {
    expect(tableLabel({ tableNumber: null })).toBe('Unknown');
  });
});
