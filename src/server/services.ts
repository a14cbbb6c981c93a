/** The service layer, built once per app and handed to every route module (explicit wiring, DESIGN.md). */
import {
  DEFAULT_RESTAURANT_CAPS,
  type RestaurantCaps,
} from './modules/restaurants/restaurant-caps';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/client';
import type { EventBus } from './live/bus';
import { createMailer, defaultDataDir, type Mailer } from './mail/mailer';
import { LiveService } from './live/live.service';
import { Presence } from './live/presence';
import { AuthService } from './modules/auth/auth.service';
import { LoginThrottle } from './modules/auth/login-throttle';
import { SessionPruner } from './modules/auth/session-pruner';
import { GuestService } from './modules/guest/guest.service';
import { PranksService } from './modules/pranks/pranks.service';
import { PressGate } from './modules/pranks/press-gate';
import { UsualWaitsCache } from './modules/guest/usual-waits';
import { RequestsService } from './modules/requests/requests.service';
import { RestaurantsService } from './modules/restaurants/restaurants.service';
import { SectionsService } from './modules/tables/sections.service';
import { ShiftsService } from './modules/shifts/shifts.service';
import { TablesService } from './modules/tables/tables.service';
import { AccountService } from './modules/users/account.service';
import { RestaurantAdminService } from './modules/restaurants/restaurant-admin.service';
import { StaffService } from './modules/staff/staff.service';
import { DashboardService } from './modules/dashboard/dashboard.service';
import { AnalyticsService } from './modules/analytics/analytics.service';
import { HeavyReadGate } from './http/user-limits';
import { SuperAdminService } from './modules/super-admin/super-admin.service';
import { VerificationService } from './modules/verification/verification.service';
import { PasswordResetService } from './modules/password-reset/password-reset.service';
import { PushService, type PushOptions } from './modules/push/push.service';
import { BoardsService } from './modules/boards/boards.service';
import { EscalationService } from './modules/escalation/escalation.service';
import { ReachService } from './modules/reach/reach.service';
import { VisitsService } from './modules/visits/visits.service';
import { Metrics } from './metrics/metrics';
import { countOutbox } from './modules/push/push.repo';
import { ApiTokensService } from './modules/integrations/api-tokens.service';
import { WebhooksService, type WebhookOptions } from './modules/integrations/webhooks.service';

export interface ServiceOptions {
  db: Db;
  bus: EventBus;
  log: FastifyBaseLogger;
  publicUrl: string;
  clock?: () => number;
  /** Verification mail; default: .eml files in a temporary outbox. */
  mailer?: Mailer;
  /** Web Push: VAPID keys from the environment (else generated once and stored), TLS agent, allowed services. */
  push?: PushOptions;
  /** This app's Prometheus metrics (docs/decisions/021); default: a fresh set. */
  metrics?: Metrics;
  /** Restaurants one admin may own at once (MAX_RESTAURANTS_PER_ADMIN); default 20. */
  maxRestaurantsPerAdmin?: number;
  /** Tables and staff one restaurant may hold (MAX_TABLES/STAFF_PER_RESTAURANT). */
  restaurantCaps?: RestaurantCaps;
  /** Outbound webhooks (decision 076). */
  webhooks?: WebhookOptions;
}

/** The webhook event a staff action's outcome is (a request updated to this status). */
const WEBHOOK_EVENT_OF = {
  pending: 'request.created',
  acknowledged: 'request.taken',
  completed: 'request.completed',
  dismissed: 'request.dismissed',
  cancelled: 'request.cancelled',
} as const;

