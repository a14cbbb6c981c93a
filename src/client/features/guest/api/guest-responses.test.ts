import { describe, expect, it } from 'vitest';
import {
  guestCooldownResponseSchema,
  guestRequestResponseSchema,
  guestRequestStateResponseSchema,
  guestTableResponseSchema,
  publicLiveEventSchema,
} from '@shared/schemas';
import type { ResponseParser } from '../../../lib/api-client';
import {
  guestCooldownResponse,
  guestRequestResponse,
  guestRequestStateResponse,
  guestTableResponse,
  parsePublicLiveEvent,
} from './guest-responses';

const table = {
  restaurant: {
    id: 'demo-bistro',
    name: 'Demo Bistro',
    logoUrl: null,
    primaryColor: '#1E40AF',
    secondaryColor: '#F59E0B',
    reviewUrl: 'https://reviews.example/demo',
    guestLanguage: 'es',
    requestTypes: {
      hidden: ['refill'],
      custom: [{ key: 'c_abcdefghij', labels: { es: 'Trona' }, icon: 'chair', deletedAt: null }],
    },
  },
  table: { id: 't1', number: '1' },
  cooldownRemainingSeconds: 0,
  openRequests: [
    {
      id: 'r1',
      type: 'bill',
      status: 'acknowledged',
      createdAt: 1_700_000_000_000,
      acknowledgedAt: 1_700_000_030_000,
      takenBy: 'Anna',
      note: 'no ice',
      urgent: true,
      billMethod: 'card',
    },
  ],
  usualWaits: { order: 4 },
  closedNow: false,
};
const request = {
  request: { id: 'r1', type: 'order', createdAt: 1_700_000_000_000 },
  cooldownRemainingSeconds: 60,
};

/** Every way to break one field of a valid body: remove it, or give it a value of another kind. */
function variants(body: unknown): unknown[] {
  const wrong = [undefined, null, 'x', 7, true, [], {}];
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return wrong;
  const out: unknown[] = [...wrong];
  for (const [key, value] of Object.entries(body)) {
    for (const variant of variants(value)) {
      const copy: Record<string, unknown> = { ...body, [key]: variant };
      if (variant === undefined) delete copy[key];
      out.push(copy);
    }
  }
  return out;
}

const cases: [
  string,
  ResponseParser<unknown>,
  { safeParse: (v: unknown) => { success: boolean } },
  unknown,
][] = [
  ['guest table', guestTableResponse, guestTableResponseSchema, table],
  [
    'cool-down',
    guestCooldownResponse,
    guestCooldownResponseSchema,
    {
      cooldownRemainingSeconds: 12,
      openRequests: table.openRequests,
      usualWaits: {},
      closedNow: true,
    },
  ],
  [
    'guest request state (cancel, bill method)',
    guestRequestStateResponse,
    guestRequestStateResponseSchema,
    { request: table.openRequests[0] },
  ],
  ['guest request', guestRequestResponse, guestRequestResponseSchema, request],
  [
    'table request live event',
    // The live guard reads a frame's text; this adapter lets it run through the same variants.
    {
      safeParse: (data: unknown) => {
        const event = parsePublicLiveEvent(JSON.stringify(data) ?? '');
        return event ? { success: true, data: event } : { success: false };
      },
    },
    publicLiveEventSchema,
    { type: 'table.request', request: table.openRequests[0] },
  ],
];

describe.each(cases)('%s response guard', (_name, guard, schema, valid) => {
  it('accepts a valid body, as the shared schema does', () => {
    expect(schema.safeParse(valid).success).toBe(true);
    expect(guard.safeParse(valid)).toEqual({ success: true, data: valid });
  });

  it('refuses and accepts exactly what the shared schema refuses and accepts', () => {
    for (const body of variants(valid)) {
      expect(guard.safeParse(body).success, JSON.stringify(body)).toBe(
        schema.safeParse(body).success,
      );
    }
  });

  it('refuses a body that is not JSON (readJson gives undefined)', () => {
    expect(guard.safeParse(undefined).success).toBe(false);
  });
});

describe('guest request type', () => {
  it('is one of the four SPEC request types', () => {
    const bad = { ...request, request: { ...request.request, type: 'dessert' } };
    expect(guestRequestResponseSchema.safeParse(bad).success).toBe(false);
    expect(guestRequestResponse.safeParse(bad).success).toBe(false);
  });
});
