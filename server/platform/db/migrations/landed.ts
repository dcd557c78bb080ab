/**
 * The migrations that have landed on main. A new migration takes a number above the highest of
 * these (migrations.test.ts), never one in a gap below it: a database that already ran the later ones
 * would run it last while a new database runs it in its place, so the two could end up different.
 * Add a migration's name here in the commit that lands it.
 */
export const landedMigrations = [
  '001_portal_tables',
  '002_mail_outbox',
  '003_row_level_security',
  '004_sign_in_failures',
  '005_sign_in_trust',
  '010_audit_log',
  '011_status_history',
  '012_office_accounts',
  '013_status_log_hand_inserts',
  '014_office_role',
  '015_office_inbox',
  '016_office_indexes',
  '020_session_notify',
  '030_office_record_lists',
  '031_quote_versions',
  '032_quote_freeze',
  '033_quote_customer_access',
  '034_quote_office_rights',
  '035_quote_owner_policy',
  '040_work_order_schedule',
  '041_email_updates',
  '042_work_order_rights',
  '043_work_order_photos',
  '044_customer_profile_edit',
  '045_email_change',
  '050_inbox_answered',
  '051_customer_phone_digits',
  '055_status_log_on_change',
  '065_status_log_reader',
  '070_sign_in_failure_device',
  '072_office_security_round_two',
  '074_photo_upload_starts',
  '078_request_quote_loop',
  '080_accent_blind_search',
  '081_current_sql',
] as const;
