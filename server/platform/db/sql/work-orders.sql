-- A customer's new work request (server/modules/work-orders/submit-work-order.ts), written in one
-- statement that also checks what would refuse it; it answers the new order, or no row when a check
-- failed (the caller tells which):
-- * the customer's hourly limit: fewer than p_max of their orders submitted in the last hour (the
--   limit's transaction lock is taken before, server/platform/db/hourly-limit.ts, which holds the same
--   count for the other kinds of request);
-- * a property named by the customer (p_property_named) is one of theirs (the work_orders_property
--   trigger of properties.sql checks it again, whoever writes).
-- Runs as the caller (SECURITY INVOKER): in the customer's scope, row-level security counts only
-- their rows and lets the row in only as theirs. PL/pgSQL so its plan is kept for the session: built
-- in the request, this statement was planned at every request (about 0.4 ms; decision 285).
CREATE OR REPLACE FUNCTION insert_work_order_checked(
  p_email text, p_address text, p_description text, p_property bigint, p_property_named boolean, p_max integer
) RETURNS SETOF work_orders LANGUAGE plpgsql SET search_path = public AS $$
BEGIN
  RETURN QUERY
  INSERT INTO work_orders (email, address, description, status, property_id)
  SELECT p_email, p_address, p_description, 'Pending', p_property
   WHERE (SELECT count(*) FROM work_orders w
           WHERE lower(w.email) = lower(p_email) AND w.submitted_at > now() - interval '1 hour') < p_max
     AND (NOT p_property_named
          OR EXISTS (SELECT 1 FROM properties p JOIN customers c ON c.id = p.customer_id
                      WHERE p.id = p_property AND lower(c.email) = lower(p_email)))
  RETURNING *;
END $$;
REVOKE ALL ON FUNCTION insert_work_order_checked(text, text, text, bigint, boolean, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION insert_work_order_checked(text, text, text, bigint, boolean, integer) TO portal_customer;
