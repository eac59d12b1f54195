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
