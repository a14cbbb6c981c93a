/** The path parameters the endpoints share (each a row's id; decision 041). */
import { z } from 'zod';
import { MSG } from '../messages';
import { idParamSchema, plainText } from '../schemas';

export const restaurantParams = z.object({ restaurantId: idParamSchema });
export const tableParams = z.object({ tableId: idParamSchema });
export const sectionParams = z.object({ sectionId: idParamSchema });
export const shiftParams = z.object({ shiftId: idParamSchema });
export const handoverParams = z.object({ handoverId: idParamSchema });
export const userParams = z.object({ userId: idParamSchema });
export const tokenParams = z.object({ tokenId: idParamSchema });
export const webhookParams = z.object({ webhookId: idParamSchema });
export const deliveryParams = z.object({ deliveryId: idParamSchema });
export const boardParams = z.object({ boardId: idParamSchema });
export const requestParams = z.object({ requestId: idParamSchema });
/** A prank block of a restaurant (decision 089). */
export const pressBlockParams = restaurantParams.extend({ blockId: idParamSchema });
/** A guest's table: the restaurant in the QR code's path, and the table in it. */
export const guestTableParams = restaurantParams.extend({ tableId: idParamSchema });
/** One of a guest table's requests (decision 071: cancel, bill method). */
export const guestRequestParams = guestTableParams.extend({ requestId: idParamSchema });
export const loginIdParams = z.object({ loginId: plainText(MSG.badRequest).min(1).max(64) });

/** 204: no body (OpenAPI: a response without content). */
export const noContent = z.undefined().describe('No content');
