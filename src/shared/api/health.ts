/** Probes for load balancers and orchestrators (docs/deploy.md). */
import { healthResponseSchema } from '../health';
import { PUBLIC } from './access';
import { endpoint } from './endpoint';

export const getHealthLive = endpoint('getHealthLive', {
  tag: 'health',
  summary: 'The process answers HTTP',
  access: PUBLIC,
  responses: { 200: healthResponseSchema },
  errors: [],
});

export const getHealthReady = endpoint('getHealthReady', {
  tag: 'health',
  summary: 'This instance can take traffic (503 names what fails)',
  access: PUBLIC,
  responses: { 200: healthResponseSchema, 503: healthResponseSchema },
  errors: [],
});
