/** Tables and who serves them. */
import {
  createTableBodySchema,
  createTablesBodySchema,
  deleteTablesBodySchema,
  renameTableBodySchema,
  tableResponseSchema,
  tablesResponseSchema,
} from '../schemas';
import { ADMIN, SERVER, STAFF } from './access';
import { endpoint } from './endpoint';
import { noContent, restaurantParams, tableParams } from './params';

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
