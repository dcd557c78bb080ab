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
-- The kept plan is the generic one, with no sequential scan: left to choose, PostgreSQL compared the
-- generic plan with the average of the first calls' plans, made while the table was small, and kept
-- planning anew at most calls (8,337 plans for 13,453 calls in the bench); and a plan kept from a
-- small table is a sequential scan, which a growing table pays until it is next analyzed (1.2 ms a
-- call in the bench). Every lookup here has its index: the customer's orders by time, the property's
-- and the customer's keys. Its names are written with their schema, so no search_path is set per call.
CREATE OR REPLACE FUNCTION insert_work_order_checked(
  p_email text, p_address text, p_description text, p_property bigint, p_property_named boolean, p_max bigint
) RETURNS SETOF work_orders LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan SET enable_seqscan = off AS $$
BEGIN
  RETURN QUERY
  INSERT INTO public.work_orders (email, address, description, status, property_id)
  SELECT p_email, p_address, p_description, 'Pending', p_property
   WHERE (SELECT count(*) FROM public.work_orders w
           WHERE lower(w.email) = lower(p_email) AND w.submitted_at > now() - interval '1 hour') < p_max
     AND (NOT p_property_named
          OR EXISTS (SELECT 1 FROM public.properties p JOIN public.customers c ON c.id = p.customer_id
                      WHERE p.id = p_property AND lower(c.email) = lower(p_email)))
  RETURNING *;
END $$;
REVOKE ALL ON FUNCTION insert_work_order_checked(text, text, text, bigint, boolean, bigint) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION insert_work_order_checked(text, text, text, bigint, boolean, bigint) TO portal_customer;
