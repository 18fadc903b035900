// Public face of @shop/schemas: the generated types and zod form schemas, the entity metadata, and the
// rules several packages check alike (requisites).
export * from './generated/types';
export * from './generated/api';
export * from './rules/requisites';
