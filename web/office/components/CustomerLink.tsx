import { Link } from 'react-router';
import type { RecordCustomer } from '../../../contracts/office/record-lists';
import { officePages } from '../../../contracts/pages';

/** A record's customer: a link to their page when a customers row has the e-mail, the e-mail otherwise. */
export function CustomerLink({ customer, hash }: { customer: RecordCustomer; hash?: string }) {
  const label = customer.name ? `${customer.name} · ${customer.email}` : customer.email;
  if (customer.id === null) return <span>{label}</span>;
  return <Link to={`${officePages.customer.href(customer.id)}${hash ? `#${hash}` : ''}`}>{label}</Link>;
}
