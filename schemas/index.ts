// Public face of @shop/schemas: the generated types and zod form schemas, and the entity metadata.
export * from './generated/types';
export * from './generated/api';
