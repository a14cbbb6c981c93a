/**
 * Names as shown in a list of restaurants (issue 13): a name two of them share is followed by the restaurant's id
 * (its slug, unique), so the admin can tell "Bistro" from "Bistro" without guessing.
 */
export function restaurantLabels(
  restaurants: readonly { id: string; name: string }[],
): Map<string, string> {
  const count = new Map<string, number>();
  for (const { name } of restaurants) count.set(name, (count.get(name) ?? 0) + 1);
  return new Map(
    restaurants.map(({ id, name }) => [id, (count.get(name) ?? 0) > 1 ? `${name} (${id})` : name]),
  );
}