export function buildServices({
  db,
  bus,
  log,
  publicUrl,
  clock,
  mailer,
  push,
  metrics = new Metrics(),
  maxRestaurantsPerAdmin,
  restaurantCaps = DEFAULT_RESTAURANT_CAPS,
  webhooks: webhookOptions,
}: ServiceOptions) {
  const live = new LiveService(bus, log, metrics);
  live.trackPresence(new Presence(db, log, (ids) => live.presenceChanged(ids)));
  const throttle = new LoginThrottle(db, metrics, clock);
  const auth = new AuthService(db, throttle);
  const tables = new TablesService(db, live, publicUrl, restaurantCaps.tables);
  const publishTables = (ids: string[]) => tables.publish(ids);
  const sections = new SectionsService(db, publishTables);
  const shifts = new ShiftsService(db, live, publishTables, (id) => tables.get(id), clock);
  const account = new AccountService(db, live, publishTables, throttle, (...args) =>
    shifts.leaveDutyInTx(...args),
  );
  const mail = mailer ?? createMailer({ dataDir: defaultDataDir(), log });
  const verification = new VerificationService(db, mail, log, publicUrl, clock);
  const passwordReset = new PasswordResetService(db, mail, log, publicUrl, live, clock);
  const pushService = new PushService(db, log, publicUrl, push ?? {}, metrics, clock);
  metrics.countOutboxWith(() => countOutbox(db));
  const requests = new RequestsService(db, live, metrics, clock);
  // Issue 5: every new request is pushed to its server's devices. The press queued the push in the outbox (same
  // statement); the sender delivers it in the background, with retries (docs/decisions/013). No device, no push: the
  // sender is not woken (one statement per press fewer).
  requests.onCreated((_request, pushQueued) => {
    if (pushQueued) pushService.kick();
  });
  // Decision 076: each request event is queued for the restaurant's webhooks right after its own commit.
  const webhooks = new WebhooksService(db, mail, log, publicUrl, webhookOptions, clock);
  requests.onCreated((request) => webhooks.requestEvent('request.created', request));
  requests.onUpdated((request) => webhooks.requestEvent(WEBHOOK_EVENT_OF[request.status], request));
  requests.onRated((rating) => webhooks.ratingEvent(rating));
  // Decision 073: analytics figures are kept until the restaurant changes; a rating sends no live event.
  const analytics = new AnalyticsService(db, clock);
  analytics.figures.follow(bus);
  requests.onRated((rating) => analytics.figures.drop(rating.restaurantId));
  // Decisions 090, 091: receipts and re-routing; a handled call's alerts are replaced on the devices they reached.
  const reach = new ReachService(db, live, pushService, log, clock);
  const pressGate = new PressGate(db, clock);
  requests.onUpdated((request) => {
    reach.queueClose(request).catch((err: unknown) => log.warn({ err }, 'alert close not queued'));
  });
  // Decisions 092, 093: a party's visit; clearing a table dismisses its open requests, announced like staff actions.
  // Decision 097: the same sweep makes the service timers' reminders, announced like presses.
  const visits = new VisitsService(
    db,
    tables,
    {
      updated: (ids) => requests.announceUpdated(ids),
      created: (ids, pushQueued) => requests.announceCreated(ids, pushQueued),
    },
    log,
    clock,
  );
  return {
    visits,
    reach,
    db,
    metrics,
    live,
    auth,
    throttle,
    sessionPruner: new SessionPruner(db, log, clock),
    guest: new GuestService(db, new UsualWaitsCache(db, clock), pressGate),
    requests,
    pressGate,
    pranks: new PranksService(db, requests, clock),
    sections,
    shifts,
    push: pushService,
    escalation: new EscalationService(db, live, pushService, log, metrics, clock),
    restaurants: new RestaurantsService(db),
    boards: new BoardsService(db, live, clock),
    tables,
    restaurantAdmin: new RestaurantAdminService(db, live, maxRestaurantsPerAdmin),
    staff: new StaffService({
      db,
      log,
      accounts: account,
      passwordReset,
      publishTables,
      maxStaff: restaurantCaps.staff,
      // Password staff verify their email before their first sign-in (SPEC §5 Login).
      onPasswordStaffCreated: async ({ user }) => {
        await verification.sendVerificationMail(user.id);
      },
    }),
    dashboard: new DashboardService(db),
    analytics,
    /** Analytics, the dashboard and history: one at a time per user, a few per instance (decision 073). */
    heavyReads: new HeavyReadGate(),
    account,
    mailer: mail,
    verification,
    passwordReset,
    superAdmin: new SuperAdminService(db, account),
    apiTokens: new ApiTokensService(db, clock),
    webhooks,
  };
}

export type Services = ReturnType<typeof buildServices>;
