/**
 * Two addresses are the same place when they differ only in case and spaces ('12 Oak St' and
 * '12  oak st'): 'Another address' that a customer has already answers that property (decision 224).
 */
export const addressKey = (address: string): string => address.trim().replace(/\s+/g, ' ').toLowerCase();

export const sameAddress = (a: string, b: string): boolean => addressKey(a) === addressKey(b);

/** How a property is shown in a list or a choice: 'Rental — 12 Oak St', or the address alone. */
export const propertyText = (property: { label: string | null; address: string }): string =>
  property.label ? `${property.label} — ${property.address}` : property.address;
