import type { Migration } from 'kysely';
import * as portalTables from './001_portal_tables';
import * as mailOutbox from './002_mail_outbox';
import * as rowLevelSecurity from './003_row_level_security';
import * as signInFailures from './004_sign_in_failures';
import * as signInTrust from './005_sign_in_trust';
import * as auditLog from './010_audit_log';
import * as statusHistory from './011_status_history';
import * as officeAccounts from './012_office_accounts';
import * as statusLogHandInserts from './013_status_log_hand_inserts';
import * as officeRole from './014_office_role';
import * as officeInbox from './015_office_inbox';
import * as officeIndexes from './016_office_indexes';
import * as sessionNotify from './020_session_notify';
import * as officeRecordLists from './030_office_record_lists';
import * as quoteVersions from './031_quote_versions';
import * as quoteFreeze from './032_quote_freeze';
import * as quoteCustomerAccess from './033_quote_customer_access';
import * as quoteOfficeRights from './034_quote_office_rights';
import * as quoteOwnerPolicy from './035_quote_owner_policy';
import * as workOrderSchedule from './040_work_order_schedule';
import * as emailUpdates from './041_email_updates';
import * as workOrderRights from './042_work_order_rights';
import * as workOrderPhotos from './043_work_order_photos';
import * as customerProfileEdit from './044_customer_profile_edit';
import * as emailChange from './045_email_change';
import * as inboxAnswered from './050_inbox_answered';
import * as customerPhoneDigits from './051_customer_phone_digits';
import * as statusLogOnChange from './055_status_log_on_change';
import * as statusLogReader from './065_status_log_reader';
import * as signInFailureDevice from './070_sign_in_failure_device';
import * as officeSecurityRoundTwo from './072_office_security_round_two';
import * as photoUploadStarts from './074_photo_upload_starts';
import * as requestQuoteLoop from './078_request_quote_loop';
import * as accentBlindSearch from './080_accent_blind_search';
import * as currentSql from './081_current_sql';
import * as signatureEvidence from './082_signature_evidence';
import * as changeOrders from './085_change_orders';
import * as portalInvitations from './089_portal_invitations';
import * as changeOrderEvidence from './092_change_order_evidence';
import * as invoices from './093_invoices';
import * as checkoutAttempts from './100_checkout_attempts';
import * as properties from './105_properties';
import * as changeOrderOpened from './113_change_order_opened';
import * as accountPeople from './114_account_people';
import * as paymentPerson from './115_payment_person';
import * as propertyEdit from './120_property_edit';
import * as signatureSeals from './121_signature_seals';
import * as cachedPlans from './122_cached_plans';
import * as approvalIds from './123_approval_ids';

/** In order. Never edit a migration that has shipped: add the next one. */
export const migrations: Record<string, Migration> = {
  '001_portal_tables': portalTables,
  '002_mail_outbox': mailOutbox,
  '003_row_level_security': rowLevelSecurity,
  '004_sign_in_failures': signInFailures,
  '005_sign_in_trust': signInTrust,
  '010_audit_log': auditLog,
  '011_status_history': statusHistory,
  '012_office_accounts': officeAccounts,
  '013_status_log_hand_inserts': statusLogHandInserts,
  '014_office_role': officeRole,
  '015_office_inbox': officeInbox,
  '016_office_indexes': officeIndexes,
  '020_session_notify': sessionNotify,
  '030_office_record_lists': officeRecordLists,
  '031_quote_versions': quoteVersions,
  '032_quote_freeze': quoteFreeze,
  '033_quote_customer_access': quoteCustomerAccess,
  '034_quote_office_rights': quoteOfficeRights,
  '035_quote_owner_policy': quoteOwnerPolicy,
  '040_work_order_schedule': workOrderSchedule,
  '041_email_updates': emailUpdates,
  '042_work_order_rights': workOrderRights,
  '043_work_order_photos': workOrderPhotos,
  '044_customer_profile_edit': customerProfileEdit,
  '045_email_change': emailChange,
  '050_inbox_answered': inboxAnswered,
  '051_customer_phone_digits': customerPhoneDigits,
  '055_status_log_on_change': statusLogOnChange,
  '065_status_log_reader': statusLogReader,
  '070_sign_in_failure_device': signInFailureDevice,
  '072_office_security_round_two': officeSecurityRoundTwo,
  '074_photo_upload_starts': photoUploadStarts,
  '078_request_quote_loop': requestQuoteLoop,
  '080_accent_blind_search': accentBlindSearch,
  '081_current_sql': currentSql,
  '082_signature_evidence': signatureEvidence,
  '085_change_orders': changeOrders,
  '089_portal_invitations': portalInvitations,
  '092_change_order_evidence': changeOrderEvidence,
  '093_invoices': invoices,
  '100_checkout_attempts': checkoutAttempts,
  '105_properties': properties,
  '113_change_order_opened': changeOrderOpened,
  '114_account_people': accountPeople,
  '115_payment_person': paymentPerson,
  '120_property_edit': propertyEdit,
  '121_signature_seals': signatureSeals,
  '122_cached_plans': cachedPlans,
  '123_approval_ids': approvalIds,
};
