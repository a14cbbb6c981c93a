/** Shifts, hand-overs and the staff's table notes (issue 27 item 3, decisions 094–096). */
import {
  forceEndShiftBodySchema,
  handoverResponseSchema,
  offerHandoverBodySchema,
  shiftHistoryResponseSchema,
  shiftResponseSchema,
  shiftStateResponseSchema,
  startShiftBodySchema,
  tableNoteBodySchema,
  tableResponseSchema,
} from '../schemas';
import { ADMIN, SERVER, STAFF } from './access';
import { endpoint } from './endpoint';
import { handoverParams, restaurantParams, shiftParams, tableParams } from './params';

export const getShiftState = endpoint('getShiftState', {
  tag: 'shifts',
  summary: 'Who is on duty, and the signed-in server’s shift, holdings and hand-over offers',
  access: STAFF,
  params: restaurantParams,
  responses: { 200: shiftStateResponseSchema },
  errors: ['restaurant_not_found'],
});

export const startShift = endpoint('startShift', {
  tag: 'shifts',
  summary: 'Start a shift: the picked sections’ tables nobody on duty covers become the server’s',
  access: SERVER,
  params: restaurantParams,
  body: startShiftBodySchema,
  responses: { 201: shiftStateResponseSchema },
  errors: ['restaurant_not_found', 'section_not_found', 'shift_open'],
});

export const endShift = endpoint('endShift', {
  tag: 'shifts',
  summary: 'End the signed-in server’s shift: refused while they hold tables or open requests',
  access: SERVER,
  params: restaurantParams,
  responses: { 200: shiftStateResponseSchema },
  errors: ['restaurant_not_found', 'not_on_duty', 'shift_holds_work'],
});

export const listShifts = endpoint('listShifts', {
  tag: 'shifts',
  summary: 'Today’s shifts and hand-overs (a server sees their own; the owner all)',
  access: STAFF,
  params: restaurantParams,
  responses: { 200: shiftHistoryResponseSchema },
  errors: ['restaurant_not_found'],
});

export const forceEndShift = endpoint('forceEndShift', {
  tag: 'shifts',
  summary:
    'The owner ends a server’s shift: their tables and open requests go to a server on duty, or are released (null)',
  access: ADMIN,
  params: shiftParams,
  body: forceEndShiftBodySchema,
  responses: { 200: shiftResponseSchema },
  errors: [
    'shift_not_found',
    'shift_ended',
    'staff_not_found',
    'staff_deactivated',
    'colleague_not_on_duty',
    'handover_to_self',
  ],
});

export const offerHandover = endpoint('offerHandover', {
  tag: 'shifts',
  summary: 'Offer everything the signed-in server holds to a named colleague on duty',
  access: SERVER,
  params: restaurantParams,
  body: offerHandoverBodySchema,
  responses: { 201: handoverResponseSchema },
  errors: [
    'restaurant_not_found',
    'not_on_duty',
    'staff_not_found',
    'staff_deactivated',
    'colleague_not_on_duty',
    'handover_to_self',
    'handover_pending',
  ],
});

export const acceptHandover = endpoint('acceptHandover', {
  tag: 'shifts',
  summary:
    'Accept a hand-over offered to the signed-in server: the tables (with their notes) and open requests move to them, and the offerer’s shift ends',
  access: SERVER,
  params: handoverParams,
  responses: { 200: handoverResponseSchema },
  errors: ['handover_not_found', 'handover_closed', 'not_on_duty'],
});

export const declineHandover = endpoint('declineHandover', {
  tag: 'shifts',
  summary: 'Decline a hand-over offered to the signed-in server',
  access: SERVER,
  params: handoverParams,
  responses: { 200: handoverResponseSchema },
  errors: ['handover_not_found', 'handover_closed'],
});

export const cancelHandover = endpoint('cancelHandover', {
  tag: 'shifts',
  summary: 'Withdraw the signed-in server’s own hand-over offer',
  access: SERVER,
  params: handoverParams,
  responses: { 200: handoverResponseSchema },
  errors: ['handover_not_found', 'handover_closed'],
});

export const setTableNote = endpoint('setTableNote', {
  tag: 'shifts',
  summary:
    'The staff’s short note on a table (its server, or the owner): one line of plain text, empty clears it',
  access: STAFF,
  params: tableParams,
  body: tableNoteBodySchema,
  responses: { 200: tableResponseSchema },
  errors: ['table_not_found', 'not_your_table', 'note_too_long', 'note_invalid'],
});
