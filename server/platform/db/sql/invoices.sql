-- Invoices and payments (contract-spec §3). The same rules in TypeScript (domain/invoices/) are run
-- against these functions by server/modules/invoices/invoices-parity.api.test.ts.
--
-- * Numbers: 'INV-0001', 'INV-0002', … given when an invoice is issued (leaves Draft), from the one row
--   of invoice_numbers updated in the issuing transaction: its row lock serializes two server
--   instances, and a rollback gives the number back, so there are no gaps and no duplicates.
-- * The invoiced sum of a quote (every invoice but Void ones, drafts included) never exceeds
--   contract_total(quote_id) (change-orders.sql); the quote row is locked first, so of two invoices
--   racing on one contract the second counts the first.
-- * Once issued an invoice is frozen: only status, amount_paid, void_reason and the reminder columns
--   move. amount_paid is always the payments received minus the refunds, and the status follows it
--   (Sent, Partially Paid, Paid); 'Void' takes a reason, only with nothing paid, and is final. An
--   issued invoice is never deleted; a draft may be.
-- * payments are insert-only. A payment above the balance is refused (check_violation, HINT
--   'payment_above_balance'); a refund (refunded_payment_id set) never exceeds what is left of the
--   payment it refunds (HINT 'refund_above_payment').

CREATE OR REPLACE FUNCTION invoice_number_text(n integer) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 'INV-' || CASE WHEN n < 10000 THEN lpad(n::text, 4, '0') ELSE n::text END
$$;

