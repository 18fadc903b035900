// Checked by `npm run typecheck`, not run: the hooks x-hooks names are typed by their entity's generated
// types (crud/types.ts EntityHooks), so a hook written for another entity, or one that stores a value of the
// wrong type, does not compile. Each line below must stay an error; were the types loose again
// (Record<string, unknown>), `@ts-expect-error` would find no error and the type check would fail.
import type { EntityHooks } from '../src/platform/crud/types';
import { beforeSave as usersBeforeSave } from '../src/domains/accounts/user-hooks';

// @ts-expect-error a users hook gets a user's input, not a product's
export const productsFromUsers: EntityHooks<'products'>['beforeSave'] = usersBeforeSave;

// @ts-expect-error an e-mail is text
export const numberEmail: EntityHooks<'users'>['beforeSave'] = (data) => ({ ...data, email: 5 });

// @ts-expect-error the stored record is typed: a user has no `price`
export const unknownField: EntityHooks<'users'>['afterSave'] = (record) => void record.price;

// A hook may add columns only the server sets (a password's hash), with any name.
export const serverColumn: EntityHooks<'users'>['beforeSave'] = (data) => ({ ...data, passwordHash: 'x' });
