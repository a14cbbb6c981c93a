// @vitest-environment jsdom
/**
 * SPEC §8 "Selected restaurant not found": the chosen restaurant is judged gone only on a session answered after
 * it was found missing. A session older than the choice (a restaurant created a moment ago, its choice in the
 * storage — another tab, or the e2e shifts spec's owner) must not clear the choice.
 */
import { act, createElement, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { messages as english } from '@shared/i18n/compiled/app/en';
import { createI18n } from '@shared/i18n/i18n';
import { ActiveRestaurantProvider, useActiveRestaurant } from './active-restaurant-provider';
import { I18nContext } from './i18n';
import { toast } from './toast';

vi.mock('./toast', () => ({ toast: { info: vi.fn() } }));

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const OWNER = 'owner-1';
const STORED = `table-service.active-restaurant.${OWNER}`;

let root: Root;
let queryClient: QueryClient;
let shown: (string | null)[];

const admin = (restaurantIds: string[]) => ({
  user: { id: OWNER, name: 'Olga', role: 'admin', language: null, restaurantIds },
});

/** GET /api/session answers each list in turn, the last one from then on. */
function sessions(...answers: string[][]) {
  const fetch = vi.fn(() => {
    const ids = answers.length > 1 ? answers.shift()! : answers[0]!;
    return Promise.resolve(
      new Response(JSON.stringify(admin(ids)), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

function Shown() {
  shown.push(useActiveRestaurant().restaurantId);
  return null;
}

async function render(): Promise<void> {
  const tree: ReactNode = createElement(
    QueryClientProvider,
    { client: queryClient },
    createElement(
      I18nContext,
      { value: createI18n('en', english) },
      createElement(ActiveRestaurantProvider, null, createElement(Shown)),
    ),
  );
  await act(async () => {
    root.render(tree);
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
  // Let the session's second answer, and what it leads to, settle.
  for (let i = 0; i < 5; i++)
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
}

beforeEach(() => {
  shown = [];
  queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  root = createRoot(document.createElement('div'));
  window.localStorage.clear();
  vi.mocked(toast.info).mockClear();
});

afterEach(() => {
  act(() => root.unmount());
  queryClient.clear();
  vi.unstubAllGlobals();
});

it('keeps a choice the session in hand does not list yet, once a fresh session lists it', async () => {
  window.localStorage.setItem(STORED, 'r-new');
  // The first answer predates the new restaurant; the one asked for after it was found missing lists it.
  const fetch = sessions(['r-demo'], ['r-demo', 'r-new']);
  await render();
  expect(fetch).toHaveBeenCalledTimes(2);
  expect(shown.at(-1)).toBe('r-new');
  expect(window.localStorage.getItem(STORED)).toBe('r-new');
  expect(toast.info).not.toHaveBeenCalled();
});

it('falls back to the first restaurant, and says so, when a fresh session still lacks the choice', async () => {
  window.localStorage.setItem(STORED, 'r-gone');
  const fetch = sessions(['r-demo', 'r-other']);
  await render();
  expect(fetch).toHaveBeenCalledTimes(2);
  expect(shown.at(-1)).toBe('r-demo');
  expect(window.localStorage.getItem(STORED)).toBeNull();
  expect(toast.info).toHaveBeenCalledTimes(1);
  expect(toast.info).toHaveBeenCalledWith(
    'Selected restaurant not found. Switched to available restaurant.',
  );
});

it('asks nothing more when the choice is listed', async () => {
  window.localStorage.setItem(STORED, 'r-other');
  const fetch = sessions(['r-demo', 'r-other']);
  await render();
  expect(fetch).toHaveBeenCalledTimes(1);
  expect(shown.at(-1)).toBe('r-other');
  expect(toast.info).not.toHaveBeenCalled();
});