-- What a list shows: 'Overdue' for an open invoice past its due date (a day in the company's zone).
CREATE OR REPLACE FUNCTION invoice_listed_status(status text, due_date date, today date) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN status IN ('Sent', 'Partially Paid') AND due_date < today THEN 'Overdue' ELSE status END
$$;

-- The status an issued, not void, invoice has for what was paid on it.
CREATE OR REPLACE FUNCTION invoice_paid_status(total numeric, amount_paid numeric) RETURNS text
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN amount_paid >= total THEN 'Paid' WHEN amount_paid > 0 THEN 'Partially Paid' ELSE 'Sent' END
$$;

-- Payments received minus refunds (what amount_paid holds).
-- PL/pgSQL: its plan is kept for the session (decision 285).
CREATE OR REPLACE FUNCTION invoice_amount_paid(p_invoice_id bigint) RETURNS numeric
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public AS $$
BEGIN
  RETURN (SELECT coalesce(sum(CASE WHEN refunded_payment_id IS NULL THEN amount ELSE -amount END), 0)::numeric(12,2)
            FROM payments WHERE invoice_id = p_invoice_id);
END $$;

-- The deposit of a version's signed total: round(total × percent / 100, 2), half away from zero.
CREATE OR REPLACE FUNCTION invoice_deposit_amount(total numeric, percent integer) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT round(total * percent / 100, 2)
$$;

-- The tax included in an amount drawn from a contract whose tax rate is rate %:
-- amount − round(amount × 100 / (100 + rate), 2).
CREATE OR REPLACE FUNCTION invoice_tax_part(amount numeric, rate numeric) RETURNS numeric
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT amount - round(amount * 100 / (100 + rate), 2)
$$;

CREATE OR REPLACE FUNCTION invoice_guard() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  contract numeric;
  invoiced numeric;
  next_number integer;
  line_sum numeric;
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'Draft' THEN
      RAISE EXCEPTION 'invoice % was issued: it is voided, never deleted', OLD.number
        USING ERRCODE = 'object_not_in_prerequisite_state', HINT = 'invoice_issued';
    END IF;
    RETURN OLD;
  END IF;

  IF TG_OP = 'UPDATE' AND OLD.status <> 'Draft' THEN
    IF (NEW.number, NEW.quote_id, NEW.kind, NEW.issued_at, NEW.due_date, NEW.subtotal, NEW.tax, NEW.total,
        NEW.created_at, NEW.created_by)
       IS DISTINCT FROM
       (OLD.number, OLD.quote_id, OLD.kind, OLD.issued_at, OLD.due_date, OLD.subtotal, OLD.tax, OLD.total,
        OLD.created_at, OLD.created_by)
       OR (NEW.work_order_id IS DISTINCT FROM OLD.work_order_id AND NEW.work_order_id IS NOT NULL)
       -- The owner moves only with the customer's e-mail change (email-change.sql).
       OR ((NEW.email, NEW.customer_id) IS DISTINCT FROM (OLD.email, OLD.customer_id)
           AND coalesce(current_setting('portal.email_move', true), '') = '') THEN
      RAISE EXCEPTION 'invoice % is frozen: it was issued', OLD.number
        USING ERRCODE = 'object_not_in_prerequisite_state', HINT = 'invoice_frozen';
    END IF;
    IF OLD.status = 'Void' AND (NEW.status, NEW.void_reason) IS DISTINCT FROM (OLD.status, OLD.void_reason) THEN
      RAISE EXCEPTION 'invoice % is void', OLD.number USING ERRCODE = 'object_not_in_prerequisite_state', HINT = 'invoice_void';
    END IF;
    IF NEW.amount_paid IS DISTINCT FROM invoice_amount_paid(NEW.id) THEN
      RAISE EXCEPTION 'invoice %: amount paid % is not its payments %', OLD.number, NEW.amount_paid, invoice_amount_paid(NEW.id)
        USING ERRCODE = 'check_violation';
    END IF;
    IF NEW.status = 'Void' THEN
      IF NEW.amount_paid <> 0 THEN
        RAISE EXCEPTION 'invoice % has payments: refund them before voiding it', OLD.number
          USING ERRCODE = 'object_not_in_prerequisite_state', HINT = 'invoice_has_payments';
      END IF;
    ELSIF NEW.status IS DISTINCT FROM invoice_paid_status(NEW.total, NEW.amount_paid) THEN
      RAISE EXCEPTION 'invoice %: status % does not match amount paid %', OLD.number, NEW.status, NEW.amount_paid
        USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;

  -- An insert (always a draft), or a draft changed or issued.
  IF NEW.amount_paid <> 0 OR NEW.status NOT IN ('Draft', 'Sent') OR (TG_OP = 'INSERT' AND NEW.status <> 'Draft') THEN
    RAISE EXCEPTION 'an invoice starts as a draft and is issued unpaid' USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  PERFORM 1 FROM quotes WHERE id = NEW.quote_id FOR UPDATE;
  contract := contract_total(NEW.quote_id);
  IF contract IS NULL THEN
    RAISE EXCEPTION 'quote % is not approved: invoices draw from an approved contract', NEW.quote_id
      USING ERRCODE = 'object_not_in_prerequisite_state', HINT = 'quote_not_approved';
  END IF;
  SELECT coalesce(sum(total), 0) INTO invoiced FROM invoices
   WHERE quote_id = NEW.quote_id AND status <> 'Void' AND id <> NEW.id;
  IF invoiced + NEW.total > contract THEN
    RAISE EXCEPTION 'quote %: invoicing % more would make % of a contract total of %', NEW.quote_id, NEW.total,
      invoiced + NEW.total, contract USING ERRCODE = 'check_violation', HINT = 'over_invoiced';
  END IF;
  IF NEW.status = 'Sent' THEN
    SELECT coalesce(sum(amount), 0) INTO line_sum FROM invoice_lines WHERE invoice_id = NEW.id;
    IF line_sum <> NEW.subtotal THEN
      RAISE EXCEPTION 'invoice %: its lines make %, its subtotal is %', NEW.id, line_sum, NEW.subtotal
        USING ERRCODE = 'check_violation';
    END IF;
    UPDATE invoice_numbers SET last_number = last_number + 1 RETURNING last_number INTO next_number;
    NEW.number := invoice_number_text(next_number);
    NEW.issued_at := coalesce(NEW.issued_at, now());
  ELSIF NEW.number IS NOT NULL THEN
    RAISE EXCEPTION 'a draft has no number' USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;

CREATE OR REPLACE FUNCTION invoice_line_guard() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  row_to_check invoice_lines%ROWTYPE;
  current_status text;
BEGIN
  FOREACH row_to_check IN ARRAY (CASE TG_OP WHEN 'INSERT' THEN ARRAY[NEW] WHEN 'DELETE' THEN ARRAY[OLD] ELSE ARRAY[OLD, NEW] END) LOOP
    SELECT status INTO current_status FROM invoices WHERE id = row_to_check.invoice_id;
    CONTINUE WHEN NOT FOUND; -- deleted with its (draft) invoice; an insert fails on its foreign key
    IF current_status <> 'Draft' THEN
      RAISE EXCEPTION 'invoice % was issued: its lines cannot change', row_to_check.invoice_id
        USING ERRCODE = 'object_not_in_prerequisite_state', HINT = 'invoice_frozen';
    END IF;
  END LOOP;
  RETURN CASE TG_OP WHEN 'DELETE' THEN OLD ELSE NEW END;
END
$$;

CREATE OR REPLACE FUNCTION payment_guard() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  inv invoices%ROWTYPE;
  refunded payments%ROWTYPE;
  left_to_refund numeric;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    RAISE EXCEPTION 'a payment is never changed or removed: record a refund' USING ERRCODE = 'object_not_in_prerequisite_state';
  END IF;
  SELECT * INTO inv FROM invoices WHERE id = NEW.invoice_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN NEW; -- the foreign key refuses it
  END IF;
  IF NEW.refunded_payment_id IS NULL THEN
    IF inv.status NOT IN ('Sent', 'Partially Paid') THEN
      RAISE EXCEPTION 'invoice % is %: it takes no payment', coalesce(inv.number, inv.id::text), inv.status
        USING ERRCODE = 'object_not_in_prerequisite_state', HINT = 'invoice_not_payable';
    ELSIF NEW.amount > inv.total - inv.amount_paid THEN
      RAISE EXCEPTION 'payment of % is above the balance of % on invoice %', NEW.amount, inv.total - inv.amount_paid, inv.number
        USING ERRCODE = 'check_violation', HINT = 'payment_above_balance';
    END IF;
  ELSE
    SELECT * INTO refunded FROM payments WHERE id = NEW.refunded_payment_id;
    IF NOT FOUND OR refunded.invoice_id <> NEW.invoice_id OR refunded.refunded_payment_id IS NOT NULL THEN
      RAISE EXCEPTION 'a refund names a payment of the same invoice' USING ERRCODE = 'check_violation', HINT = 'refund_not_a_payment';
    END IF;
    SELECT refunded.amount - coalesce(sum(amount), 0) INTO left_to_refund FROM payments WHERE refunded_payment_id = refunded.id;
    IF NEW.amount > left_to_refund THEN
      RAISE EXCEPTION 'refund of % is above the % left of payment %', NEW.amount, left_to_refund, refunded.id
        USING ERRCODE = 'check_violation', HINT = 'refund_above_payment';
    END IF;
  END IF;
  RETURN NEW;
END
$$;

-- After each payment or refund: amount_paid and the status follow (invoice_guard checks both).
CREATE OR REPLACE FUNCTION payment_applied() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  paid numeric := invoice_amount_paid(NEW.invoice_id);
BEGIN
  UPDATE invoices SET amount_paid = paid, status = invoice_paid_status(total, paid) WHERE id = NEW.invoice_id;
  RETURN NULL;
END
$$;

-- 'Deposit' (contract-spec §3): on approval of a version with deposit_percent > 0, its deposit invoice,
-- issued at once. Called in the customer's transaction (their role reads no drafts and writes no
-- invoice), so it runs as the owner; it takes nothing but the quote and the due day, derives the rest
-- from the approved decision, and does nothing when there is no deposit or one exists. Returns the
-- invoice's id, or NULL.
CREATE OR REPLACE FUNCTION issue_deposit_invoice(p_quote_id bigint, p_due_date date, p_description text) RETURNS bigint
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
DECLARE
  q quotes%ROWTYPE;
  v quote_versions%ROWTYPE;
  signed numeric;
  amount numeric;
  tax_part numeric;
  new_id bigint;
