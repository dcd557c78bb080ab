import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import type { CustomerDetail } from '../../../../contracts/office/customers';
import { ApiError } from '../../../shared/api/client';
import { FormMessage } from '../../../shared/components/FormMessage';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { officePages } from '../../../../contracts/pages';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { CustomerProperties } from '../../components/CustomerProperties';
import { AccountBadge } from './AccountBadge';
import { customerIdFrom, useCustomerDetail } from './api/get-customer-detail';
import { CustomerRecords } from './CustomerRecords';
import { EditProfileForm } from './EditProfileForm';
import { InviteToPortal } from './InviteToPortal';
import { ProfileDetails } from './ProfileDetails';

/** /office/customers/:id: the customer's name as heading, the profile ('Edit'), their quotes, work orders and revision requests. */
export function CustomerPage() {
  const { t } = useTranslation('customers');
  const id = customerIdFrom(useParams().id);
  if (!id) return <NotFound />;
  return <CustomerScreen key={id} id={id} title={t('title')} />;
}

function NotFound() {
  const { t } = useTranslation('customers');
  return (
    <>
      <h1>{t('notFound')}</h1>
      <p>
        <Link to={officePages.customers.href()}>{t('back')}</Link>
      </p>
    </>
  );
}

function CustomerScreen({ id }: { id: number; title: string }) {
  const { t } = useTranslation('customers');
  const detail = useCustomerDetail(id);
  const customer = detail.data?.customer;
  useDocumentTitle(customer ? (customer.name ?? customer.email) : undefined);

  if (detail.error instanceof ApiError && detail.error.status === 404) return <NotFound />;
  return (
    <>
      <p className="breadcrumb">
        <Link to={officePages.customers.href()}>{t('back')}</Link>
      </p>
      {!detail.data && (
        <>
          <h1>{t('customer')}</h1>
          <QueryStatus query={detail} ns="customers" logAs={`Customer ${id} could not be loaded:`} />
        </>
      )}
      {detail.data && <Loaded id={id} detail={detail.data} />}
    </>
  );
}

function Loaded({ id, detail }: { id: number; detail: CustomerDetail }) {
  const { t } = useTranslation('customers');
  const { hash, state } = useLocation();
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const { customer } = detail;

  // A link to one record of this customer (from the Inbox): bring it into view once it is there.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'center' });
  }, [hash]);

  const [returnFocus, setReturnFocus] = useState(false);
  // The form is gone: focus goes back to 'Edit' (the saved message is announced beside it).
  useEffect(() => {
    if (!returnFocus) return;
    editButton.current?.focus();
    setReturnFocus(false);
  }, [returnFocus]);

  const close = (didSave: boolean) => {
    setEditing(false);
    setSaved(didSave);
    setReturnFocus(true);
  };

  return (
    <>
      <div className="page-header">
        <h1>
          {customer.name ?? customer.email} <AccountBadge account={customer.account} />
        </h1>
      </div>
      {(state as { added?: boolean } | null)?.added && <FormMessage kind="success">{t('add.added')}</FormMessage>}
      <section className="card" aria-labelledby="profile-title">
        <div className="page-header">
          <h2 id="profile-title">{t('profile')}</h2>
          {!editing && (
            <button
              ref={editButton}
              type="button"
              className="button secondary"
              onClick={() => {
                setSaved(false);
                setEditing(true);
              }}
            >
              {t('edit.open')}
            </button>
          )}
        </div>
        {saved && <FormMessage kind="success">{t('edit.saved')}</FormMessage>}
        {editing ? <EditProfileForm id={id} customer={customer} onDone={close} /> : <ProfileDetails customer={customer} />}
      </section>
      <InviteToPortal id={id} customer={customer} />
      <CustomerProperties customerId={id} />
      <CustomerRecords detail={detail} />
    </>
  );
}
