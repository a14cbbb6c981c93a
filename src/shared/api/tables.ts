/** Tables and who serves them. */
import {
  createTableBodySchema,
  createTablesBodySchema,
  deleteTablesBodySchema,
  renameTableBodySchema,
  sectionBodySchema,
  sectionResponseSchema,
  sectionServersBodySchema,
  sectionsResponseSchema,
  setTablesSectionBodySchema,
  tableResponseSchema,
  tableServerBodySchema,
  tablesResponseSchema,
} from '../schemas';
import { ADMIN, SERVER, STAFF } from './access';
import { endpoint } from './endpoint';
import { noContent, restaurantParams, sectionParams, tableParams } from './params';

export const listTables = endpoint('listTables', {
  tag: 'tables',
  summary: 'The restaurant’s tables, with who serves each',
  access: STAFF,
  tokenScope: 'read',
  params: restaurantParams,
  responses: { 200: tablesResponseSchema },
  errors: ['restaurant_not_found'],
});

export const createTable = endpoint('createTable', {
  tag: 'tables',
  summary: 'Add a table (its number is unique in the restaurant)',
  access: ADMIN,
  tokenScope: 'tables:manage',
  params: restaurantParams,
  body: createTableBodySchema,
  responses: { 201: tableResponseSchema },
  errors: [
    'restaurant_not_found',
    'number_required',
    'no_restaurant',
    'table_number_exists',
    'table_limit',
  ],
});

export const createTables = endpoint('createTables', {
  tag: 'tables',
  summary: 'Add several tables: all of them or none',
  access: ADMIN,
  tokenScope: 'tables:manage',
  params: restaurantParams,
  body: createTablesBodySchema,
  responses: { 201: tablesResponseSchema },
  errors: ['restaurant_not_found', 'number_required', 'table_number_exists', 'table_limit'],
});

export const deleteTables = endpoint('deleteTables', {
  tag: 'tables',
  summary: 'Delete several of the restaurant’s tables: all of them or none',
  access: ADMIN,
  tokenScope: 'tables:manage',
  params: restaurantParams,
  body: deleteTablesBodySchema,
  responses: { 204: noContent },
  errors: ['restaurant_not_found', 'table_not_found'],
});

export const renameTable = endpoint('renameTable', {
  tag: 'tables',
  summary: 'Rename a table (same id and QR code)',
  access: ADMIN,
  tokenScope: 'tables:manage',
  params: tableParams,
  body: renameTableBodySchema,
  responses: { 200: tableResponseSchema },
  errors: ['table_not_found', 'number_required', 'table_number_exists'],
});

export const assignTable = endpoint('assignTable', {
  tag: 'tables',
  summary: 'Take a table: the signed-in server serves it',
  access: SERVER,
  params: tableParams,
  responses: { 200: tableResponseSchema },
  errors: ['table_not_found', 'table_taken'],
});

export const unassignTable = endpoint('unassignTable', {
  tag: 'tables',
  summary: 'Release a table the signed-in server serves',
  access: SERVER,
  params: tableParams,
  responses: { 200: tableResponseSchema },
  errors: ['table_not_found', 'not_your_table'],
});

export const deleteTable = endpoint('deleteTable', {
  tag: 'tables',
  summary: 'Delete a table and its calls',
  access: ADMIN,
  tokenScope: 'tables:manage',
  params: tableParams,
  responses: { 204: noContent },
  errors: ['table_not_found'],
});

// ---------- a party's visit (decisions 092, 093) ----------

export const seatTable = endpoint('seatTable', {
  tag: 'tables',
  summary:
    'Seat a table: a party’s visit starts now (a party’s first press starts one by itself). The owner, or a server who sees the table',
  access: STAFF,
  params: tableParams,
  responses: { 200: tableResponseSchema },
  errors: ['table_not_found', 'not_your_table', 'table_seated'],
});

export const clearTable = endpoint('clearTable', {
  tag: 'tables',
  summary:
    'Clear a table: the party left. Its visit closes and its open requests are dismissed, so the next party starts fresh',
  access: STAFF,
  params: tableParams,
  responses: { 200: tableResponseSchema },
  errors: ['table_not_found', 'not_your_table', 'table_clear'],
});

/**
 * Decision 089: every table of the restaurant gets a new QR code; the old codes answer the guest page's "no longer
 * valid" page. The tables keep their ids, calls and history.
 */
export const regenerateTableCodes = endpoint('regenerateTableCodes', {
  tag: 'tables',
  summary: 'Give every table a new QR code (the printed ones stop working)',
  access: ADMIN,
  tokenScope: 'tables:manage',
  params: restaurantParams,
  responses: { 200: tablesResponseSchema },
  errors: ['restaurant_not_found'],
});

// ---------- the owner's sections and assignment (decision 077) ----------

export const setTableServer = endpoint('setTableServer', {
  tag: 'tables',
  summary:
    'The owner gives a table to one of the restaurant’s servers, or takes it from its server (null)',
  access: ADMIN,
  params: tableParams,
  body: tableServerBodySchema,
  responses: { 200: tableResponseSchema },
  errors: ['table_not_found', 'staff_not_found', 'staff_deactivated'],
});

export const setTablesSection = endpoint('setTablesSection', {
  tag: 'tables',
  summary:
    'Put several tables in a section, or take them out of theirs (null): all of them or none',
  access: ADMIN,
  params: restaurantParams,
  body: setTablesSectionBodySchema,
  responses: { 200: tablesResponseSchema },
  errors: ['restaurant_not_found', 'table_not_found', 'section_not_found'],
});

export const listSections = endpoint('listSections', {
  tag: 'tables',
  summary: 'The restaurant’s sections, with their servers and tables',
  access: ADMIN,
  params: restaurantParams,
  responses: { 200: sectionsResponseSchema },
  errors: ['restaurant_not_found'],
});

export const createSection = endpoint('createSection', {
  tag: 'tables',
  summary: 'Add a section (its name is unique in the restaurant, whatever the case)',
  access: ADMIN,
  params: restaurantParams,
  body: sectionBodySchema,
  responses: { 201: sectionResponseSchema },
  errors: ['restaurant_not_found', 'name_required', 'section_name_exists', 'section_limit'],
});

export const renameSection = endpoint('renameSection', {
  tag: 'tables',
  summary: 'Rename a section',
  access: ADMIN,
  params: sectionParams,
  body: sectionBodySchema,
  responses: { 200: sectionResponseSchema },
  errors: ['section_not_found', 'name_required', 'section_name_exists'],
});

export const deleteSection = endpoint('deleteSection', {
  tag: 'tables',
  summary: 'Delete a section: its tables stay, in no section',
  access: ADMIN,
  params: sectionParams,
  responses: { 204: noContent },
  errors: ['section_not_found'],
});

export const setSectionServers = endpoint('setSectionServers', {
  tag: 'tables',
  summary: 'Set which of the restaurant’s servers serve a section (the whole list)',
  access: ADMIN,
  params: sectionParams,
  body: sectionServersBodySchema,
  responses: { 200: sectionResponseSchema },
  errors: ['section_not_found', 'staff_not_found', 'staff_deactivated'],
});
