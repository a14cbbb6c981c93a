import { z } from 'zod';

/**
 * The parts `/api/health/ready` checks: the database answers, the live bus listens, every migration is applied, and
 * the database has not failed to store lately (a full disk, issue 25).
 */
const HEALTH_PARTS = ['database', 'bus', 'migrations', 'storage'] as const;
export type HealthPart = (typeof HEALTH_PARTS)[number];

/** `/api/health/live` and a ready `/api/health/ready` answer `{ status: 'ok' }`; an unready one names what fails. */
export const healthResponseSchema = z.union([
  z.object({ status: z.literal('ok') }),
  z.object({ status: z.literal('unavailable'), failing: z.array(z.enum(HEALTH_PARTS)).min(1) }),
]);
export type HealthResponse = z.infer<typeof healthResponseSchema>;
