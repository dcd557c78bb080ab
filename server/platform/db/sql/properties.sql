-- Properties (migration 105, server/modules/properties, docs/features/properties.md): a customer's
-- service addresses. The rules the database holds to, whoever writes (the API, the office, plain SQL):
-- * a quote or work order names only a property of its own customer (the customers row with its
--   e-mail); a work order's address is its property's (copied, so work_orders.address stays what an
--   order shows, for older code and rows put in by SQL); a work order's property (and, when it has
--   one, its address) change only while it is Pending, a quote's only until it is Approved (decision 224);
-- * the profile property (is_profile, the first one) follows the customer's profile address;
-- * a customer sees and adds only their own account's properties (matched by e-mail, as every
--   customer row: row-level-security.sql); the office sees and adds every customer's;
-- * a label may always be renamed; an address may be corrected only on a property no quote or work
--   order names, never the profile property's by hand (it follows the Profile) (decision 235).
-- The property_id column rights of quotes and work_orders are in grants.sql with their tables' others.

REVOKE ALL ON properties FROM portal_customer, portal_office;
GRANT SELECT ON properties TO portal_customer, portal_office;
GRANT INSERT (customer_id, label, address) ON properties TO portal_customer, portal_office;
GRANT UPDATE (label, address) ON properties TO portal_customer, portal_office;
GRANT DELETE ON properties TO portal_customer, portal_office;

ALTER TABLE properties ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS properties_owner ON properties;
CREATE POLICY properties_owner ON properties TO portal_customer
  USING (EXISTS (SELECT 1 FROM customers c
                 WHERE c.id = properties.customer_id AND lower(c.email) = current_setting('portal.email', true)))
  WITH CHECK (EXISTS (SELECT 1 FROM customers c
                      WHERE c.id = properties.customer_id AND lower(c.email) = current_setting('portal.email', true)));
DROP POLICY IF EXISTS properties_office ON properties;
CREATE POLICY properties_office ON properties TO portal_office USING (true) WITH CHECK (true);

-- The profile property is removed only with its customer: not by a customer or the office.
CREATE OR REPLACE FUNCTION property_keep_profile() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  IF OLD.is_profile AND EXISTS (SELECT 1 FROM customers WHERE id = OLD.customer_id) THEN
    RAISE EXCEPTION 'property % is the customer''s profile address', OLD.id USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  RETURN OLD;
END $$;
DROP TRIGGER IF EXISTS properties_keep_profile ON properties;
CREATE TRIGGER properties_keep_profile BEFORE DELETE ON properties FOR EACH ROW EXECUTE FUNCTION property_keep_profile();

-- The profile property follows customers.address (a profile address taken away keeps the property).
-- SECURITY DEFINER: a customer's profile edit keeps it without any right to write is_profile or address.
CREATE OR REPLACE FUNCTION customer_profile_property() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
DECLARE
  place text := btrim(coalesce(NEW.address, ''));
BEGIN
  IF place = '' OR char_length(place) > 300 THEN
    RETURN NULL;
  END IF;
  UPDATE properties SET address = place WHERE customer_id = NEW.id AND is_profile AND address IS DISTINCT FROM place;
  IF NOT EXISTS (SELECT 1 FROM properties WHERE customer_id = NEW.id AND is_profile) THEN
    INSERT INTO properties (customer_id, address, is_profile) VALUES (NEW.id, place, true);
  END IF;
  RETURN NULL;
END $$;
DROP TRIGGER IF EXISTS customers_profile_property ON customers;
CREATE TRIGGER customers_profile_property AFTER INSERT OR UPDATE OF address ON customers
  FOR EACH ROW EXECUTE FUNCTION customer_profile_property();

-- The address of the property `property` if it belongs to the customer with `owner_email`, else NULL.
-- Runs as the caller: a customer's row-level security hides other customers' properties anyway.
-- PL/pgSQL, so its plan is kept for the session (a SQL function with SET is planned at every call:
-- about 0.15 ms of every work order written; decision 285).
CREATE OR REPLACE FUNCTION property_address_for(property bigint, owner_email text) RETURNS text LANGUAGE plpgsql STABLE
SET search_path = public AS $$
BEGIN
  RETURN (SELECT p.address FROM properties p JOIN customers c ON c.id = p.customer_id
           WHERE p.id = property AND lower(c.email) = lower(owner_email));
END $$;

CREATE OR REPLACE FUNCTION work_order_property_guard() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
DECLARE
  place text;
BEGIN
  -- An order with no property (put in with plain SQL by e-mail) keeps what SQL may do to its address.
  IF TG_OP = 'UPDATE' AND OLD.status <> 'Pending'
     AND (NEW.property_id IS DISTINCT FROM OLD.property_id
          OR (OLD.property_id IS NOT NULL AND NEW.address IS DISTINCT FROM OLD.address)) THEN
    RAISE EXCEPTION 'work order % is %: its property and address can no longer change', OLD.id, OLD.status
      USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  IF NEW.property_id IS NOT NULL THEN
    place := property_address_for(NEW.property_id, NEW.email);
    IF place IS NULL THEN
      RAISE EXCEPTION 'property % is not a property of the work order''s customer', NEW.property_id USING ERRCODE = 'foreign_key_violation';
    END IF;
    NEW.address := place;
  END IF;
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS work_orders_property ON work_orders;
CREATE TRIGGER work_orders_property BEFORE INSERT OR UPDATE OF property_id, address ON work_orders
  FOR EACH ROW EXECUTE FUNCTION work_order_property_guard();

CREATE OR REPLACE FUNCTION quote_property_guard() RETURNS trigger LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = 'Approved' AND NEW.property_id IS DISTINCT FROM OLD.property_id THEN
    RAISE EXCEPTION 'quote % is approved: its property can no longer change', OLD.id USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  IF NEW.property_id IS NOT NULL AND property_address_for(NEW.property_id, NEW.email) IS NULL THEN
    RAISE EXCEPTION 'property % is not a property of the quote''s customer', NEW.property_id USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS quotes_property ON quotes;
CREATE TRIGGER quotes_property BEFORE INSERT OR UPDATE OF property_id ON quotes
  FOR EACH ROW EXECUTE FUNCTION quote_property_guard();

-- Correcting an address (decision 235): a quote's page and PDF read its property's address, so a
-- property a quote or work order names keeps its own (add another and pick it instead); the profile
-- property's changes only through customers.address (customer_profile_property, a nested trigger).
-- SECURITY DEFINER: a customer's scope does not see the office's Draft quotes, which count too.
CREATE OR REPLACE FUNCTION property_address_guard() RETURNS trigger LANGUAGE plpgsql
SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF NEW.address IS NOT DISTINCT FROM OLD.address THEN
    RETURN NEW;
  END IF;
  IF OLD.is_profile AND pg_trigger_depth() = 1 THEN
    RAISE EXCEPTION 'property % is the profile address: it changes on the profile', OLD.id
      USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  IF NOT OLD.is_profile AND (EXISTS (SELECT 1 FROM quotes WHERE property_id = OLD.id)
                             OR EXISTS (SELECT 1 FROM work_orders WHERE property_id = OLD.id)) THEN
    RAISE EXCEPTION 'property % is named by a quote or work order: its address can no longer change', OLD.id
      USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  RETURN NEW;
END $$;
DROP TRIGGER IF EXISTS properties_address ON properties;
CREATE TRIGGER properties_address BEFORE UPDATE OF address ON properties
  FOR EACH ROW EXECUTE FUNCTION property_address_guard();
