import { ROLES, ROLE_LABELS, type Role } from './codes';

// Access stated once (issue 27, decision 094): a module's access table in contracts names, per
// operation, the roles that may do it. The gateway guards its routes by it, the BFF's procedures
// check it, the web shows what it allows; a workflow's actions name theirs beside their states.

/** One of these roles is needed; an empty list is any signed-in user (spec §6 sidebar rule). */
export type Access = readonly Role[];

/** Any signed-in user. */
export const SIGNED_IN: Access = [];
/** Most of the panel (spec §6). */
export const STAFF: Access = [ROLES.staff];

/** A module's access table: operation → the roles it needs. */
export function defineAccess<const T extends Record<string, Access>>(table: T): Readonly<T> {
  return Object.freeze(table);
}

/** Whether a user holding `held` may do what `access` guards. */
export function allows(access: Access, held: readonly string[]): boolean {
  return access.length === 0 || access.some((role) => held.includes(role));
}

/** The Persian 403 of `what` (an action's label) for someone without the roles: «تأیید معامله» فقط از سرپرست برمی‌آید. */
export function roleRefusal(what: string, access: Access): string {
  const who = access.map((role) => ROLE_LABELS[role]).join(' یا ');
  return `«${what}» فقط از ${who} برمی‌آید.`;
}