BEGIN
  SELECT * INTO q FROM quotes WHERE id = p_quote_id FOR UPDATE;
  IF NOT FOUND OR q.status <> 'Approved' THEN
    RETURN NULL;
  END IF;
  SELECT a.total INTO signed FROM quote_approvals a
   WHERE a.quote_id = q.id AND a.decision = 'Approved' ORDER BY a.decided_at DESC, a.id DESC LIMIT 1;
  SELECT * INTO v FROM quote_versions WHERE quote_id = q.id AND version = q.current_version;
  IF NOT FOUND OR v.deposit_percent = 0 OR signed IS NULL
     OR EXISTS (SELECT 1 FROM invoices WHERE quote_id = q.id AND kind = 'deposit' AND status <> 'Void') THEN
    RETURN NULL;
  END IF;
  amount := invoice_deposit_amount(signed, v.deposit_percent);
  IF amount <= 0 THEN
    RETURN NULL;
  END IF;
  tax_part := invoice_tax_part(amount, v.tax_rate);
  INSERT INTO invoices (customer_id, email, work_order_id, quote_id, kind, due_date, subtotal, tax, total, created_by)
  VALUES ((SELECT c.id FROM customers c WHERE lower(c.email) = lower(q.email) ORDER BY c.id LIMIT 1), q.email,
          q.work_order_id, q.id, 'deposit', p_due_date, amount - tax_part, tax_part, amount, 'deposit')
  RETURNING id INTO new_id;
  INSERT INTO invoice_lines (invoice_id, position, description, amount) VALUES (new_id, 1, p_description, amount - tax_part);
  UPDATE invoices SET status = 'Sent' WHERE id = new_id;
  RETURN new_id;
