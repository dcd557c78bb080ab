import { z } from 'zod';
import { endpoint } from '../endpoint';
import { idParams } from '../fields';
import { clearableText, customerText } from '../text';

/** The limits of a property (migration 105's checks). */
export const PROPERTY_LABEL_MAX = 80;
export const PROPERTY_ADDRESS_MAX = 300;

/**
 * One of a customer's properties (service addresses), contract-spec §4. The profile address is the
 * first one (isProfile); inUse: a quote or work order names it, so it cannot be removed.
 */
export const propertySchema = z.object({
  id: z.number().int().positive(),
  /** The customer's name for it ('Rental'); null when none. */
  label: z.string().nullable(),
  address: z.string(),
  isProfile: z.boolean(),
  inUse: z.boolean(),
});
export type Property = z.infer<typeof propertySchema>;

/** The property a quote or work order is for, as its page and lists show it. */
export const placeSchema = z.object({ id: z.number().int().positive(), label: z.string().nullable(), address: z.string() });
export type Place = z.infer<typeof placeSchema>;

export const propertyListSchema = z.object({ properties: z.array(propertySchema) });
export type PropertyList = z.infer<typeof propertyListSchema>;

/** 'Add property' / 'Agregar propiedad': an address (required) and an optional label. */
export const newPropertySchema = z.object({
  label: clearableText(PROPERTY_LABEL_MAX, `The label must be at most ${PROPERTY_LABEL_MAX} characters.`).optional(),
  address: customerText(
    { required: 'Service address is required.', tooLong: `Service address must be at most ${PROPERTY_ADDRESS_MAX} characters.` },
    PROPERTY_ADDRESS_MAX,
  ),
});
export type NewProperty = z.input<typeof newPropertySchema>;

/** The signed-in customer's properties, the profile's first, then oldest first. */
export const listProperties = endpoint({ method: 'GET', path: '/api/properties', response: propertyListSchema });

/** Adds a property; an address the customer has already (case and spaces aside) answers that one. */
export const addProperty = endpoint({ method: 'POST', path: '/api/properties', body: newPropertySchema, response: propertySchema });

/** Removes a property no quote or work order names, other than the profile's (409 otherwise; 404 when not theirs). */
export const removeProperty = endpoint({
  method: 'POST',
  path: '/api/properties/:id/remove',
  params: idParams,
  response: propertyListSchema,
});

/**
 * 'Edit' a property (decision 235): its label (always; empty clears it) and/or its address (only while
 * no quote or work order names it, never the profile's: 409 property_in_use / profile_property; one
 * the customer has already: 409 property_exists). Answers the list.
 */
export const editPropertySchema = z
  .object({
    label: clearableText(PROPERTY_LABEL_MAX, `The label must be at most ${PROPERTY_LABEL_MAX} characters.`).optional(),
    address: customerText(
      { required: 'Service address is required.', tooLong: `Service address must be at most ${PROPERTY_ADDRESS_MAX} characters.` },
      PROPERTY_ADDRESS_MAX,
    ).optional(),
  })
  .strict()
  .refine((edit) => edit.label !== undefined || edit.address !== undefined, 'Give a label or an address to change.');
export type PropertyEdit = z.input<typeof editPropertySchema>;

export const editProperty = endpoint({
  method: 'POST',
  path: '/api/properties/:id',
  params: idParams,
  body: editPropertySchema,
  response: propertyListSchema,
});
