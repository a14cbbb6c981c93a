/** The staff live channel's frames, checked with the shared zod schema (the staff app loads zod anyway). */
import { liveEventSchema, type LiveEvent } from '@shared/schemas';

export function parseLiveEvent(data: unknown): LiveEvent | null {
  if (typeof data !== 'string') return null;
  try {
    const parsed = liveEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
