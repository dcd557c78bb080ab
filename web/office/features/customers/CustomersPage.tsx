import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { OfficeCustomer } from '../../../../contracts/office/customers';
import { Field } from '../../../shared/components/Field';
import { QueryStatus } from '../../../shared/components/QueryStatus';
import { LoadMore } from '../../components/LoadMore';
import { officePages } from '../../../../contracts/pages';
import { AccountBadge } from './AccountBadge';
import { AddCustomerDialog } from './AddCustomerDialog';
import { useCustomerSearch } from './api/search-customers';
import { useSearchParam } from '../../lib/use-search-param';

/** 'Customers' (/office/customers): 'Search customers' (name, e-mail, phone, account #), a paged list, 'Add customer'. */
export function CustomersPage() {
  const { t } = useTranslation('customers');
  const navigate = useNavigate();
  const [input, setInput, q] = useSearchParam();
  const search = useCustomerSearch(q);
  const [adding, setAdding] = useState(false);
  const customers = search.data?.pages.flatMap((page) => page.customers) ?? [];

  return (
    <>
      <div className="page-header">
        <h1>{t('title')}</h1>
        <button type="button" className="button primary" onClick={() => setAdding(true)}>
          {t('add.open')}
        </button>
      </div>
      <div role="search" className="toolbar">
        <Field
          label={t('search')}
          hint={t('searchHint')}
          type="search"
          name="q"
          autoComplete="off"
          maxLength={100}
          value={input}
          onChange={(e) => setInput(e.target.value)}
        />
      </div>
      <div aria-live="polite">
        <QueryStatus query={{ ...search, data: search.data && customers }} ns="customers" logAs="Customers could not be loaded:" />
        {search.isSuccess && customers.length === 0 && <p className="muted">{q ? t('noMatch', { q }) : t('empty')}</p>}
      </div>
      {customers.length > 0 && (
        <ul className="list" aria-label={t('results')} aria-busy={search.isFetching && !search.isFetchingNextPage}>
          {customers.map((customer) => (
            <li key={customer.id}>
              <CustomerRow customer={customer} />
            </li>
          ))}
        </ul>
      )}
      <LoadMore query={search} />
      {adding && (
        <AddCustomerDialog
          onClose={() => setAdding(false)}
          onAdded={(customer) => void navigate(officePages.customer.href(customer.id), { state: { added: true } })}
        />
      )}
    </>
  );
}

function CustomerRow({ customer }: { customer: OfficeCustomer }) {
  const { t } = useTranslation('customers');
  return (
    <article className="card row-card">
      <div className="row-main">
        <h2>
          <Link to={officePages.customer.href(customer.id)}>{customer.name ?? customer.email}</Link>{' '}
          <AccountBadge account={customer.account} />
        </h2>
        <dl className="facts">
          <div>
            <dt>{t('email')}</dt>
            <dd>{customer.email}</dd>
          </div>
          {customer.phone && (
            <div>
              <dt>{t('phone')}</dt>
              <dd>{customer.phone}</dd>
            </div>
          )}
          {customer.accountNumber && (
            <div>
              <dt>{t('accountNumber')}</dt>
              <dd>{customer.accountNumber}</dd>
            </div>
          )}
        </dl>
      </div>
    </article>
  );
}
