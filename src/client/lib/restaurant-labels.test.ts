import { describe, expect, it } from 'vitest';
import { restaurantLabels } from './restaurant-labels';

describe('restaurantLabels', () => {
  it('keeps unique names and distinguishes shared ones by id', () => {
    const labels = restaurantLabels([
      { id: 'bistro', name: 'Bistro' },
      { id: 'bistro-2', name: 'Bistro' },
      { id: 'chez-leas-cafe', name: 'Chez Léa’s Café' },
    ]);
    expect([...labels.values()]).toEqual([
      'Bistro (bistro)',
      'Bistro (bistro-2)',
      'Chez Léa’s Café',
    ]);
  });
});
