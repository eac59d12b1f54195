import { DAY_MS } from './time.ts';

/** Roles and the capabilities they hold. */
export const ROLES = ['administrator', 'shop_manager', 'customer'] as const;
export type Role = (typeof ROLES)[number];

export const MANAGE_WOOCOMMERCE = 'manage_woocommerce';
export type Capability = typeof MANAGE_WOOCOMMERCE;

const CAPABILITIES: Record<Role, readonly Capability[]> = {
  administrator: [MANAGE_WOOCOMMERCE],
  shop_manager: [MANAGE_WOOCOMMERCE],
  customer: [],
};

export function roleHas(role: Role, capability: Capability): boolean {
  return CAPABILITIES[role].includes(capability);
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}

/** The roles that hold a capability: who may act on what it guards (and is told about it). */
export function rolesWith(capability: Capability): Role[] {
  return ROLES.filter((role) => roleHas(role, capability));
}

/** How long a sign-in session lasts (a remembered sign-in keeps its cookie as long). */
export const SIGN_IN_SESSION_TTL_MS = 14 * DAY_MS;

/**
 * An application password's last use (`last_used_at`, `last_ip`) is written at most this often,
 * as WordPress records it, so that reading the API is not a write per request.
 */
export const APP_PASSWORD_USAGE_INTERVAL_MS = DAY_MS;
