/**
 * The console's list for a rush (issue 28, decision 055): open requests grouped by table, the longest wait on top,
 * and the Mine / Unassigned / All filters with their counts. Pure, so the rules are tested without a screen.
 */
import type { ServiceRequest } from '@shared/schemas';

export const CONSOLE_FILTERS = ['mine', 'unassigned', 'all'] as const;
export type ConsoleFilter = (typeof CONSOLE_FILTERS)[number];

/**
 * Decision 055:
 * - mine: at a table assigned to me when it was pressed (request.serverId), or taken by me;
 * - unassigned: at a table nobody is assigned to, and nobody has taken it yet — the calls that fall through;
 * - all: every open request this console receives (a server: their own and unassigned tables, SPEC §6; an admin:
 *   the whole restaurant).
 */
export function matchesFilter(
  request: ServiceRequest,
  filter: ConsoleFilter,
  userId: string | null,
): boolean {
  switch (filter) {
    case 'mine':
      return (
        userId !== null && (request.serverId === userId || request.acknowledgedBy?.id === userId)
      );
    case 'unassigned':
      return request.serverId === null && request.status === 'pending';
    case 'all':
      return true;
  }
}

/** How many open requests each filter shows (the counts on the filter tabs). */
export function filterCounts(
  open: readonly ServiceRequest[],
  userId: string | null,
): Record<ConsoleFilter, number> {
  const counts = { mine: 0, unassigned: 0, all: 0 };
  for (const request of open)
    for (const filter of CONSOLE_FILTERS)
      if (matchesFilter(request, filter, userId)) counts[filter] += 1;
  return counts;
}

/** One row of the console: a table and its open requests, oldest first. */
export interface TableGroup {
  tableId: string;
  /** The table's display fields, from its oldest request (what the table-text helper reads). */
  table: Pick<ServiceRequest, 'tableNumber'>;
  requests: ServiceRequest[];
}

const oldestFirst = (a: ServiceRequest, b: ServiceRequest) =>
  a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/**
 * Groups open requests by table. Rows are ordered by their oldest request, so the table that has waited longest is
 * on top whatever else it asked for since; overdue is shown on the row, it does not reorder it (issue 28). A table
 * with an open allergy / urgent request comes before every other, oldest first among them (decision 070).
 */
export function groupByTable(open: readonly ServiceRequest[]): TableGroup[] {
  const groups = groupInOrder(open);
  const urgent = (g: TableGroup) => g.requests.some((r) => r.urgent);
  // Decision 082: a request its guest said was not resolved comes back at the top, after the urgent ones.
  const reopened = (g: TableGroup) => g.requests.some((r) => r.reopenedAt !== null);
  return [
    ...groups.filter(urgent),
    ...groups.filter((g) => !urgent(g) && reopened(g)),
    ...groups.filter((g) => !urgent(g) && !reopened(g)),
  ];
}

function groupInOrder(open: readonly ServiceRequest[]): TableGroup[] {
  const groups = new Map<string, TableGroup>();
  for (const request of [...open].sort(oldestFirst)) {
    const group = groups.get(request.tableId);
    if (group) group.requests.push(request);
    else
      groups.set(request.tableId, {
        tableId: request.tableId,
        table: { tableNumber: request.tableNumber },
        requests: [request],
      });
  }
  return [...groups.values()];
}

/**
 * The first `limit` requests' rows (a row is never cut in two) and how many requests are left for "Show N more":
 * the console draws a bounded list that ticks every second, and every open request stays one tap away.
 */
export function firstRows(
  groups: readonly TableGroup[],
  limit: number,
): { shown: TableGroup[]; hidden: number } {
  const shown: TableGroup[] = [];
  let count = 0;
  let hidden = 0;
  for (const group of groups) {
    if (count < limit) {
      shown.push(group);
      count += group.requests.length;
    } else hidden += group.requests.length;
  }
  return { shown, hidden };
}
