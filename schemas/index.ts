// Public face of @shop/schemas: the generated types and zod form schemas, the entity metadata, and the
// rules several packages check alike (requisites, phone numbers) and the Russian words of every schema rule.
export * from './generated/types';
export * from './generated/api';
export * from './rules/requisites';
export * from './rules/messages';
export * from './rules/phone';
export * from './rules/ranges';
export * from './rules/bounds';
export * from './rules/stock';
export * from './rules/slug';
export * from './rules/plural';
export * from './rules/quotes';
export * from './rules/refund-pieces';