END
$$;

CREATE OR REPLACE TRIGGER invoices_rules BEFORE INSERT OR UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoice_guard();
CREATE OR REPLACE TRIGGER invoice_lines_frozen BEFORE INSERT OR UPDATE OR DELETE ON invoice_lines
  FOR EACH ROW EXECUTE FUNCTION invoice_line_guard();
CREATE OR REPLACE TRIGGER payments_rules BEFORE INSERT OR UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION payment_guard();
CREATE OR REPLACE TRIGGER payments_applied AFTER INSERT ON payments
  FOR EACH ROW EXECUTE FUNCTION payment_applied();

-- Who sees what: a customer its own issued invoices (by owner e-mail, as quotes), their lines and
-- payments; the office everything. Nobody but the triggers writes invoice_numbers.
ALTER TABLE invoice_numbers ENABLE ROW LEVEL SECURITY;

ALTER TABLE invoices ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS invoices_owner ON invoices;
CREATE POLICY invoices_owner ON invoices FOR SELECT TO portal_customer
  USING (lower(email) = current_setting('portal.email', true) AND status <> 'Draft');
DROP POLICY IF EXISTS invoices_office ON invoices;
CREATE POLICY invoices_office ON invoices TO portal_office USING (true) WITH CHECK (true);

ALTER TABLE invoice_lines ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS invoice_lines_owner ON invoice_lines;
CREATE POLICY invoice_lines_owner ON invoice_lines FOR SELECT TO portal_customer
  USING (EXISTS (SELECT 1 FROM invoices i WHERE i.id = invoice_lines.invoice_id));
DROP POLICY IF EXISTS invoice_lines_office ON invoice_lines;
CREATE POLICY invoice_lines_office ON invoice_lines TO portal_office USING (true) WITH CHECK (true);

ALTER TABLE payments ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS payments_owner ON payments;
CREATE POLICY payments_owner ON payments FOR SELECT TO portal_customer
  USING (EXISTS (SELECT 1 FROM invoices i WHERE i.id = payments.invoice_id));
DROP POLICY IF EXISTS payments_office ON payments;
CREATE POLICY payments_office ON payments FOR SELECT TO portal_office USING (true);
DROP POLICY IF EXISTS payments_office_insert ON payments;
CREATE POLICY payments_office_insert ON payments FOR INSERT TO portal_office WITH CHECK (true);

REVOKE ALL ON invoice_numbers, invoices, invoice_lines, payments FROM portal_customer, portal_office;
GRANT SELECT ON invoices, invoice_lines, payments TO portal_customer;
GRANT SELECT, INSERT, DELETE ON invoices, invoice_lines TO portal_office;
GRANT UPDATE (work_order_id, due_date, subtotal, tax, total, status, void_reason, reminders_sent, reminded_at)
  ON invoices TO portal_office;
GRANT UPDATE (position, description, amount) ON invoice_lines TO portal_office;
GRANT SELECT, INSERT ON payments TO portal_office;
REVOKE ALL ON FUNCTION issue_deposit_invoice(bigint, date, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION issue_deposit_invoice(bigint, date, text) TO portal_customer, portal_office;
