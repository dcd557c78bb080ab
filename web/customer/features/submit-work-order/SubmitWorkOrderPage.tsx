import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { newWorkOrderSchema, WORK_ORDER_ADDRESS_MAX, WORK_ORDER_DESCRIPTION_MAX } from '../../../../contracts/customer/work-orders';
import { FormMessage } from '../../../shared/components/FormMessage';
import { ApiError } from '../../../shared/api/client';
import { useSubmitWorkOrder } from './api/submit-work-order';
import { RequestField } from './RequestField';
import './submit-work-order.css';

type FieldName = 'address' | 'description';
type Outcome = { kind: 'success' | 'error'; key: 'success' | 'notLoggedIn' | 'failed' } | null;

/** 'Submit Request': a new work order, stored as Pending. */
export function SubmitWorkOrderPage() {
  const { t } = useTranslation('submitWorkOrder');
  const submit = useSubmitWorkOrder();
  const [values, setValues] = useState({ address: '', description: '' });
  const [missing, setMissing] = useState<Set<FieldName>>(new Set());
  const [outcome, setOutcome] = useState<Outcome>(null);

  const change = (name: FieldName, value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    if (missing.has(name) && value.trim()) setMissing((m) => new Set([...m].filter((n) => n !== name)));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setOutcome(null);
    // The server's own schema, checked here first so each field says in the portal's language what is missing.
    const parsed = newWorkOrderSchema.safeParse(values);
    if (!parsed.success) {
      const names = new Set(parsed.error.issues.map((i) => i.path[0] as FieldName));
      setMissing(names);
      (form.elements.namedItem(names.has('address') ? 'address' : 'description') as HTMLElement | null)?.focus();
      return;
    }
    try {
      await submit.mutateAsync(parsed.data);
      setValues({ address: '', description: '' });
      setOutcome({ kind: 'success', key: 'success' });
    } catch (err) {
      console.error('Work order submission failed:', err);
      const signedOut = err instanceof ApiError && err.status === 401;
      setOutcome({ kind: 'error', key: signedOut ? 'notLoggedIn' : 'failed' });
    }
  };

  return (
    <>
      <h1>{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <form className="form card submit-form" onSubmit={(e) => void onSubmit(e)} noValidate>
        <RequestField
          name="address"
          label={t('address')}
          value={values.address}
          maxLength={WORK_ORDER_ADDRESS_MAX}
          error={missing.has('address') ? t('addressRequired') : undefined}
          onChange={(v) => change('address', v)}
        />
        <RequestField
          name="description"
          multiline
          label={t('description')}
          value={values.description}
          maxLength={WORK_ORDER_DESCRIPTION_MAX}
          hint={t('maxHint', { max: WORK_ORDER_DESCRIPTION_MAX })}
          error={missing.has('description') ? t('descriptionRequired') : undefined}
          onChange={(v) => change('description', v)}
        />
        {outcome && <FormMessage kind={outcome.kind}>{t(outcome.key)}</FormMessage>}
        <button type="submit" className="button primary" disabled={submit.isPending}>
          {submit.isPending ? t('submitting') : t('submit')}
        </button>
      </form>
    </>
  );
}
