import type { PublicRestaurant } from '../../../../shared/schemas';
import { RestaurantMark } from '../../../components/ui/restaurant-mark';
import { readableTextOn, safeColor } from '../../../../shared/color';

/** SPEC §2 guest header: coloured with the primary colour; logo (or first letter), name and 'Table {number}'. */
export function GuestHeader({
  restaurant,
  tableNumber,
}: {
  restaurant: PublicRestaurant;
  tableNumber: string;
}) {
  const background = safeColor(restaurant.primaryColor);
  return (
    <header
      className="px-4 pb-6 pt-[max(1.5rem,env(safe-area-inset-top))] shadow-md"
      style={{ backgroundColor: background, color: readableTextOn(background) }}
    >
      <div className="mx-auto flex max-w-lg items-center gap-4">
        <RestaurantMark
          name={restaurant.name}
          logoUrl={restaurant.logoUrl}
          color={restaurant.secondaryColor}
          className="size-14 text-2xl"
        />
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold">{restaurant.name}</h1>
          <p className="text-lg font-medium opacity-90">Table {tableNumber}</p>
        </div>
      </div>
    </header>
  );
}
